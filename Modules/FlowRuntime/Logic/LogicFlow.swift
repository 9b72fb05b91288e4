import FlowKernel
import FlowSnapshot

/// The one running flow: it runs a ``FlowLogic`` on a host, and is all of a flow that is not the
/// logic's own.
///
/// It implements the flow contract (`Flow`) and what the host's ``FlowTree`` asks of a running
/// flow (``RunningFlow``), and, for a logic whose entries are `Codable`, saving and restoring
/// (``RestorableFlow``). It holds the flow's run and its mount, the entries of
/// the screens it shows, and is the only code of the flow that changes the host.
///
/// Every request goes one way: the flow must be running and idle (one re-entrancy rule, the
/// lifecycle's); its path is read from the host once; the logic decides; the runtime turns the
/// decided path into one host change, carries it out with every guard asked before
/// the first operation, and keeps the new path — all of it, or none of it when a guard or the
/// host refuses. A decision that ends the flow takes its screens away, then finishes it.
///
/// The flow follows changes it did not make: the person's Back leaves a shorter path, which the
/// next request reads; a flow whose first screen is gone ends cancelled; the logic may answer
/// what is left (``FlowLogic/follow(_:)``). A parent's cancel, the end of the screen that started
/// the flow, and ``FlowTree/endAll()`` end it as every strategy's flow ends.
///
/// ```swift
/// let tour = LogicFlow("tour", logic: Slides(slides: ["Hello", "Tabs", "Done"]))
/// try tour.start(on: host, placement: .presented)
/// try tour.request { slides, path in slides.next(path) }
/// ```
@MainActor
public final class LogicFlow<Logic: FlowLogic>: FlowFrontDoor {
    /// What the flow completes with: its logic's result.
    public typealias Result = Logic.Result

    /// The flow's logic.
    public let logic: Logic

    /// What the logic remembers beside its path (``FlowLogic/Memory``): what it was when the flow
    /// started, changed by each request whose decision the host carried out. The person's Back
    /// does not rewind it.
    public internal(set) var memory: Logic.Memory

    /// The flow's run, which runs its requests, its start and its end.
    @usableFromInline package let run: FlowRun<Logic.Result>
    /// Where the flow shows itself, once started.
    @usableFromInline package var mount: FlowMount?
    /// The entry behind each screen the flow shows: what the hierarchy cannot tell.
    @usableFromInline var shownEntries: [ScreenRef: Logic.Entry] = [:]
    /// The screens of ``shownEntries`` in the order of the path that showed them, stack first.
    @usableFromInline var shownOrder: [ScreenRef] = []

    /// Makes a flow that runs `logic`; it shows nothing until it starts.
    ///
    /// - Parameters:
    ///   - id: The flow's name in events, and the name of the stack it shows.
    ///   - logic: What the flow shows and decides.
    public init(_ id: FlowID, logic: Logic) {
        self.logic = logic
        self.memory = logic.initialMemory
        self.run = FlowRun(id: id)
    }

    // MARK: Flow

    /// The flow's name.
    public var id: FlowID { run.id }
    /// Where the flow is in its life.
    public var phase: FlowPhase { run.phase }
    /// How the flow ended, once it has.
    public var outcome: FlowOutcome<Logic.Result>? { run.outcome }

    /// Adds a handler for the outcome; it runs after the flow's screens are gone (at once if they
    /// are).
    public func onFinish(_ handler: @escaping @MainActor (FlowOutcome<Logic.Result>) -> Void) {
        run.onFinish(handler)
    }

    /// The flow's first screen, whose departure ends it.
    public var baseNode: NodeRef? { mount?.firstEntry }

    /// Shows the logic's first entry, on a stack of the flow's own at the placement, or pushed
    /// onto a shared stack with ``/FlowKernel/FlowPlacement/onStack(_:)``.
    ///
    /// - Throws: ``/FlowKernel/FlowError`` when the flow has started already, the host runs no
    ///   flows (`hostRejected`), the placement's stack does not exist (`notFound`), the first entry
    ///   cannot be made, or a guard refuses it; nothing is shown then.
    public func start(on host: any PresentationHost, placement: FlowPlacement, parent: FlowID?) throws {
        try begin(on: host.requireFlowHost(for: id), placement: placement, parent: parent, first: nil, origin: nil)
    }

