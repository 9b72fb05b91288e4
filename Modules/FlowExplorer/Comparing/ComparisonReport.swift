import FlowKernel
import FlowRecording

/// What a person sees of one version of an app at one moment, as ``SideBySideExplorer`` compares
/// versions: the screen, what it says, what can be done on it, and what the app has done.
public struct ComparisonView: Hashable, Sendable, CustomStringConvertible {
    /// The screen the person looks at, by the name a person reads (its display name, not its
    /// type: a rewrite may rename types), or how the flow ended, with its result.
    public var screen: String
    /// What the screen says (``ExplorableScreen/explorationText``).
    public var text: [String]
    /// The screen's actions, as the explorer tries them, the declared differences left out.
    public var actions: [String]
    /// The platform's controls that can be used: `:back`, `:dismiss`, `:tab N`, the declared
    /// differences left out.
    public var controls: [String]
    /// The app's once-only effects, each with how many times it happened: `order placed: 1`.
    public var effects: [String]
    /// The app's own state, as its ``ExplorationRun`` says it.
    public var state: String
    /// Whether the move that led here was refused.
    public var refused: Bool

    /// The parts that differ between this view and another, each as `name: this | other`.
    func differences(from other: ComparisonView) -> [String] {
        var parts: [String] = []
        func compare<T: Equatable>(_ name: String, _ mine: T, _ theirs: T, _ show: (T) -> String) {
            if mine != theirs { parts.append("\(name): \(show(mine)) | \(show(theirs))") }
        }
        let list = { (items: [String]) in items.isEmpty ? "none" : items.joined(separator: ", ") }
        compare("screen", screen, other.screen) { $0 }
        compare("text", text, other.text) { $0.isEmpty ? "none" : $0.joined(separator: " / ") }
        compare("actions", actions, other.actions, list)
        compare("controls", controls, other.controls, list)
        compare("effects", effects, other.effects, list)
        compare("state", state, other.state) { $0 }
        compare("the move", refused, other.refused) { $0 ? "refused" : "taken" }
        return parts
    }

    /// The view on one line: `Catalog; actions: hat, shoes; controls: :back`.
    public var description: String {
        var parts = [screen]
        if !text.isEmpty { parts.append("text: " + text.joined(separator: " / ")) }
        if !actions.isEmpty { parts.append("actions: " + actions.joined(separator: ", ")) }
        if !controls.isEmpty { parts.append("controls: " + controls.joined(separator: ", ")) }
        if !effects.isEmpty { parts.append("effects: " + effects.joined(separator: ", ")) }
        if !state.isEmpty { parts.append("state: " + state) }
        if refused { parts.append("the move was refused") }
        return parts.joined(separator: "; ")
    }
}

/// A way versions of an app may differ by their nature, declared once so that the comparison
/// leaves it out — the coordinator's tab bar, say — and reported with the moves that show it.
///
/// ```swift
/// let differences: [DeclaredDifference] = [
///     .moves([":tab 1", ":tab 2", "account", "shop"], onlyIn: ["coordinator"],
///            "the coordinator's shop has an account tab"),
///     .moves([":back"], on: "CatalogScreen", leadApart: "the coordinator's sign-in leaves with its child flow"),
/// ]
/// ```
public struct DeclaredDifference: Hashable, Sendable, CustomStringConvertible {
    /// Why the versions differ there, for people.
    public let reason: String
    /// The moves the difference covers.
    public let moves: Set<String>
    /// The versions that alone offer the moves; empty when every version offers them.
    public let versions: Set<String>
    /// The screen type the moves are left out on; `nil` for every screen.
    public let screen: String?

    /// Moves only some versions offer (a tab bar, an action of one version's own): they are left
    /// out of those versions' views and never made; another version that offers one differs.
    public static func moves(_ moves: [String], onlyIn versions: [String], _ reason: String) -> DeclaredDifference {
        DeclaredDifference(reason: reason, moves: Set(moves), versions: Set(versions), screen: nil)
    }

