import FlowKernel
import FlowRuntime

/// One exploration's bookkeeping: the states reached with the shortest route to each, the graph,
/// the counts and the findings. The explorer's two walks share it.
@MainActor
struct Walker {
    typealias LiveRun = NavigationExplorer.LiveRun
    typealias Attempt = NavigationExplorer.Attempt

    let explorer: NavigationExplorer
    let progress: (@MainActor (ExplorationProgress) -> Void)?
    /// The shortest route known to each state reached.
    private var routes: [StateKey: [String]] = [:]
    private var graph = NavigationGraph()
    private var moves = 0
    private var transitions = 0
    private var findings: [ExplorationFinding] = []
    /// What each finding is about, so one defect met on many routes is reported once.
    private var reported: Set<AnyHashable> = []
    /// What each screen action did in each state it was tried in, for comparing states that show
    /// the same screen behind different hierarchies.
    private var outcomes: [StateKey: [String: ActionOutcome]] = [:]
    /// The states reached, grouped by what a person sees in them, first reached first.
    private var fronts: [StateKey.Front: [StateKey]] = [:]
    private var frontOrder: [StateKey.Front] = []
    /// What stopped the walk before every state it could reach was explored, if anything did.
    private var coverage = ExplorationCoverage.exhaustive

    init(explorer: NavigationExplorer, progress: (@MainActor (ExplorationProgress) -> Void)?) {
        self.explorer = explorer
        self.progress = progress
    }

    // MARK: Walks

    /// Walks every move from every state, nearest first, to `depth` moves from the start, and
    /// stops noting new states once `maxStates` are known; says which bound cut it short.
    mutating func breadthFirst(depth: Int, maxStates: Int = .max) throws {
        let first = try explorer.startRun()
        let startKey = explorer.key(of: first)
        graph = NavigationGraph(start: explorer.nodeName(of: first))
        note(startKey, route: [])
        var queue: [(key: StateKey, route: [String])] = [(startKey, [])]
        var head = 0
        var spare: LiveRun? = first
        while head < queue.count {
            let (key, route) = queue[head]
            head += 1
            guard route.count < depth else {
                coverage = .bounded(by: "a depth of \(depth) moves")
                continue
            }
            var live = try spare ?? replay(route)
            spare = nil
            let here = explorer.nodeName(of: live)
            var leadsOut = false
            for attempt in explorer.attempts(in: live) {
                if live.run == nil { live = try replay(route) }
                let result = try move(attempt, in: live, from: key, route: route, at: here)
                guard let next = result.key else {
                    // A refusal that changed something left the run in a state no route reaches.
                    live.run = nil
                    continue
                }
                guard next != key else { continue }
                leadsOut = true
                if result.ended {
                    checkRelease(of: live, after: route + [attempt.label], at: here)
                } else if routes[next] == nil {
                    guard routes.count < maxStates else {
                        coverage = .bounded(by: "a bound of \(maxStates) states")
                        live.run = nil
                        continue
                    }
                    note(next, route: route + [attempt.label])
                    queue.append((next, route + [attempt.label]))
                }
                // The run has moved on; the next attempt starts from a replay.
                live.run = nil
            }
            if !leadsOut { report(.deadEnd, route: route, at: here, about: ["dead end", key] as [AnyHashable]) }
            reportProgress()
        }
    }

