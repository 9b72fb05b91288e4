import FlowKernel
import FlowSnapshot

// Which screens a change takes off what is shown and which it shows, and what their guards say.
// Every host asks this before each change (the host contract's guard law); a request that makes
// several changes asks it for all of them before the first, so that a guard refuses the whole
// request rather than its second half.

extension PresentationHost {
    /// The first refusal among the guards of the screens one operation would take off what is
    /// shown (``/FlowKernel/Screen/shouldLeave(by:)``) and would show (``/FlowKernel/Screen/shouldEnter(by:)``), or `nil`
    /// when every guard allows it.
    ///
    /// Screens are asked from what the host shows now. A screen that the operation shows again
    /// (``/FlowKernel/HostOperation/setRoot(_:)`` and ``/FlowKernel/HostOperation/setStack(_:_:)`` may keep or move one)
    /// neither leaves nor enters. Selecting a tab hides a tab and shows another; no screen leaves
    /// or enters, so no guard is asked.
    public func guardRefusal(of operation: HostOperation, origin: FlowEvent.Origin) -> GuardRefusal? {
        guardRefusal(of: operation, answers: nil, origin: origin)
    }

    /// The first refusal of an operation's guards, each answering once per request through the
    /// tree given (`FlowTree/answer(of:_:origin:)`).
    func guardRefusal(of operation: HostOperation, answers: FlowTree?, origin: FlowEvent.Origin) -> GuardRefusal? {
        switch operation {
        case .setRoot(let content):
            let staying = content.map { Self.screens(in: $0) } ?? []
            if let root = topmostRoot, let refusal = leavingRefusal(root, staying: staying, answers: answers, origin: origin) { return refusal }
            return content.flatMap { enteringRefusal($0, skippingShown: true, answers: answers, origin: origin) }
        case .push(let content, _), .present(let content, _), .addChild(let content, _):
            return enteringRefusal(content, skippingShown: false, answers: answers, origin: origin)
        case .insertTab(let tab, _, _):
            return enteringRefusal(tab.content, skippingShown: false, answers: answers, origin: origin)
        case .pop(let stack):
            guard let count = entryCount(of: stack) else { return nil }
            return leavingRefusal(entriesOf: stack, from: count - 1, answers: answers, origin: origin)
        case .popTo(let entry, let stack):
            guard let index = index(of: entry, in: stack) else { return nil }
            return leavingRefusal(entriesOf: stack, from: index + 1, answers: answers, origin: origin)
        case .popToRoot(let stack):
            return leavingRefusal(entriesOf: stack, from: 1, answers: answers, origin: origin)
        case .setStack(let stack, let entries):
            return setStackRefusal(stack, entries, answers: answers, origin: origin)
        case .dismiss(let anchor):
            return presented(by: anchor).flatMap { leavingRefusal($0, staying: [], answers: answers, origin: origin) }
        case .selectTab:
            return nil
        case .removeTab(let index, let tabs):
            return child(at: index, of: .container(tabs)).flatMap { leavingRefusal($0, staying: [], answers: answers, origin: origin) }
        case .removeChild(let node):
            guard let holder = holder(of: node), place(of: holder)?.kind == .screen else { return nil }
            return leavingRefusal(node, staying: [], answers: answers, origin: origin)
        }
    }

}

extension FlowHost {
    /// The first refusal among the guards of the screens one operation would take off what is
    /// shown and would show, as any presentation host's `guardRefusal(of:origin:)` finds
    /// it, each guard answering once per request (`FlowTree/answer(of:_:origin:)`).
    public func guardRefusal(of operation: HostOperation, origin: FlowEvent.Origin) -> GuardRefusal? {
        guardRefusal(of: operation, answers: flows, origin: origin)
    }

    /// Asks the guards of the screens in and above some nodes and of screens to be shown (see
    /// ``guardRefusal(removing:showing:origin:)``); on a refusal, reports it and throws, changing
    /// nothing: what a request asks before it changes anything of its own (a context passed, a
    /// child cancelled) ahead of the host's change.
    ///
    /// - Throws: ``/FlowKernel/FlowError/Code/guardRefused``.
    package func checkGuards(removing nodes: [NodeRef], showing screens: [any Screen] = [], origin: FlowEvent.Origin) throws {
        if let refusal = guardRefusal(removing: nodes, showing: screens, origin: origin) { throw refused(refusal, origin: origin) }
    }

