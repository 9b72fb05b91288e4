import FlowKernel
import FlowRuntime

/// A runnable step chain: Flowter's `FinishedFlowter`, as a kernel ``/FlowKernel/Flow``.
///
/// Starting shows the first step in the container; each step's screen then drives the chain with
/// its ``StepHandle``. The chain completes when the last step calls ``StepHandle/next(context:)``,
/// with that context as its typed result; it ends cancelled when a step calls
/// ``StepHandle/endFlow()`` or its parent cancels it. Either way it runs its end action at most
/// once, takes its container off the host, lets go of every step and screen (and whatever their
/// closures captured), and then tells its handlers.
///
/// The chain follows what the user does (its run hears of every change it did not make): the step whose screen the
/// user lands on with Back is current again, with the context it had, and the steps popped are
/// released, to be made again when the user moves forward; when the user takes away every step
/// (popping below the first step of a chain on a shared stack, swiping the chain's presentation
/// down), the chain ends cancelled, without running end actions, as a parent's cancel does.
///
/// A running chain is kept by its host's flow tree (``/FlowRuntime/FlowTree``) until it has ended;
/// nothing else has to keep it. Its screens' handles hold it weakly, and a handle whose chain has
/// ended throws `flowFinished`.
@MainActor
public final class ChainFlow<Result>: FlowFrontDoor, StepDriving {
    /// Everything the builder gave. Dropped when the chain ends, so nothing its closures captured
    /// outlives the chain.
    struct Plan {
        let steps: [AnyStep]
        let defaultPresent: StepAction?
        let defaultDismiss: StepAction?
        let onEnd: ((ChainContainer) -> Void)?
    }

    /// The flow's run, which runs its requests, its start and its end.
    @usableFromInline package let run: FlowRun<Result>
    private let kind: ChainContainer.Kind
    /// Everything the builder gave, until the chain ends.
    var plan: Plan?
    /// What the chain keeps between requests; a request changes it with the host, or not at all.
    var state = ChainState()

    /// The step being shown, while the chain runs.
    public var currentStep: Int? { state.current }
    /// The container the chain shows its steps in, while it runs.
    public private(set) var container: ChainContainer?
    /// How many steps the chain has (0 once it has ended).
    public var stepCount: Int { plan?.steps.count ?? 0 }

    /// The steps shown, from the first to the current one: where Back goes, leaving out the steps
    /// the chain skipped. Empty unless the chain runs.
    public var shownSteps: [Int] { state.trail }

    /// Where the chain stands among the steps that apply, for "step 2 of 3": the current step's
    /// place among the steps shown (1 for the first), and how many steps the chain shows in all,
    /// as far as it can tell now — the steps shown, and those ahead that apply to the context the
    /// current step was handed; a step ahead whose condition cannot be asked yet (the current step
    /// was handed no context) counts. `nil` unless the chain runs.
    public var progress: (step: Int, of: Int)? {
        guard let plan, let current = state.current else { return nil }
        let soFar = state.contexts[current]
        let ahead = plan.steps[(current + 1)...].count { step in
            guard let condition = step.condition else { return true }
            if soFar == nil { return true }
            return (try? condition.holds(soFar)) ?? true
        }
        return (state.trail.count, state.trail.count + ahead)
    }

    /// Everything the shown steps were handed on the way to the current one, in the order they
    /// were shown: the context each last received (a step handed none has none here). The app
    /// reads the answers so far from it rather than keeping a copy of its own. Empty unless the
    /// chain runs.
    public var handedOn: [Any] { state.handedOn }

    /// The navigation the chain's steps declare, without running it: each step's screen type with
    /// the context it takes and the one it passes on (when its screen declares
    /// ``ChainScreen/NextContext``), `next` from each step to the following one (pushed in a stack,
    /// replacing the child in a single container) and on to the chain's end, `back` to the step
    /// before. It stays readable after the chain has ended.
    ///
    /// A step ends the chain early with `endFlow()`, and starts other flows, only at run time;
    /// FlowExplorer's explorer sees those.
    public var declaredGraph: NavigationGraph {
        ChainGraph.declared(steps: declaredSteps, kind: kind, result: Result.self)
    }
    /// What each step declares, kept when the plan is dropped so the graph outlives the run.
    private let declaredSteps: [ChainGraph.DeclaredStep]

