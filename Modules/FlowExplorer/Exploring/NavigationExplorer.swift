import FlowKernel
import FlowRecording
import FlowRuntime
import FlowSnapshot
import FlowStage

/// Walks an app's navigation by running it: every action its screens offer, with good and bad
/// samples, and the person's own gestures (back, swipe down, the tab bar), from a fresh start.
///
/// It reports the graph it observed, how much it covered, and what it found wrong, each finding
/// with the moves that reproduce it: an action that threw where it was offered, a refusal that
/// changed something, a bad sample accepted, a dead end, a screen never reached, a flow that ended
/// without releasing its screens, and the same screen reached by two routes where one of its
/// actions does something different (a screen made on one route without a callback the other
/// route wires, say).
///
/// ```swift
/// let explorer = NavigationExplorer(expecting: ["CheckoutScreen"]) {
///     let session = try ShopSession(strategy: .router)
///     return ExplorationRun(host: session.host, flow: session.flow, keeping: session)
/// }
/// let report = try explorer.explore(.breadthFirst(depth: 12))
/// #expect(report.findings.isEmpty)
/// ```
///
/// A state is what the host shows (each screen by type and display name, each container by
/// name, each tab group's selection) together with the app's own state (``ExplorationRun``'s
/// `state`). An exhaustive or breadth-first walk explores each state once, and reaches it without
/// replaying its route from the start where it can: it keeps a few live runs, each waiting in the
/// state a move took it to, and moves one there along moves it has already seen. It replays a state's shortest route from a fresh start only when no
/// live run is nearer. Either way the app must behave the same way on every run — no clocks, no
/// randomness of its own — and a move that leads elsewhere than it did before is an error.
@MainActor
public final class NavigationExplorer {
    /// How to walk.
    public enum Walk: Hashable, Sendable {
        /// Every move from every state, nearest states first, up to a number of moves from the
        /// start. Each finding comes with the shortest reproduction there is.
        case breadthFirst(depth: Int)
        /// Random moves chosen by a seeded generator, `steps` in all, starting afresh when the flow
        /// ends or after `depth` moves. Each finding comes with the shortest route to its state
        /// that the walk took. A dead end is found only where a screen offers no move at all.
        case random(seed: UInt64, steps: Int, depth: Int)
        /// Every move from every state, nearest states first, until no new state appears — with
        /// no depth to guess — or until `maxStates` states are reached, when the report says the
        /// bound cut the walk short (``ExplorationReport/coverage``). As model checkers do: a
        /// finding never depends on how deep the walk was told to go.
        case exhaustive(maxStates: Int)
    }

    private let start: @MainActor () throws -> ExplorationRun
    private let expected: [String]
    /// How many live runs wait between moves, at most; none makes every state be reached by
    /// replaying its route from a fresh start, as the explorer did before it kept runs (kept for
    /// tests that check both ways give one report).
    var parkingLimit = Reaching<LiveRun, StateKey>.defaultParkingLimit
    private let includesGestures: Bool
    private var typeNames: [ObjectIdentifier: String] = [:]

    /// Makes an explorer.
    ///
    /// - Parameters:
    ///   - expecting: Screen type names the app should reach (its registered screens, say); each
    ///     one never reached is a finding.
    ///   - gestures: Whether to make the person's own gestures too: back, swipe down, the tab bar.
    ///   - start: Starts a fresh run of the app.
    public init(expecting: [String] = [], gestures: Bool = true, start: @escaping @MainActor () throws -> ExplorationRun) {
        self.start = start
        self.expected = expecting
        self.includesGestures = gestures
    }

    /// Walks the app and reports what it saw.
    ///
    /// - Parameters:
    ///   - walk: Breadth-first to a depth, until no new state appears, or randomly from a seed.
    ///   - progress: Called now and then with how far the walk has got.
    /// - Throws: ``/FlowKernel/FlowError/Code/indexOutOfRange`` for a depth, a number of steps or
    ///   a bound on states below 1, before any run starts; ``ExplorationError`` when a run does not replay the moves
    ///   that reached a state (the app behaves differently on two runs); whatever starting a run
    ///   throws.
    public func explore(_ walk: Walk, progress: (@MainActor (ExplorationProgress) -> Void)? = nil) throws -> ExplorationReport {
        var walker = Walker(explorer: self, progress: progress)
        switch walk {
        case .breadthFirst(let depth):
            try Self.require(depth, "depth")
            try walker.breadthFirst(depth: depth)
        case .random(let seed, let steps, let depth):
            try Self.require(steps, "number of steps")
            try Self.require(depth, "depth")
            try walker.random(seed: seed, steps: steps, depth: depth)
        case .exhaustive(let maxStates):
            try Self.require(maxStates, "bound on states")
            try walker.breadthFirst(depth: .max, maxStates: maxStates)
        }
        return walker.report(expecting: expected)
    }

