import FlowKernel
import FlowRuntime

// The guard law on the host's own nodes. Each operation asks once it has found and checked the
// nodes it changes and before it changes any (so a request that is wrong anyway gets its own
// error, not a guard's): the screens it takes away are found by following the nodes' links, with
// no query and no reference built, so asking costs a call per screen that comes or goes.
// Replacing the root or a stack's entries, which may keep or move screens, asks the runtime's
// query-based answer, which knows those rules. An operation of a change whose guards were all
// asked before its first (`apply(asked:origin:)`) asks none again.

/// A guard's refusal, thrown out of an operation for `apply` to report once nothing is changing.
struct GuardStop: Error {
    let refusal: GuardRefusal
}

extension InMemoryHost {
    /// Throws the first refusal among the guards of the screens in and above some nodes.
    func askLeaving(_ nodes: some Sequence<StageNode>, origin: FlowEvent.Origin) throws {
        guard !guardsAsked else { return }
        for node in nodes {
            if let refusal = Self.leavingRefusal(node, origin: origin) { throw GuardStop(refusal: refusal) }
        }
        try askTree(leaving: nodes, origin: origin)
    }

    /// Throws the first refusal among the guards of what the flows a change ends would take
    /// away (``/FlowRuntime/FlowTree/endRefusal(leaving:maker:origin:)``): flows anchored on the nodes
    /// that leave, or whose first content leaves, and their children. Screens named in `staying`
    /// are shown again by the change, so flows that stand on them do not end.
    func askTree(leaving nodes: some Sequence<StageNode>, staying: Set<NodeRef> = [], origin: FlowEvent.Origin) throws {
        guard !guardsAsked, flows.hasFlows(otherThan: origin.flow) else { return }
        // Most changes end no flow (a flow pops its own screen): find that out without allocating.
        var mayEnd = false
        for node in nodes {
            node.forEach { gone in
                if !mayEnd, !staying.contains(gone.ref), flows.isAnchor(gone.ref) || (gone.maker != nil && gone.maker != origin.flow) {
                    mayEnd = true
                }
            }
        }
        guard mayEnd else { return }
        var leaving: [NodeRef] = []
        for node in nodes {
            node.forEach { gone in
                if !staying.contains(gone.ref) { leaving.append(gone.ref) }
            }
        }
        let index = self.nodes
        if let refusal = flows.endRefusal(leaving: leaving, maker: { index.find($0)?.maker }, origin: origin) {
            throw GuardStop(refusal: refusal)
        }
    }

    /// Throws the first refusal among the guards of the screens some content would show.
    func askEntering(_ content: Presentable, origin: FlowEvent.Origin) throws {
        guard !guardsAsked else { return }
        if let refusal = Self.enteringRefusal(content, origin: origin) { throw GuardStop(refusal: refusal) }
    }

    /// Throws the refusal the runtime's query-based walk finds for an operation that may keep or
    /// move screens.
    func askKernel(_ operation: HostOperation, origin: FlowEvent.Origin) throws {
        guard !guardsAsked else { return }
        if let refusal = guardRefusal(of: operation, origin: origin) { throw GuardStop(refusal: refusal) }
    }

    /// Asks every screen in and above a node, the node first, as the runtime's walk does.
    static func leavingRefusal(_ node: StageNode, origin: FlowEvent.Origin) -> GuardRefusal? {
        if case .screen(let screen) = node.kind, case .refuse(let reason) = screen.shouldLeave(by: origin), let ref = node.ref.screen {
            return GuardRefusal(screen: ref, direction: .leaving, reason: reason)
        }
        for child in node.children {
            if let refusal = leavingRefusal(child, origin: origin) { return refusal }
        }
        return node.presented.flatMap { leavingRefusal($0, origin: origin) }
    }

    static func enteringRefusal(_ content: Presentable, origin: FlowEvent.Origin) -> GuardRefusal? {
        switch content {
        case .screen(let screen):
            guard case .refuse(let reason) = screen.shouldEnter(by: origin) else { return nil }
            return GuardRefusal(screen: ScreenRef(screen), direction: .entering, reason: reason)
        case .stack(_, let entries):
            for entry in entries {
                if let refusal = enteringRefusal(entry, origin: origin) { return refusal }
            }
            return nil
        case .tabs(_, let tabs, _):
            for tab in tabs {
                if let refusal = enteringRefusal(tab.content, origin: origin) { return refusal }
            }
            return nil
        }
    }
}
