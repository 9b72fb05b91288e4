import FlowKernel
import FlowRuntime

/// A type-matched flow as a kernel ``/FlowKernel/Flow``: a root screen whose outputs are routed by a
/// ``Router`` until a screen produces a value of the flow's `Result` type that no screen takes.
///
/// That is how a router flow mixes with the others: a coordinator runs it as a child and receives
/// the value it ends with.
///
/// ```swift
/// let shop = RouterFlow<Order>("shop", router: router) { CatalogScreen() }
/// try coordinator.start(child: shop) { outcome in ... }
/// // ... the checkout screen produces an Order; no screen handles or requires one: the flow completes.
/// ```
///
/// Routing reads what the host shows when a value is produced, so after the user's Back a value
/// unwinds to what the user sees, and a screen the user removed neither produces nor receives
/// updates. The flow follows the user (its run hears of every change it did not make): when the user — or anyone
/// else — takes its first screen away (swiping its presentation down, popping below it on a
/// shared stack), it ends cancelled; so it does when the screen that started it goes.
@MainActor
public final class RouterFlow<Result>: FlowFrontDoor {
    /// The routing table.
    public let router: Router
    /// The flow's run, which runs its requests — its routes among them — its start and its end.
    @usableFromInline package let run: FlowRun<Result>
    private let makeRoot: () -> any Routable
    /// The session routing this flow's screens, while it runs.
    public private(set) var session: RouterSession?
    /// Called with every refusal the flow's screens cannot catch (``Routable/attempt(_:)``, a value
    /// produced while another was routed); each is reported as a `requestRefused` event first.
    public var onRefused: (@MainActor (FlowError) -> Void)? {
        didSet { session?.onRefused = onRefused }
    }
    /// Where the flow shows itself, while it runs.
    @usableFromInline package var mount: FlowMount?

    /// Makes a router flow.
    ///
    /// - Parameters:
    ///   - id: The flow's name in events, and the name of the stack it shows.
    ///   - router: The routing table.
    ///   - root: Makes the first screen, when the flow starts.
    public init(_ id: FlowID = "router", router: Router, root: @escaping () -> any Routable) {
        self.router = router
        self.run = FlowRun(id: id)
        self.makeRoot = root
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

    /// Shows the root screen in a new stack (the host's root, or presented), or on a shared stack.
    public func start(on host: any PresentationHost, placement: FlowPlacement, parent: FlowID?) throws {
        try begin(on: host.requireFlowHost(for: id), placement: placement, parent: parent)
    }

    /// Starts the flow on its first screen; `origin` names who the first change is made for, when
    /// not the flow itself (a restore).
    func begin(on host: any FlowHost, placement: FlowPlacement, parent: FlowID?, origin: FlowEvent.Origin? = nil) throws {
        // The root is made once the run knows the flow can start.
        try run.begin(
            self, at: placement, on: host, parent: parent, origin: origin,
            first: {
                let root = makeRoot()
                return (root, root)
            }
        ) { mount, _, root in
            let session = RouterSession(router: router, host: host, flow: id, door: run)
            session.onRefused = onRefused
            self.mount = mount
            session.attach(root)
            // A value nothing routes completes the flow inside the route's request, which is the
            // run's own: the end is that request's decree.
            session.takeUnrouted = { [weak self] value in
                guard let self, let result = value as? Result else { return false }
                _ = try self.enact(.end(.completed(result)), on: host)
                return true
            }
            session.presentsAlerts = { [weak self] alert, screen, onAnswer in
                guard let self else { throw FlowError(.flowFinished, "The router flow has ended.") }
                try present(alert: alert, over: screen, onAnswer: onAnswer)
            }
            self.session = session
        }
    }

    /// Ends the flow without a result.
    /// Screens the router presents go over the screen that produced, so they leave with it.
    public func cancel() throws {
        try end(.cancelled)
    }

    /// Stops routing once the screens are gone: the session takes no more values.
    @usableFromInline package func releaseEverything() {
        mount?.didRemove()
        session?.isOpen = false
        session?.takeUnrouted = nil
        session?.presentsAlerts = nil
    }
}
