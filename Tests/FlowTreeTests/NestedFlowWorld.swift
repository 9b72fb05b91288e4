import FlowChain
import FlowCoordinator
import FlowKernel
import FlowRouter
import FlowRuntime
import FlowSnapshot
import FlowStack
import FlowStage
import FlowTestKit

/// A small, seeded generator (SplitMix64), so that a sequence is the same on every machine.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The kinds of flow the world starts: each strategy, a tab group of coordinators, and the
/// runtime's own `LogicFlow` running a logic of pages.
enum FlowKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case stack, chain, router, coordinator, tabs, logic
    var description: String { rawValue }
}

/// One flow the world started, known weakly: the host's tree is all that keeps it.
@MainActor
final class FlowRecord {
    let name: FlowID
    let kind: FlowKind
    let parent: FlowRecord?
    weak var flow: (any RunningFlow)?
    var ends = 0

    init(name: FlowID, kind: FlowKind, parent: FlowRecord?) {
        self.name = name
        self.kind = kind
        self.parent = parent
    }

    var isRunning: Bool { flow?.phase == .running }
    var hasEnded: Bool { ends > 0 }
}

/// Flows of every strategy nested in each other on one host, driven at random by their own
/// requests, their screens' actions, new children, the person's gestures and guards switched on
/// and off; after every step it checks the laws of the flow tree and says which it found broken.
@MainActor
final class NestedFlowWorld {
    let host = InMemoryHost()
    let leaks = LeakTracker()
    let top: FlowKind
    private(set) var records: [FlowRecord] = []
    /// The records not yet seen ended: the ones each step checks.
    private var live: [FlowRecord] = []
    /// How many ends the world's flows have had.
    private var endsSoFar = 0
    private(set) var breaches: [String] = []
    private var random: SeededGenerator
    private var counter = 0
    private var step = 0
    /// A few flows that ended, kept to make requests of after their end.
    private var ended: [AnyObject] = []
    /// The operation of the step under way, for a breach's report.
    private var operation = ""
    /// The container each chain was made with, so a restore makes it alike.
    private var chainKinds: [String: ChainContainer.Kind] = [:]

    /// Counts the host's changes: a refusal makes none (the host reports one event per change).
    private let changes = ChangeCounter()
    /// The screens the world made, whose stays each step checks.
    private let census = StayCensus()

    init(top: FlowKind, seed: UInt64) {
        self.top = top
        random = SeededGenerator(seed: seed)
        host.addObserver(changes)
    }

    // MARK: Running

    /// Runs `steps` random steps, checking the laws after each, then ends what runs and checks
    /// that every flow ended once and everything was released.
    func run(steps: Int) {
        StayCensus.current = census
        defer { StayCensus.current = nil }
        startTop()
        for index in 0..<steps {
            step = index
            if !live.contains(where: \.isRunning) { startTop() }
            act()
            journal.append("step \(index): \(operation)\n\(host.render())")
            check()
            // Stop at the first breaking step: what follows only repeats it.
            guard breaches.isEmpty else { return }
        }
        checkRestore()
        guard breaches.isEmpty else { return }
        finishAll()
    }

    private func act() {
        // Each guard answers once a step: a request, the ends it sets off and the flows that
        // follow it ask it together; a gesture asks before it changes anything, once.
        let shown = host.hierarchy.allScreens(on: host).compactMap { $0 as? Held }
        for screen in shown { screen.leaveAsked = 0 }
        defer {
            for screen in shown where screen.leaveAsked > 1 {
                breach("\(screen.displayName)'s leave guard was asked \(screen.leaveAsked) times")
            }
        }
        let before = changes.count
        let flows = host.flows.count
        let ends = endsSoFar
        do {
            switch random.next() % 20 {
            case 0..<6: try request()
            case 6..<9: try screenAction()
            case 9..<11: try startChild()
            case 11..<16: try gesture()
            case 16..<18: switchGuard()
            default: try requestAfterEnd()
            }
        } catch {
            // A refusal changes nothing: not the host, not which flows run, not an end.
            if changes.count != before { breach("a refused \(operation) changed the host: \(error)") }
            if host.flows.count != flows || endsSoFar != ends {
                breach("a refused \(operation) started or ended flows: \(error)")
            }
        }
    }

    private func breach(_ text: String) {
        breaches.append("step \(step) (\(operation)): \(text)")
    }