    /// Ends the flow without a result: its screens leave the host, then it finishes cancelled.
    ///
    /// - Throws: `guardRefused` when a screen it would take away refuses (nothing changes then);
    ///   `flowNotStarted`, `flowFinished`, `reentrantNavigation`.
    public func cancel() throws {
        try end(.cancelled)
    }

    // MARK: Requests

    /// What the flow shows now, as the logic's entries; empty unless it runs.
    public var path: FlowPath<Logic.Entry> {
        guard let host = run.host else { return FlowPath([]) }
        return position(on: host).path
    }

    /// The screen of the flow's entry the person sees, while it runs.
    public var currentScreen: (any Screen)? {
        guard let host = run.host, let top = position(on: host).path.lastItem?.screen else { return nil }
        return host.screen(for: top)
    }

    /// Makes a request: the logic decides from the path the host shows now, and the runtime makes
    /// the change whole, then runs the decision's effect.
    ///
    /// - Parameter decide: The logic's decision for this request, from the path shown now. It
    ///   refuses by throwing.
    /// - Throws: what `decide` throws; `flowNotStarted`, `flowFinished`, `reentrantNavigation`;
    ///   `hostRejected` while a flow the flow started covers it (its entries on the flow's stack,
    ///   or its presentation over it); `guardRefused`; what the host or ``FlowLogic/screen(for:)``
    ///   throws. Nothing changes then.
    @inlinable
    public func request(_ decide: (Logic, FlowPath<Logic.Entry>) throws -> FlowDecision<Logic.Entry, Logic.Result>) throws {
        try request(from: nil) { logic, path, _ in try decide(logic, path) }
    }

    /// Makes a request whose decision may change what the logic remembers (``memory``): the
    /// decision is handed a copy, which the flow keeps only once the host has made the change.
    ///
    /// ```swift
    /// try machine.requestRemembering { logic, path, answers in
    ///     answers.append(choice)
    ///     return logic.next(path, answers)
    /// }
    /// ```
    ///
    /// - Throws: what ``request(_:)`` throws; the memory stays as it was then.
    @inlinable
    public func requestRemembering(_ decide: (Logic, FlowPath<Logic.Entry>, inout Logic.Memory) throws -> FlowDecision<Logic.Entry, Logic.Result>) throws {
        try request(from: nil, decide)
    }

    /// Makes a request from one of the flow's screens (``LogicHandle``): refused unless `screen`
    /// is the flow's entry the person sees, read in the same request as the path the logic
    /// decides from.
    ///
    /// - Throws: ``FlowKernel/FlowError/Code/screenNotCurrent``; what ``request(_:)`` throws.
    ///   Nothing changes then.
    @inlinable
    func request(
        from screen: ScreenRef?, _ decide: (Logic, FlowPath<Logic.Entry>, inout Logic.Memory) throws -> FlowDecision<Logic.Entry, Logic.Result>
    ) throws {
        try self.decide { position, host in
            if let screen, position.path.lastItem?.screen != screen {
                throw FlowError(
                    .screenNotCurrent, "\(screen) is not the screen the person sees in the flow '\(id)'; only that screen's requests move it.")
            }
            var memory = self.memory
            let decision = try decide(logic, position.path, &memory)
            switch decision.change {
            case .show(let next):
                var change = try plan(next, from: position, on: host, origin: .flow(id))
                change.state.memory = memory
                change.effect = decision.effect
                return .change(change)
            case .finish(let outcome):
                // A constant, so that the request's own memory is not boxed for a closure.
                let kept = memory
                return .end(
                    outcome,
                    then: {
                        self.remember(kept)
                        decision.effect?()
                    })
            }
        }
    }

    // MARK: What the runtime does
    //
    // Inlinable, with what they read, so that each app's flow is specialized for its logic:
    // generic code left to the runtime asks for its types' metadata on every request.

    /// What a decided path keeps once the host has shown it: the entries behind its screens, in
    /// its order, what the mount now shows, and what the logic remembers.
    @usableFromInline
    package struct Shown {
        @usableFromInline var entries: [ScreenRef: Logic.Entry]
        @usableFromInline var order: [ScreenRef]
        /// The flow's new entries on its stack, when the change replaced them.
        @usableFromInline var replaced: [Presentable]?
        /// The first modal the flow presented over its stack, when the change presented it.
        @usableFromInline var presented: Presentable?
        /// What the logic remembers once the change is made; `nil` keeps what it remembers.
        @usableFromInline var memory: Logic.Memory?

        @inlinable
        init(entries: [ScreenRef: Logic.Entry], order: [ScreenRef], replaced: [Presentable]?, presented: Presentable?) {
            self.entries = entries
            self.order = order
            self.replaced = replaced
            self.presented = presented
        }
    }

