import FlowExplorer
import FlowKernel
import FlowLinks
import FlowRecording
import FlowRuntime
import FlowSnapshot
import FlowStage

/// One run of the shop in one strategy, on an in-memory host: what the CLI drives and the tests
/// check. It knows nothing of any strategy beyond making its flow.
@MainActor
public final class ShopSession {
    /// The strategy the shop is written in.
    public let strategy: Strategy
    /// The host the shop runs on.
    public let host = InMemoryHost()
    /// Who is signed in and what is in the cart.
    public let model = ShopModel()
    /// Every event, for the transcript.
    public let log = EventLog()
    /// The shop's flow.
    public let flow: any Flow<Order>
    /// Opens `shop://` links in this session's strategy, behind the shop's guards
    /// (``ShopLinks/guards(model:)``).
    public let links: LinkOpener<ShopDestination>

    /// Whether the shop keeps a placed order from being placed again: each strategy's recipe
    /// (Docs/Strategies.md, "A step that cannot be undone") — FlowStack's and FlowCoordinator's
    /// confirmation replaces the entries behind it, so Back leads to the catalog; FlowChain's and
    /// FlowRouter's refuses the person's Back. Off, the shop is the one that took an order twice.
    public let protectsPlacedOrder: Bool

    /// Starts the shop in a strategy, with observers of its own (a logger, say) that see every
    /// event from the first.
    ///
    /// - Parameter protectsPlacedOrder: `false` leaves out the recipe that keeps an order from
    ///   being placed twice, as a test of the explorer's once-only finding does.
    /// - Parameter saved: a shop saved by ``save()``: its model is taken back, then its navigation
    ///   restored (``restoration`` says what came back); when the shop's flow does not come back,
    ///   the shop starts anew, with the model, unless `ended` says it had ended.
    /// - Parameter ended: whether the saved shop had ended: restored, it stays ended rather than
    ///   starting anew (a web session continued after its run ended).
    public init(
        strategy: Strategy, observers: [any FlowObserver] = [], protectsPlacedOrder: Bool = true, restoring saved: SavedShop? = nil, ended: Bool = false
    ) throws {
        self.strategy = strategy
        self.protectsPlacedOrder = protectsPlacedOrder
        host.addObserver(log)
        for observer in observers { host.addObserver(observer) }
        let arrive: (ShopDestination) throws -> Void
        // The child flows a restore brings back, made as the shop makes them.
        let remake: (SavedFlow) -> (any RestorableFlow)?
        switch strategy {
        case .stack:
            let navigator = StackShop.make(model: model, protectingOrder: protectsPlacedOrder)
            flow = navigator
            arrive = { try StackShop.arrive(at: $0, on: navigator) }
            remake = { _ in nil }
        case .chain:
            let chain = ChainShop.make(model: model, host: host, protectingOrder: protectsPlacedOrder)
            flow = chain
            arrive = { [model] in try ChainShop.arrive(at: $0, on: chain, model: model) }
            remake = { [model] saved in saved.id == "cart" ? ChainShop.restoredCart(over: chain, model: model) : nil }
        case .router:
            let router = try RouterShop.make(model: model, protectingOrder: protectsPlacedOrder)
            flow = router
            arrive = { [model] in try RouterShop.arrive(at: $0, on: router, model: model) }
            remake = { _ in nil }
        case .coordinator:
            let app = CoordinatorShop.make(model: model, protectingOrder: protectsPlacedOrder)
            flow = app
            arrive = { try app.answer($0) }
            remake = { app.remake($0) }
        }
        links = LinkOpener(links: try ShopLinks.map(), reportingTo: host, guards: ShopLinks.guards(model: model)) { [flow] destination in
            guard flow.phase == .running else { throw FlowError(.flowFinished, "The shop has ended; there is nowhere to arrive.") }
            try arrive(destination)
        }
        guard let saved else {
            try flow.start(on: host)
            return
        }
        model.restore(saved.model)
        restoration = saved.navigation.restore(on: host) { [flow] saved in
            saved.parent == nil && saved.id == flow.id.name ? flow as? any RestorableFlow : remake(saved)
        }
        // Nothing of the shop came back: it starts anew, with the model (unless it had ended).
        if flow.phase == .ready, !ended { try flow.start(on: host) }
        // A link that no longer needs to wait (or no longer reads) is not parked: it is not
        // opened behind the person's back either.
        if let link = saved.pendingLink { _ = try? links.restorePending(link) }
    }

    /// Writes the shop (``save()``) to a file for `:save <file>`, and returns a sentence saying
    /// so; the CLI gives it, as the app does its storage. Without it, `:save` is refused.
    public var saveTo: ((String) throws -> String)?

    /// What a restore brought back, when the session was made from a saved shop.
    public private(set) var restoration: RestorationReport?

    /// The shop as the app keeps it across launches: the strategy, the model and the navigation.
    public func save() -> SavedShop {
        SavedShop(strategy: strategy.rawValue, model: model.saved, navigation: host.flows.snapshot(of: host), pendingLink: links.pending?.link.text)
    }