    init(id: FlowID, kind: ChainContainer.Kind, steps: [AnyStep], defaultPresent: StepAction?, defaultDismiss: StepAction?, onEnd: ((ChainContainer) -> Void)?)
    {
        self.run = FlowRun(id: id)
        self.kind = kind
        self.declaredSteps = steps.map {
            ChainGraph.DeclaredStep(
                screenType: $0.screenType, context: $0.takesContext ? $0.contextTypeName : nil, passing: $0.passing, condition: $0.condition?.name,
                name: $0.name, choice: $0.chooser.map { ($0.name, $0.among) })
        }
        self.plan = Plan(steps: steps, defaultPresent: defaultPresent, defaultDismiss: defaultDismiss, onEnd: onEnd)
    }

    // MARK: Flow

    /// The flow's name.
    public var id: FlowID { run.id }
    /// Where the flow is in its life.
    public var phase: FlowPhase { run.phase }
    /// How the flow ended, once it has.
    public var outcome: FlowOutcome<Result>? { run.outcome }

    /// Adds a handler for the outcome; it runs after the flow's screens are gone (at once if they
    /// are).
    public func onFinish(_ handler: @escaping @MainActor (FlowOutcome<Result>) -> Void) {
        run.onFinish(handler)
    }

    /// The screen of the current step.
    public var currentScreen: (any Screen)? {
        guard let current = state.current else { return nil }
        return state.screens[current]
    }

    /// Shows the first step: its present action runs first and puts the container on the host at
    /// the placement.
    ///
    /// - Throws: ``/FlowKernel/FlowError`` if the first step cannot be made or shown; the chain then
    ///   shows nothing and can be started again.
    public func start(on host: any PresentationHost, placement: FlowPlacement, parent: FlowID?) throws {
        try begin(on: host.requireFlowHost(for: id), placement: placement, parent: parent)
    }

    /// Starts the chain on its first step; `origin` names who the first change is made for, when
    /// not the chain itself (a restore).
    func begin(on host: any FlowHost, placement: FlowPlacement, parent: FlowID?, origin: FlowEvent.Origin? = nil) throws {
        try run.requireReady()
        let plan = try requirePlan()
        let container = ChainContainer(try ChainContainer.Core(kind: kind, host: host, flow: id, placement: placement), origin: .flow(id))
        container.core.chain = self
        try run.begin(self, on: host, parent: parent, origin: origin) {
            // The first step is decided and made as any request is, before the chain runs.
            self.container = container
            do {
                try releasingOnRefusal { made in
                    let decree = try decree(in: container, origin: origin ?? .flow(id), on: host, made: &made) { draft in
                        // The first step that applies, handed no context (a condition of the
                        // app's own state may skip the first steps).
                        guard let first = try plan.steps.indices.first(where: { try plan.steps[$0].applies(to: nil) }) else {
                            throw FlowError(.stepSkipped, "The chain '\(id)' has no step to start with: every step's condition fails.")
                        }
                        try show(first, context: nil, after: nil, in: plan, on: host, into: &draft)
                        return nil
                    }
                    _ = try enact(decree, on: host)
                }
            } catch {
                self.container = nil
                throw error
            }
        }
    }

    /// Ends the chain without a result and without running end actions, as a parent does.
    public func cancel() throws {
        try end(.cancelled)
    }

    // MARK: Following the user

    /// Reads which step the person sees after someone else took away screens of the chain's: the
    /// last step whose screen is still shown is current; steps above it are let go of; with none
    /// left, the chain ends.
    @usableFromInline package func hostDidChange(by origin: FlowEvent.Origin) {
        guard let host = run.followingHost else { return }
        guard let container, container.isShown else { return endDetached() }
        let screens = state.screens
        let stacked = container.kind == .stack
        let staysShown = { (step: Int) in stacked || self.plan?.defaultPresent != nil || self.plan?.steps[step].present != nil }
        switch position.following(kept: screens.keys, isShown: { screens[$0].map { host.contains(ScreenRef($0)) } ?? false }, staysShown: staysShown) {
        case .stay: return
        case .end: endDetached()
        case .current(let step, let releasing):
            state.reveal(step)
            detach(state.release(releasing))
        }
    }

    /// Where the chain stands now.
    var position: ChainPosition { state.position(stepCount: declaredSteps.count) }

    /// Where the chain stands: its own state, which follows the host.
    @usableFromInline package func position(on host: any FlowHost) -> ChainPosition { position }

    /// Clears the handles of screens the chain let go of.
    private func detach(_ released: [(step: Int, screen: any Screen)]) {
        guard let plan else { return }
        for (step, screen) in released { plan.steps[step].attach(screen, nil) }
    }

