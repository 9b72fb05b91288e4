import FlowKernel

/// Something the explorer found wrong, with the shortest moves from the start that show it.
public struct ExplorationFinding: Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Hashable, Sendable {
        /// An action the screen offered threw, with a good sample or none.
        case actionThrew(String, error: String)
        /// A move that threw changed what is shown: it was not all or nothing.
        case refusalChangedSomething(String)
        /// An action given a bad sample changed what is shown instead of refusing it.
        case invalidSampleAccepted(String)
        /// A state while the flow runs from which no move leads anywhere else.
        case deadEnd
        /// A screen the app expects to show that no move reached.
        case neverReached(String)
        /// The flow ended, and letting go of the run left screens alive (named by type).
        case leak([String])
        /// The same screen, with the app in the same state, reached by two routes that leave
        /// different hierarchies behind it, where one of its actions does something different:
        /// leads on to another screen, or works on one route and is refused or does nothing on the
        /// other. The reproduction is one route; `otherRoute` the other, and `there` what the
        /// action does after it. (Going back and selecting a tab reveal whatever the route left
        /// there, so where they lead is not compared.)
        case routesDisagree(action: String, here: String, there: String, otherRoute: [String])
        /// Something the app declared once-only (``OnceOnlyEffect``) happened twice in one journey:
        /// an order placed again by Back and Pay, a message sent twice. The reproduction is the
        /// shortest journey found that does it.
        case happenedTwice(String)
    }

    /// What is wrong.
    public let kind: Kind
    /// The moves from a fresh start that show it: action labels, and the platform's own controls
    /// as `:back`, `:dismiss` and `:tab N`. For a dead end, the moves that reach it.
    public let reproduction: [String]
    /// The screen it happened on, by type name; `nil` for a screen never reached.
    public let screen: String?

    /// Makes a finding: the explorer does, and a test that states the one it expects.
    public init(kind: Kind, reproduction: [String], screen: String?) {
        self.kind = kind
        self.reproduction = reproduction
        self.screen = screen
    }

    /// One line for people: what, where, and how to see it again.
    public var description: String {
        let moves = reproduction.isEmpty ? "at the start" : "after " + reproduction.joined(separator: ", ")
        let place = screen.map { " on \($0)" } ?? ""
        switch kind {
        case .actionThrew(let action, let error): return "'\(action)' threw\(place) \(moves): \(error)"
        case .refusalChangedSomething(let action): return "'\(action)' threw\(place) \(moves) but changed what is shown"
        case .invalidSampleAccepted(let action): return "'\(action)' is a bad sample but changed what is shown\(place) \(moves)"
        case .deadEnd: return "dead end\(place) \(moves): no move leads anywhere else, and the flow has not ended"
        case .happenedTwice(let effect): return "\(effect) twice in one journey\(place) \(moves)"
        case .neverReached(let name): return "\(name) is never reached"
        case .leak(let survivors): return "the flow ended \(moves), and \(survivors.joined(separator: ", ")) stayed alive"
        case .routesDisagree(let action, let here, let there, let otherRoute):
            let other = otherRoute.isEmpty ? "at the start" : "after " + otherRoute.joined(separator: ", ")
            return "'\(action)'\(place) \(here) \(moves), but \(there) \(other): the same screen, reached by two routes, acts differently"
        }
    }
}

/// What an exploration saw: the graph of moves, how much it covered, and what it found.
public struct ExplorationReport: Sendable {
    /// The observed graph: a node per screen type seen, and an end per way the flow ended; an
    /// edge per move that worked.
    public var graph: NavigationGraph
    /// The distinct states reached: what is shown together with the app's state.
    public var states: Int
    /// The distinct moves tried from those states (attempt and state), including the refused:
    /// each tried once. The same as ``distinctMoves``.
    public var moves: Int
    /// Every move made, and why: the distinct moves explored, and those made only to reach a
    /// state again.
    public var made: MovesMade
    /// What the exploration found, in the order found; empty when nothing is wrong.
    public var findings: [ExplorationFinding]
    /// Whether the walk explored every state it could reach, or a bound cut it short: a report
    /// with no finding proves nothing about the states beyond its bound.
    public var coverage: ExplorationCoverage

    /// Makes a report: the explorer does, and a test of code that reads reports.
    public init(
        graph: NavigationGraph, states: Int, moves: Int, made: MovesMade, findings: [ExplorationFinding],
        coverage: ExplorationCoverage = .exhaustive
    ) {
        self.graph = graph
        self.states = states
        self.moves = moves
        self.made = made
        self.findings = findings
        self.coverage = coverage
    }

