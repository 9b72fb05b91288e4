import FlowKernel
import FlowSnapshot

/// The running flows a host shows, as a tree: it keeps every flow alive until the flow has ended,
/// knows each one's parent and what it stands on, and applies one end rule after every change,
/// whoever made it.
///
/// A flow joins the tree when its run starts it and leaves it once it has finished; no screen, closure or caller has to keep it alive meanwhile. It stands on two
/// things: its **base**, the first content it showed (``RunningFlow/baseNode``), and its
/// **anchor**, the node its parent showed when it started (`anchorForChild(on:)`,
/// by default the screen the person saw, which is the screen that started it).
///
/// ## The end rule
/// After a change — a flow's own request, a parent's cancel or arrival, a link, the person, the
/// system — once every request under way has returned:
/// - a flow whose anchor is gone ends, cancelled (`endDetached()`);
/// - a flow that lost a node it made hears of it (`hostDidChange(by:)`), and ends
///   cancelled if it shows nothing it made;
/// - innermost first (the flow started last first); a flow's end ends its children first.
///
/// Each flow ends exactly once, with its end event and its handlers, before the request that
/// made the change returns. A change made while flows end waits its turn in the same pass. A
/// flow's own changes never call its own `hostDidChange(by:)`: it knows what it
/// did.
///
/// A change visits only the flows it touches: a host that says which nodes a change took away
/// and who had made them (``didChange(by:departed:makers:)``) lets the tree find them through its
/// index of anchors and names, without asking the others. A host that cannot say
/// (``didChange(by:)``) has every flow look.
///
/// ## Requests
/// Every flow's run makes each of the flow's requests one request of the tree, so that no flow is told about a change that is only half made: the pass runs when the outermost
/// request returns, or right after a change made outside any request (a gesture, the system).
@MainActor
public final class FlowTree {
    private struct Member {
        let flow: any FlowTreeMember
        let parent: ObjectIdentifier?
        let anchor: NodeRef?
        let order: Int
        var children: [ObjectIdentifier] = []
    }

    /// What changed since the last pass.
    private struct Pending {
        var names: Set<FlowID> = []
        var departed: [NodeRef] = []
        var everyone = false
        var origin: FlowEvent.Origin = .system
        var isEmpty: Bool { names.isEmpty && departed.isEmpty && !everyone }
    }

    // Read on every change a host makes and every request a flow makes. They skip the run-time
    // exclusivity check: main-actor only, and no access is held across a call into a flow (the
    // passes walk copies).
    @exclusivity(unchecked) private var members: [ObjectIdentifier: Member] = [:]
    @exclusivity(unchecked) private var named: [FlowID: [ObjectIdentifier]] = [:]
    @exclusivity(unchecked) private var anchored: [NodeRef: [ObjectIdentifier]] = [:]
    private var nextOrder = 0
    /// The name of the one flow in the tree, when there is one: the common case answered without
    /// hashing a name.
    @exclusivity(unchecked) private var soleName: FlowID?
    @exclusivity(unchecked) private var openRequests = 0
    @exclusivity(unchecked) private var isSettling = false
    /// Whether a request of a flow is under way, or the tree is following one: a host waits for
    /// the whole change before it tells screens of their stays.
    package var isBusy: Bool { openRequests > 0 || isSettling }
    /// Runs once the outermost request has closed and the flows it touched have followed: where
    /// a host tells screens of their stays, once per change.
    package var afterRequests: (@MainActor () -> Void)?
    @exclusivity(unchecked) private var pending = Pending()
    /// The guards that allowed when the request under way asked ahead of its changes, kept with
    /// their screens (so that no screen's identity is taken by another before the request
    /// returns): a guard answers once per request (`answer(of:_:origin:)`).
    @usableFromInline @exclusivity(unchecked) var allowed: [(screen: any Screen, direction: GuardRefusal.Direction)] = []
    /// How many asks ahead of a request's changes are under way (`askingAhead(_:)`).
    @usableFromInline @exclusivity(unchecked) var asksAhead = 0

    /// Makes an empty tree.
    public init() {}

    /// Whether no flow runs.
    public var isEmpty: Bool { members.isEmpty }

    /// How many flows are in the tree: running, or starting.
    public var count: Int { members.count }

    /// Whether a flow is in the tree.
    public func contains(_ flow: any RunningFlow) -> Bool { members[ObjectIdentifier(flow)] != nil }

    /// The flows in the tree, parents before their children, in the order they started.
    public var flows: [any RunningFlow] {
        members.values.sorted { $0.order < $1.order }.map { $0.flow as any RunningFlow }
    }

    /// The flow of a name in the tree (the one started last, if several have the name).
    public func flow(named name: FlowID) -> (any RunningFlow)? {
        named[name]?.last.flatMap { members[$0]?.flow }
    }

