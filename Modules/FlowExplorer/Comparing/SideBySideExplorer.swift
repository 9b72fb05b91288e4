import FlowKernel
import FlowRecording
import FlowSnapshot

/// Explores versions of one app side by side — the same app in several strategies, or before and
/// after a rewrite — making every move in every version, and reports the shortest moves after
/// which they part.
///
/// The versions are walked as one: a state is a state of every version together, and each move
/// a person can make there (an action by its name, a platform control) is made in each. After
/// every move the explorer compares what each version shows a person — the screen, its text, its
/// actions and controls, whether the move was refused — and what the app did (its once-only
/// effects, its own state, how the flow ended). The walk is breadth-first until no new state
/// appears, so the first difference it reports is one of the shortest there are, and a report
/// with none proves the versions agree on every state they reach, unless a bound cut it short.
///
/// Differences that are a version's nature (a tab bar only one version has) are declared once
/// (``DeclaredDifference``): the comparison leaves them out and lists where it met them.
///
/// ```swift
/// let comparison = SideBySideExplorer(
///     [("stack", ShopExploration.explorer(.stack)), ("router", ShopExploration.explorer(.router))])
/// let report = try comparison.explore()
/// #expect(report.difference == nil, "\(report.difference!)")
/// ```
@MainActor
public final class SideBySideExplorer {
    /// The versions, by name, in the order their views are listed.
    public let versions: [(name: String, explorer: NavigationExplorer)]
    /// The differences declared as the versions' nature.
    public let declared: [DeclaredDifference]
    /// How many live runs of every version wait between moves, at most; none makes every state be
    /// reached by a replay from a fresh start (kept for tests that check both ways agree).
    var parkingLimit = Reaching<ComparisonWalk.Runs, [StateKey]>.defaultParkingLimit

    /// Makes a comparison of versions, each explored by its own ``NavigationExplorer`` (whose
    /// `gestures` setting says whether the platform's controls are moves).
    ///
    /// - Parameters:
    ///   - versions: Each version's name and explorer; the first is the one the others are
    ///     compared with.
    ///   - differences: The differences that are the versions' nature.
    public init(_ versions: [(name: String, explorer: NavigationExplorer)], declaring differences: [DeclaredDifference] = []) {
        self.versions = versions
        self.declared = differences
    }

    /// Walks the versions together, breadth-first, until no new state appears or `maxStates`
    /// states are known, and reports the first difference it meets.
    ///
    /// - Throws: ``/FlowKernel/FlowError/Code/indexOutOfRange`` for fewer than two versions, two of
    ///   one name or a bound below 1, before any run starts; ``ExplorationError`` when a version
    ///   does not replay the moves that reached a state; whatever starting a run throws.
    public func explore(maxStates: Int = 10_000, progress: (@MainActor (ExplorationProgress) -> Void)? = nil) throws -> ComparisonReport {
        guard versions.count >= 2 else {
            throw FlowError(.indexOutOfRange, "A comparison needs at least two versions, not \(versions.count).")
        }
        guard Set(versions.map(\.name)).count == versions.count else {
            throw FlowError(.indexOutOfRange, "Each version needs a name of its own: \(versions.map(\.name).joined(separator: ", ")).")
        }
        guard maxStates >= 1 else {
            throw FlowError(.indexOutOfRange, "An exploration needs a bound on states of at least 1, not \(maxStates).")
        }
        var walk = ComparisonWalk(comparison: self, progress: progress)
        return try walk.run(maxStates: maxStates)
    }
}

/// One side-by-side exploration's bookkeeping.
@MainActor
struct ComparisonWalk {
    typealias LiveRun = NavigationExplorer.LiveRun

    let comparison: SideBySideExplorer
    let progress: (@MainActor (ExplorationProgress) -> Void)?
    /// The states reached — each version's state, side by side — with the shortest route to each.
    private var table = StateTable<[StateKey]>()
    private var moves = 0
    private var made = MovesMade()
    private var coverage = ExplorationCoverage.exhaustive
    private var met: [(difference: DeclaredDifference, moves: [String])] = []

    init(comparison: SideBySideExplorer, progress: (@MainActor (ExplorationProgress) -> Void)?) {
        self.comparison = comparison
        self.progress = progress
    }

    private var explorers: [NavigationExplorer] { comparison.versions.map(\.explorer) }