    /// Where the chain shows its container, while it runs.
    @usableFromInline package var mount: FlowMount? { container?.core.mount }

    /// The outermost node the chain put on the host, whose departure ends it.
    public var baseNode: NodeRef? { container?.baseNode }

    /// The current step's screen: a flow one of its steps starts stands on it.
    @usableFromInline package func anchorForChild(on host: any FlowHost) -> NodeRef? {
        currentScreen.map(NodeRef.of) ?? host.visibleScreenRef.map(NodeRef.screen)
    }

    // MARK: Driving (from step handles)

    func next(from step: Int, context: Any?) throws {
        try requesting(from: step) { plan, host, position, draft in
            if let context, !plan.steps[step].mayPass(context) {
                let declared = plan.steps[step]
                let passes = if case .type(let name) = declared.passing { "a context of type \(name)" } else { "no context" }
                throw FlowError(
                    .argumentTypeMismatch, "\(declared.screenType) declares it passes \(passes), not a \(type(of: context)).", types: [type(of: context)])
            }
            // The step may pick the one that comes next; a step ahead with a condition applies or
            // not to the context handed on now.
            let picked = try plan.pick(after: step, handingOn: context, in: id) ?? 0
            if case .show(let after) = try position.next(from: step, applies: { $0 >= picked ? try plan.steps[$0].applies(to: context) : false }) {
                try show(after, context: context, after: step, in: plan, on: host, into: &draft)
                return nil
            }
            // The last step's context is the chain's result; with no context, a Void chain completes.
            guard let result = (context ?? ()) as? Result else {
                let given = context.map { "a \(type(of: $0))" } ?? "no context"
                throw FlowError(
                    .argumentTypeMismatch, "The chain '\(id)' completes with a \(Result.self); its last step passed \(given).", types: [Result.self])
            }
            return try end(.completed(result), in: &draft) { plan.onEnd?($0) }
        }
    }

    func back(from step: Int) throws {
        try requesting(from: step) { plan, _, position, draft in
            let screen = state.screens[step]
            guard case .hide(let leaving, let revealing) = try position.back(from: step, keepsScreen: screen != nil), let screen, let container
            else {
                throw FlowError(.nothingToGoBackTo, "The first step has no step before it to go back to.")
            }
            try dismiss(leaving, screen: screen, revealing: revealing, in: plan, container: container, into: &draft)
            return nil
        }
    }

    func start<Child: Flow>(child: Child, from step: Int, onFinish: (@MainActor (FlowOutcome<Child.Result>) throws -> Void)?) throws {
        try requesting(from: step) { _, host, _, _ in
            // The child's start is its own request, inside the chain's; it stands on the step's
            // screen, which presents it.
            try child.start(on: host, placement: .presented, parent: id)
            return nil
        }
        child.onFinish { [weak self] outcome in
            do {
                try onFinish?(outcome)
            } catch {
                self?.refused(.wrapping(error))
            }
        }
    }

    /// Called with every refusal nobody can catch — a child's `onFinish` that threw (a step's
    /// `start(child:onFinish:)`) — after it is reported as a `requestRefused` event: show an
    /// alert, log.
    public var onRefused: (@MainActor (FlowError) -> Void)?

    /// Reports a refusal nobody can catch to the host's observers, then calls ``onRefused``.
    func refused(_ error: FlowError) {
        run.host?.report(FlowEvent(.requestRefused(error), flow: id))
        onRefused?(error)
    }

    func endFlow(from step: Int) throws {
        try requesting(from: step) { plan, _, _, draft in
            try end(.cancelled, in: &draft) { container in
                if let end = plan.steps[step].end, let screen = state.screens[step] {
                    end(screen, container)
                } else {
                    plan.onEnd?(container)
                }
            }
        }
    }

    // MARK: Steps