    /// Every step so far, with what it did and what the host showed after: what a repeated seed
    /// prints to show how a breach came about.
    private(set) var journal: [String] = []

    // MARK: Starting flows

    private func startTop() {
        operation = "start the top \(top)"
        do {
            try start(top, placement: .root, parent: nil)
        } catch {
            breach("the top flow could not start: \(error)")
        }
    }

    @discardableResult
    private func start(_ kind: FlowKind, placement: FlowPlacement, parent: FlowRecord?, coordinator: StackCoordinator<Void>? = nil) throws -> FlowRecord {
        counter += 1
        let name = FlowID(stringLiteral: "\(kind)\(counter)")
        let record = FlowRecord(name: name, kind: kind, parent: parent)
        let flow = try make(kind, name)
        leaks.track(flow, as: "flow \(name)")
        let count = { [weak self, weak record] (_: Any) in
            record?.ends += 1
            self?.endsSoFar += 1
        }
        if let coordinator, let parent {
            _ = parent
            switch flow {
            case let flow as StackNavigator<Void>: try coordinator.start(child: flow, presented: placement == .presented) { count($0) }
            case let flow as ChainFlow<Void>: try coordinator.start(child: flow, presented: placement == .presented) { count($0) }
            case let flow as RouterFlow<String>: try coordinator.start(child: flow, presented: placement == .presented) { count($0) }
            case let flow as StackCoordinator<Void>: try coordinator.start(child: flow, presented: placement == .presented) { count($0) }
            case let flow as LogicFlow<Tour>: try coordinator.start(child: flow, presented: placement == .presented) { count($0) }
            default: return record
            }
        } else {
            switch flow {
            case let flow as StackNavigator<Void>: flow.onFinish { count($0) }
            case let flow as ChainFlow<Void>: flow.onFinish { count($0) }
            case let flow as RouterFlow<String>: flow.onFinish { count($0) }
            case let flow as StackCoordinator<Void>: flow.onFinish { count($0) }
            case let flow as LogicFlow<Tour>: flow.onFinish { count($0) }
            default: break
            }
            try flow.start(on: host, placement: placement, parent: parent?.name)
        }
        record.flow = flow
        records.append(record)
        live.append(record)
        return record
    }

    private func make(_ kind: FlowKind, _ name: FlowID) throws -> any RunningFlow & Flow {
        switch kind {
        case .stack: return Make.navigator(name, leaks: leaks)
        case .chain:
            chainKinds[name.name] = random.next() % 4 == 0 ? .single : .stack
            return Make.chain(name, steps: 3, kind: chainKinds[name.name] ?? .stack, leaks: leaks)
        case .router: return try Make.router(name, leaks: leaks)
        case .coordinator: return PageCoordinator(name, first: leaks.track(Page("\(name.name) start")))
        case .logic: return LogicFlow(name, logic: Tour(name: name.name, leaks: leaks))
        case .tabs:
            return Tabs(
                name,
                items: [
                    PageCoordinator(FlowID("\(name.name)a"), first: leaks.track(Page("\(name.name)a start"))),
                    PageCoordinator(FlowID("\(name.name)b"), first: leaks.track(Page("\(name.name)b start"))),
                ])
        }
    }

    /// A screen starts a child flow of any kind: on the stack it stands on, or presented.
    private func startChild() throws {
        guard let visible = host.visibleScreenRef, let maker = host.maker(of: .screen(visible)),
            let parent = live.last(where: { $0.name == maker && $0.isRunning })
        else { return }
        let kind = FlowKind.allCases.randomElement(using: &random) ?? .stack
        var placement = FlowPlacement.presented
        if random.next() % 2 == 0, let holder = host.holder(of: .screen(visible)), case .container(let stack) = holder,
            host.place(of: holder)?.kind == .stack
        {
            placement = .onStack(stack)
        }
        operation = "\(parent.name) starts a \(kind) \(placement)"
        if let coordinator = parent.flow as? StackCoordinator<Void>, kind != .tabs {
            if case .onStack = placement, coordinator.stack.map({ .container($0) }) != host.holder(of: .screen(visible)) { return }
            try start(kind, placement: placement, parent: parent, coordinator: coordinator)
        } else {
            try start(kind, placement: placement, parent: parent)
        }
    }

    // MARK: Requests

    /// A running flow's own request, valid or not.
    private func request() throws {
        guard let record = live.filter(\.isRunning).randomElement(using: &random), let flow = record.flow else { return }
        try request(of: flow, named: record.name)
    }

