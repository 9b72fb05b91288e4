import FlowKernel
import FlowRuntime

/// An ordered-stack flow over a ``ScreenRegistry``: SwiftyFlow's `FlowManager`, on the kernel.
///
/// The navigator shows its root, then walks the registry: ``NavigatorHandle/goNext()`` goes to the
/// registration after the current screen's in declaration order, ``NavigatorHandle/goNext(to:identifier:configure:)``
/// jumps to any registered type, the `goNextAsModal` forms present instead of pushing, and
/// ``getBack(_:)`` goes back one screen, to a type, to the root, or dismisses a modal. The flow
/// ends with ``dismiss(completion:)`` (cancelled) or ``finish(with:completion:)`` (a typed result),
/// which its parent receives by callback or `await`.
///
/// ```swift
/// let navigator = StackNavigator<Order>("shop", registry: registry, root: WelcomeScreen.self)
/// navigator.onFinish { outcome in print(outcome) }
/// try navigator.start(on: host)
/// try navigator.goNext()                                  // the registration after Welcome
/// try navigator.goNext(to: ProductScreen.self, argument: shoes)
/// try navigator.getBack(.popTo(CatalogScreen.self))
/// try navigator.finish(with: order)
/// ```
///
/// Where the navigator is comes from the host's real stack, so jumping out of order and then going
/// back lands where the user came from, and after the user's own Back (one entry or several)
/// ``NavigatorHandle/goNext()`` continues from the screen the user sees. The navigator follows the
/// user (its run hears of every change it did not make): a modal the user swipes down runs its `whenDismissed` once,
/// and a navigator whose first screen the user takes away ends cancelled. Every request that cannot be carried out throws a
/// ``/FlowKernel/FlowError`` and changes nothing: not the stack, not the registry's instances, not
/// the callbacks.
@MainActor
public final class StackNavigator<Result>: FlowFrontDoor, NavigatorHandle {
    /// The registry the navigator resolves screens from.
    public let registry: ScreenRegistry

    /// The flow's run, which runs its requests, its start and its end.
    @usableFromInline package let run: FlowRun<Result>
    private let root: ForwardRequest
    /// What the navigator keeps between requests; a request changes it with the host, or not at all.
    var state = StackState()
    /// Where the navigator shows itself: its stack, and its first screen.
    @usableFromInline package var mount: FlowMount? { state.mount }

    /// Makes a navigator whose root is a registered type.
    ///
    /// - Parameters:
    ///   - id: The flow's name in events, and the name of the stack it shows.
    ///   - registry: Where screens come from.
    ///   - root: The first screen's type; it is resolved when the navigator starts.
    ///   - identifier: The root registration's identifier, if it has one.
    ///   - configure: A hook that receives the root before it is shown.
    public init<Root: Screen>(_ id: FlowID = "stack", registry: ScreenRegistry, root: Root.Type, identifier: String? = nil, configure: ((Root) -> Void)? = nil)
    {
        self.registry = registry
        self.run = FlowRun(id: id)
        self.root = ForwardRequest(root, identifier: identifier, argument: .none, modal: false, configure: configure)
    }

    /// Makes a navigator whose root is registered with an argument, and the argument to pass it.
    public init<Root: Screen, A>(
        _ id: FlowID = "stack", registry: ScreenRegistry, root: Root.Type, identifier: String? = nil, argument: A, configure: ((Root) -> Void)? = nil
    ) {
        self.registry = registry
        self.run = FlowRun(id: id)
        self.root = ForwardRequest(root, identifier: identifier, argument: .some(argument), modal: false, configure: configure)
    }

    /// Makes a navigator whose root is the registry's first registration, unless
    /// ``start(on:placement:parent:root:identifier:configure:)`` chooses another when it starts.
    public init(_ id: FlowID = "stack", registry: ScreenRegistry) {
        self.registry = registry
        self.run = FlowRun(id: id)
        self.root = ForwardRequest(target: .next, argument: .none, modal: false)
    }

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

