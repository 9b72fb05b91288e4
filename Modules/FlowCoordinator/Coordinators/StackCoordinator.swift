import FlowKernel
import FlowRuntime
import FlowSnapshot

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
/// on its parent's stack (``/FlowKernel/FlowPlacement/onStack(_:)``), it pushes onto that one and
/// never pops below its own first screen. It ends with ``finish(with:)`` or ``cancel()``: it
/// takes its screens off the host (leaving a shared stack as it found it), and its parent — or
/// whoever waits — receives the outcome.
///
/// The coordinator follows the user (its run hears of every change it did not make): after the user's Back its
/// ``topNode`` is the screen the user sees of its own; a child whose screens the user took away
/// ends cancelled (the host's flow tree ends it), its handler runs once, and the coordinator may
/// start another; a coordinator whose first screen someone else took away ends cancelled, after
/// its children.
@MainActor
open class StackCoordinator<Result>: Coordinator, FlowFrontDoor {
    /// The flow's run, which runs its requests, its start and its end.
    @usableFromInline package let run: FlowRun<Result>
    /// Where the coordinator makes screens whose types it knows: a ``ScreenFactory`` by default,
    /// or any container the app already has (FlowStack's `ScreenRegistry`, an adapter over its
    /// dependency container).
    public let factory: any ScreenContainer
    /// What the coordinator keeps between requests; a request changes it with the host, or not at all.
    /// Read several times a request, main-actor only, and changed only by synchronous code that
    /// calls out to no app code while it does, so it opts out of run-time exclusivity checks.
    @exclusivity(unchecked) final var state = CoordinatorState()
    /// Where the coordinator shows itself: its stack and its first screen.
    @usableFromInline package var mount: FlowMount? { state.mount }
    /// The first node the coordinator moved to.
    public var startNode: NodeRef? { state.mount?.firstEntry }
    /// The last node moved to, or the one on top when the running child started.
    public var topNode: NodeRef? { state.top }
    /// The child flow running now, if any.
    public var child: (any Flow)? { state.child }

    /// Makes a coordinator.
    ///
    /// - Parameters:
    ///   - id: The flow's name in events, and the name of the stack it makes.
    ///   - factory: Where `screen(_:)` makes screens; an empty ``ScreenFactory`` by
    ///     default.
    public init(_ id: FlowID = "coordinator", factory: any ScreenContainer = ScreenFactory()) {
        self.run = FlowRun(id: id)
        self.factory = factory
    }

    /// Shows the coordinator's first screen: override it and call ``move(to:)``. UIFlow's
    /// `start(animated:)`. It runs while the coordinator starts; the base implementation shows
    /// nothing, which makes ``start(on:placement:parent:)`` throw.
    open func start() throws {}

    // MARK: Flow

    /// The flow's name.
    public var id: FlowID { run.id }
    /// Where the flow is in its life.
    public var phase: FlowPhase { run.phase }
    /// How the flow ended, once it has.
    public var outcome: FlowOutcome<Result>? { run.outcome }

    /// Adds a handler for the outcome; it runs after the flow's screens are gone (at once if they
    /// are).
    public func onFinish(_ handler: @escaping @MainActor (FlowOutcome<Result>) -> Void) {
        run.onFinish(handler)
    }

    /// The coordinator's first screen, whose departure ends it.
    public var baseNode: NodeRef? { mount?.firstEntry }

    /// The stack the coordinator pushes onto, once it has one.
    public var stack: ContainerID? { state.mount?.stack }
    /// The flow this coordinator runs as a child of, once started.
    public var parent: FlowID? { run.parent }

    /// How a screen this coordinator shows is saved in a snapshot: a value that
    /// ``restoreScreen(from:)`` makes the screen again from. A coordinator makes its screens in
    /// code, so it opts in screen by screen; `nil`, the default, means the screen cannot be saved,
    /// and a restore cuts the coordinator's stack there and reports it.
    ///
    /// ```swift
    /// override func save(_ screen: any Screen) -> SavedValue? {
    ///     (screen as? ProductScreen).flatMap { try? SavedValue(encoding: $0.product) }
    /// }
    /// override func restoreScreen(from saved: SavedValue) throws -> (any Screen)? {
    ///     ProductScreen(try saved.decode(Product.self))
    /// }
    /// ```
    open func save(_ screen: any Screen) -> SavedValue? { nil }

    /// Makes a screen again from what ``save(_:)`` saved; `nil`, the default, when it cannot.
    open func restoreScreen(from saved: SavedValue) throws -> (any Screen)? { nil }

    /// Called when a flow saved as this coordinator's running child came back as its child: the
    /// coordinator has taken it back (one child at a time, the pop back when it ends); override it
    /// to give the child the outcome handler ``start(child:presented:onFinish:)`` gave it, which
    /// is code and was not saved.
    open func didRestore(child: any Flow) {}

    /// Called when a saved sheet came back over the coordinator's screens: wire its closures
    /// again, and return what runs when it is dismissed — the `onDismiss` that
    /// ``present(sheet:onDismiss:)`` was given, which is code and was not saved. The default wires
    /// nothing and returns `nil`.
    open func didRestore(sheet: any Screen) -> (@MainActor () throws -> Void)? { nil }

