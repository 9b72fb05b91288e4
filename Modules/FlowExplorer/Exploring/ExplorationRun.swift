import FlowKernel
import FlowRuntime
import FlowSnapshot

/// One fresh run of the app the explorer walks: the host it shows on and its running root flow.
///
/// The explorer asks for a new run whenever it goes back to the start, so every run must start
/// the same way: the same screens, the same state. It keeps the run only while it uses it, and
/// when the flow has ended it checks that letting go of the run released every screen it saw.
@MainActor
public struct ExplorationRun {
    /// The host the app shows on.
    public let host: any FlowHost
    /// The app's root flow, started.
    public let flow: any Flow
    /// Whatever else the run needs kept alive while it is used (an app session, say).
    let keepAlive: AnyObject?
    /// The app's own state that decides what a person can do, beyond what is shown.
    let state: @MainActor () -> String
    /// The actions a person can take on a screen.
    let actions: @MainActor (any Screen) -> [ScreenAction]
    /// What may happen at most once in a run, each with how many times it has happened so far.
    let onceOnly: [OnceOnlyEffect]
    /// Opens a link as the platform hands the app one, for replaying recordings that open links.
    let links: (@MainActor (String) throws -> Void)?
    /// The app's whole own state, as it saves it, when the app gives it.
    let saving: (@MainActor () throws -> SavedValue)?

    /// Describes a run.
    ///
    /// - Parameters:
    ///   - host: The host the app shows on.
    ///   - flow: The app's root flow, already started on the host.
    ///   - keeping: An object the run needs kept alive while it is explored (the session that
    ///     holds the host and the flow, say); released with the run.
    ///   - state: The app's own state that changes what a person can do beyond what is shown (what
    ///     is in the cart, who is signed in), as text. Two moments that show the same and have the
    ///     same state are one state of the exploration; leave it out and a cart with an item in it
    ///     looks like an empty one.
    ///   - actions: The actions a person can take on a screen; by default an ``ExplorableScreen``'s
    ///     own, and none on other screens. On an alert (`AlertScreen`) they are its
    ///     buttons, each named by its title, whatever this lists.
    ///   - onceOnly: What must happen at most once in a run — an order placed, a message sent —
    ///     each with how many times it has happened in this run. The explorer tells states apart by
    ///     these counts and reports a journey in which one happens twice
    ///     (``ExplorationFinding/Kind/happenedTwice(_:)``).
    ///   - links: Opens a link as the platform hands the app one (throwing when it cannot be
    ///     opened), for a ``JourneyReplay`` of a recording that opens links; `nil` for an app
    ///     that takes none.
    ///   - saving: The app's whole own state, as it saves it (its `Codable` model, say), where
    ///     `state` says only as much as tells states apart. Opt in with it and the explorer knows
    ///     when a run that came to a state by another way is there exactly — the same screens and
    ///     the same saved state as the shortest route leaves it — and reaches states along moves it
    ///     has seen, going back included, rather than replaying their routes from a fresh start.
    ///     Without it, a run is reused only where it came by the state's shortest route. What the
    ///     screens hold beyond what is shown and saved must follow from it.
    public init(
        host: any FlowHost,
        flow: any Flow,
        keeping: AnyObject? = nil,
        state: @escaping @MainActor () -> String = { "" },
        actions: (@MainActor (any Screen) -> [ScreenAction])? = nil,
        onceOnly: [OnceOnlyEffect] = [],
        links: (@MainActor (String) throws -> Void)? = nil,
        saving: (@MainActor () throws -> SavedValue)? = nil
    ) {
        self.host = host
        self.flow = flow
        self.keepAlive = keeping
        self.state = state
        let listed = actions ?? { ($0 as? any ExplorableScreen)?.explorationActions ?? [] }
        // An alert's buttons are what a person can do on it, whoever lists the app's actions.
        self.actions = { screen in (screen as? any AlertScreen).map(Self.answers) ?? listed(screen) }
        self.onceOnly = onceOnly
        self.links = links
        self.saving = saving
    }
}

extension ExplorationRun {
    /// An alert's buttons, each an action named by its title that answers the alert with it.
    static func answers(_ alert: any AlertScreen) -> [ScreenAction] {
        alert.alert.buttons.map { button in ScreenAction(button.title) { try alert.answer(button) } }
    }
}

/// Something an app must do at most once in a journey — place an order, send a message, charge a
/// card — and how to count it in one run.
///
/// ```swift
/// ExplorationRun(host: host, flow: flow, onceOnly: [OnceOnlyEffect("order placed") { model.orders.count }])
/// ```
@MainActor
public struct OnceOnlyEffect {
    /// What happens, as a finding names it: `order placed`.
    public let name: String
    /// How many times it has happened in the run.
    public let count: @MainActor () -> Int

    /// Names an effect and how to count it.
    public init(_ name: String, count: @escaping @MainActor () -> Int) {
        self.name = name
        self.count = count
    }
}

/// How the run's flow ended, as an end node names it.
@MainActor
func endName(of flow: some Flow) -> String? {
    // The phase first: reading a generic flow's outcome costs more than a move.
    guard flow.phase == .finished, let outcome = flow.outcome else { return nil }
    return outcome.isCancelled ? "(cancelled)" : "(completed)"
}