    /// The flow's first screen, whose departure ends it.
    public var baseNode: NodeRef? { mount?.firstEntry }

    /// Shows the root as a new stack (the host's root, or presented), or pushes it onto an existing
    /// stack with ``/FlowKernel/FlowPlacement/onStack(_:)``; the navigator then never pops below it.
    ///
    /// - Throws: ``/FlowKernel/FlowError`` if the root cannot be resolved or shown; nothing is shown then.
    public func start(on host: any PresentationHost, placement: FlowPlacement, parent: FlowID?) throws {
        try begin(on: host.requireFlowHost(for: id), placement: placement, parent: parent, root: root)
    }

    /// Starts with a root chosen now, with a hook that receives it before it is shown
    /// (SwiftyFlow's `startWith(root:resolved:)`). Without a placement: the host's root if it shows
    /// nothing, presented otherwise.
    public func start<Root: Screen>(
        on host: any PresentationHost,
        placement: FlowPlacement? = nil,
        parent: FlowID? = nil,
        root: Root.Type,
        identifier: String? = nil,
        configure: ((Root) -> Void)? = nil
    ) throws {
        let request = ForwardRequest(root, identifier: identifier, argument: .none, modal: false, configure: configure)
        try begin(on: host.requireFlowHost(for: id), placement: placement ?? (host.topmost == nil ? .root : .presented), parent: parent, root: request)
    }

    /// Starts with the root at a position of the registry's declaration order chosen at run time,
    /// as a deep-link picker over ``ScreenRegistry/registrations`` chooses it; with an argument if
    /// that registration takes one. Without a placement: the host's root if it shows nothing,
    /// presented otherwise.
    ///
    /// - Throws: `indexOutOfRange` for a position with no registration; `argumentTypeMismatch` for
    ///   a missing or wrong argument; the codes of ``start(on:placement:parent:)``. Nothing is shown then.
    public func start(
        on host: any PresentationHost, placement: FlowPlacement? = nil, parent: FlowID? = nil, rootRegistrationAt index: Int, argument: Any? = nil
    ) throws {
        let request = ForwardRequest(target: .registration(at: index), argument: argument.map { .some($0) } ?? .none, modal: false)
        try begin(on: host.requireFlowHost(for: id), placement: placement ?? (host.topmost == nil ? .root : .presented), parent: parent, root: request)
    }

    /// Ends the flow without a result: the kernel's cancellation, the same as ``dismiss(completion:)``.
    public func cancel() throws {
        try dismiss(completion: nil)
    }

    /// Ends the flow with a result.
    ///
    /// Order: the navigator's screens leave the host; the registry lets go of its strong
    /// instances; the flow reports its end; every ``onFinish(_:)`` handler runs, in the order they
    /// were added; then `completion`.
    public func finish(with result: Result, completion: (() -> Void)? = nil) throws {
        try end(.completed(result), completion: completion)
    }

    /// The stack the navigator pushes onto, once started.
    public var stack: ContainerID? { mount?.stack }

    /// Gives a restored modal back the `whenDismissed` it was presented with: a closure is not
    /// saved, so without this a restored modal that had one is cut, and the restore reports it.
    ///
    /// ```swift
    /// navigator.restoringDismissal = { registration in
    ///     registration.screenType == ScreenType(CartScreen.self) ? { model.cartClosed() } : nil
    /// }
    /// ```
    public var restoringDismissal: (@MainActor (Registration) -> (() -> Void)?)?

    /// Called with every refusal a screen ran through ``NavigatorHandle/attempt(_:)``, after it
    /// is reported as a `requestRefused` event: show an alert, log.
    public var onRefused: (@MainActor (FlowError) -> Void)?

    /// Reports a refusal nobody can catch to the host's observers, then calls ``onRefused``. A
    /// navigator that is not running has no host to report to; ``onRefused`` still hears it.
    public func refused(_ error: FlowError) {
        run.host?.report(FlowEvent(.requestRefused(error), flow: id))
        onRefused?(error)
    }

