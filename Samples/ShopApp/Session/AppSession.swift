import FlowExplorer
import FlowKernel
import FlowRecording
import FlowRuntime
import FlowSnapshot
import FlowStage
import Foundation

/// The sample's apps, each written once in every strategy.
public enum SampleApp: String, CaseIterable, Sendable {
    /// Welcome, sign-in, a catalog, a cart and checkout: a linear journey with a modal.
    case shop
    /// Details and a plan, a card for the pro plan only, confirm: a wizard whose road forks.
    case signup

    /// The app as a sentence names it.
    public var name: String {
        switch self {
        case .shop: "shop"
        case .signup: "sign-up"
        }
    }

    /// The `app` tag a recording of the app carries: what `replay` reads to know the app.
    public var recordingTag: String {
        switch self {
        case .shop: "FlowKit shop"
        case .signup: "FlowKit sign-up"
        }
    }

    /// The app a recording's `app` tag names; a recording without one is the shop's.
    public init(recordingTag tag: String?) {
        self = Self.allCases.first { $0.recordingTag == tag } ?? .shop
    }

    /// One line on what the app is.
    public var summary: String {
        switch self {
        case .shop: "The shop: Welcome, Sign in, Catalog, Product, Cart (a modal), Checkout and Done."
        case .signup: "The sign-up wizard: Details (name, email, plan), a Card for the pro plan only, Confirm and Done."
        }
    }
}

/// A run of one of the sample's apps in one strategy, on an in-memory host: what `flow-demo`
/// drives at a terminal, from a script and on the web, and what the tests check. It knows nothing
/// of any strategy beyond making the app's flow.
@MainActor
public protocol AppSession: AnyObject {
    /// The app.
    var app: SampleApp { get }
    /// The strategy the app is written in.
    var strategy: Strategy { get }
    /// The host the app runs on.
    var host: InMemoryHost { get }
    /// Every event, for the transcript.
    var log: EventLog { get }
    /// The app's flow.
    var appFlow: any Flow { get }
    /// The screen the person is looking at, while the app runs.
    var currentScreen: ShopScreen? { get }
    /// One line on how the run stands.
    var summary: String { get }
    /// How many actions a screen refused with a problem of its own rather than a thrown error.
    var refusals: Int { get }
    /// What a restore brought back, when the session was made from a saved app.
    var restoration: RestorationReport? { get }
    /// Writes the app (``saved()``) to a file for `:save <file>`, and returns a sentence saying
    /// so; without it, `:save` is refused.
    var saveTo: ((String) throws -> String)? { get set }
    /// What the person did since recording started.
    var recording: JourneyRecording? { get }
    /// The navigation the app's flow declares without running, where its strategy declares one.
    var declaredGraph: NavigationGraph? { get }

    /// The app as it is kept across launches: the app, the strategy, the model and the navigation.
    func saved() -> SavedApp
    /// Records what the person does from now on, until the session ends.
    func startRecording(keepingLast limit: Int) throws
    /// Opens a link, as the platform hands the app one; returns a sentence on what happened.
    func open(_ link: String) throws -> String
    /// Does what a command says, and returns `nil`, or why not; nothing changes when it is refused.
    func perform(_ command: Command) -> String?
    /// Does what a command says, or throws why not; nothing changes when it throws.
    func run(_ command: Command) throws
    /// The current screen as text: title, what it shows, its message, the hierarchy, the actions.
    func screenText() -> String
    /// Everything a person can type now.
    func helpText() -> String
    /// The actions of a screen as the session does them: what a replay of a recording makes.
    func actions(on screen: any Screen) -> [ScreenAction]
}

extension AppSession {
    /// Whether the app's flow has ended.
    public var hasEnded: Bool { appFlow.phase == .finished }
}