    /// The flow a flow runs as a child of, if it is in the tree.
    public func parent(of flow: any RunningFlow) -> (any RunningFlow)? {
        members[ObjectIdentifier(flow)]?.parent.flatMap { members[$0]?.flow }
    }

    /// The flows a flow started that are still in the tree, in the order they started.
    public func children(of flow: any RunningFlow) -> [any RunningFlow] {
        (members[ObjectIdentifier(flow)]?.children ?? []).compactMap { members[$0]?.flow }
    }

    /// The node a flow stands on besides its own content, if it has one.
    package func anchor(of flow: any RunningFlow) -> NodeRef? {
        members[ObjectIdentifier(flow)]?.anchor
    }

    // MARK: Joining and leaving

    /// Starts a flow in the tree: finds its parent (the latest flow of that name in the tree), takes
    /// its anchor from the parent, keeps the flow, then runs `body`, which shows the flow's first
    /// content, as one request. If the flow is not running once `body` returns, or `body` throws,
    /// the flow leaves the tree again.
    package func start(_ flow: any FlowTreeMember, parent: FlowID?, on host: any FlowHost, _ body: () throws -> Void) throws {
        let key = ObjectIdentifier(flow)
        guard members[key] == nil else {
            throw FlowError(.flowAlreadyStarted, "The flow '\(flow.id)' is already running.")
        }
        // A parent may still be starting: a coordinator starts its tab items inside its own start.
        let parentKey = parent.flatMap { name in named[name]?.last { members[$0]?.flow.phase != .finished } }
        // Only a node shown now can be stood on: a parent that remembers one no longer shown (a
        // top someone else took away) gives its child no anchor rather than one already gone.
        let anchor = parentKey.flatMap { members[$0]?.flow.anchorForChild(on: host) }.flatMap { host.contains($0) ? $0 : nil }
        members[key] = Member(flow: flow, parent: parentKey, anchor: anchor, order: nextOrder)
        nextOrder += 1
        named[flow.id, default: []].append(key)
        soleName = members.count == 1 ? flow.id : nil
        if let parentKey { members[parentKey]?.children.append(key) }
        if let anchor { anchored[anchor, default: []].append(key) }
        do {
            try request(on: host, body)
        } catch {
            if flow.phase != .running { leave(key) }
            throw error
        }
        if flow.phase != .running { leave(key) }
    }

    /// Ends, innermost first, every flow a flow started that still runs: what a flow's end does
    /// before it reports itself (its run finishing it).
    package func endChildren(of flow: any FlowTreeMember) {
        guard let children = members[ObjectIdentifier(flow)]?.children else { return }
        for child in children.reversed() {
            guard let member = members[child], member.flow.phase == .running else { continue }
            member.flow.endDetached()
        }
    }

    /// Ends every running flow, cancelled, innermost first: what an app does before it lets go
    /// of a host (a scene that disconnects), since the tree keeps its flows and a running flow
    /// keeps its host.
    public func endAll() {
        for key in innermostFirst(members.keys) {
            guard let member = members[key], member.flow.phase == .running else { continue }
            member.flow.endDetached()
        }
    }

    /// Lets go of a flow that has finished; its children left before it.
    package func flowDidFinish(_ flow: any FlowTreeMember) {
        leave(ObjectIdentifier(flow))
    }

    private func leave(_ key: ObjectIdentifier) {
        guard let member = members.removeValue(forKey: key) else { return }
        named[member.flow.id]?.removeAll { $0 == key }
        if named[member.flow.id]?.isEmpty == true { named[member.flow.id] = nil }
        if let anchor = member.anchor {
            anchored[anchor]?.removeAll { $0 == key }
            if anchored[anchor]?.isEmpty == true { anchored[anchor] = nil }
        }
        if let parent = member.parent { members[parent]?.children.removeAll { $0 == key } }
        soleName = members.count == 1 ? members.first?.value.flow.id : nil
    }

    // MARK: Requests and passes

    /// Runs a flow's request: the pass that follows its changes runs once the outermost request
    /// under way returns, so no flow sees a request half made.
    ///
    /// A screen's guard answers once per request: one that allowed is not asked again before the
    /// outermost request returns and the flows that follow it have (`answer(of:_:origin:)`).
    package func request<T>(on host: any FlowHost, _ body: () throws -> T) rethrows -> T {
        openRequest()
        defer { closeRequest(on: host) }
        return try body()
    }

    /// Opens a request, for a caller that cannot hand its body as a closure (a flow's run, whose
    /// request is inlined into each door's verb); ``closeRequest(on:)`` closes it, on every path.
    @usableFromInline
    package func openRequest() {
        openRequests += 1
    }

