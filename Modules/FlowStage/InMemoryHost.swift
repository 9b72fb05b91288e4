import FlowKernel
import FlowRuntime

/// A complete, deterministic presentation host that keeps everything in memory.
///
/// It is what every FlowKit test and the sample CLI run on. Every operation completes before
/// ``apply(_:origin:)`` returns, and its event reaches the observers before that too; there are no
/// timers, threads or animations. Impossible requests throw a ``/FlowKernel/FlowError`` and change nothing.
///
/// ```swift
/// let host = InMemoryHost()
/// try host.setRoot(.stack("main", [.screen(WelcomeScreen())]))
/// try host.push(CatalogScreen(), onto: "main")
/// print(host.render())
/// // stack main
/// //   Welcome
/// //   Catalog
/// ```
///
/// The host keeps an index of every node it shows, and each node knows what holds or presents it,
/// so an operation and the targeted queries (``place(of:)``, ``child(at:of:)``, ``topmost``,
/// ``visibleScreenRef``, ``screen(for:)``) cost the same however many screens are shown. The
/// ``hierarchy`` value is built when first read after a change, and kept until the next change.
@MainActor
public final class InMemoryHost: FlowHost {
    // The state every operation touches opts out of run-time exclusivity checks, for the reason
    // given on `StageNode`: main-actor only, synchronous, never passed `inout` or held across a call
    // that reaches it. Observers are not among it: they run code the host does not control.
    @exclusivity(unchecked) var root: StageNode?
    /// Every node shown, by reference.
    let nodes = NodeIndex()
    @exclusivity(unchecked) private var cachedHierarchy: Hierarchy?
    /// The top-most node, found once after a change: a gesture reads it several times, and
    /// finding it walks the presentation chain, as long as the flows nested by presentation.
    @exclusivity(unchecked) private var cachedTopmost: NodeRef??
    /// Read on every change; delivery walks a copy, so an observer that adds or removes one
    /// holds no access to it.
    @exclusivity(unchecked) private var observers: [any FlowObserver] = []
    /// Events waiting for the one being delivered to reach every observer.
    private var pendingEvents: [FlowEvent] = []
    @exclusivity(unchecked) private var isDelivering = false
    @exclusivity(unchecked) private var isApplying = false
    /// The running flows the host shows.
    public let flows = FlowTree()
    /// The flow whose change is being made, which makes the nodes it puts on the host.
    @exclusivity(unchecked) var maker: FlowID?
    /// Whether the change being made had its guards asked before its first operation, so that
    /// its operations ask none again.
    @exclusivity(unchecked) var guardsAsked = false
    /// What the change being made took away, and who had made it, for the flow tree; collected
    /// only while flows run.
    @exclusivity(unchecked) var departed: [NodeRef] = []
    @exclusivity(unchecked) var departedMakers: Set<FlowID> = []

    /// The stays of the screens shown that hear of them, by screen, and what changed since the
    /// screens were last told (`InMemoryHost+Stays.swift`).
    let stays = StayLedger()
    /// Whether the host is telling screens of their stays now.
    @exclusivity(unchecked) var isTellingStays = false

    /// Makes an empty host.
    public init() {}

    /// A value describing everything the host shows now.
    public var hierarchy: Hierarchy {
        if let cachedHierarchy { return cachedHierarchy }
        let value = Hierarchy(root: root?.snapshot())
        cachedHierarchy = value
        return value
    }

    /// Makes one change, or throws a ``/FlowKernel/FlowError`` and changes nothing.
    ///
    /// The change is made and its event delivered to every observer before this returns. A call
    /// made while that happens (from an observer, or a screen's guard, say) throws
    /// ``/FlowKernel/FlowError/Code/reentrantNavigation``. The guards of the screens the change takes
    /// away or shows are asked first; a refusal is reported and thrown
    /// (``/FlowKernel/FlowError/Code/guardRefused``), and changes nothing. After a change that took
    /// nodes away, the flow tree (``flows``) follows it, also before this returns, unless a flow's
    /// request is under way, whose end it then waits for.
    public func apply(_ operation: HostOperation, origin: FlowEvent.Origin) throws {
        try apply(operation, origin: origin, askingGuards: true)
    }