/// The sample's apps and strategies, made from the command line's and the web's words.
@MainActor
public enum AppSessions {
    /// Starts an app in a strategy, or brings one back from what it saved.
    ///
    /// - Parameter ended: whether the saved app had ended: restored, it stays ended.
    public static func make(_ app: SampleApp, strategy: Strategy, restoring saved: SavedApp? = nil, ended: Bool = false) throws -> any AppSession {
        switch app {
        case .shop: try ShopSession(strategy: strategy, restoring: saved?.shop, ended: ended)
        case .signup: try SignupSession(strategy: strategy, restoring: saved?.signup, ended: ended)
        }
    }

    /// An explorer of an app in a strategy.
    public static func explorer(_ app: SampleApp, strategy: Strategy) -> NavigationExplorer {
        switch app {
        case .shop: ShopExploration.explorer(strategy)
        case .signup: SignupSession.explorer(strategy)
        }
    }

    /// An app in every strategy, explored side by side, with the differences that are a
    /// strategy's nature declared.
    public static func sideBySide(_ app: SampleApp) -> SideBySideExplorer {
        switch app {
        case .shop: ShopExploration.sideBySide()
        case .signup: SignupSession.sideBySide()
        }
    }

    /// A replay of an app's recordings in a strategy.
    public static func replay(_ app: SampleApp, strategy: Strategy, comparing comparison: JourneyReplay.Comparison = .transcript) -> JourneyReplay {
        switch app {
        case .shop: ShopReplay.replay(strategy, comparing: comparison)
        case .signup: SignupSession.replay(strategy, comparing: comparison)
        }
    }
}

/// An app saved to come back to: what `:save` writes and `--restore` reads, for either app. A
/// shop's file reads as it did before the sign-up came (``SavedShop``).
public enum SavedApp: Codable, Hashable, Sendable {
    /// A saved shop.
    case shop(SavedShop)
    /// A saved sign-up.
    case signup(SavedSignup)

    /// The app saved.
    public var app: SampleApp {
        switch self {
        case .shop: .shop
        case .signup: .signup
        }
    }

    /// The strategy it ran in.
    public var strategy: String {
        switch self {
        case .shop(let shop): shop.strategy
        case .signup(let signup): signup.strategy
        }
    }

    var shop: SavedShop? { if case .shop(let shop) = self { shop } else { nil } }
    var signup: SavedSignup? { if case .signup(let signup) = self { signup } else { nil } }

    private enum Key: String, CodingKey { case app }

    /// Reads a saved sign-up (it says `"app": "signup"`), else a saved shop.
    public init(from decoder: any Decoder) throws {
        let app = try decoder.container(keyedBy: Key.self).decodeIfPresent(String.self, forKey: .app)
        switch app {
        case nil, SampleApp.shop.rawValue: self = .shop(try SavedShop(from: decoder))
        case SampleApp.signup.rawValue: self = .signup(try SavedSignup(from: decoder))
        case let other?:
            throw DecodingError.dataCorruptedError(
                forKey: .app, in: try decoder.container(keyedBy: Key.self), debugDescription: "\"\(other)\" is not an app of the sample.")
        }
    }

    /// Writes the app's own form.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .shop(let shop): try shop.encode(to: encoder)
        case .signup(let signup): try signup.encode(to: encoder)
        }
    }
}

/// What every session keeps that is not its app's: the refusals counted, the steps taken, the
/// recorder, and the terminal it prints to.
@MainActor
final class SessionRecord {
    var refusals = 0
    /// Whether the person has done anything yet.
    var hasSteps = false
    var recorder: JourneyRecorder?
    /// The terminal the session prints to, made the first time it prints: a session the explorer
    /// or a replay runs prints nothing, and drives no terminal.
    var terminal: TerminalPlatform?
}

/// How every session does what the person types, written once: a session supplies its app's
/// parts.
@MainActor
protocol SessionMachinery: AppSession {
    var record: SessionRecord { get }
    /// The `:open` line of the help, or `nil` for an app without links.
    var linkHelp: String? { get }
    /// Opens a link waiting behind a guard once the guard lets it through.
    func resumeLink() throws
    /// Tells the recorder, after each action, what of the person's own the app now holds and the
    /// stand-in a recording keeps for it.
    func redactWhatWasEntered(in recorder: JourneyRecorder)
}

