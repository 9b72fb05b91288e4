/// The bookkeeping every ``Flow`` needs, implementing the contract's laws once: phases, an outcome
/// set exactly once, handlers run once in order, late handlers run at once, lifecycle events.
///
/// A strategy keeps one and forwards ``Flow/phase``, ``Flow/outcome`` and ``Flow/onFinish(_:)`` to
/// it, checks ``requireNavigable()`` at the top of every navigation method, and calls ``finish(_:)``
/// after it has removed its screens.
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
    public private(set) var host: (any PresentationHost)?

    private var handlers: [@MainActor (FlowOutcome<Result>) -> Void] = []

    /// Makes the bookkeeping for a flow named `id`.
    public init(id: FlowID) { self.id = id }

    /// Throws unless the flow can start now.
    ///
    /// Call it before touching the host, then ``didStart(on:parent:)`` once the first screen shows.
    public func requireReady() throws {
        switch phase {
        case .ready: return
        case .running: throw FlowError(.flowAlreadyStarted, "The flow '\(id)' is already running.")
        case .finished: throw finishedError
        }
    }

    /// Marks the flow running on a host and reports ``FlowEvent/Change/flowStarted(parent:)``.
    public func didStart(on host: any PresentationHost, parent: FlowID?) throws {
        try requireReady()
        self.phase = .running
        self.parent = parent
        self.host = host
        host.report(FlowEvent(.flowStarted(parent: parent), flow: id))
    }

    /// Returns the host the flow runs on, or throws ``FlowError/Code/flowNotStarted`` or
    /// ``FlowError/Code/flowFinished``.
    @discardableResult
    public func requireRunning() throws -> any PresentationHost {
        switch phase {
        case .running:
            guard let host else { preconditionFailure("A running flow always has a host.") }
            return host
        case .ready: throw FlowError(.flowNotStarted, "The flow '\(id)' has not been started.")
        case .finished: throw finishedError
        }
    }

    /// Returns the host of a running flow that may navigate now: like ``requireRunning()``, and
    /// throws ``FlowError/Code/reentrantNavigation`` while the host is making a change or
    /// delivering an event (``PresentationHost/isChanging``), before the request changes anything.
    @discardableResult
    public func requireNavigable() throws -> any PresentationHost {
        let host = try requireRunning()
        try Self.requireIdle(host, for: id)
        return host
    }

    /// Throws ``FlowError/Code/reentrantNavigation`` while a host is making a change or delivering
    /// an event: a request made then (from an observer) is refused whole.
    public static func requireIdle(_ host: any PresentationHost, for flow: FlowID?) throws {
        guard host.isChanging else { return }
        let name = flow.map { " '\($0)'" } ?? ""
        throw FlowError(.reentrantNavigation, "The host is making a change or delivering its event; the flow\(name) cannot navigate inside it. Navigate from a follower or after the change.")
    }

    /// Finishes the flow: records the outcome, reports it, then runs every handler once, in order.
    ///
    /// Call it after the flow has removed its screens from the host.
    /// - Throws: ``FlowError/Code/flowFinished`` or ``FlowError/Code/flowNotStarted``; nothing runs then.
    public func finish(_ outcome: FlowOutcome<Result>) throws {
        let host = try requireRunning()
        self.phase = .finished
        self.outcome = outcome
        self.host = nil
        switch outcome {
        case .completed(let result):
            // A flow that completes with nothing says just that, not "with ()".
            let described = result is Void ? "" : String(describing: result)
            host.report(FlowEvent(.flowCompleted(result: described), flow: id))
        case .cancelled: host.report(FlowEvent(.flowCancelled, flow: id))
        }
        let pending = handlers
        handlers = []
        for handler in pending { handler(outcome) }
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
