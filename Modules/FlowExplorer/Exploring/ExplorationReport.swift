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
    /// The distinct moves tried from those states (attempt and state), including the refused.
    public var moves: Int
    /// Every action and gesture performed, replays to reach a state included.
    public var transitions: Int
    /// What the exploration found, in the order found; empty when nothing is wrong.
    public var findings: [ExplorationFinding]
    /// Whether the walk explored every state it could reach, or a bound cut it short: a report
    /// with no finding proves nothing about the states beyond its bound.
    public var coverage: ExplorationCoverage

    /// Makes a report: the explorer does, and a test of code that reads reports.
    public init(
        graph: NavigationGraph, states: Int, moves: Int, transitions: Int, findings: [ExplorationFinding],
        coverage: ExplorationCoverage = .exhaustive
    ) {
        self.graph = graph
        self.states = states
        self.moves = moves
        self.transitions = transitions
        self.findings = findings
        self.coverage = coverage
    }

    /// A short summary: `30 states, 8 nodes, 25 edges, 92 moves (466 transitions), 0 findings`.
    public var summary: String {
        "\(states) states, \(graph.nodes.count) nodes, \(graph.edges.count) edges, \(moves) moves (\(transitions) transitions), \(findings.count) finding\(findings.count == 1 ? "" : "s")"
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
    /// Moves tried so far.
    public var moves: Int
    /// Actions and gestures performed so far.
    public var transitions: Int
    /// Findings so far.
    public var findings: Int
}

/// The explorer could not walk the app: a run that does not replay the same way twice.
public struct ExplorationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, for people.
    public let description: String
}
