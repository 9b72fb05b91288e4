import FlowKernel

/// Makes a request from inside an event's delivery, as an observer that navigates would: to test
/// that the request is refused whole (``/FlowKernel/FlowError/Code/reentrantNavigation``) and
/// changes nothing anywhere.
///
/// ```swift
/// let outcome = DuringDelivery.run(on: host) { try chain.handle?.next(context: "late") }
/// #expect(throws: FlowError.self) { try outcome.get() }
/// #expect(screen.received.isEmpty)
/// ```
@MainActor
public final class DuringDelivery: FlowObserver {
    /// The origin of the probe event ``run(on:_:)`` reports.
    public static let probeOrigin = FlowEvent.Origin.flow("probe")

    private var action: (() -> Void)?

    /// Makes an observer that runs `action` once, on the first event it receives.
    public init(_ action: @escaping () -> Void) { self.action = action }

    /// Runs the action, the first time only.
    public func receive(_ event: FlowEvent) {
        let once = action
        action = nil
        once?()
    }

    /// Reports a probe event on the host and makes the request while observers receive it.
    ///
    /// - Returns: How the request ended: `.success`, or the error it threw.
    @discardableResult
    public static func run(on host: any PresentationHost, _ request: @escaping () throws -> Void) -> Result<Void, any Error> {
        var outcome: Result<Void, any Error> = .failure(FlowError(.notFound, "The probe event reached no observer."))
        let probe = DuringDelivery { outcome = Result { try request() } }
        host.addObserver(probe)
        host.report(FlowEvent(.note("probe", detail: "an observer navigates"), origin: probeOrigin))
        host.removeObserver(probe)
        return outcome
    }
}
