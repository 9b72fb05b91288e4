import FlowKernel

/// How an exhaustive walk reaches the state it explores next without replaying the state's route
/// from a fresh start: it keeps a few live runs between moves, each parked at the state it stands
/// in, and the moves it has seen between states.
///
/// A run that a move took to a state exactly as the state's shortest route leaves it waits there
/// until the walk explores that state, or as a way there. When no run waits at the state wanted,
/// the nearest run that does — nearest by the moves learned, followed backwards from the state
/// wanted — is moved there along those moves; only when none is nearer than the start does a
/// fresh run replay the state's shortest route. Every move made to reach a state is checked: it
/// must lead where it led before, or the app does not behave the same way on every run.
///
/// The walk learns only moves that keep a run exact: FlowKit's requests are synchronous and all
/// or nothing, so the same moves from the same state lead to the same state. Without the app's
/// saved state (``ExplorationRun``'s `saving`), a run is exact only where it came along the
/// states' shortest routes, the moves that first reached them; with it, wherever its screens and
/// saved state are those the shortest route leaves, going back included.
@MainActor
struct Reaching<Run: AnyObject, Key: Hashable> {
    /// Why a move could not be made again: it was not offered, or it threw.
    struct Refusal: Error {
        let reason: String
    }

    /// How many live runs wait at once, by default: each holds a whole app.
    static var defaultParkingLimit: Int { 128 }
    /// A fresh start costs as much as this many moves, for choosing between a run nearby and a
    /// fresh one.
    static var startCost: Int { 4 }
    /// What taking a run that waits at a state still to explore costs beyond its moves, in moves.
    static var waitingCost: Int { 2 }
    /// How many states a search for a run nearby visits, at most.
    static var searchLimit: Int { 4_096 }

    /// How many live runs wait at once, at most; with none, every state is reached by a replay.
    let parkingLimit: Int
    /// Starts a fresh run.
    let start: @MainActor () throws -> Run
    /// Makes a move, by its label, in a run: the state it leads to; throws ``Refusal`` when the
    /// move is not offered or throws.
    let make: @MainActor (String, Run) throws -> Key
    /// The runs waiting, by the state they stand in.
    private var parked: [Int: [Run]] = [:]
    private var parkedCount = 0
    /// The moves learned into each state: from which state, by which move, and whether the move
    /// was made there (`sure`) or is expected to undo one (the person's Back after a push).
    private var into: [[(from: Int, label: String, sure: Bool)]] = []
    /// Moves made following a shortest route from a fresh start.
    private(set) var replayed = 0
    /// Moves made following moves seen, from a run that stood elsewhere.
    private(set) var navigated = 0
    /// Fresh runs started, the first included.
    private(set) var started = 0

    init(parking limit: Int, start: @escaping @MainActor () throws -> Run, make: @escaping @MainActor (String, Run) throws -> Key) {
        self.parkingLimit = limit
        self.start = start
        self.make = make
    }

    /// A fresh run, counted.
    mutating func fresh() throws -> Run {
        started += 1
        return try start()
    }

    /// Remembers a move between two states, for reaching states later: one made (`sure`), or one
    /// expected to lead there, which a walk that takes it checks and forgets when it does not.
    mutating func learn(from: Int, _ label: String, to: Int, sure: Bool = true) {
        while into.count <= to { into.append([]) }
        if let expected = into[to].firstIndex(where: { $0.from == from && $0.label == label }) {
            if sure { into[to][expected].sure = true }
            return
        }
        into[to].append((from, label, sure))
    }

    /// A move expected to lead to a state that did not: the walk forgets it and finds another way.
    private struct Detour: Error {
        let from: Int
        let label: String
        let to: Int
    }

    /// Leaves a run waiting at a state. When as many wait as may, one waiting at a state already
    /// explored (`explored`) gives way, else the one whose state comes last in the walk, if
    /// this one's comes sooner; otherwise this one is let go of.
    mutating func park(_ live: Run, at slot: Int, explored: (Int) -> Bool) {
        if parkedCount >= parkingLimit {
            // Chosen by number, never by the dictionary's order, so every walk of an app moves alike.
            let victim = parked.keys.filter(explored).min() ?? parked.keys.max().flatMap { $0 > slot ? $0 : nil }
            guard let victim else { return }
            parked[victim]?.removeLast()
            if parked[victim]?.isEmpty == true { parked[victim] = nil }
            parkedCount -= 1
        }
        parked[slot, default: []].append(live)
        parkedCount += 1
    }

