import FlowKernel
import FlowRuntime
import FlowSnapshot

/// One exploration's bookkeeping: the states reached with the shortest route to each, the graph,
/// the counts and the findings. The explorer's two walks share it.
@MainActor
struct Walker {
    typealias LiveRun = NavigationExplorer.LiveRun
    typealias Attempt = NavigationExplorer.Attempt

    let explorer: NavigationExplorer
    let progress: (@MainActor (ExplorationProgress) -> Void)?
    /// The states reached, with the shortest route known to each.
    private var table = StateTable<StateKey>()
    private var graph = NavigationGraph()
    private var moves = 0
    /// How the moves made beyond the moves explored were made.
    private var made = MovesMade()
    /// The runs a random walk started.
    private var runs = 0
    private var findings: [ExplorationFinding] = []
    /// What each finding is about, so one defect met on many routes is reported once.
    private var reported: Set<AnyHashable> = []
    /// What each screen action did in each state it was tried in, for comparing states that show
    /// the same screen behind different hierarchies.
    private var outcomes: [StateKey: [String: ActionOutcome]] = [:]
    /// What stopped the walk before every state it could reach was explored, if anything did.
    private var coverage = ExplorationCoverage.exhaustive

    init(explorer: NavigationExplorer, progress: (@MainActor (ExplorationProgress) -> Void)?) {
        self.explorer = explorer
        self.progress = progress
    }

    // MARK: Walks

    /// Walks every move from every state, nearest first, to `depth` moves from the start, and
    /// stops noting new states once `maxStates` are known; says which bound cut it short.
    ///
    /// Each state is reached once its turn comes by ``Reaching``: a run that waits there, one
    /// moved there from nearby, or, failing both, a fresh run that replays its route.
    mutating func breadthFirst(depth: Int, maxStates: Int = .max) throws {
        var reaching = explorer.reaching()
        defer { made.note(reaching) }
        let first = try reaching.fresh()
        let startKey = explorer.key(of: first)
        graph = NavigationGraph(start: explorer.nodeName(of: first))
        _ = table.note(startKey, from: nil, by: "")
        // Each state's saved state as its shortest route leaves it, once a run there was exact.
        var prints: [SavedValue?] = [try savedState(of: first, after: [])]
        let saves = prints[0] != nil
        var head = 0
        var spare: LiveRun? = first
        while head < table.count {
            let slot = head
            head += 1
            let key = table.keys[slot]
            guard table.lengths[slot] < depth else {
                coverage = .bounded(by: "a depth of \(depth) moves")
                continue
            }
            func reach() throws -> LiveRun {
                let live = try reaching.run(at: slot, in: table, explored: { $0 < head }) { [explorer] run, at in
                    prints[at] == nil || explorer.saved(in: run) == prints[at]
                }
                if saves, prints[slot] == nil { prints[slot] = try savedState(of: live, after: table.route(of: slot)) }
                return live
            }
            let standing = try spare ?? reach()
            spare = nil
            let here = explorer.nodeName(of: standing)
            var leadsOut = false
            var current: LiveRun? = standing
            // Whether the run in hand is in this state exactly as its shortest route leaves it.
            var exact = true
            for attempt in explorer.attempts(in: standing) {
                if current == nil { exact = true }
                let live = try current ?? reach()
                // Unless the move leaves it here, the run is done with this state.
                current = nil
                let result = try move(attempt, in: live, from: key, route: .of(slot), at: here)
                guard let next = result.key else {
                    // A refusal that changed something left the run in a state no route reaches.
                    continue
                }
                guard next != key else {
                    current = live
                    // A refused move may have changed what neither the screens nor the saved state show.
                    exact = try exact && saves && savedState(of: live, after: table.route(of: slot) + [attempt.label]) == prints[slot]
                    continue
                }
                leadsOut = true
                if result.ended {
                    checkRelease(of: live, after: table.route(of: slot) + [attempt.label], at: here)
                    continue
                }
                var reached = table.slot(of: next)
                var first = false
                if reached == nil {
                    if table.count < maxStates {
                        reached = table.note(next, from: slot, by: attempt.label)
                        prints.append(nil)
                        first = true
                    } else {
                        coverage = .bounded(by: "a bound of \(maxStates) states")
                    }
                }
                // A run is kept only where it stands exactly as the state's shortest route leaves it:
                // it came along that route, or the app's saved state says it is there all the same.
                guard let reached, exact else { continue }
                let saved = saves ? try savedState(of: live, after: table.route(of: slot) + [attempt.label]) : nil
                if first {
                    prints[reached] = saved
                } else if !saves || prints[reached] == nil || saved != prints[reached] {
                    continue
                }
                reaching.learn(from: slot, attempt.label, to: reached)
                // The person's Back undoes a push, and their swipe a presentation, as a rule; the
                // saved state checks it whenever the walk takes that way back.
                if first, saves, let undo = result.undo { reaching.learn(from: reached, undo, to: slot, sure: false) }
                reaching.park(live, at: reached) { $0 < head }
            }
            if !leadsOut { report(.deadEnd, route: table.route(of: slot), at: here, about: ["dead end", key] as [AnyHashable]) }
            made.note(reaching)
            reportProgress()
        }
    }

