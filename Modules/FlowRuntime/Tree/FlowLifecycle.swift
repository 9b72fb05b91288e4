import FlowKernel
import FlowSnapshot

/// The bookkeeping every ``/FlowKernel/Flow`` needs, implementing the contract's laws once: phases, an outcome
/// set exactly once, handlers run once in order, late handlers run at once, lifecycle events.
///
/// A strategy keeps one and forwards ``/FlowKernel/Flow/phase``, ``/FlowKernel/Flow/outcome`` and ``/FlowKernel/Flow/onFinish(_:)`` to
/// it, makes every request inside ``navigate(_:)``, and calls ``finish(_:)`` after it has removed
/// its screens. ``LogicFlow`` keeps one for a flow written as its logic (<doc:WritingAFlow>).
///
/// ```swift
/// final class WizardFlow: Flow {
///     let lifecycle = FlowLifecycle<Int>(id: "wizard")
///     var id: FlowID { lifecycle.id }
///     var phase: FlowPhase { lifecycle.phase }
///     var outcome: FlowOutcome<Int>? { lifecycle.outcome }
///     func onFinish(_ handler: @escaping @MainActor (FlowOutcome<Int>) -> Void) { lifecycle.onFinish(handler) }
///     ...
/// }
/// ```
@MainActor
public final class FlowLifecycle<Result> {
    /// The flow's name.
    public let id: FlowID
    /// Where the flow is in its life.
    public private(set) var phase: FlowPhase = .ready
    /// How the flow ended, once it has.
    public private(set) var outcome: FlowOutcome<Result>?
    /// The flow this one runs as a child of, once started.
    public private(set) var parent: FlowID?
    /// The host the flow was started on, while it runs. Cleared when it finishes.
    public private(set) var host: (any FlowHost)?

    private var handlers: [@MainActor (FlowOutcome<Result>) -> Void] = []
    /// The flow this bookkeeping belongs to, once it joined its host's tree. Weak: the tree keeps
    /// the flow, and the flow keeps its lifecycle.
    private weak var member: (any RunningFlow)?

    /// Makes the bookkeeping for a flow named `id`.
    public init(id: FlowID) { self.id = id }

    /// Throws unless the flow can start now.
    ///
    /// Call it before touching the host, then ``didStart(on:parent:origin:)`` once the first screen shows.
    public func requireReady() throws {
        switch phase {
        case .ready: return
        case .running: throw FlowError(.flowAlreadyStarted, "The flow '\(id)' is already running.")
        case .finished: throw finishedError
        }
    }

    /// Starts a flow in its host's ``FlowTree``: the tree keeps it from now until it has finished,
    /// with its parent and anchor, and `body` — which shows the first content and calls
    /// ``didStart(on:parent:origin:)`` — runs as one request.
    ///
    /// - Throws: what ``requireReady()`` and `body` throw; the flow is not in the tree then.
    public func start(_ flow: some RunningFlow, on host: any FlowHost, parent: FlowID?, _ body: () throws -> Void) throws {
        try requireReady()
        member = flow
        do {
            try host.flows.start(flow, parent: parent, on: host, body)
        } catch {
            member = nil
            throw error
        }
    }

    /// Whether one of the flow's requests is under way (``navigate(_:)``), or the flow is ending
    /// because what it stands on is gone (``endDetached(removing:releasing:)``): the one
    /// re-entrancy rule of every flow, kept here so that no flow keeps a flag of its own. A flow
    /// that hears of a change meanwhile (``ChangeFollower/hostDidChange(by:)``) made it itself.
    public private(set) var isNavigating = false

    /// Runs a request of a running flow that may navigate now (``requireNavigable()``) inside its
    /// host's ``FlowTree/request(on:_:)``: the flows it touches follow once it returns.
    ///
    /// A request made while another of the same flow is under way — from a screen's factory or a
    /// `configure` hook, before the host changes anything — is refused whole with
    /// ``/FlowKernel/FlowError/Code/reentrantNavigation``, as one made from inside a host's change is.
    public func navigate<T>(_ body: (any FlowHost) throws -> T) throws -> T {
        let host = try requireNavigable()
        return try host.flows.request(on: host) {
            guard !isNavigating else {
                throw FlowError(.reentrantNavigation, "The flow '\(id)' is already navigating; a request cannot start inside another.")
            }
            isNavigating = true
            defer { isNavigating = false }
            return try body(host)
        }
    }

    /// Asks the guards of what the ends of the flow's children (and theirs) would take away, and
    /// throws their refusal, reported as an event, before a flow's end changes anything: a
    /// child presented somewhere the flow's own removal does not reach goes with it all the same.
    ///
    /// - Throws: ``/FlowKernel/FlowError/Code/guardRefused``.
    public func checkChildrenGuards(on host: any FlowHost) throws {
        guard let member, let refusal = host.flows.childrenRefusal(of: member) else { return }
        throw host.refused(refusal, origin: .flow(id))
    }

    /// Marks the flow running on a host and reports ``/FlowKernel/FlowEvent/Change/flowStarted(parent:)``,
    /// with the flow's own origin, or the one given (a restore's, ``/FlowKernel/FlowEvent/Origin/restored(for:)``).
    public func didStart(on host: any FlowHost, parent: FlowID?, origin: FlowEvent.Origin? = nil) throws {
        try requireReady()
        self.phase = .running
        self.parent = parent
        self.host = host
        host.report(FlowEvent(.flowStarted(parent: parent), origin: origin ?? .flow(id)))
    }