    // MARK: Reading the position

    /// The screen the user is looking at in this flow, if it runs.
    public var currentScreen: (any Screen)? {
        guard let host = run.host, let current = position(on: host).current else { return nil }
        return host.screen(for: current.screen)
    }

    /// The navigator's stack as one line: `Welcome -> Catalog -> (modal) Cart`; empty when not running.
    public var stackState: String {
        guard let host = run.host else { return "" }
        let position = position(on: host)
        return (position.entries.map(\.screen.displayName) + position.modals.map { "(modal) \($0.screen.displayName)" })
            .joined(separator: " -> ")
    }

    /// The stack of a running navigator.
    var runningStack: ContainerID {
        guard let stack else { preconditionFailure("A running navigator always has a stack.") }
        return stack
    }

    /// Where the navigator is, read from the host: its part of the stack, from its first screen
    /// up, read as far as a request needs, and the chain of its own modals over the stack. Never
    /// reads the whole hierarchy.
    @usableFromInline package func position(on host: any FlowHost) -> StackPosition {
        // Read from the state's mount in place, and from the host's cheapest queries: the first
        // entry's index, the stack's count and what it presents, with no copy of a place.
        guard let stack = state.mount?.stack, let firstEntry = state.mount?.firstEntry,
            let start = host.index(of: firstEntry, in: stack), let count = host.entryCount(of: stack)
        else { return StackPosition(entries: []) }
        let container = NodeRef.container(stack)
        var modals: [StackPosition.Entry] = []
        var next = host.presented(by: container)
        while let presented = next, let screen = presented.screen, let origin = state.origins[screen.instance]?.registration {
            modals.append(StackPosition.Entry(screen: screen, registration: origin))
            next = host.presented(by: presented)
        }
        // Reads the table itself rather than a copy, so a request that adopts a screen while its
        // position is alive does not copy the whole table. A position lives for one request, so
        // it holds the navigator strongly: an unowned reference costs a check on every read.
        return StackPosition(count: count - start, modals: modals, cover: next) { [self] offset in
            guard let screen = host.child(at: start + offset, of: container)?.screen else { return nil }
            return StackPosition.Entry(screen: screen, registration: state.origins[screen.instance]?.registration)
        }
    }

    // MARK: Shared steps

    /// The registration a request names, and its declaration index.
    func registration(for target: ForwardRequest.Target, from position: StackPosition) throws -> (index: Int, registration: Registration) {
        switch target {
        case .next:
            let registrations = registry.registrations
            let index = position.current == nil ? 0 : try position.nextRegistration(count: registrations.count) { registrations[$0].applies }
            guard registry.registrations.indices.contains(index) else {
                throw FlowError(.unregisteredScreen, "The registry is empty; register a screen before starting the navigator '\(id)'.")
            }
            return (index, registry.registrations[index])
        case .screen(let type, let identifier):
            return try registry.lookup(type, identifier: identifier)
        case .registration(let index):
            guard registry.registrations.indices.contains(index) else {
                throw FlowError(.indexOutOfRange, "The registry has \(registry.registrations.count) registrations; there is none at \(index).")
            }
            return (index, registry.registrations[index])
        }
    }

    /// Makes the screen for a registration, checking it is not shown already; keeps nothing yet.
    ///
    /// A registration that makes a new screen (scope `.none`, or any registration given an
    /// argument) may be shown over a screen it made before: a drill-down, list → detail → related
    /// detail. One whose scope keeps its screen reuses it, and a screen is shown only once: showing
    /// it again, as a double tap would, is refused.
    func prepareScreen(_ registration: Registration, _ request: ForwardRequest, on host: any FlowHost) throws -> (screen: any Screen, ref: ScreenRef) {
        let screen = try registration.prepare(request.argumentValue)
        // Made once: a reference reads the screen's name.
        let ref = ScreenRef(screen)
        if host.contains(.screen(ref)) {
            let place =
                host.visibleScreenRef == ref
                ? "is already the current screen"
                : "is already shown; go back to it with getBack(.popTo(\(registration.screenType).self))"
            throw FlowError(.hostRejected, "\(registration.label) keeps its screen (scope .\(registration.scope)), and \(ref) \(place).")
        }
        return (screen, ref)
    }

