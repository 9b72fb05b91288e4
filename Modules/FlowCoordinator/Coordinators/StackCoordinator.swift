import FlowKernel

/// A coordinator that pushes screens onto a navigation stack: UIFlow's `UIFlowCoordinator`.
///
/// Subclass it, override ``start()`` to move to the first screen, and wire the screens' closures to
/// the coordinator's verbs:
///
/// ```swift
/// final class ShopCoordinator: StackCoordinator<Order> {
///     override func start() throws {
///         let catalog = CatalogScreen()
///         catalog.onPick = { [unowned self] product in try? self.move(to: ProductScreen(product)) }
///         try move(to: catalog)
///     }
/// }
///
/// let shop = ShopCoordinator("shop")
/// try shop.start(on: host)
/// ```
///
/// Started as the host's root or presented, the coordinator makes its own stack; started as a child
/// on its parent's stack (``FlowKernel/FlowPlacement/onStack(_:)``), it pushes onto that one and
/// never pops below its own first screen. It ends with ``finish(with:)`` or ``cancel()``: it
/// takes its screens off the host (leaving a shared stack as it found it), and its parent — or
/// whoever waits — receives the outcome.
///
/// The coordinator follows the user (``FlowKernel/ChangeFollower``): after the user's Back its
/// ``topNode`` is the screen the user sees of its own; a child whose screens the user took away
/// ends cancelled (each strategy's flows end themselves), its handler runs once, and the
/// coordinator may start another; a coordinator whose first screen the user took away ends
/// cancelled, after its children.
@MainActor
open class StackCoordinator<Result>: Coordinator, ChangeFollower {
    let lifecycle: FlowLifecycle<Result>
    /// How the coordinator makes screens whose types it knows.
    public let factory: ScreenFactory
    var mount: CoordinatorMount?
    /// The host while the coordinator starts and runs.
    private var activeHost: (any PresentationHost)?
    private var childSnapshot: NodeRef?

    /// The first node the coordinator moved to.
    public internal(set) var startNode: NodeRef?
    /// The last node moved to, or the one on top when the running child started.
    public internal(set) var topNode: NodeRef?
    /// The child flow running now, if any.
    public internal(set) var child: (any Flow)?
    /// Whether the running child shows its screens on this coordinator's stack.
    var childShares = false

    /// Makes a coordinator.
    ///
    /// - Parameters:
    ///   - id: The flow's name in events, and the name of the stack it makes.
    ///   - factory: How ``screen(_:)`` makes screens; an empty factory by default.
    public init(_ id: FlowID = "coordinator", factory: ScreenFactory = ScreenFactory()) {
        self.lifecycle = FlowLifecycle(id: id)
        self.factory = factory
    }

    /// Shows the coordinator's first screen: override it and call ``move(to:)``. UIFlow's
    /// `start(animated:)`. It runs while the coordinator starts; the base implementation shows
    /// nothing, which makes ``start(on:placement:parent:)`` throw.
    open func start() throws {}

    // MARK: Flow

    /// The flow's name.
    public var id: FlowID { lifecycle.id }
    /// Where the flow is in its life.
    public var phase: FlowPhase { lifecycle.phase }
    /// How the flow ended, once it has.
    public var outcome: FlowOutcome<Result>? { lifecycle.outcome }
    /// The stack the coordinator pushes onto, once it has one.
    public var stack: ContainerID? { mount?.stack }
    /// The flow this coordinator runs as a child of, once started.
    public var parent: FlowID? { lifecycle.parent }

    /// Adds a handler for the outcome; it runs after the coordinator's screens are gone.
    public func onFinish(_ handler: @escaping @MainActor (FlowOutcome<Result>) -> Void) {
        lifecycle.onFinish(handler)
    }

    /// Starts the coordinator at a placement: runs ``start()``, which must move to a first screen.
    ///
    /// - Throws: ``FlowKernel/FlowError`` if ``start()`` throws or shows nothing; whatever it showed
    ///   is taken off the host again.
    public func start(on host: any PresentationHost, placement: FlowPlacement, parent: FlowID?) throws {
        try lifecycle.requireReady()
        if case .onStack(let shared) = placement, host.entryCount(of: shared) == nil {
            throw FlowError(.notFound, "There is no stack [\(shared)] to start the coordinator '\(id)' on.")
        }
        try begin(on: host, mount: CoordinatorMount(placement, name: host.unusedContainerID(id.name)), parent: parent)
    }

    /// Runs ``start()`` with a mount; on failure takes off whatever was shown and resets.
    func begin(on host: any PresentationHost, mount: CoordinatorMount, parent: FlowID?) throws {
        self.mount = mount
        activeHost = host
        // Before start(), so that the items and children it starts follow after — inside — it.
        host.addFollower(self)
        do {
            try start()
            guard startNode != nil else {
                throw FlowError(.hostRejected, "The coordinator '\(id)' showed nothing when it started; move(to:) its first screen in start().")
            }
        } catch {
            try? removeScreens(from: host)
            host.removeFollower(self)
            self.mount = nil
            activeHost = nil
            startNode = nil
            topNode = nil
            throw error
        }
        try lifecycle.didStart(on: host, parent: parent)
    }

    /// Ends the coordinator with a result: cancels a running child, takes the coordinator's screens
    /// off the host, then tells whoever waits. A coordinator with no parent ends its own flow.
    public func finish(with result: Result) throws {
        try end(.completed(result))
    }

