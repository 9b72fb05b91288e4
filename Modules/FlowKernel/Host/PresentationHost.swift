/// The presentation surface a flow drives: stacks, modal presentations, tab groups and containment.
///
/// A host owns what is on screen. Flows ask it for changes with ``apply(_:for:)`` and read what it
/// shows with ``hierarchy``. FlowStage's `InMemoryHost` is the deterministic implementation every
/// test runs on; an app plugs in a UIKit, SwiftUI or terminal host behind the same contract.
///
/// ## Implementation requirements
/// A conforming host obeys these laws; FlowTestKit's `HostLaws` checks them for any host.
/// - **All or nothing.** ``apply(_:for:)`` either makes the whole change or throws a ``FlowError``
///   and leaves ``hierarchy`` equal to what it was, reporting no event.
/// - **One event per change.** A successful operation reports exactly one ``FlowEvent`` to every
///   observer, after ``hierarchy`` reflects the change and before `apply` returns.
/// - **Completion order.** Changes complete synchronously, in the order they were requested; an
///   operation's event is delivered to observers in the order they were added. Events passed to
///   ``report(_:)`` are delivered in the same stream, in order.
/// - **No re-entrancy.** While a change is being made or its event delivered, further calls to
///   ``apply(_:for:)`` throw ``FlowError/Code/reentrantNavigation`` and change nothing.
/// - **Inverse operations.** Pushing then popping restores the stack; presenting then dismissing
///   restores the hierarchy; dismissing removes everything presented above the dismissed node.
/// - **Ownership.** The host keeps every shown screen alive and keeps nothing it no longer shows.
@MainActor
public protocol PresentationHost: AnyObject {
    /// A value describing everything the host shows now.
    var hierarchy: Hierarchy { get }

    /// Makes one change, or throws a ``FlowError`` and changes nothing.
    ///
    /// - Parameters:
    ///   - operation: The change to make.
    ///   - flow: The flow that asks, named in the event the change reports.
    func apply(_ operation: HostOperation, for flow: FlowID?) throws

    /// The shown screen a reference names, or `nil` if the host does not show it.
    func screen(for ref: ScreenRef) -> (any Screen)?

    /// Delivers a flow's own event (started, completed, ...) to the observers, in order with the
    /// host's events.
    func report(_ event: FlowEvent)

    /// Adds an observer that receives every event from now on. Adding one twice has no effect.
    func addObserver(_ observer: any FlowObserver)

    /// Removes an observer. Removing one that was not added has no effect.
    func removeObserver(_ observer: any FlowObserver)
}