    /// A live run standing in a state: one waiting there, one moved there from nearby, or a
    /// fresh one that replays the state's route.
    ///
    /// - Throws: ``ExplorationError`` when a move does not lead where it led before.
    /// - Parameter exact: Whether a run that came to a state along moves seen is there exactly as
    ///   the state's shortest route leaves it (the app's saved state says so); `false` is an error.
    /// - Parameter explored: Whether the walk has explored a state already.
    mutating func run(
        at slot: Int, in table: StateTable<Key>, explored: (Int) -> Bool, exact: (Run, Int) -> Bool = { _, _ in true }
    ) throws -> Run {
        if let live = takeParked(at: slot) { return live }
        let freshCost = table.lengths[slot] + Self.startCost
        while let (source, path) = nearestParked(to: slot, within: freshCost - 1, explored: explored), let live = takeParked(at: source) {
            do {
                try follow(path, from: source, in: live, table: table, exact: exact, counting: \.navigated)
                return live
            } catch let detour as Detour {
                into[detour.to].removeAll { $0.from == detour.from && $0.label == detour.label && !$0.sure }
            }
        }
        let live = try fresh()
        try follow(table.path(to: slot), from: 0, in: live, table: table, exact: { _, _ in true }, counting: \.replayed)
        return live
    }

    private mutating func takeParked(at slot: Int) -> Run? {
        guard let live = parked[slot]?.popLast() else { return nil }
        if parked[slot]?.isEmpty == true { parked[slot] = nil }
        parkedCount -= 1
        return live
    }

    /// The nearest state with a run waiting from which the moves learned lead to `slot`, within
    /// `limit` moves, with those moves. A run waiting at a state still to explore counts as
    /// `waitingCost` moves farther: taking it means reaching that state again later.
    private func nearestParked(to slot: Int, within limit: Int, explored: (Int) -> Bool) -> (Int, [Step])? {
        guard parkedCount > 0, limit > 0 else { return nil }
        // Backwards from the state wanted, nearest first; `toward` is the move on towards it.
        var toward: [Int: Step] = [slot: Step(label: "", to: slot, sure: true)]
        var frontier = [slot]
        var distance = 0
        var best: (source: Int, cost: Int)?
        while !frontier.isEmpty, distance < min(limit, best?.cost ?? .max), toward.count < Self.searchLimit {
            distance += 1
            var next: [Int] = []
            for state in frontier where state < into.count {
                for (from, label, sure) in into[state] where toward[from] == nil {
                    toward[from] = Step(label: label, to: state, sure: sure)
                    if parked[from] != nil {
                        let cost = explored(from) ? distance : distance + Self.waitingCost
                        if cost < best?.cost ?? .max { best = (from, cost) }
                    }
                    next.append(from)
                }
            }
            frontier = next
        }
        guard let source = best?.source else { return nil }
        var path: [Step] = []
        var at = source
        while at != slot, let step = toward[at] {
            path.append(step)
            at = step.to
        }
        return (source, path)
    }

    /// Makes the moves of a path in a run standing at `source`, checking that each leads where it
    /// led before.
    private mutating func follow(
        _ path: [Step], from source: Int, in live: Run, table: StateTable<Key>, exact: (Run, Int) -> Bool,
        counting counter: WritableKeyPath<Reaching, Int>
    ) throws {
        var at = source
        for (label, to, sure) in path.map({ ($0.label, $0.to, $0.sure) }) {
            self[keyPath: counter] += 1
            // Described only for an error: reading a route back costs as many steps as it has.
            var state: String { "the state after \(Self.describe(table.route(of: at)))" }
            let reached: Key
            do {
                reached = try make(label, live)
            } catch let refusal as Refusal {
                guard sure else { throw Detour(from: at, label: label, to: to) }
                throw ExplorationError(
                    description:
                        "Reaching \(Self.describe(table.route(of: to))) again, '\(label)' \(refusal.reason) in \(state): the app does not behave the same way on every run."
                )
            }
            guard reached == table.keys[to], exact(live, to) else {
                guard sure else { throw Detour(from: at, label: label, to: to) }
                throw ExplorationError(
                    description:
                        "Reaching \(Self.describe(table.route(of: to))) again, '\(label)' in \(state) led somewhere else than before: the app does not behave the same way on every run."
                )
            }
            at = to
        }
    }

    static func describe(_ route: [String]) -> String {
        route.isEmpty ? "the start" : route.joined(separator: ", ")
    }
}

/// One move of a way to a state: its label, the state it leads to, and whether it was made there.
struct Step {
    let label: String
    let to: Int
    let sure: Bool
}

extension NavigationExplorer {
    /// How a walk of one app reaches its states: its runs, each move found by its label and made.
    func reaching() -> Reaching<LiveRun, StateKey> {
        Reaching(parking: parkingLimit, start: { [unowned self] in try startRun() }) { [unowned self] label, live in
            guard let attempt = attempts(in: live).first(where: { $0.label == label }) else {
                throw Reaching<LiveRun, StateKey>.Refusal(reason: "was not offered")
            }
            if let error = try perform(attempt, in: live) { throw Reaching<LiveRun, StateKey>.Refusal(reason: "threw \(error)") }
            return key(of: live)
        }
    }
}

extension StateTable {
    /// The moves of a state's shortest route, each with the state it leads to.
    func path(to slot: Int) -> [Step] {
        let route = route(of: slot)
        var states: [Int] = []
        var at = slot
        for _ in route {
            states.append(at)
            at = parent(of: at)
        }
        return zip(route, states.reversed()).map { Step(label: $0, to: $1, sure: true) }
    }
}