    /// Opens a link, as the platform hands the app one: arrives at its destination with the back
    /// stack a person would have built, or parks it behind sign-in (showing sign-in) and resumes it
    /// once someone has signed in. A recording session records it as a step.
    ///
    /// - Returns: a sentence on what happened, for people.
    /// - Throws: the opener's ``/FlowKernel/FlowError`` for a link that cannot be opened; nothing
    ///   changes then.
    @discardableResult
    public func open(_ link: String) throws -> String {
        var said = ""
        try recording(.link(link)) {
            said =
                switch try links.open(link) {
                case .arrived(let destination): "Opened \(link.echoed): \(destination)."
                case .deferred(let pending): "\(link.echoed) opens once \(pending.until)."
                }
        }
        return said
    }

    /// How the shop ended, once it has.
    public var outcome: FlowOutcome<Order>? { flow.outcome }

    /// The screen the user is looking at, while the shop runs.
    public var currentScreen: ShopScreen? {
        guard flow.phase == .running else { return nil }
        return host.visibleScreen as? ShopScreen
    }

    /// Does what a command says on the current screen, or, for a word starting with `:`, what the
    /// platform's own control does (``PlatformControl``).
    ///
    /// - Returns: `nil` when it was done; otherwise why not, naming what is possible. Nothing
    ///   changes when a command is refused.
    public func perform(_ command: Command) -> String? {
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

    /// Does what a command says, as ``perform(_:)`` does, but throws: ``CommandRefused`` for a
    /// command that names nothing possible, the flow's ``/FlowKernel/FlowError`` for a request the
    /// flow refuses. Nothing changes when it throws.
    public func run(_ command: Command) throws {
        guard let screen = currentScreen else {
            throw CommandRefused("The shop has ended; there is nothing more to do.")
        }
        if command.key == ":open" {
            guard let link = command.argument else { throw CommandRefused(":open needs a link: type \":open shop://product/shoes\".") }
            let said = try open(link)
            if let screen = currentScreen { screen.message = said }
            return
        }
        if command.key == ":save" {
            guard let file = command.argument else { throw CommandRefused(":save needs a file: type \":save shop.json\".") }
            guard let saveTo else { throw CommandRefused("This shop cannot save to files; flow-demo can.") }
            screen.message = try saveTo(file)
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
        let actions = screen.actions
        let chosen =
            Int(command.word).flatMap { actions.indices.contains($0 - 1) ? actions[$0 - 1] : nil }
            ?? actions.first { $0.name.lowercased() == command.key }
        guard let action = chosen else {
            let possible = actions.enumerated().map { "\($0.offset + 1) \($0.element.name)" }.joined(separator: ", ")
            throw CommandRefused("\"\(command.word.echoed)\" is not an action on \(screen.title). Try one of: \(possible); help lists everything you can type.")
        }
        let argument = command.argument
        if let placeholder = action.argument, argument == nil {
            throw CommandRefused("\(action.name) needs \(placeholder): type \"\(action.name) \(placeholder)\".")
        }
        if action.argument == nil, let argument {
            throw CommandRefused("\(action.name) takes nothing after it, but was given \"\(argument.echoed)\".")
        }
        let performed = performable(action, on: screen)
        let saved = argument.map(SavedValue.string)
        hasSteps = true
        if let recorder { try recorder.perform(performed, with: saved) } else { try performed.perform(saved) }
    }

    /// Does a screen's action as the session does every action, whoever asks: clears the
    /// screen's message and problem, runs it, counts a problem it reports, and opens a link
    /// waiting behind sign-in.
    private func perform(_ action: ShopAction, _ argument: String?, on screen: ShopScreen) throws {
        screen.message = nil
        screen.problem = nil
        try action.run(argument)
        if screen.problem != nil { refusals += 1 }
        try resumeLink()
    }

    /// A screen's action as the session does it (``perform(_:_:on:)``), for a recording's step.
    private func performable(_ action: ShopAction, on screen: ShopScreen) -> ScreenAction {
        action.explored { [weak self, weak screen] action, argument in
            guard let self, let screen else { throw FlowError(.flowFinished, "The shop has ended; there is nothing more to do.") }
            try self.perform(action, argument, on: screen)
        }
    }

    /// The actions of a screen as the session does them: what a replay of a recording makes.
    public func actions(on screen: any Screen) -> [ScreenAction] {
        guard let screen = screen as? ShopScreen else { return [] }
        return screen.actions.map { performable($0, on: screen) }
    }

    // MARK: Recording

    /// Records what the person does from now on, until the session ends: every action, system
    /// control and link, as ``JourneyRecorder`` steps. The email address is kept as a stand-in.
    ///
    /// - Parameter limit: How many steps the ring keeps at least (at most twice as many).
    public func startRecording(keepingLast limit: Int = 500) throws {
        guard recorder == nil else { return }
        let model = model
        let links = links
        recorder = try JourneyRecorder(
            on: host, keepingLast: limit, appState: { try SavedValue(encoding: ShopState(model: model.saved, pendingLink: links.pending?.link.text)) },
            atAppStart: !isRestored && !hasSteps)
        recorder?.tags = ["app": "FlowKit shop", "strategy": strategy.rawValue]
        // Someone signed in before recording began: their address stays out of it too.
        if let email = model.user?.email { recorder?.redact(email, as: SignInScreen.standIn(for: email)) }
    }

    /// What the person did since recording started.
    public var recording: JourneyRecording? { recorder?.recording }

    /// The recorder, once ``startRecording(keepingLast:)`` has started one.
    public private(set) var recorder: JourneyRecorder?

    /// Whether the person has done anything yet.
    private var hasSteps = false

    /// Whether the session came back from a saved shop.
    private var isRestored: Bool { restoration != nil }

    /// Runs one of the person's steps: through the recorder when one records.
    private func recording(_ input: RecordedStep.Input, _ body: () throws -> Void) throws {
        hasSteps = true
        if let recorder { try recorder.record(input, body) } else { try body() }
    }

    /// How many actions a screen refused with a problem of its own (an address that is not one)
    /// rather than a thrown error: the run went on, but not as typed.
    public private(set) var refusals = 0

    /// Opens the link parked behind sign-in once its guard lets it through: after every command,
    /// when the shop is between requests.
    private func resumeLink() throws {
        guard links.pending != nil, flow.phase == .running else { return }
        if case .arrived(let destination)? = try links.resumePending(), let screen = currentScreen {
            screen.message = "Opened the link you followed before signing in: \(destination)."
        }
    }

    /// The current screen as text: title, what it shows, its message, the hierarchy, the actions.
    /// Reading it consumes the screen's message.
    public func screenText() -> String {
        guard let screen = currentScreen else {
            return "The shop has ended.\n" + summary
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
        lines += host.render().split(separator: "\n").map(String.init)
        lines.append("-- actions --")
        let actions = screen.actions
        let width = actions.map { $0.name.count + ($0.argument.map { $0.count + 1 } ?? 0) }.max() ?? 0
        for (index, action) in actions.enumerated() {
            let name = action.argument.map { "\(action.name) \($0)" } ?? action.name
            lines.append("  \(index + 1). \(name.padded(to: width))  \(action.summary)")
        }
        let controls = PlatformControl.available(on: host)
        if !controls.isEmpty {
            lines.append("-- system controls --")
            let width = controls.map(\.typed.count).max() ?? 0
            for control in controls { lines.append("  \(control.typed.padded(to: width))  \(control.summary)") }
        }
        return lines.joined(separator: "\n")
    }

    /// Everything a person can type now: the screen's actions, the system controls that apply,
    /// links, help and quit. What `help` and `:help` print.
    public func helpText() -> String {
        var lines = ["You can type:"]
        let actions = currentScreen?.actions ?? []
        let controls = PlatformControl.available(on: host)
        var rows: [(String, String)] = actions.enumerated().map { index, action in
            ("\(index + 1) or \(action.argument.map { "\(action.name) \($0)" } ?? action.name)", action.summary)
        }
        rows += controls.map { ($0.typed, $0.summary) }
        rows += [
            (":open <link>", "open a link: shop://signin, shop://catalog, shop://product/<shoes|hat|scarf>, shop://cart, shop://checkout"),
            (":save <file>", "save the shop to a file; flow-demo --restore <file> brings it back"),
            ("help, :help", "this list"),
            ("quit, exit", "stop"),
        ]
        let width = rows.map(\.0.count).max() ?? 0
        lines += rows.map { "  \($0.0.padded(to: width))  \($0.1)" }
        return lines.joined(separator: "\n")
    }

    /// One line on how the run stands: the order placed, or where it stopped.
    public var summary: String {
        switch outcome {
        case .completed(let order)?: "Finished (\(strategy.rawValue)): order placed for \(order)."
        case .cancelled?: "Finished (\(strategy.rawValue)): cancelled without an order."
        case nil:
            if let placed = model.placedOrders.last {
                "Stopped (\(strategy.rawValue)) on \(currentScreen?.title ?? "no screen"); the order was placed: \(placed)."
            } else {
                "Stopped (\(strategy.rawValue)) on \(currentScreen?.title ?? "no screen"), without an order."
            }
        }
    }
}

/// A command that names nothing the user can do now: the sentence says what is possible.
public struct CommandRefused: Error, Equatable, CustomStringConvertible {
    /// Why, for people.
    public let description: String

    init(_ description: String) { self.description = description }
}

/// Keeps every event a host reports, for the CLI's `--transcript`.
@MainActor
public final class EventLog: FlowObserver {
    /// The events, oldest first.
    public private(set) var events: [FlowEvent] = []

    /// Makes an empty log.
    public init() {}

    /// Keeps an event.
    public func receive(_ event: FlowEvent) { events.append(event) }

    /// One line per event.
    public var lines: [String] { events.map(\.description) }
}

extension String {
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
