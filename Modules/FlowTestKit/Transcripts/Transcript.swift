import FlowKernel

/// An ordered record of what happened, one readable line per event, that tests compare.
///
/// Write the expected transcript as an array literal of lines; compare with
/// ``expectTranscript(_:equals:sourceLocation:)`` to get a line diff when it differs.
///
/// ```swift
/// expectTranscript(recorder.transcript, equals: [
///     "[shop] root [shop]",
///     "[shop] start",
///     "[shop] push Catalog onto [shop]",
/// ])
/// #expect(recorder.transcript.lines.last == "[shop] push Catalog onto [shop]")
/// ```
///
/// A line is the event's origin, then its change: `[shop] ` for a change a flow made, `(user) `
/// for the person's, `(link) ` for a link's, nothing for the system's. A flow's first content
/// comes before its `start`, which it reports once it shows something. ``lines`` is the array to
/// match on; ``lines(of:)`` keeps one flow's.
public struct Transcript: Hashable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// The lines, oldest first.
    public var lines: [String]

    /// Makes a transcript from lines.
    public init(lines: [String]) { self.lines = lines }

    /// Makes a transcript from events, one line each.
    public init(events: [FlowEvent]) { self.lines = events.map(\.description) }

    /// Makes a transcript from line literals.
    public init(arrayLiteral lines: String...) { self.lines = lines }

    /// The lines joined by newlines.
    public var description: String { lines.joined(separator: "\n") }

    /// The lines whose events came from one flow, or from no flow with `nil`.
    public func lines(of flow: FlowID?) -> Transcript {
        let prefix = flow.map { "[\($0.name)] " }
        return Transcript(
            lines: lines.filter { line in
                if let prefix { return line.hasPrefix(prefix) }
                return !line.hasPrefix("[")
            })
    }
}