    /// What a screen the host now shows needs besides the navigator's state: its registration's
    /// scope keeps it, and it learns its navigator.
    func didShow(_ screen: any Screen, from registration: Registration) {
        registration.commit(screen)
        registration.attach?(screen, self)
    }

    /// The registration that made a screen the navigator shows and the argument it was given.
    func madeBy(_ screen: ScreenRef) -> (registration: Int, argument: Argument)? {
        state.origins[screen.instance].map { ($0.registration, state.arguments[screen.instance].map(Argument.some) ?? .none) }
    }

    /// Whether a modal the navigator shows has a `whenDismissed` callback.
    func hasDismissalCallback(_ screen: ScreenRef) -> Bool {
        state.modalCallbacks.contains { $0.screen == screen }
    }

    func takeCarried<A>(as type: A.Type) throws -> A? {
        guard case .some(let value) = state.carried else { return nil }
        guard let typed = value as? A else {
            throw FlowError(
                .argumentTypeMismatch, "The previous screen sent a \(Swift.type(of: value)), not a \(A.self); it is kept for a read of the right type.",
                types: [A.self, Swift.type(of: value)])
        }
        state.carried = .none
        return typed
    }

    /// Keeps a request's state change once the host has made its change: the tables, and each
    /// screen shown kept by its registration's scope and told its navigator.
    ///
    /// - Returns: the `whenDismissed` callbacks of the modals the change dismissed, to run once
    ///   the request is over.
    @usableFromInline package func apply(_ change: StackState.Change) -> (() -> Void)? {
        let callbacks = state.apply(change)
        if let shown = change.showing { didShow(shown.screen, from: shown.registration) }
        for shown in change.showingAll { didShow(shown.screen, from: shown.registration) }
        switch callbacks.count {
        case 0: return nil
        case 1: return callbacks[0]
        default: return { for callback in callbacks { callback() } }
        }
    }

    // MARK: Following the user

    /// Answers a change someone else made that took away screens of the navigator's, its first
    /// screen still shown (without it, the run ends the navigator cancelled, and no modal's
    /// `whenDismissed` runs: the flow was taken away, not its modal dismissed): runs the
    /// `whenDismissed` of each modal taken away, top first, once; forgets the screens that left.
    @usableFromInline package func follow(on host: any FlowHost, by origin: FlowEvent.Origin) {
        let dismissed = state.keepShown { host.contains($0) }
        for callback in dismissed.reversed() { callback() }
    }

    // MARK: Starting and ending

    /// Starts the navigator on its root; `origin` names who the root's change is made for, when
    /// not the navigator's own (a restore).
    func begin(on host: any FlowHost, placement: FlowPlacement, parent: FlowID?, root: ForwardRequest, origin: FlowEvent.Origin? = nil) throws {
        try run.begin(self, at: placement, on: host, parent: parent, origin: origin) {
            let made = try registration(for: root.target, from: StackPosition(entries: []))
            let (screen, ref) = try prepareScreen(made.registration, root, on: host)
            root.configure(screen)
            return (screen, (made, ref))
        } keeping: { mount, screen, prepared in
            let (made, ref) = prepared
            _ = state.apply(StackState.Change(mount: mount, adopting: .init(ref, made.index, root.argumentValue)))
            didShow(screen, from: made.registration)
        }
    }

    func end(_ outcome: FlowOutcome<Result>, completion: (() -> Void)?) throws {
        try end(outcome)
        completion?()
    }

    /// Lets go of everything the navigator keeps for its screens.
    @usableFromInline package func releaseEverything() {
        registry.releaseInstances()
        state.release()
    }
}