    /// Asks the guards of several operations before the first is made, as `guardRefusal(of:origin:)`
    /// does; on a refusal, reports it and throws, changing nothing.
    ///
    /// - Throws: ``/FlowKernel/FlowError/Code/guardRefused``.
    package func checkGuards(of operations: [HostOperation], origin: FlowEvent.Origin) throws {
        if let refusal = guardRefusal(of: operations, origin: origin) { throw refused(refusal, origin: origin) }
    }

    /// The first refusal among the guards of the screens several operations would move, each
    /// asked about what the host shows now, or `nil` when every guard allows them: what a request
    /// that makes several changes asks before the first.
    ///
    /// The guards are asked while the host refuses every change (``whileAskingGuards(_:)``), ahead
    /// of the request's changes: each that allows answers once in the request
    /// (`FlowTree/askingAhead(_:)`).
    public func guardRefusal(of operations: [HostOperation], origin: FlowEvent.Origin) -> GuardRefusal? {
        askingAhead {
            if let refusal = screensRefusal(of: operations, origin: origin) { return refusal }
            guard flows.hasFlows(otherThan: origin.flow) else { return nil }
            return treeRefusal(leaving: operations.flatMap(departing), origin: origin)
        }
    }

    /// Asks guards ahead of a change: while the host refuses every change
    /// (``whileAskingGuards(_:)``), each guard that allows answering once in the request
    /// (`FlowTree/askingAhead(_:)`).
    private func askingAhead(_ ask: () -> GuardRefusal?) -> GuardRefusal? {
        whileAskingGuards { flows.askingAhead(ask) }
    }

    /// The first refusal among the guards of the screens several operations would move, without
    /// asking about the flows they would end: what one flow's own removal asks
    /// (`FlowMount/removalRefusal(on:)`), since the tree asks each flow that ends in turn.
    func screensRefusal(of operations: [HostOperation], origin: FlowEvent.Origin) -> GuardRefusal? {
        for operation in operations {
            if let refusal = guardRefusal(of: operation, answers: flows, origin: origin) { return refusal }
        }
        return nil
    }

    /// The first refusal among the guards of the screens in and above some nodes — what they
    /// hold, contain and present — were the nodes taken off what is shown, and of some screens
    /// were they shown; `nil` when every guard allows it. Nodes the host does not show, and
    /// screens it shows already, are not asked.
    ///
    /// The guards are asked while the host refuses every change (``whileAskingGuards(_:)``), ahead
    /// of the request's changes: each that allows answers once in the request
    /// (`FlowTree/askingAhead(_:)`).
    public func guardRefusal(removing nodes: [NodeRef], showing screens: [any Screen] = [], origin: FlowEvent.Origin) -> GuardRefusal? {
        askingAhead {
            for node in nodes {
                if let refusal = leavingRefusal(node, staying: [], answers: flows, origin: origin) { return refusal }
            }
            for screen in screens {
                if let refusal = enteringRefusal(.screen(screen), skippingShown: true, answers: flows, origin: origin) { return refusal }
            }
            return treeRefusal(leaving: nodes, origin: origin)
        }
    }

    /// The first refusal among the guards of what the flows that stand on some nodes would take
    /// away when they end, were the nodes — and everything in and above them — taken away
    /// (``GuardWalk/treeRefusal(leaving:in:staying:flows:maker:origin:)``): a request that makes
    /// several changes asks it before the first, as each change's host asks it again.
    private func treeRefusal(leaving nodes: [NodeRef], origin: FlowEvent.Origin) -> GuardRefusal? {
        guard !nodes.isEmpty else { return nil }
        // A host that records who made its nodes lets the tree visit only the flows that made
        // what leaves, rather than compare every running flow's first content with each node.
        let maker: ((NodeRef) -> FlowID?)? = recordsMakers ? { self.maker(of: $0) } : nil
        return GuardWalk.treeRefusal(leaving: nodes.filter { contains($0) }, in: HostNodes(host: self), flows: flows, maker: maker, origin: origin)
    }

}

