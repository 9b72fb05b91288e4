import FlowChain
import FlowExplorer
import FlowKernel
import FlowRecording
import FlowRouter
import FlowRuntime
import FlowSnapshot
import FlowStack
import FlowStage

/// One run of the sign-up in one strategy, on an in-memory host: what `flow-demo --app signup`
/// drives and the tests check. It knows nothing of any strategy beyond making its flow.
@MainActor
public final class SignupSession: AppSession, SessionMachinery {
    /// The sign-up.
    public var app: SampleApp { .signup }
    /// The strategy the sign-up is written in.
    public let strategy: Strategy
    /// The host the sign-up runs on.
    public let host = InMemoryHost()
    /// What was entered and the accounts made.
    public let model = SignupModel()
    /// Every event, for the transcript.
    public let log = EventLog()
    /// The sign-up's flow.
    public let flow: any Flow<Signup>
    /// The sign-up's flow.
    public var appFlow: any Flow { flow }
    let record = SessionRecord()

    /// Starts the sign-up in a strategy, with observers of its own that see every event.
    ///
    /// - Parameter saved: a sign-up saved by ``save()``: its model is taken back, then its
    ///   navigation restored (``restoration`` says what came back); when the flow does not come
    ///   back, the sign-up starts anew, with the model, unless `ended` says it had ended.
    public init(strategy: Strategy, observers: [any FlowObserver] = [], restoring saved: SavedSignup? = nil, ended: Bool = false) throws {
        self.strategy = strategy
        host.addObserver(log)
        for observer in observers { host.addObserver(observer) }
        flow =
            switch strategy {
            case .stack: StackSignup.make(model: model)
            case .chain: ChainSignup.make(model: model)
            case .router: try RouterSignup.make(model: model)
            case .coordinator: SignupCoordinator(model: model)
            }
        guard let saved else {
            try flow.start(on: host)
            return
        }
        model.restore(saved.model)
        restoration = saved.navigation.restore(on: host) { [flow] saved in
            saved.parent == nil && saved.id == flow.id.name ? flow as? any RestorableFlow : nil
        }
        if flow.phase == .ready, !ended { try flow.start(on: host) }
    }

    /// Writes the sign-up (``save()``) to a file for `:save <file>`.
    public var saveTo: ((String) throws -> String)?

    /// What a restore brought back, when the session was made from a saved sign-up.
    public private(set) var restoration: RestorationReport?

    /// The sign-up as it is kept across launches.
    public func save() -> SavedSignup {
        SavedSignup(strategy: strategy.rawValue, model: model.saved, navigation: host.flows.snapshot(of: host))
    }

    /// The sign-up as ``SavedApp`` keeps it.
    public func saved() -> SavedApp { .signup(save()) }

    /// How the sign-up ended, once it has.
    public var outcome: FlowOutcome<Signup>? { flow.outcome }

    /// The screen the person is looking at, while the sign-up runs.
    public var currentScreen: ShopScreen? { visibleScreen }

    /// The sign-up has no links: refused, and nothing changes.
    @discardableResult
    public func open(_ link: String) throws -> String {
        throw FlowError(.notFound, "The sign-up has no links; \(link.echoed) opens nothing.")
    }

    func resumeLink() throws {}

    var linkHelp: String? { nil }

    /// Does what a command says on the current screen, or what the platform's own control does.
    ///
    /// - Returns: `nil` when it was done; otherwise why not. Nothing changes when it is refused.
    public func perform(_ command: Command) -> String? { performing(command) }

    /// Does what a command says, as ``perform(_:)`` does, but throws.
    public func run(_ command: Command) throws { try running(command) }

    /// The actions of a screen as the session does them: what a replay of a recording makes.
    public func actions(on screen: any Screen) -> [ScreenAction] { sessionActions(on: screen) }

    /// The current screen as text. Reading it consumes the screen's message.
    public func screenText() -> String { text() }

    /// Everything a person can type now.
    public func helpText() -> String { help() }

    /// Records what the person does from now on: the details' email address and the card are
    /// kept as stand-ins.
    public func startRecording(keepingLast limit: Int = 500) throws {
        let model = model
        let recorder = try startRecorder(keepingLast: limit) { try SavedValue(encoding: model.saved) }
        // Details entered before recording began stay out of it too.
        if let recorder { redactWhatWasEntered(in: recorder) }
    }

    /// The name, the address and the card's last digits the person entered: the recording keeps
    /// the stand-ins the details' and the card's actions replay with.
    func redactWhatWasEntered(in recorder: JourneyRecorder) {
        if let details = model.details {
            recorder.redact(details.email, as: "someone@example.com")
            recorder.redact(details.name, as: "A Person")
        }
        if let ending = model.cardEnding { recorder.redact(ending, as: "4242") }
    }