    /// The tab a tab coordinator shows, for its snapshot; `nil` for a stack coordinator.
    func restorationSelection() -> Int? { nil }

    /// The names of a tab coordinator's items, for its snapshot; `nil` for a stack coordinator.
    func restorationItems() -> [String]? { nil }

    /// Closes the items a tab coordinator's ``start()`` added that the snapshot does not have
    /// (the person had closed them); returns their names.
    func restoreItems(_ names: [String]) throws -> [String] { [] }

    /// Selects a saved tab again, on a tab coordinator; `false` when there is no such tab.
    func restoreSelection(_ index: Int, origin: FlowEvent.Origin, on host: any FlowHost) throws -> Bool { false }

    /// Starts the coordinator at a placement: runs ``start()``, which must move to a first screen.
    ///
    /// - Throws: ``/FlowKernel/FlowError`` if ``start()`` throws or shows nothing; whatever it showed
    ///   is taken off the host again.
    public func start(on host: any PresentationHost, placement: FlowPlacement, parent: FlowID?) throws {
        try run.requireReady()
        let host = try host.requireFlowHost(for: id)
        try begin(on: host, mount: FlowMount(for: id, at: FlowMount.Site(placement), on: host), parent: parent)
    }

    /// Whether the coordinator runs a child on its stack, and the entry it returns to then.
    var runningChild: CoordinatorPosition.Child? { state.runningChild }

