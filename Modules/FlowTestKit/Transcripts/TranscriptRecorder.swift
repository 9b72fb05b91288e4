import FlowKernel

/// An observer that keeps every event a host reports, for tests to read as a ``Transcript``.
///
/// ```swift
/// let host = InMemoryHost()
/// let recorder = TranscriptRecorder(observing: host)
/// try flow.start(on: host)
/// #expect(recorder.transcript.lines.first == "[shop] start")
/// ```
@MainActor
public final class TranscriptRecorder: FlowObserver {
    /// Every event received, oldest first.
    public private(set) var events: [FlowEvent] = []

    /// Makes a recorder that is not attached to a host yet.
    public init() {}

    /// Makes a recorder and adds it to a host's observers.
    public convenience init(observing host: any PresentationHost) {
        self.init()
        host.addObserver(self)
    }

    /// Keeps an event.
    public func receive(_ event: FlowEvent) { events.append(event) }

    /// The events as a transcript.
    public var transcript: Transcript { Transcript(events: events) }

    /// Forgets every event received so far, to record one step of a journey at a time.
    public func reset() { events.removeAll() }
}