    private static func require(_ value: Int, _ name: String) throws {
        guard value >= 1 else {
            throw FlowError(.indexOutOfRange, "An exploration needs a \(name) of at least 1, not \(value).")
        }
    }

    // MARK: One live run

    /// A run in use: what it has shown so far, and the events of the move being made.
    @MainActor
    final class LiveRun {
        var run: ExplorationRun?
        let recorder = Recorder()
        /// The attempts the visible screen offered when last listed, until the next move: the
        /// move about to be made runs one of them rather than asking the screen again.
        var offered: (screen: ObjectIdentifier, attempts: [ScreenAction.Attempt])?
        private var seen: [(object: Weak, name: String)] = []
        private var seenIDs: Set<ObjectIdentifier> = []

        /// Names screen types for the leak report.
        private let name: (ScreenType) -> String

        init(_ run: ExplorationRun, naming name: @escaping (ScreenType) -> String) {
            self.run = run
            self.name = name
            run.host.addObserver(recorder)
            noteScreens()
        }

        var host: any FlowHost { run!.host }

        /// What the host showed after the last move: read once a move, for the state's key and
        /// the screens seen. Only a move changes what the host shows.
        private(set) var shown = Hierarchy(root: nil)

        /// How many of the recorder's events have been read for screens they added.
        private var eventsRead = 0

        /// Forgets the events of the moves before, so that the recorder holds the next move's alone.
        func clearEvents() {
            recorder.events.removeAll()
            eventsRead = 0
        }

        /// Remembers, weakly, every screen the host shows now: all of them at the start, then
        /// those the move's events say were added, so a move costs what it changed, not what is
        /// shown.
        func noteScreens() {
            let host = self.host
            shown = host.hierarchy
            let events = recorder.events
            guard eventsRead > 0 || !seenIDs.isEmpty else {
                shown.root.map(note)
                eventsRead = events.count
                return
            }
            for event in events[eventsRead...] {
                switch event.change {
                case .rootReplaced(let node?): note(node)
                case .pushed(let node, _), .presented(let node, _), .tabInserted(let node, _, _), .childAdded(let node, _): note(node)
                case .stackReplaced(_, let nodes): for node in nodes { note(node) }
                default: continue
                }
            }
            eventsRead = events.count
        }

        /// Remembers a node added and the screens it holds.
        private func note(_ ref: NodeRef) {
            let host = self.host
            if case .screen(let screen) = ref, let shownScreen = host.screen(for: screen) {
                note(screen, shownScreen)
                // A screen alone, as most moves add, is found without a search.
                guard let place = host.place(of: ref), place.childCount > 0 || place.presented != nil else { return }
            }
            shown.node(ref).map(note)
        }

        private func note(_ node: HierarchyNode) {
            let host = self.host
            node.forEach { node in
                guard let ref = node.screen, let screen = host.screen(for: ref) else { return }
                note(ref, screen)
            }
        }

        private func note(_ ref: ScreenRef, _ screen: any Screen) {
            guard seenIDs.insert(ref.instance).inserted else { return }
            seen.append((Weak(screen), name(ref.type)))
        }

        /// Lets go of the run; the names of the screens it showed that are still alive.
        func release() -> [String] {
            run = nil
            return seen.filter { $0.object.value != nil }.map(\.name)
        }
    }

    final class Weak {
        weak var value: AnyObject?
        init(_ value: AnyObject) { self.value = value }
    }

    @MainActor
    final class Recorder: FlowObserver {
        var events: [FlowEvent] = []
        func receive(_ event: FlowEvent) { events.append(event) }
    }

    /// One move a person can make in a state.
    struct Attempt: Hashable {
        let label: String
        let isInvalid: Bool
        let isGesture: Bool
    }

