import FlowKernel
import FlowPlatform
import Testing

/// Fails the running test at every drift a platform adapter reports (an event whose payload is a
/// ``/FlowPlatform/HostDrift``): add it to the model host a FlowUIKit or
/// FlowSwiftUI driver shows, and a platform that stops showing the model fails the test where it
/// happened, even though the driver corrects it.
///
/// ```swift
/// let alarm = DriftAlarm()
/// host.addObserver(alarm)
/// ```
@MainActor
public final class DriftAlarm: FlowObserver {
    /// Every drift reported so far.
    public private(set) var drifts: [HostDrift] = []
    private let sourceLocation: SourceLocation

    /// Makes an alarm that records its failures where it was made.
    public init(sourceLocation: SourceLocation = #_sourceLocation) {
        self.sourceLocation = sourceLocation
    }

    /// Records a drift as a test failure.
    public func receive(_ event: FlowEvent) {
        guard let drift = event.change.payload(as: HostDrift.self) else { return }
        drifts.append(drift)
        CheckIssues.record("The platform drifted from the model: \(drift)", sourceLocation: sourceLocation)
    }
}
