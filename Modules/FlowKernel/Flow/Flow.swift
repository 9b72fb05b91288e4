/// A running navigation flow: started on a host, finished with a typed result or cancelled, and
/// optionally the child of another flow.
///
/// This contract is what makes the strategies interchangeable: a coordinator can run an ordered
/// stack as its child, a chain can end with a value a router unwinds to, and the parent learns the
/// child's ``FlowOutcome`` by callback (``onFinish(_:)``) or by `await` (``finished()``).
///
/// ```swift
/// let signIn = SignInChain(...)
/// signIn.onFinish { outcome in
///     if case .completed(let user) = outcome { showCatalog(for: user) }
/// }
/// try signIn.start(on: host, placement: .presented, parent: appFlow.id)
/// ```
///
/// ## Implementation requirements
/// FlowRuntime's run implements the bookkeeping below for every strategy's flow and for `LogicFlow`;
/// FlowTestKit's `FlowLaws` checks it.
/// - **Phases.** A flow is ``FlowPhase/ready`` until ``start(on:placement:parent:)`` succeeds,
///   ``FlowPhase/running`` until it completes or is cancelled, and ``FlowPhase/finished`` after.
///   Starting twice throws ``FlowError/Code/flowAlreadyStarted``; any request to a finished flow
///   throws ``FlowError/Code/flowFinished`` and changes nothing.
/// - **Exactly once.** A flow finishes once. Its ``outcome`` is set before any handler runs;
///   handlers run once each, in the order they were added.
/// - **Clean up first.** By the time handlers run, the flow has removed what it showed from the
///   host (unless it was shown on a stack it shares with its parent, whose parent then decides) and
///   released every screen it made.
/// - **Late handlers.** A handler added after the flow finished runs at once with the outcome.
/// - **Events.** A flow reports ``FlowEvent/Change/flowStarted(parent:)`` once its first screen
///   shows (after the host changes that showed it: events report arrivals, not intentions, so a
///   start the host rejects reports nothing), and
///   ``FlowEvent/Change/flowCompleted(result:)`` or ``FlowEvent/Change/flowCancelled`` as its last
///   event, after its clean-up, all through ``PresentationHost/report(_:)`` and tagged with its ``id``.
@MainActor
public protocol Flow<Result>: AnyObject {
    /// What the flow delivers when it completes.
    associatedtype Result

    /// The flow's name in events and transcripts.
    var id: FlowID { get }

    /// Where the flow is in its life.
    var phase: FlowPhase { get }

    /// How the flow ended, or `nil` while it has not.
    var outcome: FlowOutcome<Result>? { get }

    /// Shows the flow's first screen on a host.
    ///
    /// - Parameters:
    ///   - host: Where to show the flow.
    ///   - placement: Where on the host; a flow throws ``FlowError/Code/hostRejected`` for a
    ///     placement it does not support.
    ///   - parent: The flow this one runs as a child of, if any.
    /// - Throws: ``FlowError`` when the flow cannot start; nothing is shown then.
    func start(on host: any PresentationHost, placement: FlowPlacement, parent: FlowID?) throws

    /// Ends the flow without a result: removes what it shows (cancelling its own children first)
    /// and finishes with ``FlowOutcome/cancelled``.
    ///
    /// A running flow's cancel succeeds whenever its host is not changing
    /// (``PresentationHost/isChanging``): it asks no one and runs no guard. That is what lets a
    /// parent check once and then cancel every child it runs (a tab group's items, a coordinator's
    /// child) without being refused half way.
    ///
    /// - Throws: ``FlowError/Code/flowFinished`` if it has already finished,
    ///   ``FlowError/Code/flowNotStarted`` if it never started,
    ///   ``FlowError/Code/reentrantNavigation`` while its host is changing; nothing changes then.
    func cancel() throws

    /// Adds a handler that receives the outcome once the flow finishes (at once if it has).
    func onFinish(_ handler: @escaping @MainActor (FlowOutcome<Result>) -> Void)
}

/// Where a flow is in its life.
public enum FlowPhase: Hashable, Sendable {
    /// Made, not started.
    case ready
    /// Started and not finished.
    case running
    /// Completed or cancelled.
    case finished
}

/// How a flow ended.
public enum FlowOutcome<Result> {
    /// The flow completed and delivered a result.
    case completed(Result)
    /// The flow was cancelled: by the user, by its parent, or by code.
    case cancelled

    /// The result, if the flow completed.
    public var result: Result? {
        if case .completed(let result) = self { return result }
        return nil
    }

    /// Whether the flow was cancelled; works for any result type, `Void` included.
    public var isCancelled: Bool {
        if case .cancelled = self { return true }
        return false
    }
}

extension FlowOutcome {
    /// Whether the flow completed; works for any result type, `Void` included.
    public var isCompleted: Bool { !isCancelled }
}

extension FlowOutcome where Result == Void {
    /// Compares the outcomes of flows that complete with nothing, which `Equatable` cannot, as
    /// `Void` is not equatable: `#expect(outcome == .completed(()))`.
    public static func == (lhs: FlowOutcome<Void>, rhs: FlowOutcome<Void>) -> Bool {
        lhs.isCancelled == rhs.isCancelled
    }

    /// Whether two outcomes of flows that complete with nothing differ.
    public static func != (lhs: FlowOutcome<Void>, rhs: FlowOutcome<Void>) -> Bool {
        !(lhs == rhs)
    }
}

extension FlowOutcome: Sendable where Result: Sendable {}
extension FlowOutcome: Equatable where Result: Equatable {}
extension FlowOutcome: Hashable where Result: Hashable {}

/// Where on a host a flow shows itself.
public enum FlowPlacement: Hashable, Sendable {
    /// As everything the host shows, replacing its root.
    case root
    /// Presented modally over the host's top-most node.
    case presented
    /// On an existing stack, above what is there, as a child coordinator shares its parent's stack.
    /// The flow never pops below the entries it found there.
    case onStack(ContainerID)
}
