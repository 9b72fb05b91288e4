import FlowKernel
import FlowRuntime

// The guard law on the host's own nodes. Each operation asks once it has found and checked the
// nodes it changes and before it changes any (so a request that is wrong anyway gets its own
// error, not a guard's): the screens it takes away are found by following the nodes' links
// (`StageNodes`), with no query, and asked by the runtime's one guard walk (`GuardWalk`), each
// guard answering once per request (`FlowTree.answer(of:_:origin:)`).
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
        try askingAheadOfEnds(origin) {
            for node in nodes {
                if let refusal = GuardWalk.leavingRefusal(node, in: StageNodes(), answers: flows, origin: origin) { throw GuardStop(refusal: refusal) }
            }
        }
        try askTree(leaving: nodes, origin: origin)
    }

    /// Asks the screens a change takes away. The ends of other flows the change may set off ask
    /// their screens again, so with other flows on the host they are asked ahead of those ends,
    /// each guard answering once in a request (`FlowTree/askingAhead(_:)`); with
    /// none, nothing is remembered.
    private func askingAheadOfEnds<Answer>(_ origin: FlowEvent.Origin, _ ask: () throws -> Answer) rethrows -> Answer {
        flows.hasFlows(otherThan: origin.flow) ? try flows.askingAhead(ask) : try ask()
    }

    /// Throws the first refusal among the guards of what the flows a change ends would take
    /// away (``/FlowRuntime/GuardWalk/treeRefusal(leaving:in:staying:flows:maker:origin:)``):
    /// flows anchored on the nodes that leave, or whose first content leaves, and their children.
    /// Screens named in `staying` are shown again by the change, so flows that stand on them do
    /// not end.
    func askTree(leaving nodes: some Sequence<StageNode>, staying: Set<NodeRef> = [], origin: FlowEvent.Origin) throws {
        // Most changes are made with no other flow on the host: ask nothing, and make no closure.
        guard !guardsAsked, flows.hasFlows(otherThan: origin.flow) else { return }
        let index = self.nodes
        if let refusal = GuardWalk.treeRefusal(
            leaving: nodes, in: StageNodes(), staying: staying, flows: flows, maker: { index.find($0)?.maker }, origin: origin)
        {
            throw GuardStop(refusal: refusal)
        }
    }

    /// Throws the first refusal among the guards of the screens some content would show.
    func askEntering(_ content: Presentable, origin: FlowEvent.Origin) throws {
        guard !guardsAsked else { return }
        if let refusal = GuardWalk.enteringRefusal(content, answers: flows, origin: origin) { throw GuardStop(refusal: refusal) }
    }

    /// Throws the refusal the runtime's query-based walk finds for an operation that may keep or
    /// move screens.
    func askKernel(_ operation: HostOperation, origin: FlowEvent.Origin) throws {
        guard !guardsAsked else { return }
        if let refusal = askingAheadOfEnds(origin, { guardRefusal(of: operation, origin: origin) }) { throw GuardStop(refusal: refusal) }
    }
}

/// The host's own nodes, as the guard walk reads them: by their links, with no query.
struct StageNodes: GuardWalkNodes {
    func ref(of node: StageNode) -> NodeRef { node.ref }

    func screen(at node: StageNode) -> (any Screen)? {
        if case .screen(let screen) = node.kind { screen } else { nil }
    }

    func child(_ index: Int, of node: StageNode) -> StageNode? {
        index < node.children.count ? node.children[index] : nil
    }

    func presented(by node: StageNode) -> StageNode? { node.presented }
}