    /// Keeps what the logic remembers once a request's change is made.
    @usableFromInline
    func remember(_ memory: Logic.Memory) { self.memory = memory }

    /// Keeps a shown path once the host has made its change.
    @inlinable
    package func apply(_ shown: Shown) -> (() -> Void)? {
        if let replaced = shown.replaced { mount?.didReplaceEntries(with: replaced) }
        if let presented = shown.presented, let host = run.host { mount?.didPresent(presented, on: host) }
        shownEntries = shown.entries
        shownOrder = shown.order
        if let memory = shown.memory { remember(memory) }
        return nil
    }

    /// Where the flow stands on the host: its path, and whether something not its own covers it.
    @usableFromInline
    package struct Position {
        @usableFromInline var path: FlowPath<Logic.Entry>
        @usableFromInline var isCovered: Bool

        @inlinable
        init(path: FlowPath<Logic.Entry>, isCovered: Bool) {
            self.path = path
            self.isCovered = isCovered
        }
    }

    /// Reads the flow's own entries from its first one up, and its modals over its stack; stops at
    /// the first node that is not the flow's.
    @inlinable
    package func position(on host: any FlowHost) -> Position {
        // The mount's fields read in place, not the mount copied; the flow's own entries from the
        // host's cheapest queries (its first entry's index, the stack's count).
        guard let stack = mount?.stack else { return Position(path: FlowPath([]), isCovered: false) }
        var own = 0..<0
        if let first = mount?.firstEntry, let start = host.index(of: first, in: stack), let count = host.entryCount(of: stack) { own = start..<count }
        let container = NodeRef.container(stack)
        var items: [FlowPath<Logic.Entry>.Item] = []
        items.reserveCapacity(own.count)
        var isCovered = false
        for index in own {
            guard let screen = host.child(at: index, of: container)?.screen, let entry = shownEntries[screen] else {
                isCovered = true
                break
            }
            items.append(.init(entry: entry, screen: screen))
        }
        var modals: [FlowPath<Logic.Entry>.Item] = []
        var next = isCovered ? nil : host.presented(by: container)
        while let node = next, let screen = node.screen, let entry = shownEntries[screen] {
            modals.append(.init(entry: entry, screen: screen))
            next = host.presented(by: node)
        }
        // What the flow's top presents that it did not make: a child flow presented over it.
        // Closures, not key paths: a key path into a generic type is made anew at run time.
        let top = (modals.last?.screen ?? items.last?.screen).map(NodeRef.screen)
        // A closure, not the host's method: a main-actor method passed as a function checks its
        // isolation at run time on every call.
        if next != nil || top.flatMap({ host.presented(by: $0) }) != nil { isCovered = true }
        return Position(path: FlowPath(stack: items, modals: modals), isCovered: isCovered)
    }