    /// Makes one operation of a change whose guards were all asked before its first operation
    /// (`checkGuards(of:origin:)`), asking none again: one guard walk per change.
    public func apply(asked operation: HostOperation, origin: FlowEvent.Origin) throws {
        try apply(operation, origin: origin, askingGuards: false)
    }

    /// Runs `body`, which asks guards before a change, while the host refuses every change as
    /// re-entrant, as it does while it makes one.
    public func whileAskingGuards<Answer>(_ body: () throws -> Answer) rethrows -> Answer {
        let wasApplying = isApplying
        isApplying = true
        defer { isApplying = wasApplying }
        return try body()
    }

    private func apply(_ operation: HostOperation, origin: FlowEvent.Origin, askingGuards: Bool) throws {
        guard !isApplying, !isDelivering else {
            throw FlowError(
                .reentrantNavigation, "The host is already making a change or delivering its event; a navigation request cannot start inside another.")
        }
        isApplying = true
        maker = origin.flow
        guardsAsked = !askingGuards
        do {
            defer {
                isApplying = false
                maker = nil
                guardsAsked = false
            }
            let change = try perform(operation, origin: origin)
            cachedHierarchy = nil
            keepTopmost(after: operation)
            if !observers.isEmpty { deliver(FlowEvent(change, origin: origin)) }
        } catch let stop as GuardStop {
            departed.removeAll()
            departedMakers.removeAll()
            throw refused(stop.refusal, origin: origin)
        }
        if !departed.isEmpty || !departedMakers.isEmpty {
            flows.didChange(by: origin, departed: departed, makers: departedMakers)
            departed.removeAll(keepingCapacity: true)
            departedMakers.removeAll(keepingCapacity: true)
            flows.settle(on: self)
        }
        if stays.isTracking {
            // A change made outside any flow's request (the person's gesture, a test's) is whole
            // now; one made inside is whole once the outermost request closes, when the tree
            // calls back. The call-back is there only while a screen hears of its stay.
            if flows.afterRequests == nil { flows.afterRequests = { [unowned self] in tellStays() } }
            if !flows.isBusy { tellStays() }
        }
    }

    /// Whether a change is being made or an event delivered now.
    public var isChanging: Bool { isApplying || isDelivering }

    // MARK: Targeted queries

    /// Where a node stands, from the host's index.
    public func place(of node: NodeRef) -> NodePlace? {
        nodes.find(node)?.place
    }

    /// The node at an index among what a node holds, from the host's index.
    public func child(at index: Int, of node: NodeRef) -> NodeRef? {
        guard let children = nodes.find(node)?.children, children.indices.contains(index) else { return nil }
        return children[index].ref
    }

    /// Whether the host shows a node, from the host's index.
    public func contains(_ node: NodeRef) -> Bool {
        nodes.find(node) != nil
    }

    /// The node that holds a node, from the host's index.
    public func holder(of node: NodeRef) -> NodeRef? {
        nodes.find(node)?.holder?.ref
    }

    /// The node that presents a node, from the host's index.
    public func presenter(of node: NodeRef) -> NodeRef? {
        nodes.find(node)?.presenter?.ref
    }

    /// What a node presents, from the host's index.
    public func presented(by node: NodeRef) -> NodeRef? {
        nodes.find(node)?.presented?.ref
    }

    /// How many entries a stack has, from the host's index.
    public func entryCount(of stack: ContainerID) -> Int? {
        guard let node = nodes.find(.container(stack)), node.isStack else { return nil }
        return node.children.count
    }

    /// The index of a node among what a container holds, from the host's index.
    public func index(of entry: NodeRef, in container: ContainerID) -> Int? {
        guard let node = nodes.find(entry), let holder = node.holder, case .container(let id) = holder.ref, id == container else { return nil }
        return node.index
    }

    /// What a tab group's tab bar shows for one of its tabs, from the host's index.
    public func tabItem(at index: Int, of tabs: ContainerID) -> TabItem? {
        guard let node = nodes.find(.container(tabs)), node.isTabs, node.tabItems.indices.contains(index) else { return nil }
        return node.tabItems[index]
    }