    /// A request of a flow that has ended: refused, changing nothing.
    private func requestAfterEnd() throws {
        guard let flow = ended.randomElement(using: &random) as? any RunningFlow else {
            return try request()
        }
        try request(of: flow, named: flow.id)
    }

    private func request(of flow: any RunningFlow, named name: FlowID) throws {
        let choice = random.next() % 8
        switch flow {
        case let navigator as StackNavigator<Void>:
            let verbs = ["goNext", "goNext(to: Detail)", "goNextAsModal", "getBack", "getBack(.popToRoot)", "getBack(.modal)", "dismiss", "finish"]
            operation = "\(name).\(verbs[Int(choice)])"
            switch choice {
            case 0: try navigator.goNext()
            case 1: try navigator.goNext(to: Detail.self)
            case 2: try navigator.goNextAsModal(to: Detail.self)
            case 3: try navigator.getBack()
            case 4: try navigator.getBack(.popToRoot)
            case 5: try navigator.getBack(.modal)
            case 6: try ending(navigator) { try navigator.dismiss() }
            default: try ending(navigator) { try navigator.finish(with: ()) }
            }
        case let chain as ChainFlow<Void>:
            let target = Int(random.next() % 4)
            operation = "\(name).\(["next", "back", "endFlow", "arrive(atStep: \(target))", "cancel"][Int(choice % 5)])"
            let step = (chain.currentScreen as? Step)?.step
            switch choice % 5 {
            case 0: try ending(chain) { try step?.next() }
            case 1: try step?.back()
            case 2: try ending(chain) { try step?.endFlow() }
            case 3: try chain.arrive(atStep: target)
            default: try ending(chain) { try chain.cancel() }
            }
        case let router as RouterFlow<String>:
            let value = Int(random.next() % 3)
            operation = "\(name).\(["arrive(at: \(value))", "cancel"][Int(choice % 2)])"
            if choice % 2 == 0 { try router.arrive(at: value) } else { try ending(router) { try router.cancel() } }
        case let tour as LogicFlow<Tour>:
            operation = "\(name).\(["push", "present", "drop", "drop(2)", "replace", "complete", "cancel", "push"][Int(choice)])"
            switch choice {
            case 0, 7: try tour.request { _, path in .show(path.pushing(path.count)) }
            case 1: try tour.request { _, path in .show(path.presenting(100 + path.count)) }
            case 2: try tour.request { _, path in .show(path.dropping()) }
            case 3: try tour.request { _, path in .show(path.dropping(2)) }
            case 4: try tour.request { _, path in .show(FlowPath([200 + path.count, 201 + path.count])) }
            case 5: try ending(tour) { try tour.request { _, _ in .complete(()) } }
            default: try ending(tour) { try tour.cancel() }
            }
        case let tabs as Tabs:
            let index = Int(random.next() % 3)
            operation = "\(name).\(["select(\(index))", "removeItem(at: \(index))", "cancel", "finish"][Int(choice % 4)])"
            switch choice % 4 {
            case 0: try tabs.select(index)
            case 1: try tabs.removeItem(at: index)
            case 2: try ending(tabs) { try tabs.cancel() }
            default: try ending(tabs) { try tabs.finish(with: ()) }
            }
        case let coordinator as StackCoordinator<Void>:
            operation = "\(name).\(["move(to:)", "back", "backToStart", "backToTop", "cancel", "finish", "present(sheet:)", "dismissSheet"][Int(choice)])"
            switch choice {
            case 0: try coordinator.move(to: leaks.track(Page("\(name.name) page")))
            case 1: try coordinator.back()
            case 6: try coordinator.present(sheet: leaks.track(Page("\(name.name) sheet")))
            case 7: try coordinator.dismissSheet()
            case 2: try coordinator.backToStart()
            case 3: try coordinator.backToTop()
            case 4: try ending(coordinator) { try coordinator.cancel() }
            default: try ending(coordinator) { try coordinator.finish(with: ()) }
            }
        default:
            break
        }
    }

    /// Runs a request that may end a flow, keeping a few ended flows for requests after their end.
    private func ending(_ flow: any RunningFlow, _ request: () throws -> Void) throws {
        try request()
        if flow.phase == .finished {
            ended.append(flow)
            if ended.count > 3 { ended.removeFirst() }
        }
    }