    mutating func random(seed: UInt64, steps: Int, depth: Int) throws {
        defer { made.runs = runs }
        // A random walk samples: it never shows that no other state is reachable.
        coverage = .bounded(by: "a random walk of \(steps) steps")
        var random = SeededGenerator(seed: seed)
        var live: LiveRun?
        var length = 0
        for _ in 0..<steps {
            if live?.run == nil || length >= depth {
                let fresh = try explorer.startRun()
                runs += 1
                if graph.start == nil { graph.start = explorer.nodeName(of: fresh) }
                live = fresh
                length = 0
            }
            guard let current = live else { break }
            let key = explorer.key(of: current)
            let route = table.route(of: key) ?? []
            if table.slot(of: key) == nil { note(key, route: route) }
            let here = explorer.nodeName(of: current)
            let attempts = explorer.attempts(in: current)
            guard let attempt = attempts.randomElement(using: &random) else {
                report(.deadEnd, route: route, at: here, about: ["dead end", key] as [AnyHashable])
                live = nil
                continue
            }
            let result = try move(attempt, in: current, from: key, route: .given(route), at: here)
            length += 1
            guard let next = result.key else {
                // A refusal that changed something leaves the run in a state no route reaches.
                live = nil
                continue
            }
            let nextRoute = route + [attempt.label]
            if table.route(of: next).map({ $0.count > nextRoute.count }) ?? true { note(next, route: nextRoute) }
            if result.ended {
                checkRelease(of: current, after: nextRoute, at: here)
                live = nil
            }
            if moves % 1_000 == 0 { reportProgress() }
        }
        reportProgress()
    }

    // MARK: Moves

    /// Makes one move, records its edge or its finding, and says where it led: the next state's
    /// key (`nil` when a refusal broke the run) and whether the flow ended.
    /// The app's saved state in a run, when it gives one (``ExplorationRun``'s `saving`).
    ///
    /// - Throws: ``ExplorationError`` naming the moves, when the app cannot say it.
    private func savedState(of live: LiveRun, after route: [String]) throws -> SavedValue? {
        guard let saving = live.run?.saving else { return nil }
        do {
            return try saving()
        } catch {
            throw ExplorationError(
                description:
                    "The app could not give its saved state \(route.isEmpty ? "at the start" : "after " + route.joined(separator: ", ")): \(Self.message(error)). Once an app gives it, the walk needs it in every state."
            )
        }
    }

    /// The route to the state a move is made in: a state's shortest, read back when a finding
    /// needs it, or the one a random walk took.
    enum Route {
        case of(Int)
        case given([String])
    }

    private func routeThen(_ route: Route, _ label: String) -> [String] {
        switch route {
        case .of(let slot): table.route(of: slot) + [label]
        case .given(let moves): moves + [label]
        }
    }

    private mutating func move(_ attempt: Attempt, in live: LiveRun, from key: StateKey, route: Route, at here: String) throws -> (
        key: StateKey?, ended: Bool, undo: String?
    ) {
        live.clearEvents()
        moves += 1
        let error = try explorer.perform(attempt, in: live)
        if let explorationError = error as? ExplorationError { throw explorationError }
        let next = explorer.key(of: live)
        var reproduction: [String] { routeThen(route, attempt.label) }
        if let error {
            if next != key {
                report(.refusalChangedSomething(attempt.label), route: reproduction, at: here, about: "refusal \(here) \(attempt.label)")
                return (nil, false, nil)
            }
            if !attempt.isInvalid, !attempt.isGesture {
                report(.actionThrew(attempt.label, error: Self.message(error)), route: reproduction, at: here, about: "threw \(here) \(attempt.label)")
            }
            record(.refused, of: attempt, in: key)
            return (key, false, nil)
        }
        if attempt.isInvalid {
            if next != key { report(.invalidSampleAccepted(attempt.label), route: reproduction, at: here, about: "accepted \(here) \(attempt.label)") }
            return (next, false, nil)
        }
        let there = explorer.nodeName(of: live)
        for effect in explorer.repeatedEffects(in: live) {
            report(.happenedTwice(effect), route: reproduction, at: there, about: ["twice", effect] as [AnyHashable])
        }
        let ended = live.run.map { endName(of: $0.flow) != nil } ?? false
        if ended { graph.add(NavigationGraph.Node(there, kind: .end)) }
        let kind = Self.kind(of: live.recorder.events, ended: ended)
        graph.add(NavigationGraph.Edge(from: here, to: there, kind: kind, label: attempt.label))
        record(next == key ? .stayed : kind == .unwind || kind == .tab ? .revealed : .led(kind, to: there), of: attempt, in: key)
        return (next, ended, kind == .push ? ":back" : kind == .present ? ":dismiss" : nil)
    }

    /// Remembers the route a random walk took to a state, and the state among those showing the
    /// same.
    private mutating func note(_ key: StateKey, route: [String]) {
        table.note(key, route: route)
    }

