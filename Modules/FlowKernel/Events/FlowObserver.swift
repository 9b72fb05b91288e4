/// Receives every event a host reports: its own changes and the flows' lifecycle events.
///
/// ## Implementation requirements
/// - Observers are told about changes that have already happened. An observer must not navigate in
///   response: the host rejects such a call with ``FlowError/Code/reentrantNavigation``.
/// - An observer must return quickly; events are delivered synchronously.
@MainActor
public protocol FlowObserver: AnyObject {
    /// Called once for every event, in the order the events happened.
    func receive(_ event: FlowEvent)
}