    /// The top-most node of the presentation chain, found by following what is visible.
    public var topmost: NodeRef? {
        if let cachedTopmost { return cachedTopmost }
        guard var node = root else {
            cachedTopmost = .some(nil)
            return nil
        }
        while let next = node.presentedAnywhereVisible { node = next }
        cachedTopmost = node.ref
        return node.ref
    }

    /// Keeps the top-most node found before a change that cannot have moved it — a push or pop
    /// whose stack's entries around the change present nothing, the common step — and forgets it
    /// after any other change, to be found again when asked.
    private func keepTopmost(after operation: HostOperation) {
        guard case .some(.some(let cached)) = cachedTopmost, nodes.find(cached) != nil else {
            cachedTopmost = nil
            return
        }
        switch operation {
        case .push(_, let id), .pop(let id), .popTo(_, let id), .popToRoot(let id):
            guard let stack = nodes.find(.container(id)), let top = stack.children.last else { break }
            let count = stack.children.count
            // What is on top now presents nothing, nor does what a push just covered.
            let covered = count >= 2 ? stack.children[count - 2] : nil
            if top.presentedAnywhereVisible == nil, covered?.presentedAnywhereVisible == nil { return }
        default:
            break
        }
        cachedTopmost = nil
    }

    /// The screen a person is looking at, found by following what is visible.
    public var visibleScreenRef: ScreenRef? {
        guard let top = topmost, var node = nodes[top] else { return nil }
        while true {
            if case .screen = node.kind { return node.ref.screen }
            guard let next = node.visibleChildren.last else { return nil }
            node = next
        }
    }

    /// `true`: every node remembers the flow whose change put it here (``maker(of:)``).
    public var recordsMakers: Bool { true }

    /// The flow whose change put a node on the host, or `nil` for a node the system or the
    /// person put there, or one the host does not show. A node keeps its maker while it stays,
    /// through a stack re-set that keeps it.
    public func maker(of node: NodeRef) -> FlowID? {
        nodes.find(node)?.maker
    }

    /// The shown screen a reference names, or `nil`.
    public func screen(for ref: ScreenRef) -> (any Screen)? {
        guard let node = nodes[.screen(ref)], case .screen(let screen) = node.kind else { return nil }
        return screen
    }

    // MARK: Events

    /// Delivers a flow's own event to the observers.
    public func report(_ event: FlowEvent) {
        // A screen given a context or an update may name itself anew (a product page shows
        // another product): the hierarchy, and the nodes later events name, read it again.
        if case .delivered(_, let screens, _) = event.change {
            for screen in screens where nodes.find(.screen(screen))?.rename() == true { cachedHierarchy = nil }
        }
        guard !isDelivering else {
            pendingEvents.append(event)
            return
        }
        deliver(event)
    }

    /// Adds an observer; it is kept until removed. Adding one twice has no effect.
    public func addObserver(_ observer: any FlowObserver) {
        guard !observers.contains(where: { $0 === observer }) else { return }
        observers.append(observer)
    }

    /// Removes an observer.
    public func removeObserver(_ observer: any FlowObserver) {
        observers.removeAll { $0 === observer }
    }

    /// How many observers the host keeps.
    public var observerCount: Int { observers.count }

    /// The hierarchy as a compact, stable text tree (see ``FlowKernel/Hierarchy/textTree``).
    public func render() -> String { hierarchy.textTree }

    /// Delivers an event to every observer; one reported meanwhile (by an observer) is delivered
    /// after it, so every observer sees one stream in one order.
    private func deliver(_ event: FlowEvent) {
        isDelivering = true
        defer { isDelivering = false }
        for observer in observers { observer.receive(event) }
        var next = 0
        while next < pendingEvents.count {
            let reported = pendingEvents[next]
            next += 1
            for observer in observers { observer.receive(reported) }
        }
        if !pendingEvents.isEmpty { pendingEvents.removeAll(keepingCapacity: true) }
    }
}