extension SessionMachinery {
    public var refusals: Int { record.refusals }
    public var recording: JourneyRecording? { record.recorder?.recording }

    /// The screen the person sees, while the flow runs.
    var visibleScreen: ShopScreen? {
        guard appFlow.phase == .running else { return nil }
        return host.visibleScreen as? ShopScreen
    }

    /// Does a command, turning a refusal into the sentence a person reads.
    func performing(_ command: Command) -> String? {
        do {
            try run(command)
            return nil
        } catch let refusal as CommandRefused {
            return refusal.description
        } catch let error as FlowError {
            return "That did not work: \(error.message)"
        } catch {
            return "That did not work: \(error)"
        }
    }

    /// Does what a command says on the current screen, or, for a word starting with `:`, what the
    /// platform's own control does (``PlatformControl``), or opens or saves.
    func running(_ command: Command) throws {
        if let alert = shownAlert, !command.word.hasPrefix(":") { return try answer(alert, command) }
        // Under an alert, the system controls, :open and :save still apply; what they say goes to
        // the screen of the shop's on top, when it is one.
        let screen = currentScreen
        guard screen != nil || shownAlert != nil else {
            throw CommandRefused("The \(app.name) has ended; there is nothing more to do.")
        }
        if command.key == ":open" {
            guard linkHelp != nil else { throw CommandRefused("The \(app.name) has no links to open.") }
            guard let link = command.argument else { throw CommandRefused(":open needs a link: type \":open shop://product/shoes\".") }
            let said = try open(link)
            currentScreen?.message = said
            return
        }
        if command.key == ":save" {
            guard let file = command.argument else { throw CommandRefused(":save needs a file: type \":save \(app.rawValue).json\".") }
            guard let saveTo else { throw CommandRefused("This \(app.name) cannot save to files; flow-demo can.") }
            let said = try saveTo(file)
            screen?.message = said
            return
        }
        if command.word.hasPrefix(":") {
            let gesture = try PlatformControl.gesture(for: command)
            try recording(.gesture(gesture)) {
                try gesture.perform(on: host)
                try resumeLink()
            }
            return
        }
        // A word that is no control is the screen's own action (an alert's answers went above).
        guard let screen else { throw CommandRefused("The \(app.name) has ended; there is nothing more to do.") }
        let actions = screen.actions
        let chosen =
            Int(command.word).flatMap { actions.indices.contains($0 - 1) ? actions[$0 - 1] : nil }
            ?? actions.first { $0.name.lowercased() == command.key }
        guard let action = chosen else {
            let possible = actions.enumerated().map { "\($0.offset + 1) \($0.element.name)" }.joined(separator: ", ")
            throw CommandRefused("\"\(command.word.echoed)\" is not an action on \(screen.title). Try one of: \(possible); help lists everything you can type.")
        }
        let argument = command.argument
        if let placeholder = action.argument, argument == nil, !action.isArgumentOptional {
            throw CommandRefused("\(action.name) needs \(placeholder): type \"\(action.name) \(placeholder)\".")
        }
        if action.argument == nil, let argument {
            throw CommandRefused("\(action.name) takes nothing after it, but was given \"\(argument.echoed)\".")
        }
        let performed = performable(action, on: screen)
        // An argument left out where it may be is an empty one, as the explorer tries it.
        let saved = (argument ?? (action.isArgumentOptional ? "" : nil)).map(SavedValue.string)
        record.hasSteps = true
        if let recorder = record.recorder { try recorder.perform(performed, with: saved) } else { try performed.perform(saved) }
    }