    /// What a person does on the screen they see.
    private func screenAction() throws {
        guard let visible = host.visibleScreenRef, let screen = host.screen(for: visible) else { return }
        operation = "a tap on \(visible.displayName)"
        switch screen {
        case let picker as Picker: try picker.produce(Int(random.next() % 3))
        case let taker as Taker: try taker.produce("done")
        case let step as Step:
            switch random.next() % 3 {
            case 0: try step.step?.next()
            case 1: try step.step?.back()
            default: try step.step?.endFlow()
            }
        case let home as Home: try home.navigator?.goNext()
        case let detail as Detail: try detail.navigator?.getBack()
        default: break
        }
    }

    // MARK: The person

    private func gesture() throws {
        switch random.next() % 5 {
        case 0, 1:
            operation = "(user) back"
            try host.user.back()
        case 2:
            guard let visible = host.visibleScreenRef, let holder = host.holder(of: .screen(visible)),
                let count = host.place(of: holder)?.childCount, count > 1,
                let entry = host.child(at: Int(random.next() % UInt64(count - 1)), of: holder)
            else { return }
            operation = "(user) back to \(entry)"
            try host.user.back(to: entry)
        case 3:
            operation = "(user) swipe down"
            try host.user.swipeDown()
        default:
            let index = Int(random.next() % 3)
            operation = "(user) select tab \(index)"
            try host.user.selectTab(index)
        }
    }

    /// Switches the guard of the screen the person sees, or of one below it, on or off.
    private func switchGuard() {
        guard let visible = host.visibleScreenRef else { return }
        var ref = visible
        if random.next() % 2 == 0, let holder = host.holder(of: .screen(visible)), let count = host.place(of: holder)?.childCount, count > 0,
            let entry = host.child(at: Int(random.next() % UInt64(count)), of: holder)?.screen
        {
            ref = entry
        }
        guard let screen = host.screen(for: ref) as? Held else { return }
        operation = "a guard on \(ref.displayName)"
        screen.holds.toggle()
    }

    // MARK: The laws

    /// After every step: no running flow shows nothing it made; every shown node belongs to a
    /// running flow; no flow ended twice; a flow whose parent ended has ended; no flow was let go
    /// of before it ended.
    private func check() {
        for record in live {
            if record.ends > 1 { breach("\(record.name) ended \(record.ends) times") }
            if let flow = record.flow, flow.phase == .running {
                if !(flow.baseNode.map(host.contains) ?? false) { breach("\(record.name) runs showing nothing it made") }
                if !host.flows.contains(flow) { breach("\(record.name) runs outside the tree") }
                if let parent = record.parent, parent.hasEnded { breach("\(record.name) runs after its parent \(parent.name) ended") }
            } else if record.flow == nil, !record.hasEnded {
                breach("\(record.name) was let go of without ending")
            }
        }
        live.removeAll { $0.hasEnded || $0.flow == nil }
        var unowned: [String] = []
        // Walked with the host's targeted queries: building the hierarchy value every step would
        // cost more than the step.
        func visit(_ node: NodeRef) {
            guard let place = host.place(of: node) else { return }
            if let maker = host.maker(of: node) {
                // Tab items are the tree's, not the world's records.
                if host.flows.flow(named: maker)?.phase != .running { unowned.append("\(node) of \(maker)") }
            } else {
                unowned.append("\(node) of no flow")
            }
            for index in 0..<place.childCount {
                if let child = host.child(at: index, of: node) { visit(child) }
            }
            if let presented = place.presented { visit(presented) }
        }
        if var root = host.topmost {
            while let up = host.place(of: root)?.holder ?? host.presenter(of: root) { root = up }
            visit(root)
        }
        if !unowned.isEmpty { breach("shown with no running flow: \(unowned.prefix(3))") }
        // Every screen made hears of each stay once, begun and ended, and of being on top.
        for found in census.breaches(on: host).prefix(3) { breach(found) }
    }

