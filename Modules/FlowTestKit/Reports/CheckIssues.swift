import Testing

/// Where FlowTestKit's checks report what they find: as issues of the test that runs them, or,
/// inside ``collected(_:)``, into a list the caller reads.
///
/// A test of a check — that `HostLaws` catches a broken host, that `expectTranscript` shows a
/// diff — asserts on what the check reports instead of wrapping it in `withKnownIssue`, so a
/// passing run prints no failure at all:
///
/// ```swift
/// let issues = CheckIssues.collected { expectRendered("stack main\n  B", equals: "stack main\n  A") }
/// #expect(issues.count == 1)
/// #expect(issues[0].contains("- A"))
/// ```
public enum CheckIssues {
    /// The messages of the issues FlowTestKit's checks report while `body` runs, in order; none of
    /// them is recorded as an issue of the test.
    public static func collected(_ body: () throws -> Void) rethrows -> [String] {
        let collector = Collector()
        try $collector.withValue(collector) { try body() }
        return collector.messages
    }

    /// Reports one issue: to the collector in place, else as an issue of the running test.
    static func record(_ message: String, sourceLocation: SourceLocation) {
        if let collector {
            collector.messages.append(message)
        } else {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }

    @TaskLocal private static var collector: Collector?

    /// The messages collected in one ``collected(_:)``. Unchecked `Sendable`: it is made, filled
    /// and read inside one synchronous call of `collected`, on the thread that called it — a task
    /// local set by `withValue` is seen only by code that call runs.
    private final class Collector: @unchecked Sendable {
        var messages: [String] = []
    }
}
