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
public final class ShopSession: AppSession, SessionMachinery {
    /// The shop.
    public var app: SampleApp { .shop }
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
    /// The shop's flow.
    public var appFlow: any Flow { flow }
    let record = SessionRecord()
    /// Opens `shop://` links in this session's strategy, behind the shop's guards
    /// (``ShopLinks/guards(model:)``).
    public let links: LinkOpener<ShopDestination>

    /// Whether the shop keeps a placed order from being placed again: in every strategy the
    /// confirmation refuses the person's Back (Docs/Strategies.md, "A step that cannot be
    /// undone"). Off, the shop is the one that took an order twice.
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
    public func perform(_ command: Command) -> String? { performing(command) }

    /// Does what a command says, as ``perform(_:)`` does, but throws: ``CommandRefused`` for a
    /// command that names nothing possible, the flow's ``/FlowKernel/FlowError`` for a request the
    /// flow refuses. Nothing changes when it throws.
    public func run(_ command: Command) throws { try running(command) }

    /// The actions of a screen as the session does them: what a replay of a recording makes.
    public func actions(on screen: any Screen) -> [ScreenAction] { sessionActions(on: screen) }

    /// The shop as ``SavedApp`` keeps it.
    public func saved() -> SavedApp { .shop(save()) }

    // MARK: Recording

    /// Records what the person does from now on, until the session ends: every action, system
    /// control and link, as ``JourneyRecorder`` steps. The email address is kept as a stand-in.
    ///
    /// - Parameter limit: How many steps the ring keeps at least (at most twice as many).
    public func startRecording(keepingLast limit: Int = 500) throws {
        let model = model
        let links = links
        let recorder = try startRecorder(keepingLast: limit) {
            try SavedValue(encoding: ShopState(model: model.saved, pendingLink: links.pending?.link.text))
        }
        // Someone signed in before recording began: their address stays out of it too.
        if let email = model.user?.email { recorder?.redact(email, as: SignInScreen.standIn(for: email)) }
    }

    /// The address typed at sign-in is redacted by the action itself.
    func redactWhatWasEntered(in recorder: JourneyRecorder) {}

    /// The recorder, once ``startRecording(keepingLast:)`` has started one.
    public var recorder: JourneyRecorder? { record.recorder }

    /// Opens the link parked behind sign-in once its guard lets it through: after every command,
    /// when the shop is between requests.
    func resumeLink() throws {
        guard links.pending != nil, flow.phase == .running else { return }
        if case .arrived(let destination)? = try links.resumePending(), let screen = currentScreen {
            screen.message = "Opened the link you followed before signing in: \(destination)."
        }
    }

    /// The current screen as text: title, what it shows, its message, the hierarchy, the actions.
    /// Reading it consumes the screen's message.
    public func screenText() -> String { text() }

    /// Everything a person can type now: the screen's actions, the system controls that apply,
    /// links, help and quit. What `help` and `:help` print.
    public func helpText() -> String { help() }

    /// The `:open` line of the help.
    var linkHelp: String? {
        "open a link: shop://signin, shop://catalog, shop://product/<shoes|hat|scarf>, shop://cart, shop://checkout"
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
