import FlowKernel
import FlowRecording
import FlowRuntime
import FlowSnapshot

/// Something a person can do on a screen, as the explorer tries it and a recording replays it: a
/// name, and what doing it runs.
///
/// An action that takes an argument carries samples: good ones, which must work, and bad ones,
/// which must be refused (throw) or change nothing shown. The explorer tries each sample as a
/// separate move. Its argument is `Codable`, so a ``/FlowRecording/JourneyRecorder`` keeps it in a
/// recording and ``perform(_:)`` gives it back on replay; an argument a person would not want in a
/// bug report (an email address) is recorded as a stand-in the action makes (`redacting:`).
///
/// ```swift
/// ScreenAction("start") { try onStart() }
/// ScreenAction("email", valid: ["ana@example.com"], invalid: ["ana"], redacting: { $0.contains("@") ? "someone@example.com" : "someone" }) {
///     try signIn($0)
/// }
/// ```
@MainActor
public struct ScreenAction {
    /// One way to do the action: with no argument, or with one sample.
    public struct Attempt {
        /// The action's name, with the sample when it has one: `email ana@example.com`.
        public let label: String
        /// Whether the sample is a bad one, which must be refused or change nothing shown.
        public let isInvalid: Bool
        /// The attempt as a recording keeps it: the action's name and the sample.
        public let input: RecordedStep.Input
        let run: @MainActor () throws -> Void
    }

    /// The action's name.
    public let name: String
    /// The attempts the explorer makes: one without an argument, or one per sample.
    public let attempts: [Attempt]
    /// Whether the action takes an argument.
    public let takesArgument: Bool
    /// Runs the action with a recorded argument.
    private let replay: @MainActor (SavedValue?) throws -> Void
    /// The stand-in a recording keeps for an argument, when the action redacts its argument.
    private let standIn: (@MainActor (SavedValue) -> SavedValue)?

    /// An action without an argument.
    ///
    /// - Parameters:
    ///   - name: What a person does: `start`, `checkout`.
    ///   - run: Does it, as the screen's own control would; throws when refused.
    public init(_ name: String, _ run: @escaping @MainActor () throws -> Void) {
        self.name = name
        self.attempts = [Attempt(label: name, isInvalid: false, input: .action(name, argument: nil), run: run)]
        self.takesArgument = false
        self.standIn = nil
        self.replay = { argument in
            if let argument {
                throw FlowError(.argumentTypeMismatch, "'\(name)' takes no argument, but was given \(argument.description.prefix(40)).")
            }
            try run()
        }
    }

    /// An action that takes an argument, tried with each sample.
    ///
    /// - Parameters:
    ///   - name: What a person does: `email`.
    ///   - valid: Arguments the action must take without throwing.
    ///   - invalid: Arguments the action must refuse, by throwing or by changing nothing shown.
    ///   - redacting: Makes the stand-in a recording keeps instead of what the person gave, for an
    ///     argument that is private. Make it behave as the original does (a valid address for a
    ///     valid one), so the recording replays the same way. `nil` records the argument itself.
    ///   - run: Does it with an argument, as the screen's own control would; throws when refused.
    public init<Argument: Codable>(
        _ name: String, valid: [Argument], invalid: [Argument] = [], redacting: (@MainActor (Argument) -> Argument)? = nil,
        _ run: @escaping @MainActor (Argument) throws -> Void
    ) {
        func attempt(_ sample: Argument, isInvalid: Bool) -> Attempt {
            let input = RecordedStep.Input.action(name, argument: try? SavedValue(encoding: sample))
            let label = if case .action(_, nil) = input { "\(name) \(sample)" } else { input.label }
            return Attempt(label: label, isInvalid: isInvalid, input: input) { try run(sample) }
        }
        self.name = name
        self.attempts = valid.map { attempt($0, isInvalid: false) } + invalid.map { attempt($0, isInvalid: true) }
        self.takesArgument = true
        self.replay = { saved in
            guard let saved else { throw FlowError(.argumentTypeMismatch, "'\(name)' takes \(Argument.self), but was given nothing.") }
            let argument: Argument
            do {
                argument = try saved.decode(Argument.self)
            } catch {
                throw FlowError(.argumentTypeMismatch, "'\(name)' takes \(Argument.self), but was given \(saved.description.prefix(40)).")
            }
            try run(argument)
        }
        if let redacting {
            self.standIn = { @MainActor (saved: SavedValue) -> SavedValue in
                // An argument of another type is refused when performed; its record keeps nothing of it.
                guard let argument = try? saved.decode(Argument.self), let standIn = try? SavedValue(encoding: redacting(argument)) else {
                    return .string("(redacted)")
                }
                return standIn
            }
        } else {
            self.standIn = nil
        }
    }

    /// Does the action with an argument as a recording keeps it (`nil` for none), as the screen's
    /// own control would.
    ///
    /// - Throws: ``/FlowKernel/FlowError/Code/argumentTypeMismatch`` for an argument the action
    ///   does not take (one of another type, one it has no use for, none where it needs one),
    ///   before anything runs; whatever the action throws when refused.
    public func perform(_ argument: SavedValue?) throws {
        try replay(argument)
    }

    /// Whether a recording keeps a stand-in for the action's argument.
    public var redactsArgument: Bool { standIn != nil }

    /// What a recording keeps of an argument: the argument, or the stand-in for a redacted one.
    public func recorded(_ argument: SavedValue?) -> SavedValue? {
        guard let argument, let standIn else { return argument }
        return standIn(argument)
    }
}

extension JourneyRecorder {
    /// Does a screen action, as the screen's own control would, and records it as one step: by its
    /// name, with its argument — or, for an action that redacts its argument, the stand-in.
    ///
    /// - Parameters:
    ///   - action: The action, as the screen offers it now.
    ///   - argument: The argument as a recording keeps it; `nil` for an action without one.
    /// - Throws: what ``ScreenAction/perform(_:)`` throws; the step is recorded as refused.
    public func perform(_ action: ScreenAction, with argument: SavedValue? = nil) throws {
        let kept = action.recorded(argument)
        let original: String? =
            if action.redactsArgument, let argument { if case .string(let text) = argument { text } else { argument.description } } else { nil }
        try record(.action(action.name, argument: kept), redactedFrom: original) { try action.perform(argument) }
    }
}

/// A screen that tells the explorer what a person can do on it now.
///
/// Conform the app's screens (or a base class of them) to let ``NavigationExplorer`` walk them
/// without further set-up; or pass the explorer a function that lists a screen's actions.
@MainActor
public protocol ExplorableScreen: Screen {
    /// The actions a person can take on the screen as it is now.
    var explorationActions: [ScreenAction] { get }
    /// What the screen says to a person now, a line each, as a side-by-side comparison of versions
    /// compares it (``SideBySideExplorer``). None unless the screen says.
    var explorationText: [String] { get }
}

extension ExplorableScreen {
    /// No text: the screen is compared by its type, name, actions and controls.
    public var explorationText: [String] { [] }
}