    /// Closes a request ``openRequest()`` opened: the pass that follows its changes runs once the
    /// outermost request is closed.
    @usableFromInline
    package func closeRequest(on host: any FlowHost) {
        openRequests -= 1
        settle(on: host)
        // The flows that follow the request's changes make them too: they share its answers.
        if openRequests == 0, !isSettling {
            forgetAnswers()
            afterRequests?()
        }
    }

    /// What a screen's guard answers about leaving (``/FlowKernel/Screen/shouldLeave(by:)``) or
    /// being shown (``/FlowKernel/Screen/shouldEnter(by:)``), asked once per request: what a
    /// request asks ahead of its changes, before it decides the rest (FlowChain asks a step's
    /// screen before it hands the step its context).
    ///
    /// Inside a request (``request(on:_:)``), a guard that allowed when the request asked ahead —
    /// here, before a change of several operations, or about the flows a change ends — is not
    /// asked again until the outermost request returns and the flows that follow its changes have
    /// followed, however many of those changes take the screen away or show it, and whoever
    /// among them asks. Outside a request the guard is asked each time.
    package func answer(of screen: any Screen, _ direction: GuardRefusal.Direction, origin: FlowEvent.Origin) -> GuardVerdict {
        recall(screen, direction, origin: origin, remembering: true)
    }

    /// Lets go of the answers remembered, and of their screens, once the outermost request and the
    /// pass that follows it are done.
    private func forgetAnswers() {
        if !allowed.isEmpty { allowed.removeAll(keepingCapacity: true) }
    }

    /// Runs `body`, whose guards are asked ahead of the request's changes: those that allow are
    /// remembered until the outermost request returns.
    package func askingAhead<Answer>(_ body: () throws -> Answer) rethrows -> Answer {
        asksAhead += 1
        defer { asksAhead -= 1 }
        return try body()
    }

    /// Whether a guard's answer may have been remembered or is to be remembered: most changes
    /// are asked once, by the host as it makes them, and ask the guard with nothing more.
    @inlinable
    var recalls: Bool { asksAhead > 0 || !allowed.isEmpty }

    /// A guard's answer: remembered, or asked (and remembered when it allows, inside a request,
    /// and `remembering`: the request asks ahead of its changes).
    @usableFromInline
    func recall(_ screen: any Screen, _ direction: GuardRefusal.Direction, origin: FlowEvent.Origin, remembering: Bool) -> GuardVerdict {
        for answer in allowed where answer.screen === screen && answer.direction == direction { return .allow }
        let verdict: GuardVerdict =
            switch direction {
            case .leaving: screen.shouldLeave(by: origin)
            case .entering: screen.shouldEnter(by: origin)
            }
        if remembering, verdict == .allow, openRequests > 0 { allowed.append((screen, direction)) }
        return verdict
    }

    /// Whether a flow other than the one named runs: without one, no change a flow makes can end
    /// another, and a request need not ask.
    @usableFromInline package func hasFlows(otherThan flow: FlowID?) -> Bool {
        switch members.count {
        case 0: return false
        // One flow, the common case: compared by name, without hashing it.
        case 1: return soleName != flow
        default: return members.count > (flow.flatMap { named[$0]?.count } ?? 0)
        }
    }

    /// Whether a flow stands on a node as its anchor: the departures a host needs to name in
    /// ``didChange(by:departed:makers:)``.
    @usableFromInline package func isAnchor(_ node: NodeRef) -> Bool {
        !anchored.isEmpty && anchored[node] != nil
    }

    /// Notes a change a host made: the nodes it took away (the anchors among them are enough,
    /// `isAnchor(_:)`), and the flows that had made them, by name. A flow's own change does not
    /// make it follow.
    public func didChange(by origin: FlowEvent.Origin, departed: [NodeRef], makers: some Sequence<FlowID>) {
        guard !members.isEmpty else { return }
        for name in makers where name != origin.flow { pending.names.insert(name) }
        // Only a departed anchor matters: the flows that stand on it end.
        for node in departed where anchored[node] != nil { pending.departed.append(node) }
        pending.origin = origin
    }

    /// Notes a change from a host that cannot say what it took away: every flow but the one that
    /// made it looks at the next pass.
    public func didChange(by origin: FlowEvent.Origin) {
        guard !members.isEmpty else { return }
        pending.everyone = true
        pending.origin = origin
    }

