import FlowKernel

/// What a restore brought back, what it repaired by cutting an invalid tail, and what it dropped,
/// each with its reason: nothing is lost without a line here.
///
/// ```swift
/// let report = try snapshot.restore(on: host) { saved in makeFlow(named: saved.id) }
/// for line in report.entries where line.outcome != .restored { log(line) }
/// ```
public struct RestorationReport: Hashable, Sendable, CustomStringConvertible {
    /// What became of one thing a snapshot held.
    public enum Outcome: String, Hashable, Sendable, Codable {
        /// Brought back as it was saved.
        case restored
        /// Brought back in part: the tail from the first screen that could not come back was cut.
        case repaired
        /// Not brought back at all.
        case dropped
    }

    /// One line of the report.
    public struct Entry: Hashable, Sendable, CustomStringConvertible {
        /// The flow the line is about.
        public var flow: String
        /// What became of it.
        public var outcome: Outcome
        /// What the line is about, for people: `the flow`, `Product(Red shoes)`.
        public var subject: String
        /// Why, for a repair or a drop; `nil` for what was restored.
        public var reason: String?

        /// Makes a line.
        public init(flow: String, outcome: Outcome, subject: String, reason: String? = nil) {
            self.flow = flow
            self.outcome = outcome
            self.subject = subject
            self.reason = reason
        }

        /// `[shop] restored: 3 screens` / `[shop] repaired: Cart (its whenDismissed was not saved)`.
        public var description: String {
            "[\(flow)] \(outcome.rawValue): \(subject)" + (reason.map { " (\($0))" } ?? "")
        }
    }

    /// Every line, in the order the restore met them.
    public var entries: [Entry]

    /// Makes a report.
    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// Adds a line.
    public mutating func add(_ flow: FlowID, _ outcome: Outcome, _ subject: String, because reason: String? = nil) {
        entries.append(Entry(flow: flow.name, outcome: outcome, subject: subject, reason: reason))
    }

    /// Whether everything came back as it was saved.
    public var isComplete: Bool { entries.allSatisfy { $0.outcome == .restored } }

    /// The lines of one outcome.
    public func entries(_ outcome: Outcome) -> [Entry] { entries.filter { $0.outcome == outcome } }

    /// One line per entry.
    public var description: String { entries.map(\.description).joined(separator: "\n") }
}