    /// One run of every version, moved together.
    final class Runs {
        let lives: [LiveRun]
        init(_ lives: [LiveRun]) { self.lives = lives }
    }

    /// How the walk reaches a state again: every version's run moved together, each move made in
    /// every version.
    private func reaching() -> Reaching<Runs, [StateKey]> {
        let versions = comparison.versions
        return Reaching(parking: comparison.parkingLimit, start: { Runs(try versions.map { try $0.explorer.startRun() }) }) { label, runs in
            for (version, live) in zip(versions, runs.lives) {
                guard let offered = version.explorer.attempts(in: live).first(where: { $0.label == label }) else {
                    throw Reaching<Runs, [StateKey]>.Refusal(reason: "was not offered in \(version.name)")
                }
                if let error = try version.explorer.perform(offered, in: live) {
                    throw Reaching<Runs, [StateKey]>.Refusal(reason: "threw \(error) in \(version.name)")
                }
            }
            return zip(versions, runs.lives).map { $0.explorer.key(of: $1) }
        }
    }

    mutating func run(maxStates: Int) throws -> ComparisonReport {
        var reaching = reaching()
        defer { made.note(reaching) }
        let first = try reaching.fresh()
        if let difference = try differ(first.lives, after: [], refused: Array(repeating: false, count: explorers.count)) {
            return report(difference)
        }
        var spare: Runs? = first
        _ = table.note(keys(of: first.lives), from: nil, by: "")
        // Each state's saved states as its shortest route leaves them, when every version saves.
        var prints: [[SavedValue?]?] = [saved(first)]
        let versions = explorers
        let saves = prints[0] != nil
        var head = 0
        while head < table.count {
            let slot = head
            head += 1
            let key = table.keys[slot]
            func reach() throws -> Runs {
                try reaching.run(at: slot, in: table, explored: { $0 < head }) { runs, at in
                    prints[at] == nil || Self.saved(runs, by: versions) == prints[at]
                }
            }
            let standing = try spare ?? reach()
            spare = nil
            var current: Runs? = standing
            let screen = comparison.versions[0].explorer.nodeName(of: standing.lives[0])
            for attempt in explorers[0].attempts(in: standing.lives[0]) where !isHidden(attempt.label, in: 0) {
                let moved = table.route(of: slot) + [attempt.label]
                if let declared = comparison.declared.first(where: { !$0.hidesMoves && $0.covers(attempt.label, on: screen) }) {
                    note(declared, moved)
                    continue
                }
                let runs = try current ?? reach()
                // Every move starts from the state as its route leaves it, never from one a refusal left.
                current = nil
                moves += 1
                var refused: [Bool] = []
                for (explorer, live) in zip(explorers, runs.lives) {
                    guard let offered = explorer.attempts(in: live).first(where: { $0.label == attempt.label }) else {
                        throw ExplorationError(description: "'\(attempt.label)' is not offered, though every version's view offered it.")
                    }
                    let error = try explorer.perform(offered, in: live)
                    if let error = error as? ExplorationError { throw error }
                    refused.append(error != nil)
                }
                if let difference = try differ(runs.lives, after: moved, refused: refused) { return report(difference) }
                let next = keys(of: runs.lives)
                guard next != key, !runs.lives.allSatisfy(Self.hasEnded) else { continue }
                var reached = table.slot(of: next)
                var first = false
                if reached == nil {
                    guard table.count < maxStates else {
                        coverage = .bounded(by: "a bound of \(maxStates) states")
                        continue
                    }
                    reached = table.note(next, from: slot, by: attempt.label)
                    prints.append(nil)
                    first = true
                }
                // Runs are kept only where they stand exactly as the state's shortest route leaves them.
                guard let reached, !refused.contains(true) else { continue }
                let now = saves ? saved(runs) : nil
                if first {
                    prints[reached] = now
                } else if !saves || prints[reached] == nil || now != prints[reached] {
                    continue
                }
                reaching.learn(from: slot, attempt.label, to: reached)
                reaching.park(runs, at: reached) { $0 < head }
            }
            made.note(reaching)
            progress?(ExplorationProgress(states: table.count, moves: moves, movesMade: moves * explorers.count + made.toReachStates, findings: 0))
        }
        return report(nil)
    }

    // MARK: Runs