    /// Ends the coordinator without a result.
    public func cancel() throws {
        try end(.cancelled)
    }

    // MARK: Making screens

    /// Makes a screen with the coordinator's ``factory``: its registered factory, or `init()`.
    public func screen<S: Instantiable>(_ type: S.Type) throws -> S {
        try factory.make(type)
    }

    // MARK: Internal steps

    /// The host, while the coordinator starts or runs; otherwise the lifecycle's error.
    func requireActive() throws -> any PresentationHost {
        guard let activeHost, phase != .finished else { return try lifecycle.requireNavigable() }
        try FlowLifecycle<Result>.requireIdle(activeHost, for: id)
        return activeHost
    }

    /// The indexes of the stack's entries from the coordinator's start node up; empty when the
    /// start node is not in the stack.
    func ownRange(on host: any PresentationHost) -> Range<Int> {
        guard let stack, let startNode, let start = host.index(of: startNode, in: stack),
              let count = host.entryCount(of: stack) else { return 0..<0 }
        return start..<count
    }

    /// Throws while a child runs on the coordinator's stack: its screens are on top.
    func requireNoChildOnStack() throws {
        guard let child, child.phase == .running, childShares else { return }
        throw FlowError(.hostRejected, "The child '\(child.id)' is running on the stack of '\(id)'; finish or cancel it first.")
    }

    func beginChild(_ flow: any Flow, shares: Bool, snapshot: NodeRef?) {
        child = flow
        childShares = shares
        childSnapshot = snapshot
    }

    /// When the running child ends: forget it and, if it shared the stack, pop back to what was on
    /// top when it started. A presented child left the stack alone, and so does its end.
    func childDidFinish(_ flow: any Flow) {
        guard let child, child === flow else { return }
        self.child = nil
        let snapshot = childSnapshot, shared = childShares
        childSnapshot = nil
        childShares = false
        guard shared, phase == .running, let host = activeHost, let stack, let snapshot else { return }
        guard let index = host.index(of: snapshot, in: stack), let count = host.entryCount(of: stack) else {
            // The user went back below where the child started: the top is what they see now.
            topNode = ownTop(on: host)
            return
        }
        if index < count - 1 {
            // The snapshot is in the stack with entries above it, so the pop cannot be refused; the
            // child's outcome handler this runs in cannot throw in any case.
            try? host.apply(.popTo(snapshot, in: stack), for: id)
        }
        topNode = snapshot
    }

    /// The top entry of the coordinator's own part of the stack.
    func ownTop(on host: any PresentationHost) -> NodeRef? {
        let own = ownRange(on: host)
        guard let stack, !own.isEmpty else { return nil }
        return host.child(at: own.upperBound - 1, of: .container(stack))
    }

    // MARK: Following the user

    /// Answers a change no flow made: with its first screen gone the coordinator ends cancelled;
    /// otherwise a top the user popped becomes the screen on top of its own part of the stack (or,
    /// while a child runs on it, the screen the child started over).
    public func hostDidChange(by origin: FlowEvent.Origin) {
        guard phase == .running, let host = activeHost else { return }
        guard let startNode, host.contains(startNode) else {
            endFollowingUser(on: host)
            return
        }
        guard let topNode, !host.contains(topNode) else { return }
        if let child, child.phase == .running, childShares, let snapshot = childSnapshot, host.contains(snapshot) {
            self.topNode = snapshot
        } else {
            self.topNode = ownTop(on: host)
        }
    }

    /// Ends the coordinator cancelled because the user took its screens away: its children first,
    /// then whatever of its own is left, as far as the host lets it.
    private func endFollowingUser(on host: any PresentationHost) {
        try? cancelEverythingRunning()
        try? removeScreens(from: host)
        host.removeFollower(self)
        activeHost = nil
        startNode = nil
        topNode = nil
        try? lifecycle.finish(.cancelled)
    }

    private func end(_ outcome: FlowOutcome<Result>) throws {
        let host = try lifecycle.requireNavigable()
        try cancelEverythingRunning()
        try removeScreens(from: host)
        host.removeFollower(self)
        activeHost = nil
        startNode = nil
        topNode = nil
        try lifecycle.finish(outcome)
    }

    /// Cancels every flow the coordinator runs, before it takes its own screens away: a finished
    /// coordinator leaves nothing running.
    func cancelEverythingRunning() throws {
        // The child is forgotten by its own end (childDidFinish), so a cancel the child refuses
        // leaves it kept, running, with its handlers still to run.
        if let running = child, running.phase == .running {
            try running.cancel()
        }
    }

    /// Takes the coordinator's screens off the host: its own stack goes whole; on a shared stack it
    /// pops back to below its first screen; as a tab, its tab goes.
    func removeScreens(from host: any PresentationHost) throws {
        guard let mount else { return }
        switch mount {
        case .root(let stack), .presented(let stack), .shared(let stack):
            guard let startNode, let placement = mount.placement else { return }
            try host.removeFlow(stack: stack, firstEntry: startNode, at: placement, for: id)
        case .tab(let stack, let tabs, _, _):
            guard let index = host.index(of: .container(stack), in: tabs) else { return }
            try host.apply(.removeTab(at: index, in: tabs), for: id)
        }
    }
}