    /// Does a screen's action as the session does every action, whoever asks: clears the
    /// screen's message and problem, runs it, counts a problem it reports, and opens a link
    /// waiting behind a guard.
    private func perform(_ action: ShopAction, _ argument: String?, on screen: ShopScreen) throws {
        screen.message = nil
        screen.problem = nil
        try action.run(argument)
        if screen.problem != nil { record.refusals += 1 }
        if let recorder = record.recorder { redactWhatWasEntered(in: recorder) }
        try resumeLink()
    }

    /// A screen's action as the session does it, for a recording's step.
    private func performable(_ action: ShopAction, on screen: ShopScreen) -> ScreenAction {
        action.explored { [weak self, weak screen] action, argument in
            guard let self, let screen else { throw FlowError(.flowFinished, "The \(self?.app.name ?? "app") has ended; there is nothing more to do.") }
            try self.perform(action, argument, on: screen)
        }
    }

    /// The actions of a screen as the session does them: an alert's are its buttons.
    func sessionActions(on screen: any Screen) -> [ScreenAction] {
        if let alert = screen as? any AlertScreen { return Self.answers(to: alert) }
        guard let screen = screen as? ShopScreen else { return [] }
        return screen.actions.map { performable($0, on: screen) }
    }

    /// Runs one of the person's steps: through the recorder when one records.
    func recording(_ input: RecordedStep.Input, _ body: () throws -> Void) throws {
        record.hasSteps = true
        if let recorder = record.recorder { try recorder.record(input, body) } else { try body() }
    }

    /// Starts a recorder, unless one records already, with the app's state beside each checkpoint.
    func startRecorder(keepingLast limit: Int, appState: @escaping @MainActor () throws -> SavedValue) throws -> JourneyRecorder? {
        guard record.recorder == nil else { return nil }
        let recorder = try JourneyRecorder(on: host, keepingLast: limit, appState: appState, atAppStart: restoration == nil && !record.hasSteps)
        recorder.tags = ["app": app.recordingTag, "strategy": strategy.rawValue]
        record.recorder = recorder
        return recorder
    }

    /// The terminal the session prints to: a platform FlowPlatform's driver brings to the model
    /// host, as it does UIKit and the web.
    var terminal: TerminalPlatform {
        if let terminal = record.terminal { return terminal }
        let terminal = TerminalPlatform(showing: host)
        record.terminal = terminal
        return terminal
    }

    /// The current screen as text. Reading it consumes the screen's message.
    func text() -> String {
        if let alert = shownAlert { return text(of: alert) }
        guard let screen = currentScreen else {
            return "The \(app.name) has ended.\n" + summary
        }
        var lines = ["== \(screen.title) =="] + screen.lines
        if let problem = screen.problem {
            lines.append("! \(problem)")
            screen.problem = nil
        }
        if let message = screen.message {
            lines.append("* \(message)")
            screen.message = nil
        }
        lines.append("-- hierarchy --")
        lines += terminal.text.split(separator: "\n").map(String.init)
        lines.append("-- actions --")
        let actions = screen.actions
        let width = actions.map { $0.name.count + ($0.argument.map { $0.count + 1 } ?? 0) }.max() ?? 0
        for (index, action) in actions.enumerated() {
            let name = action.argument.map { "\(action.name) \($0)" } ?? action.name
            lines.append("  \(index + 1). \(name.padded(to: width))  \(action.summary)")
        }
        lines += controlLines()
        return lines.joined(separator: "\n")
    }

