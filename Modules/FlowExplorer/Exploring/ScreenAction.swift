import FlowKernel

/// Something a person can do on a screen, as the explorer takes it: a name, and what doing it runs.
///
/// An action that takes an argument carries samples: good ones, which must work, and bad ones,
/// which must be refused (throw) or change nothing shown. The explorer tries each sample as a
/// separate move.
///
/// ```swift
/// ScreenAction("start") { try onStart() }
/// ScreenAction("email", valid: ["ana@example.com"], invalid: ["ana"]) { try signIn($0) }
/// ```
@MainActor
public struct ScreenAction {
    /// One way to do the action: with no argument, or with one sample.
    public struct Attempt {
        /// The action's name, with the sample when it has one: `email ana@example.com`.
        public let label: String
        /// Whether the sample is a bad one, which must be refused or change nothing.
        public let isInvalid: Bool
        let run: @MainActor () throws -> Void
    }

    /// The action's name.
    public let name: String
    /// The attempts the explorer makes: one without an argument, or one per sample.
    public let attempts: [Attempt]

    /// An action without an argument.
    ///
    /// - Parameters:
    ///   - name: What a person does: `start`, `checkout`.
    ///   - run: Does it, as the screen's own control would; throws when refused.
    public init(_ name: String, _ run: @escaping @MainActor () throws -> Void) {
        self.name = name
        self.attempts = [Attempt(label: name, isInvalid: false, run: run)]
    }

    /// An action that takes an argument, tried with each sample.
    ///
    /// - Parameters:
    ///   - name: What a person does: `email`.
    ///   - valid: Arguments the action must take without throwing.
    ///   - invalid: Arguments the action must refuse, by throwing or by changing nothing shown.
    ///   - run: Does it with an argument, as the screen's own control would; throws when refused.
    public init<Argument>(_ name: String, valid: [Argument], invalid: [Argument] = [], _ run: @escaping @MainActor (Argument) throws -> Void) {
        self.name = name
        self.attempts =
            valid.map { sample in Attempt(label: "\(name) \(sample)", isInvalid: false) { try run(sample) } }
            + invalid.map { sample in Attempt(label: "\(name) \(sample)", isInvalid: true) { try run(sample) } }
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
}