    /// Adds a step's showing to a request's decision: checks the context's type, makes the screen
    /// if it is new, hands it its handle and the context, then runs its present action, whose
    /// changes join the decision. Once the host has made them the step is current, keeps its
    /// screen and context, and the context passed is reported.
    ///
    /// The screen learns its context before its present action runs (Flowter's order: a custom
    /// present may read it). A present action that throws, or a change the host refuses, leaves
    /// that context delivered, and nothing else: a new screen is dropped, the step is not current,
    /// no `pass` is reported.
    ///
    /// - Parameter previous: The step shown before it, whose screen the step's action is handed.
    func show(
        _ index: Int, context: Any?, after previous: Int?, in plan: Plan, on host: any FlowHost, made: (any Screen)? = nil, into draft: inout ChainDraft
    ) throws {
        let step = plan.steps[index]
        if let context, !step.accepts(context) {
            throw FlowError(
                .argumentTypeMismatch, "\(step.screenType) accepts a context of type \(step.contextTypeName), not a \(type(of: context)).",
                types: [type(of: context)])
        }
        let kept = screen(of: index, in: draft)
        let screen = try made ?? kept ?? make(step, context: context)
        let isNew = screen !== kept
        // A screen made with its context has it already.
        let madeWithContext = isNew && step.isMadeWithContext
        guard let container = container?.acting(for: draft.origin) else {
            throw FlowError(.flowFinished, "The chain '\(id)' shows nothing; it has ended.")
        }
        // The screen's guard answers before it gets its context or a handle, once in the request:
        // the host does not ask it again when the change shows it.
        try run.askAhead(entering: screen, origin: draft.origin)
        step.attach(screen, StepHandle(driver: self, stepIndex: index))
        if isNew { draft.made.append((index, screen)) }
        if let context, !madeWithContext { step.deliver(screen, context) }
        if let present = step.present ?? plan.defaultPresent {
            let stepContext = StepContext(screen: screen, container: container, previousScreen: previous.flatMap { self.screen(of: $0, in: draft) })
            try container.core.lending(&draft) { try present(stepContext) }
        } else {
            try container.show(screen, in: &draft)
        }
        draft.change.append(.show(index, screen, context: context))
        if let context {
            draft.report(FlowEvent(.delivered(ScreenType(anyType: type(of: context)), to: [ScreenRef(screen)], as: .context), origin: draft.origin))
        }
    }

    /// Adds a step's going back to a request's decision: its dismiss action's changes, and the step
    /// before it current again.
    func dismiss(_ index: Int, screen: any Screen, revealing: Int, in plan: Plan, container: ChainContainer, into draft: inout ChainDraft) throws {
        let container = container.acting(for: draft.origin)
        let previous = self.screen(of: revealing, in: draft)
        if let dismiss = plan.steps[index].dismiss ?? plan.defaultDismiss {
            let context = StepContext(screen: screen, container: container, previousScreen: previous)
            try container.core.lending(&draft) { try dismiss(context) }
        } else {
            // A single container shows again the last step shown before that it held: a step in
            // between that presented itself by its own action is not its child.
            var revealed = previous
            if container.kind == .single, let end = state.trail.lastIndex(of: revealing) {
                let change = draft.change
                revealed = state.trail[...end].reversed().lazy.compactMap { change.screen(of: $0) ?? self.state.screens[$0] }.first(where: container.mayHold)
            }
            try container.hide(screen, revealing: revealed, in: &draft)
        }
        draft.change.append(.reveal(revealing))
    }

    /// The screen a step has once a request's change is made: one it shows, or the one kept.
    func screen(of step: Int, in draft: borrowing ChainDraft) -> (any Screen)? {
        draft.change.screen(of: step) ?? state.screens[step]
    }

    func make(_ step: AnyStep, context: Any?) throws -> any Screen {
        do {
            return try step.make(context)
        } catch let error as FlowError {
            throw error
        } catch {
            throw FlowError(.factoryFailed, "The factory for the \(step.screenType) step failed: \(error)")
        }
    }

    // MARK: Requests

    /// Runs a request from a step: the chain must run, not be in another request, and the step
    /// must be the current one (any step for `nil`). The body decides from the position, read once,
    /// adding to the request's draft, and returns the chain's end when it ends it; the run then
    /// makes the decree whole, or nothing changes.
    func requesting(
        from step: Int?, origin: FlowEvent.Origin? = nil,
        _ body: (Plan, any FlowHost, ChainPosition, inout ChainDraft) throws -> FlowDecree<ChainDraft>?
    ) throws {
        try releasingOnRefusal { made in
            try decide { position, host in
                try position.requireCurrent(step)
                let plan = try requirePlan()
                guard let container else { throw FlowError(.flowFinished, "The chain '\(id)' has ended.") }
                return try decree(in: container, origin: origin ?? container.origin, on: host, made: &made) { draft in
                    try body(plan, host, position, &draft)
                }
            }
        }
    }

