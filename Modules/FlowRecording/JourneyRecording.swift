import FlowKernel
import FlowRuntime
import FlowSnapshot

/// What a person did in an app, step by step, from a known start: the screen actions they took
/// with their arguments, their gestures, the links they opened, and the transcript lines each step
/// produced. One Codable value: a bug report's attachment, and a regression test once replayed.
///
/// A ``JourneyRecorder`` makes one while the app runs; a replay (FlowExplorer's `JourneyReplay`)
/// applies its steps to a fresh run and stops at the first step whose outcome differs.
///
/// ```json
/// {"version": 1, "start": {"from": "app"}, "steps": [
///   {"action": "start", "on": "Welcome", "lines": ["[shop] push Sign in onto [shop]"]},
///   {"gesture": ":back", "on": "Sign in", "lines": ["(user) pop Sign in from [shop]"]}],
///  "ending": "Welcome"}
/// ```
public struct JourneyRecording: Hashable, Sendable {
    /// The format this FlowKit writes; a recording of a newer one is refused.
    public static let currentVersion = 1

    /// The recording's format.
    public var version: Int
    /// Where the journey starts.
    public var start: Start
    /// What the person did, oldest first.
    public var steps: [RecordedStep]
    /// What the person saw when the recording was taken: the visible screen's name, or
    /// `(nothing shown)`; `nil` when the recorder did not keep every step up to then.
    public var ending: String?
    /// What the app says about the run, for people and for choosing how to replay it: its
    /// version, the variant that ran (`"strategy": "router"`).
    public var tags: [String: String]
    /// Steps the person made after the last kept one that the recorder could not keep (its ring
    /// was full and no quiet moment came to start a new one); 0 in a whole recording.
    public var unkept: Int

    /// Makes a recording.
    public init(start: Start, steps: [RecordedStep], ending: String?, unkept: Int = 0, tags: [String: String] = [:]) {
        self.version = Self.currentVersion
        self.tags = tags
        self.start = start
        self.steps = steps
        self.ending = ending
        self.unkept = unkept
    }

    /// Where a journey starts.
    public enum Start: Hashable, Sendable {
        /// The app's own start: its root flow just started.
        case app
        /// A saved moment: the navigation, and the app's own state beside it (who is signed in,
        /// the cart), as the app saved it for the recorder.
        case snapshot(NavigationSnapshot, app: SavedValue?)
    }

    /// The bounds a recording stays within, so a hostile file is refused before it is walked.
    public enum Limits {
        /// How many steps a recording may have.
        public static let maximumSteps = 100_000
        /// How many transcript lines one step may have.
        public static let maximumLinesPerStep = 10_000
        /// How many bytes a recording's file may have; check it before decoding the bytes.
        public static let maximumBytes = 32 << 20
    }

    /// Refuses a file larger than ``Limits/maximumBytes`` before anything decodes it.
    ///
    /// - Throws: `invalidRecording` for too many bytes.
    public static func checkSize(_ byteCount: Int) throws {
        guard byteCount <= Limits.maximumBytes else {
            throw FlowError(
                .invalidRecording, "The recording has \(byteCount) bytes, more than the \(Limits.maximumBytes) a recording may have; it was not read.")
        }
    }

    /// The steps' labels, as a person or a CLI script types them: `email ana@example.com`,
    /// `:back`, `:open shop://cart`.
    public var labels: [String] { steps.map(\.label) }
}

/// One thing the person did, with what it made happen.
public struct RecordedStep: Hashable, Sendable, CustomStringConvertible {
    /// What the person did.
    public var input: Input
    /// The name of the screen the person saw when they did it, or `nil` when the recorder learned
    /// of the step only after it happened (a gesture the platform reported).
    public var screen: String?
    /// The transcript lines the step produced, in order.
    public var lines: [String]
    /// The ``/FlowKernel/FlowError/Code`` of the error the step was refused with, or `nil` when it
    /// was done.
    public var refusal: String?
    /// Whether the action's argument is a stand-in for what the person typed (an email address
    /// kept private); the stand-in replays as the person's argument did.
    public var redacted: Bool

    /// Makes a step.
    public init(_ input: Input, screen: String?, lines: [String], refusal: String? = nil, redacted: Bool = false) {
        self.input = input
        self.screen = screen
        self.lines = lines
        self.refusal = refusal
        self.redacted = redacted
    }

    /// What a person does.
    public enum Input: Hashable, Sendable {
        /// A screen action by its declared name, with its argument when it takes one.
        case action(String, argument: SavedValue?)
        /// One of the platform's own controls.
        case gesture(RecordedGesture)
        /// A link opened, as the platform handed it to the app.
        case link(String)
    }

    /// The step as typed: `email ana@example.com`, `:back 2`, `:open shop://cart`.
    public var label: String { input.label }

    /// `email ana@example.com on Sign in`, `:back (refused: gestureRefused)`.
    public var description: String {
        var text = label
        if let screen { text += " on \(screen)" }
        if let refusal { text += " (refused: \(refusal))" }
        return text
    }
}

extension RecordedStep.Input {
    /// What the person did as typed: `email ana@example.com`, `:back 2`, `:open shop://cart`.
    public var label: String {
        switch self {
        case .action(let name, nil): name
        // An argument that may be left out and was is no argument to read: `remove`, not `remove `.
        case .action(let name, .string(let text)?): text.isEmpty ? name : "\(name) \(text)"
        case .action(let name, let argument?): "\(name) \(argument)"
        case .gesture(let gesture): gesture.description
        case .link(let link): ":open \(link)"
        }
    }
}
