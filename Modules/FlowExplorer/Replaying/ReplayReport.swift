import FlowKernel
import FlowRecording

/// How a replay of a recording went: how many steps it made, and the first step whose outcome
/// differed from the recording's, if one did.
public struct ReplayReport: Hashable, Sendable, CustomStringConvertible {
    /// How many of the recording's steps were made and matched.
    public var replayed: Int
    /// How many steps the recording has.
    public var total: Int
    /// The first difference, which stopped the replay; `nil` when everything matched.
    public var divergence: ReplayDivergence?

    /// Makes a report.
    public init(replayed: Int, total: Int, divergence: ReplayDivergence?) {
        self.replayed = replayed
        self.total = total
        self.divergence = divergence
    }

    /// Whether the replay matched the recording to its end.
    public var matched: Bool { divergence == nil }

    /// `Replayed 12 of 12 steps: no difference.`, or the divergence.
    public var description: String {
        guard let divergence else { return "Replayed \(replayed) of \(total) steps: no difference." }
        return "Replayed \(replayed) of \(total) steps, then: \(divergence)"
    }
}

/// Where a replay first differed from its recording: the step, what differed, the expected and
/// actual lines, and what the host showed there.
public struct ReplayDivergence: Error, Hashable, Sendable, CustomStringConvertible {
    /// What differed.
    public enum Kind: String, Hashable, Sendable {
        /// The person made the step on another screen than the replay shows.
        case screen
        /// The screen shown does not offer the step's action (or the run opens no links): the
        /// step can no longer be made.
        case notOffered
        /// The step was refused in one and done in the other, or refused for another reason.
        case refusal
        /// The step produced other transcript lines.
        case lines
        /// Every step matched, but the journey ends on another screen.
        case ending
    }

    /// The step, counted from 1; `nil` for the ending.
    public var step: Int?
    /// The step as typed (`:back 2`), or `(end)`.
    public var label: String
    /// What differed.
    public var kind: Kind
    /// Why, in a sentence.
    public var reason: String
    /// What the recording has (the lines, the screen or the refusal, by the kind).
    public var expected: [String]
    /// What the replay produced.
    public var actual: [String]
    /// The replay's hierarchy at that point, as a text tree.
    public var hierarchy: String

    /// Makes a divergence.
    public init(step: Int?, label: String, kind: Kind, reason: String, expected: [String], actual: [String], hierarchy: String) {
        self.step = step
        self.label = label
        self.kind = kind
        self.reason = reason
        self.expected = expected
        self.actual = actual
        self.hierarchy = hierarchy
    }

    /// The expected and actual lines as a diff: `-` only in the recording, `+` only in the replay.
    public var diff: String {
        LineDiff.diff(expected: expected, actual: actual) ?? expected.map { "  " + $0 }.joined(separator: "\n")
    }

    /// Two divergences are the same failure when they differ at the same kind of check, with the
    /// same expected and actual lines; where in a journey it happened may change as steps go.
    public func isSameFailure(as other: ReplayDivergence) -> Bool {
        kind == other.kind && label == other.label && expected == other.expected && actual == other.actual
    }

    /// The step, the reason, the diff and the hierarchy, one block for a test's failure message.
    public var description: String {
        let place = step.map { "step \($0) (\(label))" } ?? "the end"
        return "\(place): \(reason)\n\(diff)\n-- hierarchy --\n\(hierarchy)"
    }
}