    /// Plans a path: makes its new screens and decides the change from the path shown, with what
    /// the flow keeps once the host has made it.
    @inlinable @inline(__always)
    func plan(_ next: FlowPath<Logic.Entry>, from position: Position, on host: any FlowHost, origin: FlowEvent.Origin) throws -> FlowChange<Shown> {
        guard let stack = mount?.stack else { throw FlowError(.flowFinished, "The flow '\(id)' shows nothing; it has ended.") }
        if position.isCovered {
            throw FlowError(.hostRejected, "A flow that the flow '\(id)' started covers its screens; it changes what it shows once that flow ends.")
        }
        // Loops rather than closures: a main-actor closure handed to the standard library checks
        // its isolation at run time on every call.
        var stackScreens: [any Screen] = []
        var modalScreens: [any Screen] = []
        var order: [ScreenRef] = []
        stackScreens.reserveCapacity(next.stackItems.count)
        modalScreens.reserveCapacity(next.modalItems.count)
        order.reserveCapacity(next.stackItems.count + next.modalItems.count)
        for item in next.stackItems {
            let shown = try screen(of: item, on: host)
            stackScreens.append(shown.screen)
            order.append(shown.ref)
        }
        for item in next.modalItems {
            let shown = try screen(of: item, on: host)
            modalScreens.append(shown.screen)
            order.append(shown.ref)
        }
        var before: (stack: [ScreenRef], modals: [ScreenRef]) = ([], [])
        before.stack.reserveCapacity(position.path.stackItems.count)
        before.modals.reserveCapacity(position.path.modalItems.count)
        for item in position.path.stackItems { if let screen = item.screen { before.stack.append(screen) } }
        for item in position.path.modalItems { if let screen = item.screen { before.modals.append(screen) } }
        var operations = try PathPlan.operations(from: before, to: (stackScreens, modalScreens), in: stack)
        // A new stack goes through the mount, which keeps what is below the flow on a shared stack.
        var replaced = false
        for (index, operation) in operations.enumerated() {
            guard case .setStack(_, let contents) = operation, let mount else { continue }
            operations[index] = try mount.replacement(of: contents, on: host)
            replaced = true
        }
        var entries: [ScreenRef: Logic.Entry] = Dictionary(minimumCapacity: order.count)
        for (index, item) in next.stackItems.enumerated() { entries[order[index]] = item.entry }
        for (index, item) in next.modalItems.enumerated() { entries[order[next.stackItems.count + index]] = item.entry }
        let presented = modalScreens.first.flatMap { next.modalItems.first?.screen == nil ? Presentable.screen($0) : nil }
        let shown = Shown(
            entries: entries, order: order, replaced: replaced ? stackScreens.map { .screen($0) } : nil, presented: presented)
        return FlowChange(HostChange(operations, origin: origin), state: shown)
    }

    /// The screen of an entry, with its reference: the one shown, or a new one the logic makes.
    @inlinable
    func screen(of item: FlowPath<Logic.Entry>.Item, on host: any FlowHost) throws -> (screen: any Screen, ref: ScreenRef) {
        if let ref = item.screen, let screen = host.screen(for: ref) { return (screen, ref) }
        do {
            let screen = try logic.screen(for: item.entry)
            let ref = ScreenRef(screen)
            logic.attach(LogicHandle(flow: self, screen: ref), to: screen)
            return (screen, ref)
        } catch let error as FlowError {
            throw error
        } catch {
            throw FlowError(.factoryFailed, "The screen for \(item.entry) could not be made: \(error)")
        }
    }

    // MARK: Starting and ending

    /// Starts the flow on its first entry (the logic's, or a restored one), with its first change
    /// made for `origin`, or for the flow.
    func begin(on host: any FlowHost, placement: FlowPlacement, parent: FlowID?, first: Logic.Entry?, origin: FlowEvent.Origin?) throws {
        try run.begin(self, at: placement, on: host, parent: parent, origin: origin) {
            let entry = try first ?? logic.start()
            return (try screen(of: .init(entry: entry, screen: nil), on: host).screen, entry)
        } keeping: { mount, screen, entry in
            self.mount = mount
            shownEntries = [ScreenRef(screen): entry]
            shownOrder = [ScreenRef(screen)]
        }
    }

    /// Lets go of the entries of the screens the flow showed, once they have left.
    @usableFromInline
    package func releaseEverything() {
        mount?.didRemove()
        shownEntries = [:]
        shownOrder = []
    }

    // MARK: Following

    /// Forgets the entries of screens that left, then lets the logic answer what is left and what
    /// left (the run has ended a flow whose first screen is gone).
    @usableFromInline
    package func follow(on host: any FlowHost, by origin: FlowEvent.Origin) {
        let position = position(on: host)
        // What left, in the order it was shown.
        let left = shownOrder.filter { !host.contains($0) }.compactMap { shownEntries[$0] }
        shownEntries = shownEntries.filter { host.contains($0.key) }
        shownOrder.removeAll { shownEntries[$0] == nil }
        guard let decision = logic.follow(position.path, leaving: left) else { return }
        do {
            try request { _, _ in decision }
        } catch {
            host.report(FlowEvent(.requestRefused(.wrapping(error)), flow: id))
        }
    }
}

extension FlowPath {
    /// The item the person sees.
    @inlinable
    var lastItem: Item? { modalItems.last ?? stackItems.last }
}