extension PresentationHost {
    /// The nodes an operation takes off what is shown, each with everything in and above it.
    fileprivate func departing(_ operation: HostOperation) -> [NodeRef] {
        func entries(of stack: ContainerID, from start: Int) -> [NodeRef] {
            guard let count = entryCount(of: stack), start < count else { return [] }
            return (max(start, 1)..<count).compactMap { child(at: $0, of: .container(stack)) }
        }
        switch operation {
        case .setRoot: return topmostRoot.map { [$0] } ?? []
        case .pop(let stack): return entries(of: stack, from: (entryCount(of: stack) ?? 0) - 1)
        case .popTo(let entry, let stack): return index(of: entry, in: stack).map { entries(of: stack, from: $0 + 1) } ?? []
        case .popToRoot(let stack): return entries(of: stack, from: 1)
        case .setStack(let stack, let kept):
            let staying = Set(kept.map(\.ref))
            let count = entryCount(of: stack) ?? 0
            return (0..<count).compactMap { child(at: $0, of: .container(stack)) }.filter { !staying.contains($0) }
        case .dismiss(let anchor): return presented(by: anchor).map { [$0] } ?? []
        case .removeTab(let index, let tabs): return child(at: index, of: .container(tabs)).map { [$0] } ?? []
        case .removeChild(let node): return [node]
        case .push, .present, .addChild, .insertTab, .selectTab: return []
        }
    }

    /// Reports a guard's refusal as ``/FlowKernel/FlowEvent/Change/guardRefused(_:)`` and returns the error
    /// to throw: what a host does when a guard refuses one of its changes.
    public func refused(_ refusal: GuardRefusal, origin: FlowEvent.Origin) -> FlowError {
        report(FlowEvent(.guardRefused(refusal), origin: origin))
        return FlowError(.guardRefused, "The change was refused by a guard: \(refusal).")
    }

    // MARK: Walking what changes

    /// The root, found from the top-most node by following what presents and holds it.
    private var topmostRoot: NodeRef? {
        guard var node = topmost else { return nil }
        while let place = place(of: node) {
            switch place.attachment {
            case .root: return node
            case .held(let holder, _): node = holder
            case .presented(let presenter): node = presenter
            }
        }
        return nil
    }

    fileprivate func leavingRefusal(entriesOf stack: ContainerID, from start: Int, answers: FlowTree?, origin: FlowEvent.Origin) -> GuardRefusal? {
        guard let count = entryCount(of: stack), start >= 1 else { return nil }
        for index in start..<max(start, count) {
            if let entry = child(at: index, of: .container(stack)),
                let refusal = leavingRefusal(entry, staying: [], answers: answers, origin: origin)
            {
                return refusal
            }
        }
        return nil
    }

    fileprivate func setStackRefusal(_ stack: ContainerID, _ entries: [Presentable], answers: FlowTree?, origin: FlowEvent.Origin) -> GuardRefusal? {
        guard let count = entryCount(of: stack) else { return nil }
        let staying = entries.reduce(into: Set<ScreenRef>()) { $0.formUnion(Self.screens(in: $1)) }
        for index in 0..<count {
            // An entry named again as an entry stays with everything it holds and presents.
            guard let entry = child(at: index, of: .container(stack)), !(entry.screen.map(staying.contains) ?? false) else { continue }
            if let refusal = leavingRefusal(entry, staying: staying, answers: answers, origin: origin) { return refusal }
        }
        for entry in entries {
            if let refusal = enteringRefusal(entry, skippingShown: true, answers: answers, origin: origin) { return refusal }
        }
        return nil
    }

    fileprivate func leavingRefusal(_ node: NodeRef, staying: Set<ScreenRef>, answers: FlowTree?, origin: FlowEvent.Origin) -> GuardRefusal? {
        GuardWalk.leavingRefusal(node, in: HostNodes(host: self), staying: staying, answers: answers, origin: origin)
    }

    fileprivate func enteringRefusal(_ content: Presentable, skippingShown: Bool, answers: FlowTree?, origin: FlowEvent.Origin) -> GuardRefusal? {
        guard skippingShown else { return GuardWalk.enteringRefusal(content, answers: answers, origin: origin) }
        return GuardWalk.enteringRefusal(content, answers: answers, origin: origin) { contains(ScreenRef($0)) }
    }

    /// Every screen in some content.
    private static func screens(in content: Presentable) -> Set<ScreenRef> {
        switch content {
        case .screen(let screen): [ScreenRef(screen)]
        case .stack(_, let entries): entries.reduce(into: []) { $0.formUnion(screens(in: $1)) }
        case .tabs(_, let tabs, _): tabs.reduce(into: []) { $0.formUnion(screens(in: $1.content)) }
        }
    }
}