    /// Every version's saved state, when every one saves it.
    private func saved(_ runs: Runs) -> [SavedValue?]? { Self.saved(runs, by: explorers) }

    private static func saved(_ runs: Runs, by explorers: [NavigationExplorer]) -> [SavedValue?]? {
        let saved = zip(explorers, runs.lives).map { $0.saved(in: $1) }
        return saved.contains(where: { $0 == nil }) ? nil : saved
    }

    private func keys(of lives: [LiveRun]) -> [StateKey] {
        zip(explorers, lives).map { $0.key(of: $1) }
    }

    private static func hasEnded(_ live: LiveRun) -> Bool {
        live.run.map { endName(of: $0.flow) != nil } ?? true
    }

    // MARK: Comparing

    /// Whether a declared difference leaves a move out of a version's view: a move only some
    /// versions offer, in one of them. Another version that offers it differs.
    private func isHidden(_ label: String, in version: Int) -> Bool {
        let name = comparison.versions[version].name
        return comparison.declared.contains { $0.hidesMoves && $0.moves.contains(label) && $0.versions.contains(name) }
    }

    /// The difference between the versions' views after some moves, if there is one.
    private mutating func differ(_ lives: [LiveRun], after route: [String], refused: [Bool]) throws -> VersionDifference? {
        let views = explorers.indices.map { view(of: lives[$0], in: $0, refused: refused[$0]) }
        for (index, explorer) in explorers.enumerated() {
            for attempt in explorer.attempts(in: lives[index]) where isHidden(attempt.label, in: index) {
                let screen = explorer.nodeName(of: lives[index])
                if let declared = comparison.declared.first(where: { $0.hidesMoves && $0.covers(attempt.label, on: screen) }) {
                    note(declared, route + [attempt.label])
                }
            }
        }
        guard views.dropFirst().contains(where: { $0 != views[0] }) else { return nil }
        let named = zip(comparison.versions, views).map { ($0.name, $1) }
        return VersionDifference(moves: route, views: named, recording: try explorers[0].recording(of: route))
    }

    /// What a person sees of a version now.
    private func view(of live: LiveRun, in version: Int, refused: Bool) -> ComparisonView {
        let explorer = explorers[version]
        guard let run = live.run else {
            return ComparisonView(screen: "(released)", text: [], actions: [], controls: [], effects: [], state: "", refused: refused)
        }
        let effects = run.onceOnly.map { "\($0.name): \($0.count())" }
        if let end = endDescription(of: run.flow) {
            return ComparisonView(screen: end, text: [], actions: [], controls: [], effects: effects, state: run.state(), refused: refused)
        }
        let attempts = explorer.attempts(in: live).filter { !isHidden($0.label, in: version) }
        let screen = run.host.visibleScreen
        return ComparisonView(
            screen: screen?.displayName ?? "(nothing shown)",
            text: (screen as? any ExplorableScreen)?.explorationText ?? [],
            actions: attempts.filter { !$0.isGesture }.map(\.label),
            controls: attempts.filter(\.isGesture).map(\.label),
            effects: effects, state: run.state(), refused: refused)
    }

    /// Remembers the first, shortest, moves that met a declared difference.
    private mutating func note(_ difference: DeclaredDifference, _ moves: [String]) {
        guard !met.contains(where: { $0.difference == difference }) else { return }
        met.append((difference, moves))
    }

    /// The moves made in all versions: each explored move made in every one, as each move made to
    /// reach a state.
    private var madeInAll: MovesMade {
        var all = made
        let versions = explorers.count
        all.explored = moves * versions
        all.replayed *= versions
        all.navigated *= versions
        all.runs *= versions
        return all
    }

    private func report(_ difference: VersionDifference?) -> ComparisonReport {
        ComparisonReport(
            versions: comparison.versions.map(\.name), states: table.count, moves: moves, made: madeInAll,
            coverage: difference == nil ? coverage : .bounded(by: "the first difference"), declared: met, difference: difference)
    }
}

/// How a flow ended, with its result, as a comparison shows it: `(completed) ana@example.com:
/// Red shoes`.
@MainActor
func endDescription(of flow: some Flow) -> String? {
    guard flow.phase == .finished, let outcome = flow.outcome else { return nil }
    guard let result = outcome.result else { return "(cancelled)" }
    return "(completed) \(result)"
}