    /// Remembers what a screen action did in a state; gestures, which depend on the hierarchy by
    /// their nature, are not compared.
    private mutating func record(_ outcome: ActionOutcome, of attempt: Attempt, in key: StateKey) {
        guard !attempt.isGesture else { return }
        outcomes[key, default: [:]][attempt.label] = outcome
    }

    /// Lets go of a run whose flow ended, and reports the screens still alive.
    private mutating func checkRelease(of live: LiveRun, after route: [String], at screen: String) {
        let survivors = live.release()
        guard !survivors.isEmpty else { return }
        report(.leak(survivors.sorted()), route: route, at: screen, about: "leak \(survivors.sorted())")
    }

    /// How a move changed what is shown, read from its events: the flow's end, a child flow's
    /// start, else the last change of what is shown.
    static func kind(of events: [FlowEvent], ended: Bool) -> NavigationGraph.Edge.Kind {
        if ended { return .finish }
        if events.contains(where: { if case .flowStarted(let parent?) = $0.change { parent != $0.flow } else { false } }) {
            return .childStart
        }
        for event in events.reversed() {
            switch event.change {
            case .pushed: return .push
            case .presented, .childAdded: return .present
            case .popped, .dismissed, .childRemoved: return .unwind
            case .tabSelected: return .tab
            case .rootReplaced, .stackReplaced, .tabInserted, .tabRemoved: return .replace
            default: continue
            }
        }
        return .stay
    }

    private static func message(_ error: any Error) -> String {
        (error as? FlowError)?.message ?? "\(error)"
    }

    // MARK: Reporting

    private mutating func report(_ kind: ExplorationFinding.Kind, route: [String], at screen: String?, about signature: AnyHashable) {
        guard reported.insert(signature).inserted else { return }
        findings.append(ExplorationFinding(kind: kind, reproduction: route, screen: screen))
    }

    /// Compares the states that show the same screen with the app in the same state, each with
    /// the one reached by the shortest route: an action tried in both that did something
    /// different is a finding, reproduced by the longer route.
    private mutating func reportRoutesThatDisagree() {
        // The states reached, grouped by what a person sees in them, first reached first.
        var fronts: [StateKey.Front: [StateKey]] = [:]
        var frontOrder: [StateKey.Front] = []
        for key in table.keys {
            if fronts[key.front] == nil { frontOrder.append(key.front) }
            fronts[key.front, default: []].append(key)
        }
        for front in frontOrder {
            guard let keys = fronts[front], keys.count > 1 else { continue }
            // Shortest route first; among equals, the routes' text decides, so every run reports alike.
            let routes = keys.map { table.route(of: $0) ?? [] }
            let ordered = keys.indices.sorted {
                let (a, b) = (routes[$0], routes[$1])
                return a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
            }
            let first = keys[ordered[0]]
            let firstRoute = routes[ordered[0]]
            guard let firstOutcomes = outcomes[first] else { continue }
            for index in ordered.dropFirst() {
                let other = keys[index]
                let otherRoute = routes[index]
                guard let otherOutcomes = outcomes[other] else { continue }
                for (action, there) in firstOutcomes.sorted(by: { $0.key < $1.key }) {
                    guard let here = otherOutcomes[action], here != there else { continue }
                    let screen = nodeName(of: front)
                    report(
                        .routesDisagree(action: action, here: here.description, there: there.description, otherRoute: firstRoute),
                        route: otherRoute, at: screen, about: ["routes", front, action] as [AnyHashable]
                    )
                }
            }
        }
    }

    /// The graph node a front shows: its screen's type name.
    private func nodeName(of front: StateKey.Front) -> String? {
        guard case .screen(let id, _)? = front.screen else { return nil }
        return explorer.knownName(of: id)
    }

    private func reportProgress() {
        progress?(ExplorationProgress(states: table.count, moves: moves, movesMade: moves + made.toReachStates, findings: findings.count))
    }

    mutating func report(expecting expected: [String]) -> ExplorationReport {
        for name in expected where graph.nodes[name] == nil {
            report(.neverReached(name), route: [], at: nil, about: "never \(name)")
        }
        reportRoutesThatDisagree()
        made.explored = moves
        return ExplorationReport(graph: graph, states: table.count, moves: moves, made: made, findings: findings, coverage: coverage)
    }
}

/// What a screen action did in one state, as states reached by different routes compare it.
enum ActionOutcome: Hashable, CustomStringConvertible {
    /// It showed something new, or ended the flow: a move of a kind, to a node.
    case led(NavigationGraph.Edge.Kind, to: String)
    /// It went back or to another tab: it revealed what the route left there.
    case revealed
    /// It changed nothing shown (the screen may have updated itself).
    case stayed
    /// It threw.
    case refused

    var description: String {
        switch self {
        case .led(.finish, let end): "ends the flow \(end)"
        case .led(let kind, let node): "leads to \(node) (\(kind.rawValue))"
        case .revealed: "shows what was already there"
        case .stayed: "changes nothing shown"
        case .refused: "is refused"
        }
    }
}