    mutating func random(seed: UInt64, steps: Int, depth: Int) throws {
        // A random walk samples: it never shows that no other state is reachable.
        coverage = .bounded(by: "a random walk of \(steps) steps")
        var random = SeededGenerator(seed: seed)
        var live: LiveRun?
        var length = 0
        for _ in 0..<steps {
            if live?.run == nil || length >= depth {
                let fresh = try explorer.startRun()
                if graph.start == nil { graph.start = explorer.nodeName(of: fresh) }
                live = fresh
                length = 0
            }
            guard let current = live else { break }
            let key = explorer.key(of: current)
            let route = routes[key] ?? []
            if routes[key] == nil { note(key, route: route) }
            let here = explorer.nodeName(of: current)
            let attempts = explorer.attempts(in: current)
            guard let attempt = attempts.randomElement(using: &random) else {
                report(.deadEnd, route: route, at: here, about: ["dead end", key] as [AnyHashable])
                live = nil
                continue
            }
            let result = try move(attempt, in: current, from: key, route: route, at: here)
            length += 1
            guard let next = result.key else {
                // A refusal that changed something leaves the run in a state no route reaches.
                live = nil
                continue
            }
            let nextRoute = route + [attempt.label]
            if routes[next].map({ $0.count > nextRoute.count }) ?? true { note(next, route: nextRoute) }
            if result.ended {
                checkRelease(of: current, after: nextRoute, at: here)
                live = nil
            }
            if transitions % 1_000 == 0 { reportProgress() }
        }
        reportProgress()
    }

    // MARK: Moves

    /// Replays a route from a fresh start.
    private mutating func replay(_ route: [String]) throws -> LiveRun {
        transitions += route.count
        return try explorer.replay(route)
    }

    /// Makes one move, records its edge or its finding, and says where it led: the next state's
    /// key (`nil` when a refusal broke the run) and whether the flow ended.
    private mutating func move(_ attempt: Attempt, in live: LiveRun, from key: StateKey, route: [String], at here: String) throws -> (
        key: StateKey?, ended: Bool
    ) {
        live.recorder.events.removeAll()
        moves += 1
        transitions += 1
        let error = try explorer.perform(attempt, in: live)
        if let explorationError = error as? ExplorationError { throw explorationError }
        let next = explorer.key(of: live)
        let reproduction = route + [attempt.label]
        if let error {
            if next != key {
                report(.refusalChangedSomething(attempt.label), route: reproduction, at: here, about: "refusal \(here) \(attempt.label)")
                return (nil, false)
            }
            if !attempt.isInvalid, !attempt.isGesture {
                report(.actionThrew(attempt.label, error: Self.message(error)), route: reproduction, at: here, about: "threw \(here) \(attempt.label)")
            }
            record(.refused, of: attempt, in: key)
            return (key, false)
        }
        if attempt.isInvalid {
            if next != key { report(.invalidSampleAccepted(attempt.label), route: reproduction, at: here, about: "accepted \(here) \(attempt.label)") }
            return (next, false)
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
        return (next, ended)
    }

    /// Remembers the shortest route known to a state, and the state among those showing the same.
    private mutating func note(_ key: StateKey, route: [String]) {
        if routes.updateValue(route, forKey: key) == nil {
            if fronts[key.front] == nil { frontOrder.append(key.front) }
            fronts[key.front, default: []].append(key)
        }
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
        for front in frontOrder {
            guard let keys = fronts[front], keys.count > 1 else { continue }
            // Shortest route first; among equals, the routes' text decides, so every run reports alike.
            let ordered = keys.sorted {
                let (a, b) = (routes[$0] ?? [], routes[$1] ?? [])
                return a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
            }
            let first = ordered[0]
            guard let firstOutcomes = outcomes[first], let firstRoute = routes[first] else { continue }
            for other in ordered.dropFirst() {
                guard let otherOutcomes = outcomes[other], let otherRoute = routes[other] else { continue }
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
        progress?(ExplorationProgress(states: routes.count, moves: moves, transitions: transitions, findings: findings.count))
    }

    mutating func report(expecting expected: [String]) -> ExplorationReport {
        for name in expected where graph.nodes[name] == nil {
            report(.neverReached(name), route: [], at: nil, about: "never \(name)")
        }
        reportRoutesThatDisagree()
        return ExplorationReport(graph: graph, states: routes.count, moves: moves, transitions: transitions, findings: findings, coverage: coverage)
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