    /// Makes a report whose moves made are the moves explored and `transitions - moves` replayed.
    @available(*, deprecated, message: "Give the moves made by what they were for: init(graph:states:moves:made:findings:coverage:).")
    public init(
        graph: NavigationGraph, states: Int, moves: Int, transitions: Int, findings: [ExplorationFinding],
        coverage: ExplorationCoverage = .exhaustive
    ) {
        self.init(
            graph: graph, states: states, moves: moves, made: MovesMade(explored: moves, replayed: max(0, transitions - moves)), findings: findings,
            coverage: coverage)
    }

    /// The distinct moves tried from the states reached, each once.
    public var distinctMoves: Int { moves }

    /// The observed graph's edges: moves from one screen to another, however many states each
    /// joins.
    public var graphEdges: Int { graph.edges.count }

    /// Every move made, replays to reach a state included: ``MovesMade/total``.
    @available(*, deprecated, renamed: "made.total", message: "Moves made are counted by what they were for: see `made`.")
    public var transitions: Int { made.total }

    /// A short summary: `30 states, 92 distinct moves, 8 nodes, 25 graph edges, 97 moves made (5
    /// to reach states, 2 runs), 0 findings`.
    public var summary: String {
        "\(states) states, \(moves) distinct moves, \(graph.nodes.count) nodes, \(graph.edges.count) graph edges, \(made), \(findings.count) finding\(findings.count == 1 ? "" : "s")"
    }
}

/// The moves an exploration made, by what each was for. A state is explored once, each distinct
/// move from it made once; reaching a state again costs moves only where no live run stood there.
public struct MovesMade: Hashable, Sendable, CustomStringConvertible {
    /// The distinct moves explored, each once: the report's moves.
    public var explored: Int
    /// Moves made to reach a state from a fresh run, along the state's shortest route.
    public var replayed: Int
    /// Moves made to reach a state from a live run that stood in another, along moves already
    /// seen (going back included).
    public var navigated: Int
    /// The app's runs started, the first included.
    public var runs: Int

    /// Counts moves made.
    public init(explored: Int = 0, replayed: Int = 0, navigated: Int = 0, runs: Int = 0) {
        self.explored = explored
        self.replayed = replayed
        self.navigated = navigated
        self.runs = runs
    }

    /// Every move made.
    public var total: Int { explored + replayed + navigated }

    /// The moves made only to reach a state again.
    public var toReachStates: Int { replayed + navigated }

    /// `97 moves made (5 to reach states, 2 runs)`.
    public var description: String {
        "\(total) moves made (\(toReachStates) to reach states, \(runs) run\(runs == 1 ? "" : "s"))"
    }

    /// Takes the counts of a walk's ways of reaching states.
    mutating func note<Run, Key>(_ reaching: Reaching<Run, Key>) {
        replayed = reaching.replayed
        navigated = reaching.navigated
        runs = reaching.started
    }
}

/// Whether an exploration saw every state it could reach from the start.
public enum ExplorationCoverage: Hashable, Sendable, CustomStringConvertible {
    /// No new state appeared: every state reachable from the start, and every move from each,
    /// was explored.
    case exhaustive
    /// A bound stopped the walk with states still to explore: a depth, a number of states, or a
    /// random walk's number of steps, named for people.
    case bounded(by: String)

    /// Whether every reachable state was explored.
    public var isExhaustive: Bool { self == .exhaustive }

    /// `explored exhaustively`, or `cut short by a depth of 12 moves`.
    public var description: String {
        switch self {
        case .exhaustive: "explored exhaustively"
        case .bounded(let bound): "cut short by \(bound)"
        }
    }
}

/// How far an exploration has got, for a progress line.
public struct ExplorationProgress: Sendable {
    /// States reached so far.
    public var states: Int
    /// Distinct moves tried so far.
    public var moves: Int
    /// Moves made so far: those tried, and those made to reach a state again.
    public var movesMade: Int
    /// Findings so far.
    public var findings: Int

    /// Moves made so far.
    @available(*, deprecated, renamed: "movesMade")
    public var transitions: Int { movesMade }
}

/// The explorer could not walk the app: a run that does not replay the same way twice.
public struct ExplorationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, for people.
    public let description: String
}