    /// Saves everything that runs and restores it on a new host: every flow comes back as it was
    /// (the restored hierarchy equals the saved one, the report has nothing cut or dropped), the
    /// restored flows keep the tree's laws, and ending them leaves nothing shown.
    private func checkRestore() {
        operation = "save and restore"
        let snapshot = host.flows.snapshot(of: host)
        let read: NavigationSnapshot
        do {
            read = try NavigationSnapshot(document: try SavedValue(encoding: snapshot))
        } catch {
            breach("the snapshot did not read back: \(error)")
            return
        }
        let restored = InMemoryHost()
        let report = read.restore(on: restored) { saved in try? self.remake(saved) }
        defer { restored.flows.endAll() }
        // Each flow restores its own entries, parents first: a flow that pushed above another
        // flow's screens on a shared stack comes back below them, and a modal a flow presented
        // over a shared stack comes back before the later flows' entries under it. Those are the
        // cases a restore may leave incomplete (and says so).
        if !report.isComplete, !stacksInterleave {
            breach("the restore was not complete:\n\(report)\nsaved:\n\(host.render())\nrestored:\n\(restored.render())")
            return
        }
        if let silent = read.flows.first(where: { saved in !report.entries.contains { $0.flow == saved.id } }) {
            breach("the restore said nothing of \(silent.id):\n\(report)")
        }
        if !report.entries(.dropped).isEmpty { breach("the restore dropped flows:\n\(report)") }
        for flow in restored.flows.flows where flow.phase != .running || !(flow.baseNode.map(restored.contains) ?? false) {
            breach("the restored \(flow.id) runs showing nothing it made")
        }
        if restored.flows.count + report.entries(.dropped).count != host.flows.count {
            breach("\(host.flows.count) flows ran, \(restored.flows.count) came back")
        }
    }

    /// Whether a stack shows one flow's entries, then another's, then the first one's again, or
    /// shows entries of several flows with something presented over it.
    private var stacksInterleave: Bool {
        var pending = host.hierarchy.root.map { [$0] } ?? []
        while let node = pending.popLast() {
            pending += node.children + (node.presented.map { [$0] } ?? [])
            guard case .stack = node.kind else { continue }
            var runs: [FlowID?] = []
            for child in node.children {
                let maker = host.maker(of: child.ref)
                if runs.last != maker { runs.append(maker) }
            }
            if Set(runs).count < runs.count { return true }
            if runs.count > 1, node.presented != nil { return true }
        }
        return false
    }

    /// A flow as the world made it, for a restore: its kind is its name's start.
    private func remake(_ saved: SavedFlow) throws -> (any RestorableFlow)? {
        let name = FlowID(saved.id)
        guard let kind = FlowKind.allCases.first(where: { saved.id.hasPrefix($0.rawValue) }), saved.id.last?.isNumber == true else { return nil }
        switch kind {
        case .stack: return Make.navigator(name)
        case .chain: return Make.chain(name, steps: 3, kind: chainKinds[saved.id] ?? .stack)
        case .router: return try Make.router(name)
        case .coordinator: return PageCoordinator(name)
        case .logic: return LogicFlow(name, logic: Tour(name: saved.id, leaks: nil))
        case .tabs: return Tabs(name, items: [PageCoordinator(FlowID("\(saved.id)a")), PageCoordinator(FlowID("\(saved.id)b"))])
        }
    }

    /// Ends what still runs, as an app does before it lets go of a host, then checks that every
    /// flow ended exactly once and everything the world made was released.
    private func finishAll() {
        for case let screen as Held in host.hierarchy.allScreens(on: host) { screen.holds = false }
        operation = "end everything"
        host.flows.endAll()
        ended.removeAll()
        for record in records where record.ends != 1 {
            breach("\(record.name) ended \(record.ends) times by the end")
        }
        if host.hierarchy.root != nil { breach("the host still shows \(host.render())") }
        let survivors = leaks.survivors
        if !survivors.isEmpty { breach("still alive after every flow ended: \(survivors.prefix(5))") }
    }
}

extension Hierarchy {
    /// Every screen shown, as the host's objects.
    @MainActor
    func allScreens(on host: any PresentationHost) -> [any Screen] {
        var screens: [any Screen] = []
        func visit(_ node: HierarchyNode) {
            if let ref = node.screen, let screen = host.screen(for: ref) { screens.append(screen) }
            for child in node.children { visit(child) }
            if let presented = node.presented { visit(presented) }
        }
        if let root { visit(root) }
        return screens
    }
}

/// Counts the changes a host reports, leaving out refusals and flows' own events.
@MainActor
final class ChangeCounter: FlowObserver {
    private(set) var count = 0
    func receive(_ event: FlowEvent) {
        switch event.change {
        case .guardRefused, .gestureRefused, .requestRefused, .note, .payload, .flowStarted, .flowCompleted, .flowCancelled, .delivered:
            return
        default:
            count += 1
        }
    }
}