    /// One line on how the run stands: the account made, or where it stopped.
    public var summary: String {
        switch outcome {
        case .completed(let account)?: "Finished (\(strategy.rawValue)): signed up \(account)."
        case .cancelled?: "Finished (\(strategy.rawValue)): cancelled without an account."
        case nil:
            if let account = model.accounts.last {
                "Stopped (\(strategy.rawValue)) on \(currentScreen?.title ?? "no screen"); the account was made: \(account)."
            } else {
                "Stopped (\(strategy.rawValue)) on \(currentScreen?.title ?? "no screen"), without an account."
            }
        }
    }

    /// The navigation the sign-up's flow declares without running: the chain's steps, the stack
    /// registry's order, the router's registrations. The coordinator decides in code.
    public var declaredGraph: NavigationGraph? {
        switch flow {
        case let router as RouterFlow<Signup>: router.declaredGraph(start: DetailsScreen.self)
        case let chain as ChainFlow<Signup>: chain.declaredGraph
        case let stack as StackNavigator<Signup>: stack.registry.declaredGraph
        default: nil
        }
    }

    /// The type names of the screens the sign-up shows, in every strategy.
    public static let screenTypeNames = ["DetailsScreen", "CardScreen", "ConfirmScreen", "SignedUpScreen"]

    /// The sign-up in several strategies explored side by side. The four agree on every move, so
    /// nothing is declared.
    public static func sideBySide(_ strategies: [Strategy] = Strategy.allCases) -> SideBySideExplorer {
        SideBySideExplorer(strategies.map { ($0.rawValue, explorer($0)) })
    }

    /// An explorer of the sign-up in a strategy, expecting every screen; an account made is
    /// once-only, so a journey that makes two is a finding.
    public static func explorer(_ strategy: Strategy) -> NavigationExplorer {
        NavigationExplorer(expecting: screenTypeNames) {
            let session = try SignupSession(strategy: strategy)
            let model = session.model
            return ExplorationRun(
                host: session.host, flow: session.flow, keeping: session, state: { model.navigationState },
                onceOnly: [OnceOnlyEffect("account made") { model.accounts.count }],
                // The whole model, so that the walk reaches states by the moves it has seen.
                saving: { try SavedValue(encoding: model.saved) })
        }
    }

    /// A replay of sign-up recordings in a strategy.
    public static func replay(_ strategy: Strategy, comparing comparison: JourneyReplay.Comparison = .transcript) -> JourneyReplay {
        JourneyReplay(comparing: comparison) { start in
            let session = try SignupSession(strategy: strategy, startingFrom: start)
            return ExplorationRun(
                host: session.host, flow: session.flow, keeping: session, actions: { session.actions(on: $0) }, links: { try session.open($0) })
        }
    }

    /// Starts the sign-up where a recording starts: anew, or from its snapshot with the model
    /// saved beside it.
    ///
    /// - Throws: ``/FlowKernel/FlowError/Code/invalidRecording`` when the snapshot has no sign-up
    ///   model beside it or does not come back whole in this strategy.
    public convenience init(strategy: Strategy, startingFrom start: JourneyRecording.Start) throws {
        guard case .snapshot(let navigation, let app) = start else {
            try self.init(strategy: strategy)
            return
        }
        let model: SignupModel.Saved
        do {
            guard let app else { throw FlowError(.invalidRecording, "nothing is saved beside it") }
            model = try app.decode(SignupModel.Saved.self)
        } catch {
            throw FlowError(.invalidRecording, "The recording's start is not a sign-up's: its model could not be read (\(NavigationSnapshot.explain(error))).")
        }
        try self.init(strategy: strategy, restoring: SavedSignup(strategy: strategy.rawValue, model: model, navigation: navigation))
        if let report = restoration, report.entries.contains(where: { $0.outcome != .restored }) || flow.phase != .running {
            let lines = report.entries.filter { $0.outcome != .restored }.map(\.description)
            throw FlowError(
                .invalidRecording,
                "The recording starts from a moment the \(strategy.rawValue) sign-up cannot bring back whole: \(lines.isEmpty ? "its flow did not come back" : lines.joined(separator: "; "))."
            )
        }
    }
}

/// A sign-up saved to come back to: what `:save` writes and `--restore` reads.
public struct SavedSignup: Codable, Hashable, Sendable {
    /// `signup`, which tells a saved sign-up from a saved shop.
    public var app = SampleApp.signup.rawValue
    /// The strategy the sign-up ran in.
    public var strategy: String
    /// What was entered, and the accounts made.
    public var model: SignupModel.Saved
    /// Every flow that ran and what it showed.
    public var navigation: NavigationSnapshot

    /// Makes a saved sign-up.
    public init(strategy: String, model: SignupModel.Saved, navigation: NavigationSnapshot) {
        self.strategy = strategy
        self.model = model
        self.navigation = navigation
    }
}