    /// Moves every version offers on a screen but answers in its own way (Back to a screen that
    /// is another version's step behind): compared as offered, never made there, so the
    /// comparison does not follow the versions apart.
    public static func moves(_ moves: [String], on screen: String, leadApart reason: String) -> DeclaredDifference {
        DeclaredDifference(reason: reason, moves: Set(moves), versions: [], screen: screen)
    }

    /// Whether the difference leaves a move out of the views of the versions it names.
    var hidesMoves: Bool { !versions.isEmpty }

    /// Whether the difference covers a move on a screen.
    func covers(_ move: String, on screen: String) -> Bool {
        moves.contains(move) && (self.screen == nil || self.screen == screen)
    }

    /// `:back on CatalogScreen: the coordinator's sign-in leaves with its child flow`.
    public var description: String {
        let moves = self.moves.sorted().joined(separator: ", ")
        let place = screen.map { " on \($0)" } ?? ""
        let only = versions.isEmpty ? "" : " (only \(versions.sorted().joined(separator: ", ")))"
        return "\(moves)\(place)\(only): \(reason)"
    }
}

/// The first place where versions of an app part: the shortest moves from the start after which
/// they show a person different things, or do different things.
public struct VersionDifference: Sendable, CustomStringConvertible {
    /// The moves from a fresh start, in every version; empty when they differ at the start.
    public let moves: [String]
    /// What each version shows after them, by version, in the order the versions were given.
    public let views: [(version: String, view: ComparisonView)]
    /// The moves as a recording made in the first version: replayed in another
    /// (``JourneyReplay``, comparing ``JourneyReplay/Comparison/screens``), it shows where that
    /// one parts from it.
    public let recording: JourneyRecording

    /// The versions that part from the first, each with the parts that differ.
    public var parts: [(version: String, differences: [String])] {
        guard let (_, first) = views.first else { return [] }
        return views.dropFirst().compactMap { version, view in
            let differences = view.differences(from: first)
            return differences.isEmpty ? nil : (version, differences)
        }
    }

    /// Several lines for people: the moves, then each version that parts from the first, with what
    /// differs (its value, then the first version's).
    public var description: String {
        let moves = moves.isEmpty ? "at the start" : "after " + moves.joined(separator: ", ")
        let first = views.first?.version ?? ""
        var lines = ["The versions differ \(moves):"]
        for (version, differences) in parts {
            lines.append("  \(version) against \(first):")
            lines += differences.map { "    \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}

/// What a side-by-side exploration saw: how far it went, the declared differences it met, and
/// the first undeclared difference, if any.
public struct ComparisonReport: Sendable {
    /// The versions compared, in order.
    public var versions: [String]
    /// The distinct states reached: one state of every version, together.
    public var states: Int
    /// The distinct moves tried from those states, each made in every version.
    public var moves: Int
    /// Every move made in every version, by what it was for: the distinct moves explored, and
    /// those made only to reach a state again.
    public var made: MovesMade
    /// Whether every state the versions reach together was explored, or a bound cut it short.
    public var coverage: ExplorationCoverage
    /// Each declared difference met, with the shortest moves that reach it (the last one is the
    /// move left out).
    public var declared: [(difference: DeclaredDifference, moves: [String])]
    /// The first undeclared difference, by the shortest moves; `nil` when the versions agree.
    public var difference: VersionDifference?

    /// Every move made in every version, replays included: ``MovesMade/total``.
    @available(*, deprecated, renamed: "made.total", message: "Moves made are counted by what they were for: see `made`.")
    public var transitions: Int { made.total }

    /// A short summary: `26 states, 78 distinct moves, 340 moves made (28 to reach states, 8
    /// runs), no difference`.
    public var summary: String {
        "\(states) states, \(moves) distinct moves, \(made), \(difference == nil ? "no difference" : "a difference")"
    }
}