    /// Opens a draft on the container and lets `body` add to it, then makes it the request's
    /// decree: the host change with its reports and the draft to keep once the host made it, or,
    /// when `body` ends the chain, the end with the end action's changes before the chain's
    /// removal. `made` names the screens made for the draft.
    private func decree(
        in container: ChainContainer, origin: FlowEvent.Origin, on host: any FlowHost, made: inout [(step: Int, screen: any Screen)],
        _ body: (inout ChainDraft) throws -> FlowDecree<ChainDraft>?
    ) throws -> FlowDecree<ChainDraft> {
        var draft = ChainDraft(origin: origin, isShown: container.core.mount.isShown(on: host))
        let ending: FlowDecree<ChainDraft>?
        do {
            ending = try body(&draft)
        } catch {
            made = draft.made
            throw error
        }
        made = draft.made
        if let ending { return ending }
        // The most common decision, one operation, is held without an array.
        let change = draft.operations.count == 1 ? HostChange(draft.operations[0], origin: origin) : HostChange(draft.operations, origin: origin)
        let reports = draft.reports
        return .change(FlowChange(change, state: draft, reports: reports))
    }

    /// Runs a request whose decree is built from a draft; on any refusal — the decision's, a
    /// guard's or the host's — the screens made for the draft let go of their handles, and nothing
    /// else has changed.
    private func releasingOnRefusal(_ request: (inout [(step: Int, screen: any Screen)]) throws -> Void) throws {
        var made: [(step: Int, screen: any Screen)] = []
        do {
            try request(&made)
        } catch {
            // A chain that ended has let go of every step already.
            if let plan {
                for (step, screen) in made { plan.steps[step].attach(screen, nil) }
            }
            throw error
        }
    }

    /// Keeps a draft the host has made: the chain's new state, and what its container now shows.
    @usableFromInline package func apply(_ draft: ChainDraft) -> (() -> Void)? {
        state.apply(draft.change)
        container?.core.keep(draft)
        return nil
    }

    /// Ends the chain from a request: its children's guards answer first, then `action` (an end
    /// action, handed the container) adds its changes, which the chain's removal follows in the
    /// one host change; the run then lets go of everything and finishes with `outcome`.
    private func end(_ outcome: FlowOutcome<Result>, in draft: inout ChainDraft, running action: (ChainContainer) -> Void) throws -> FlowDecree<ChainDraft> {
        try run.checkChildrenGuards()
        if let container {
            let acting = container.acting(for: draft.origin)
            try container.core.lending(&draft) { action(acting) }
        }
        return .end(outcome, removal: HostChange(draft.operations + (container?.removal() ?? []), origin: draft.origin))
    }

    /// Lets go of every step, screen and closure.
    @usableFromInline package func releaseEverything() {
        if let plan {
            for (index, screen) in state.screens { plan.steps[index].attach(screen, nil) }
        }
        state = ChainState()
        plan = nil
        container = nil
    }

    /// The plan, which a chain keeps from its making until it ends; a chain that ended refuses
    /// every request before it asks (`flowFinished`).
    private func requirePlan() throws -> Plan {
        guard let plan else { throw FlowError(.flowFinished, "The chain '\(id)' has ended.") }
        return plan
    }
}

@MainActor
extension ChainFlow.Plan {
    /// The step that a step picks to come next (``Step/choosingNext(_:among:_:)``), from what it
    /// hands on; `nil` when it picks none.
    ///
    /// - Throws: `notFound` for a name the step may not pick or no step after it has; what the
    ///   pick throws.
    func pick(after index: Int, handingOn context: Any?, in chain: FlowID) throws -> Int? {
        guard let chooser = steps[index].chooser, let name = try chooser.choose(context) else { return nil }
        guard chooser.among.contains(name), let picked = steps.indices.first(where: { $0 > index && steps[$0].name == name }) else {
            throw FlowError(
                .notFound,
                "\(steps[index].screenType) picked '\(name)' to come next in the chain '\(chain)', which is not a step after it that it may pick (\(chooser.among.joined(separator: ", ")))."
            )
        }
        return picked
    }
}

extension ChainFlow: ChainDrafting {
    /// A container call made outside the chain's requests: a request of its own, which changes
    /// what the host shows and nothing of the chain's steps.
    func request(origin: FlowEvent.Origin, _ body: (inout ChainDraft) throws -> Void) throws {
        try requesting(from: nil, origin: origin) { _, _, _, draft in
            try body(&draft)
            return nil
        }
    }
}