    func startRun() throws -> LiveRun {
        LiveRun(try start()) { [unowned self] in name(of: $0) }
    }

    /// The moves a person can make now: the visible screen's actions, then the gestures.
    func attempts(in live: LiveRun) -> [Attempt] {
        let run = live.run!
        var result: [Attempt] = []
        if let screen = run.host.visibleScreen {
            let offered = run.actions(screen).flatMap(\.attempts)
            live.offered = (ObjectIdentifier(screen), offered)
            for attempt in offered { result.append(Attempt(label: attempt.label, isInvalid: attempt.isInvalid, isGesture: false)) }
        } else {
            live.offered = nil
        }
        guard includesGestures else { return result }
        let user = run.host.user
        if user.backGesture != nil { result.append(Attempt(label: ":back", isInvalid: false, isGesture: true)) }
        if user.swipeDownGesture != nil { result.append(Attempt(label: ":dismiss", isInvalid: false, isGesture: true)) }
        if let tabs = user.tabGroup, let count = run.host.place(of: .container(tabs))?.childCount {
            let selected = run.host.selectedTab(of: tabs)
            for index in 0..<count where index != selected {
                result.append(Attempt(label: ":tab \(index + 1)", isInvalid: false, isGesture: true))
            }
        }
        return result
    }

    /// Makes a move in a live run; what it threw, if anything.
    func perform(_ attempt: Attempt, in live: LiveRun) throws -> (any Error)? {
        let run = live.run!
        let offered = live.offered
        live.offered = nil
        do {
            if attempt.isGesture {
                try performGesture(attempt.label, on: run.host)
            } else {
                let screen = run.host.visibleScreen
                let listed = screen.flatMap { screen in
                    offered.flatMap { $0.screen == ObjectIdentifier(screen) ? $0.attempts : nil } ?? run.actions(screen).flatMap(\.attempts)
                }
                guard let found = listed?.first(where: { $0.label == attempt.label }) else {
                    throw ExplorationError(description: "'\(attempt.label)' is not offered on \(run.host.visibleScreenRef?.description ?? "any screen") now.")
                }
                try found.run()
            }
        } catch {
            live.noteScreens()
            return error
        }
        live.noteScreens()
        return nil
    }

    private func performGesture(_ label: String, on host: any PresentationHost) throws {
        guard let gesture = RecordedGesture(label) else { throw ExplorationError(description: "'\(label)' is not a gesture.") }
        try gesture.perform(on: host)
    }

    /// The state a run is in: what is shown and the app's own state.
    func key(of live: LiveRun) -> StateKey {
        let run = live.run!
        // Once-only effects that happened are part of the state: the same screen before and after
        // an order is placed are two states, and the second Pay is tried from the second. Counted
        // up to twice: a third time is the same finding, and the states stay finite.
        let effects = run.onceOnly.map { "\($0.name): \(min($0.count(), 2))" }.joined(separator: ", ")
        return StateKey(live.shown, state: effects.isEmpty ? run.state() : run.state() + " | " + effects)
    }

    /// The app's whole saved state in a run, when the app gives it (``ExplorationRun``'s `saving`).
    func saved(in live: LiveRun) -> SavedValue? {
        guard let saving = live.run?.saving else { return nil }
        return try? saving()
    }

    /// The once-only effects that have happened more than once in a run.
    func repeatedEffects(in live: LiveRun) -> [String] {
        live.run.map { run in run.onceOnly.filter { $0.count() > 1 }.map(\.name) } ?? []
    }

    /// The graph node a run stands at: the visible screen's type, or how the flow ended.
    func nodeName(of live: LiveRun) -> String {
        let run = live.run!
        if let end = endName(of: run.flow) { return end }
        return run.host.visibleScreenRef.map { name(of: $0.type) } ?? "(nothing shown)"
    }

    /// The name of a screen type already named during the exploration.
    func knownName(of type: ObjectIdentifier) -> String? { typeNames[type] }

    /// A screen type's name, formatted once per type for the whole exploration: formatting a
    /// type's name costs more than a move.
    func name(of type: ScreenType) -> String {
        if let known = typeNames[type.id] { return known }
        let name = type.name
        typeNames[type.id] = name
        return name
    }
}