    /// Returns the host the flow runs on, or throws ``/FlowKernel/FlowError/Code/flowNotStarted`` or
    /// ``/FlowKernel/FlowError/Code/flowFinished``.
    @discardableResult
    public func requireRunning() throws -> any FlowHost {
        switch phase {
        case .running:
            // `didStart` sets the host with the phase, and `finish` clears both.
            guard let host else { throw FlowError(.flowNotStarted, "The flow '\(id)' has no host.") }
            return host
        case .ready: throw FlowError(.flowNotStarted, "The flow '\(id)' has not been started.")
        case .finished: throw finishedError
        }
    }

    /// Returns the host of a running flow that may navigate now: like ``requireRunning()``, and
    /// throws ``/FlowKernel/FlowError/Code/reentrantNavigation`` while the host is making a change or
    /// delivering an event (``/FlowKernel/PresentationHost/isChanging``), before the request changes anything.
    @discardableResult
    public func requireNavigable() throws -> any FlowHost {
        let host = try requireRunning()
        try Self.requireIdle(host, for: id)
        return host
    }

    /// Throws ``/FlowKernel/FlowError/Code/reentrantNavigation`` while a host is making a change or delivering
    /// an event: a request made then (from an observer) is refused whole.
    public static func requireIdle(_ host: any FlowHost, for flow: FlowID?) throws {
        guard host.isChanging else { return }
        let name = flow.map { " '\($0)'" } ?? ""
        throw FlowError(
            .reentrantNavigation,
            "The host is making a change or delivering its event; the flow\(name) cannot navigate inside it. Navigate from a follower or after the change.")
    }

    /// Finishes the flow: ends the children it started that still run (innermost first), records
    /// the outcome, reports it, lets the host's tree go of the flow, then runs every handler once,
    /// in order.
    ///
    /// Call it after the flow has removed its screens from the host.
    /// - Throws: ``/FlowKernel/FlowError/Code/flowFinished`` or ``/FlowKernel/FlowError/Code/flowNotStarted``; nothing runs then.
    public func finish(_ outcome: FlowOutcome<Result>) throws {
        let host = try requireRunning()
        self.phase = .finished
        self.outcome = outcome
        self.host = nil
        // Finished first, so that nothing the children's ends set off can end this flow again.
        let member = self.member
        if let member { host.flows.endChildren(of: member) }
        switch outcome {
        case .completed(let result):
            // A flow that completes with nothing says just that, not "with ()".
            let described = result is Void ? "" : String(describing: result)
            host.report(FlowEvent(.flowCompleted(result: described), flow: id))
        case .cancelled: host.report(FlowEvent(.flowCancelled, flow: id))
        }
        if let member { host.flows.flowDidFinish(member) }
        self.member = nil
        let pending = handlers
        handlers = []
        for handler in pending { handler(outcome) }
    }

    /// Ends the flow by its own request, in one request of the host's tree: asks the guards of
    /// its children's ends (``checkChildrenGuards(on:)``), takes its content away with
    /// `removing`, lets go of what it kept with `releasing`, then finishes with `outcome`.
    ///
    /// The flow has finished before the request returns and the tree follows the removal, so a
    /// child that ends because its parent's screens went — and whose handler asks the parent to
    /// cancel — finds the parent finished: the parent ends once, with this outcome and one event.
    ///
    /// - Throws: what ``navigate(_:)`` and `removing` throw, and the guards' refusal; nothing
    ///   changes then.
    public func end(_ outcome: FlowOutcome<Result>, removing: (any FlowHost) throws -> Void, releasing: () -> Void) throws {
        try navigate { host in try end(outcome, on: host, removing: removing, releasing: releasing) }
    }

    /// The steps of ``end(_:removing:releasing:)`` inside a request of the flow already under way
    /// (``navigate(_:)``), for a request that decides, from where the flow stands, that it ends.
    ///
    /// - Throws: the guards' refusal and what `removing` throws; nothing changes then.
    public func end(_ outcome: FlowOutcome<Result>, on host: any FlowHost, removing: (any FlowHost) throws -> Void, releasing: () -> Void) throws {
        try checkChildrenGuards(on: host)
        try removing(host)
        releasing()
        try finish(outcome)
    }

    /// Ends the flow, cancelled, because what it stands on is gone: the steps every
    /// ``RunningFlow/endDetached()`` takes, in their order. `removing` takes away what of the
    /// flow's own is still shown, in one request of the host's tree; what the host refuses stays,
    /// since what the flow stood on has gone already. Then `releasing` lets go of what the flow
    /// kept for its screens, and the flow finishes. Does nothing unless the flow runs; never throws.
    ///
    /// - Parameters:
    ///   - removing: Takes the flow's own content off the host it is given.
    ///   - releasing: Lets go of the screens and closures the flow kept.
    public func endDetached(removing: (any FlowHost) throws -> Void, releasing: () -> Void) {
        guard phase == .running, let host else { return }
        isNavigating = true
        host.flows.request(on: host) { try? removing(host) }
        isNavigating = false
        releasing()
        try? finish(.cancelled)
    }

    /// The first refusal among the guards of what taking a running flow's mount away would take,
    /// or `nil`: the ``RunningFlow/endRefusal()`` of a flow that shows itself through one mount.
    public func removalRefusal(of mount: FlowMount?) -> GuardRefusal? {
        guard let host, let mount else { return nil }
        return mount.removalRefusal(on: host)
    }

    /// Adds a handler for the outcome; runs it at once if the flow has finished.
    public func onFinish(_ handler: @escaping @MainActor (FlowOutcome<Result>) -> Void) {
        if let outcome {
            handler(outcome)
        } else {
            handlers.append(handler)
        }
    }

    private var finishedError: FlowError {
        FlowError(.flowFinished, "The flow '\(id)' has already finished.")
    }
}