    /// Everything a person can type now.
    func help() -> String {
        var lines = ["You can type:"]
        let actions = currentScreen?.actions ?? []
        let controls = PlatformControl.available(on: host)
        var rows: [(String, String)] = actions.enumerated().map { index, action in
            ("\(index + 1) or \(action.argument.map { "\(action.name) \($0)" } ?? action.name)", action.summary)
        }
        if let alert = shownAlert {
            rows = alert.alert.buttons.enumerated().map { index, button in ("\(index + 1) or \(button.title.lowercased())", Self.summary(of: button)) }
        }
        rows += controls.map { ($0.typed, $0.summary) }
        if let linkHelp { rows.append((":open <link>", linkHelp)) }
        rows += [
            (":save <file>", "save the \(app.name) to a file; flow-demo --restore <file> brings it back"),
            ("help, :help", "this list"),
            ("quit, exit", "stop"),
        ]
        let width = rows.map(\.0.count).max() ?? 0
        lines += rows.map { "  \($0.0.padded(to: width))  \($0.1)" }
        return lines.joined(separator: "\n")
    }
}

// MARK: An alert on top

extension SessionMachinery {
    /// The alert the person sees, while the app runs.
    var shownAlert: (any AlertScreen)? {
        guard appFlow.phase == .running else { return nil }
        return host.visibleScreen as? any AlertScreen
    }

    /// An alert's buttons, as the session's actions: each named by its title.
    static func answers(to alert: any AlertScreen) -> [ScreenAction] {
        alert.alert.buttons.map { button in ScreenAction(button.title) { try alert.answer(button) } }
    }

    /// What a button does, for people: `Remove (removes)`, `Keep (cancels)`.
    static func summary(of button: FlowAlert.Button) -> String {
        switch button.role {
        case .cancel?: "\(button.title): leave it as it is (:back chooses it)"
        case .destructive?: "\(button.title): this cannot be undone"
        case nil: button.title
        }
    }

    /// Answers the alert on top with the button a command names, by title or number.
    func answer(_ alert: any AlertScreen, _ command: Command) throws {
        let buttons = alert.alert.buttons
        // A title of several words is typed whole: `keep editing`.
        let typed = ([command.word] + (command.argument.map { [$0] } ?? [])).joined(separator: " ").lowercased()
        let byTitle = buttons.first { $0.title.lowercased() == typed }
        let byNumber = Int(command.word).flatMap { buttons.indices.contains($0 - 1) ? buttons[$0 - 1] : nil }
        let byWord = buttons.first { $0.title.lowercased() == command.key }
        guard let button = byTitle ?? byNumber ?? byWord else {
            let possible = buttons.enumerated().map { "\($0.offset + 1) \($0.element.title.lowercased())" }.joined(separator: ", ")
            throw CommandRefused("\"\(typed.echoed)\" is not an answer to \"\(alert.alert.title)\". Answer with one of: \(possible).")
        }
        guard byTitle != nil || command.argument == nil else {
            throw CommandRefused("\(button.title.lowercased()) takes nothing after it, but was given \"\(command.argument?.echoed ?? "")\".")
        }
        let performed = ScreenAction(button.title) { try alert.answer(button) }
        record.hasSteps = true
        if let recorder = record.recorder { try recorder.perform(performed, with: nil) } else { try performed.perform(nil) }
        try resumeLink()
    }

    /// The system controls that apply now, as the screen's text lists them; none, no heading.
    func controlLines() -> [String] {
        let controls = PlatformControl.available(on: host)
        guard !controls.isEmpty else { return [] }
        let width = controls.map(\.typed.count).max() ?? 0
        return ["-- system controls --"] + controls.map { "  \($0.typed.padded(to: width))  \($0.summary)" }
    }

    /// An alert as text: its title, message, the hierarchy under it, and its buttons.
    func text(of alert: any AlertScreen) -> String {
        var lines = ["== \(alert.alert.title) =="]
        if let message = alert.alert.message { lines.append(message) }
        lines.append("-- hierarchy --")
        lines += terminal.text.split(separator: "\n").map(String.init)
        lines.append("-- answers --")
        let width = alert.alert.buttons.map(\.title.count).max() ?? 0
        for (index, button) in alert.alert.buttons.enumerated() {
            lines.append("  \(index + 1). \(button.title.lowercased().padded(to: width))  \(Self.summary(of: button))")
        }
        lines += controlLines()
        return lines.joined(separator: "\n")
    }
}
