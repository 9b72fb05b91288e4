import FlowKernel

// The guard walk, written once. Every host asks it before each change: the runtime's answer for
// any host reads the host's queries (`HostNodes`), and a host that keeps its own nodes — FlowStage's
// in-memory host — hands those to the same walk, so that asking costs a call per screen that comes
// or goes and no query. The walk is inlinable so that each host's reading is specialized into it.

/// What the guard walk reads of the nodes a host shows: a node's reference, the screen it shows,
/// what it holds and what it presents.
///
/// The runtime reads any ``/FlowKernel/PresentationHost`` through its queries; a host that keeps
/// its own nodes conforms a view of them, so that the walk follows its links directly.
@MainActor
public protocol GuardWalkNodes {
    /// How the host names one of its nodes to the walk.
    associatedtype Node

    /// The node's reference, as the host's events name it.
    func ref(of node: Node) -> NodeRef
    /// The screen the node shows, or `nil` for a container.
    func screen(at node: Node) -> (any Screen)?
    /// The node at an index among what a node holds (a stack's entries, a tab group's tabs, a
    /// screen's children), or `nil` past the last.
    func child(_ index: Int, of node: Node) -> Node?
    /// What a node presents, or `nil`.
    func presented(by node: Node) -> Node?
}

/// The guard walk: which screens leave or come with a change, and what their guards say.
@MainActor
public enum GuardWalk {
    /// The first refusal among the guards of every screen in and above a node — the node first,
    /// then what it holds, then what it presents — were the node taken off what is shown; `nil`
    /// when every guard allows it. Screens in `staying` are shown again by the change: they
    /// neither leave nor are asked. Given the host's flow tree as `answers`, a guard answers once
    /// per request (`FlowTree/answer(of:_:origin:)`); without it each guard is asked.
    @inlinable
    public static func leavingRefusal<Nodes: GuardWalkNodes>(
        _ node: Nodes.Node, in nodes: Nodes, staying: Set<ScreenRef> = [], answers: FlowTree? = nil, origin: FlowEvent.Origin
    ) -> GuardRefusal? {
        // The node's reference is read only when it is needed: most changes keep no screen, and
        // most guards allow.
        if let screen = nodes.screen(at: node), staying.isEmpty || !(nodes.ref(of: node).screen.map(staying.contains) ?? false),
            case .refuse(let reason) = verdict(of: screen, .leaving, answers: answers, origin: origin), let ref = nodes.ref(of: node).screen
        {
            return GuardRefusal(screen: ref, direction: .leaving, reason: reason)
        }
        var index = 0
        while let child = nodes.child(index, of: node) {
            if let refusal = leavingRefusal(child, in: nodes, staying: staying, answers: answers, origin: origin) { return refusal }
            index += 1
        }
        return nodes.presented(by: node).flatMap { leavingRefusal($0, in: nodes, staying: staying, answers: answers, origin: origin) }
    }

    /// What a screen's guard answers: once per request through the tree, when there is one.
    @inlinable
    static func verdict(of screen: any Screen, _ direction: GuardRefusal.Direction, answers: FlowTree?, origin: FlowEvent.Origin) -> GuardVerdict {
        if let answers, answers.recalls { return answers.recall(screen, direction, origin: origin, remembering: answers.asksAhead > 0) }
        return direction == .leaving ? screen.shouldLeave(by: origin) : screen.shouldEnter(by: origin)
    }

    /// The first refusal among the guards of every screen in some content, were it shown; `nil`
    /// when every guard allows it. Given the host's flow tree as `answers`, a guard answers once
    /// per request (`FlowTree/answer(of:_:origin:)`); without it each guard is asked.
    public static func enteringRefusal(_ content: Presentable, answers: FlowTree? = nil, origin: FlowEvent.Origin) -> GuardRefusal? {
        enteringRefusal(content, answers: answers, origin: origin) { _ in false }
    }

    /// The first refusal among the guards of the screens in some content, were it shown, but for
    /// the screens `skipped` names; `nil` when every guard allows it: a change skips the screens
    /// it keeps or moves, which are shown already.
    public static func enteringRefusal(
        _ content: Presentable, answers: FlowTree? = nil, origin: FlowEvent.Origin, skipping skipped: (any Screen) -> Bool
    ) -> GuardRefusal? {
        switch content {
        case .screen(let screen):
            if skipped(screen) { return nil }
            guard case .refuse(let reason) = verdict(of: screen, .entering, answers: answers, origin: origin) else { return nil }
            return GuardRefusal(screen: ScreenRef(screen), direction: .entering, reason: reason)
        case .stack(_, let entries):
            for entry in entries {
                if let refusal = enteringRefusal(entry, answers: answers, origin: origin, skipping: skipped) { return refusal }
            }
            return nil
        case .tabs(_, let tabs, _):
            for tab in tabs {
                if let refusal = enteringRefusal(tab.content, answers: answers, origin: origin, skipping: skipped) { return refusal }
            }
            return nil
        }
    }

    /// The first refusal among the guards of what the flows that stand on some nodes would take
    /// away when they end (``FlowTree/endRefusal(leaving:maker:origin:)``), were the nodes — and
    /// everything in and above them — taken away; `nil` when none would end or every guard allows
    /// it. Nodes named in `staying` are shown again by the change, so flows on them do not end.
    /// `maker` names the flow whose change put a node on the host, when the host keeps it; without
    /// it, any flow other than the one making the change may stand on a node that goes.
    @inlinable
    public static func treeRefusal<Nodes: GuardWalkNodes>(
        leaving leavers: some Sequence<Nodes.Node>, in nodes: Nodes, staying: Set<NodeRef> = [], flows: FlowTree,
        maker: ((NodeRef) -> FlowID?)? = nil, origin: FlowEvent.Origin
    ) -> GuardRefusal? {
        guard flows.hasFlows(otherThan: origin.flow) else { return nil }
        // Most changes end no flow (a flow pops its own screen): find that out without allocating.
        var mayEnd = false
        for node in leavers where !mayEnd {
            forEach(node, in: nodes) { ref in
                if !mayEnd, !staying.contains(ref), flows.mayEnd(ref, maker: maker, origin: origin) { mayEnd = true }
            }
        }
        guard mayEnd else { return nil }
        var leaving: [NodeRef] = []
        for node in leavers {
            forEach(node, in: nodes) { ref in
                if !staying.contains(ref) { leaving.append(ref) }
            }
        }
        return flows.endRefusal(leaving: leaving, maker: maker, origin: origin)
    }

    /// Calls `body` with the reference of a node and of every node in and above it.
    @inlinable
    static func forEach<Nodes: GuardWalkNodes>(_ node: Nodes.Node, in nodes: Nodes, _ body: (NodeRef) -> Void) {
        body(nodes.ref(of: node))
        var index = 0
        while let child = nodes.child(index, of: node) {
            forEach(child, in: nodes, body)
            index += 1
        }
        if let presented = nodes.presented(by: node) { forEach(presented, in: nodes, body) }
    }
}

/// Any host's nodes, read through its queries: what the runtime's walk reads. Not generic over
/// the host, so that the walk is specialized for it once, here, with its nodes' concrete type.
@MainActor
struct HostNodes: GuardWalkNodes {
    let host: any PresentationHost

    func ref(of node: NodeRef) -> NodeRef { node }
    func screen(at node: NodeRef) -> (any Screen)? { node.screen.flatMap(host.screen(for:)) }
    func child(_ index: Int, of node: NodeRef) -> NodeRef? { host.child(at: index, of: node) }
    func presented(by node: NodeRef) -> NodeRef? { host.presented(by: node) }
}