    /// Applies the end rule to what changed since the last pass, unless a request is under way
    /// (its end runs the pass) or a pass is (it goes on with this change).
    public func settle(on host: any FlowHost) {
        guard openRequests == 0, !isSettling, !pending.isEmpty else { return }
        isSettling = true
        defer {
            isSettling = false
            forgetAnswers()
        }
        var passes = 0
        while !pending.isEmpty {
            passes += 1
            guard passes <= 1_000 else {
                // Flows that answer each other's changes for ever: stop, and say so.
                pending = Pending()
                host.report(
                    FlowEvent(
                        .requestRefused(
                            FlowError(
                                .reentrantNavigation,
                                "Flows kept changing what is shown in answer to each other; the tree stopped following after 1,000 passes.")), origin: .system))
                return
            }
            let batch = pending
            pending = Pending()
            for key in candidates(of: batch) {
                guard let member = members[key], member.flow.phase == .running else { continue }
                if let anchor = member.anchor, !host.contains(anchor) {
                    member.flow.endDetached()
                } else if batch.everyone ? member.flow.id != batch.origin.flow : batch.names.contains(member.flow.id) {
                    member.flow.hostDidChange(by: batch.origin)
                }
            }
        }
    }

    /// The flows a batch touches, innermost (started last) first.
    private func candidates(of batch: Pending) -> [ObjectIdentifier] {
        var keys: Set<ObjectIdentifier> = []
        if batch.everyone {
            keys = Set(members.keys)
        } else {
            for name in batch.names { keys.formUnion(named[name] ?? []) }
            for node in batch.departed { keys.formUnion(anchored[node] ?? []) }
        }
        return innermostFirst(keys)
    }

    private func innermostFirst(_ keys: some Sequence<ObjectIdentifier>) -> [ObjectIdentifier] {
        keys.sorted { (members[$0]?.order ?? 0) > (members[$1]?.order ?? 0) }
    }

    // MARK: Guards across the tree

    /// The first refusal among the guards of what would go with the flows that a change ends,
    /// were it to take these nodes away: flows anchored on them, flows whose base is among them,
    /// and their children, presented elsewhere included. `maker` names the flow that made each
    /// node, where the host knows (InMemoryHost does); `nil` has every flow's base compared. The
    /// flow that makes the change is not asked about itself; `nil` when every guard allows it.
    public func endRefusal(leaving nodes: some Sequence<NodeRef>, maker: ((NodeRef) -> FlowID?)?, origin: FlowEvent.Origin) -> GuardRefusal? {
        guard !members.isEmpty else { return nil }
        // Asked ahead of the ends the change sets off: each ending flow's screens answer once.
        return askingAhead { endingRefusal(leaving: nodes, maker: maker, origin: origin) }
    }

    private func endingRefusal(leaving nodes: some Sequence<NodeRef>, maker: ((NodeRef) -> FlowID?)?, origin: FlowEvent.Origin) -> GuardRefusal? {
        var ending: [ObjectIdentifier] = []
        for node in nodes where mayEnd(node, maker: maker, origin: origin) {
            if let keys = anchored[node] { ending += keys }
            if let maker {
                // Only the flow that made a node can stand on it as its base.
                guard let name = maker(node), name != origin.flow, let keys = named[name] else { continue }
                ending += keys.filter { members[$0]?.flow.baseNode == node }
            } else {
                ending += members.keys.filter { members[$0]?.flow.id != origin.flow && members[$0]?.flow.baseNode == node }
            }
        }
        guard !ending.isEmpty else { return nil }
        for key in innermostFirst(Set(ending)) {
            // The flow making the change asked about its own removal already, and is in the
            // middle of it.
            guard let flow = members[key]?.flow, flow.phase == .running, flow.id != origin.flow else { continue }
            if let refusal = flow.endRefusal() ?? childrenRefusal(of: key) { return refusal }
        }
        return nil
    }

    /// Whether a node's departure may end a flow: a flow is anchored on it, or a flow other than
    /// the one making the change made it. Asks nothing that allocates: what a host asks of every
    /// node that leaves before it asks anything more.
    @usableFromInline package func mayEnd(_ node: NodeRef, maker: ((NodeRef) -> FlowID?)?, origin: FlowEvent.Origin) -> Bool {
        if isAnchor(node) { return true }
        guard let maker else { return true }
        guard let name = maker(node) else { return false }
        return name != origin.flow
    }

    /// The first refusal among the guards of what the ends of a flow's children, and theirs,
    /// would take away: what a flow asks before it cancels them and ends.
    package func childrenRefusal(of flow: any FlowTreeMember) -> GuardRefusal? {
        askingAhead { childrenRefusal(of: ObjectIdentifier(flow)) }
    }

    private func childrenRefusal(of key: ObjectIdentifier) -> GuardRefusal? {
        for child in (members[key]?.children ?? []).reversed() {
            guard let flow = members[child]?.flow, flow.phase == .running else { continue }
            if let refusal = childrenRefusal(of: child) ?? flow.endRefusal() { return refusal }
        }
        return nil
    }
}