    /// Runs ``start()`` with a mount; on failure takes off whatever was shown and resets.
    func begin(on host: any FlowHost, mount: FlowMount, parent: FlowID?, origin: FlowEvent.Origin? = nil) throws {
        // The coordinator is in the tree before start() runs, so that the items and children it
        // starts are its children there. What start() moves to is a request of the run's, shown
        // for `origin` (a restore's), which no move(to:) of the app's can be handed.
        try run.begin(self, on: host, parent: parent, origin: origin, requesting: true) {
            state = CoordinatorState(host: host, mount: mount)
            do {
                try start()
                guard startNode != nil else {
                    throw FlowError(.hostRejected, "The coordinator '\(id)' showed nothing when it started; move(to:) its first screen in start().")
                }
            } catch {
                // What start() showed goes again, as far as the host lets it.
                _ = try? decideFromState { host in .change(FlowChange(removal(on: host), state: CoordinatorState.Change(top: nil))) }
                state = CoordinatorState()
                throw error
            }
        }
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

    /// Makes a screen with the coordinator's ``factory``: what is registered for the type, or
    /// `init()` when nothing is.
    public func screen<S: Instantiable>(_ type: S.Type) throws -> S {
        try factory.resolveOrInstantiate(type)
    }

    /// Makes a screen the coordinator's ``factory`` has registered.
    ///
    /// - Throws: `unregisteredScreen` when nothing is registered for the type, or what the
    ///   factory throws.
    public func screen<S: Screen>(_ type: S.Type) throws -> S {
        try factory.resolve(type)
    }

    /// Makes a screen the coordinator's ``factory`` has registered with an argument.
    ///
    /// - Throws: `unregisteredScreen`, `argumentTypeMismatch` for an argument of another type than
    ///   the registered one, or what the factory throws.
    public func screen<S: Screen, Argument>(_ type: S.Type, argument: Argument) throws -> S {
        try factory.resolve(type, argument: argument)
    }

    // MARK: Internal steps

    /// Where the coordinator stands: one read of the host, through its targeted queries (the
    /// start node's place, the stack's, the top's), whatever the depth of the stack.
    @usableFromInline package func position(on host: any FlowHost) -> CoordinatorPosition {
        // A child is remembered from its start until its end is handled (childDidFinish).
        let remembered = state.runningChild
        let topNode = state.top
        // Read from the state's mount in place, and from the host's cheapest queries.
        guard let stackID = state.mount?.stack, let start = state.mount?.firstEntry, host.contains(start) else {
            return CoordinatorPosition(id, count: 0, startShown: false, top: topNode, child: remembered, sheet: state.sheet?.node, entries: .read([]))
        }
        let stack = NodeRef.container(stackID)
        var own = 0..<0
        if let index = host.index(of: start, in: stackID), let count = host.entryCount(of: stackID) {
            own = index..<count
        }
        return CoordinatorPosition(
            id, count: own.count, startShown: true, top: topNode, child: remembered, sheet: state.sheet?.node,
            entries: .host(host, stack: stack, start: start, own: own))
    }

    /// Throws while a child runs on the coordinator's stack or its sheet covers it; reads nothing
    /// from the host.
    func requireStackInReach() throws {
        try state.runningChild?.requireNotOnStack(of: id)
        try CoordinatorPosition.requireNoSheet(state.sheet?.node, of: id)
    }

    /// When the running child ends: forget it and, if it shared the stack, pop back to what was on
    /// top when it started. A presented child left the stack alone, and so does its end.
    func childDidFinish(_ flow: any Flow) {
        guard let child = state.child, child === flow else { return }
        guard phase == .running, let host = state.host else {
            state.forgetChild()
            return
        }
        let after = position(on: host).afterChild()
        state.forgetChild()
        let change = CoordinatorState.Change(top: after.top)
        guard let snapshot = after.popTo, let stack else {
            _ = state.apply(change)
            return
        }
        // Part of the request that ended the child, whoever made it. The snapshot is in the stack
        // with entries above it, so a refusal means a host that broke its contract; it is
        // reported, not lost, and the top stays where it was.
        do {
            _ = try enact(.change(FlowChange(HostChange(.popTo(snapshot, in: stack), origin: .flow(id)), state: change)), on: host)
        } catch {
            refused(.wrapping(error))
        }
    }

    // MARK: Requests where nothing can throw

    /// Runs a request from a place that cannot throw — a screen's closure, a model observer — and
    /// sends its refusal to ``refused(_:)`` instead of losing it in a `try?`.
    ///
    /// ```swift
    /// catalog.onPick = { [unowned self] product in
    ///     self.attempt { try self.move(to: ProductScreen(product)) }
    /// }
    /// ```
    public func attempt(_ request: () throws -> Void) {
        do {
            try request()
        } catch {
            refused(.wrapping(error))
        }
    }

    /// Where a refused request goes when it was made where nothing could throw: a request run
    /// through ``attempt(_:)``, a child's finish handler (``start(child:presented:onFinish:)``)
    /// that threw, and a sheet's `onDismiss` (``present(sheet:onDismiss:)``) that threw. Like every refusal, it changed nothing (the child has ended either way).
    ///
    /// The default reports it to the host's observers as
    /// ``/FlowKernel/FlowEvent/Change/requestRefused(_:)``, so transcripts and logs show it, and goes
    /// on. Override it to tell the user or to end the coordinator; call `super` to keep the event.
    /// A coordinator that has ended, or was never started, has no host to report to.
    open func refused(_ error: FlowError) {
        state.host?.report(FlowEvent(.requestRefused(error), flow: id))
    }

    // MARK: Following the user

    /// Answers a change someone else made that took away screens of the coordinator's: with its
    /// first screen gone the coordinator ends cancelled; otherwise a top that was popped becomes
    /// the screen on top of its own part of the stack (or, while a child runs on it, the screen
    /// the child started over).
    @usableFromInline package func hostDidChange(by origin: FlowEvent.Origin) {
        guard phase == .running, let host = state.host else { return }
        // A sheet someone else took away (the person's swipe) is forgotten, and its onDismiss
        // runs once, as after dismissSheet().
        if let sheet = state.sheet, !host.contains(sheet.node) {
            run(afterSheet: state.forgetSheet())
        }
        switch position(on: host).following() {
        case .stay: return
        case .top(let node): state.top = node
        case .end: endDetached()
        }
    }

    /// Ends the coordinator cancelled because what it stands on is gone (its first screen, the
    /// screen that started it, its parent): its children first, then whatever of its own is left,
    /// as far as the host lets it.
    @usableFromInline package func endDetached() {
        // A child that ends now is forgotten, not popped back to: what it would return to is
        // going too.
        if phase == .running { state.forgetChild() }
        run.endDetached(endingChildrenFirst: true, removal: removal(on:), releasing: releaseEverything)
    }

    /// The coordinator's top, while it is shown: a child it starts stands on it. A top someone
    /// else's change took away (a tab group a child pushed, popped by the person) gives way to
    /// the screen the person sees.
    @usableFromInline package func anchorForChild(on host: any FlowHost) -> NodeRef? {
        if let topNode = state.top, host.contains(topNode) { return topNode }
        return host.visibleScreenRef.map(NodeRef.screen)
    }

    private func end(_ outcome: FlowOutcome<Result>) throws {
        // The guards of everything that goes, the children's screens included, wherever they are
        // shown, answer before any child is cancelled; the coordinator is finished before the tree
        // follows the removal, so a flow it ends finds the coordinator ended.
        try decideEnding { _ in .end(outcome, first: cancelEverythingRunning) }
    }

    /// Keeps a request's state change once the host has made its change.
    @usableFromInline package func apply(_ change: CoordinatorState.Change) -> (() -> Void)? {
        guard let onDismiss = state.apply(change) else { return nil }
        return { [weak self] in self?.run(afterSheet: onDismiss) }
    }

    /// Runs a dismissed sheet's `onDismiss`; what it throws goes to ``refused(_:)``.
    private func run(afterSheet onDismiss: (@MainActor () throws -> Void)?) {
        guard let onDismiss else { return }
        attempt(onDismiss)
    }

    /// Forgets the host and the screens, once they are gone.
    @usableFromInline package func releaseEverything() {
        state.stop()
    }

    /// Cancels every flow the coordinator runs, before it takes its own screens away: a finished
    /// coordinator leaves nothing running.
    func cancelEverythingRunning() throws {
        // The child is forgotten by its own end (childDidFinish), so a cancel the child refuses
        // leaves it kept, running, with its handlers still to run.
        if let running = state.child, running.phase == .running {
            try running.cancel()
        }
    }
}
