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
/// The chain follows what the user does (``/FlowRuntime/ChangeFollower``): the step whose screen the
/// user lands on with Back is current again, with the context it had, and the steps popped are
/// released, to be made again when the user moves forward; when the user takes away every step
/// (popping below the first step of a chain on a shared stack, swiping the chain's presentation
/// down), the chain ends cancelled, without running end actions, as a parent's cancel does.
///
/// A running chain is kept by its host's flow tree (``/FlowRuntime/FlowTree``) until it has ended;
/// nothing else has to keep it. Its screens' handles hold it weakly, and a handle whose chain has
/// ended throws `flowFinished`.
@MainActor
public final class ChainFlow<Result>: Flow, StepDriving, RunningFlow {
    /// Everything the builder gave. Dropped when the chain ends, so nothing its closures captured
    /// outlives the chain.
    struct Plan {
        let steps: [AnyStep]
        let defaultPresent: StepAction?
        let defaultDismiss: StepAction?
        let onEnd: ((ChainContainer) -> Void)?
    }

    let lifecycle: FlowLifecycle<Result>
    private let kind: ChainContainer.Kind
    // The state below is read and written on every request. It skips the run-time exclusivity
    // check, as FlowTree's does: it is main-actor only, and every write is instantaneous (a
    // subscript set, an assignment; nothing is passed `inout` or changed by a mutating method),
    // so no write overlaps a read held across a call into a screen, a step or the host.
    @exclusivity(unchecked) var plan: Plan?
    /// Each step's screen, made the first time the step is shown.
    @exclusivity(unchecked) var screens: [Int: any Screen] = [:]
    /// The context each step's screen last received, by step: what a snapshot saves.
    @exclusivity(unchecked) var contexts: [Int: Any] = [:]

    /// The step being shown, while the chain runs.
    @exclusivity(unchecked) public internal(set) var currentStep: Int?
    /// The container the chain shows its steps in, while it runs.
    @exclusivity(unchecked) public private(set) var container: ChainContainer?
    /// How many steps the chain has (0 once it has ended).
    public var stepCount: Int { plan?.steps.count ?? 0 }

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
        self.lifecycle = FlowLifecycle(id: id)
        self.kind = kind
        self.declaredSteps = steps.map {
            ChainGraph.DeclaredStep(screenType: $0.screenType, context: $0.takesContext ? $0.contextTypeName : nil, passing: $0.passing)
        }
        self.plan = Plan(steps: steps, defaultPresent: defaultPresent, defaultDismiss: defaultDismiss, onEnd: onEnd)
    }

    // MARK: Flow

    /// The flow's name.
    public var id: FlowID { lifecycle.id }
    /// Where the flow is in its life.
    public var phase: FlowPhase { lifecycle.phase }
    /// How the flow ended, once it has.
    public var outcome: FlowOutcome<Result>? { lifecycle.outcome }

    /// Adds a handler for the outcome; it runs after the chain's screens are gone.
    public func onFinish(_ handler: @escaping @MainActor (FlowOutcome<Result>) -> Void) {
        lifecycle.onFinish(handler)
    }

    /// The screen of the current step.
    public var currentScreen: (any Screen)? {
        guard let currentStep else { return nil }
        return screens[currentStep]
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
        try lifecycle.requireReady()
        let container = ChainContainer(try ChainContainer.Core(kind: kind, host: host, flow: id, placement: placement), origin: .flow(id))
        try lifecycle.start(self, on: host, parent: parent) {
            self.container = container
            do {
                try show(0, context: nil, in: requirePlan(), on: host, origin: origin)
            } catch {
                try? container.remove()
                self.container = nil
                screens = [:]
                currentStep = nil
                throw error
            }
            try lifecycle.didStart(on: host, parent: parent, origin: origin)
        }
    }

    /// Ends the chain without a result and without running end actions, as a parent does.
    public func cancel() throws {
        try lifecycle.end(.cancelled, removing: { _ in try container?.remove() }, releasing: releaseEverything)
    }

    // MARK: Following the user

    /// Reads which step the person sees after someone else took away screens of the chain's: the
    /// last step whose screen is still shown is current; steps above it are let go of; with none
    /// left, the chain ends.
    public func hostDidChange(by origin: FlowEvent.Origin) {
        guard phase == .running, !lifecycle.isNavigating, let host = lifecycle.host else { return }
        guard let container, container.isShown else { return endDetached() }
        switch position.following(kept: screens.keys, isShown: { screens[$0].map { host.contains(ScreenRef($0)) } ?? false }) {
        case .stay: return
        case .end: endDetached()
        case .current(let step, let releasing):
            release(releasing)
            currentStep = step
        }
    }

    /// Where the chain stands now.
    var position: ChainPosition {
        ChainPosition(stepCount: declaredSteps.count, current: currentStep)
    }

    /// Lets go of steps: their screens, and their handles' hold on the chain.
    private func release(_ steps: [Int]) {
        guard let plan else { return }
        for index in steps {
            if let screen = screens.removeValue(forKey: index) { plan.steps[index].attach(screen, nil) }
            contexts[index] = nil
        }
    }

    /// Ends the chain cancelled, without running end actions, because what it stands on is gone
    /// (its steps, the screen that started it, its parent): whatever of its own is left (a modal
    /// over a shared stack) goes too, as far as the host lets it.
    public func endDetached() {
        lifecycle.endDetached(removing: { _ in try container?.remove() }, releasing: releaseEverything)
    }

    /// The outermost node the chain put on the host, whose departure ends it.
    public var baseNode: NodeRef? { container?.baseNode }

    /// The current step's screen: a flow one of its steps starts stands on it.
    public func anchorForChild(on host: any FlowHost) -> NodeRef? {
        currentScreen.map(NodeRef.of) ?? host.visibleScreenRef.map(NodeRef.screen)
    }

    /// The first guard that refuses what the chain's end would take away.
    public func endRefusal() -> GuardRefusal? { container?.removalRefusal() }

    // MARK: Driving (from step handles)

    func next(from step: Int, context: Any?) throws {
        try navigating(from: step) { plan, host, position in
            if let context, !plan.steps[step].mayPass(context) {
                let declared = plan.steps[step]
                let passes = if case .type(let name) = declared.passing { "a context of type \(name)" } else { "no context" }
                throw FlowError(
                    .argumentTypeMismatch, "\(declared.screenType) declares it passes \(passes), not a \(type(of: context)).", types: [type(of: context)])
            }
            if case .show(let after) = try position.next(from: step) {
                try show(after, context: context, in: plan, on: host)
                return
            }
            // The last step's context is the chain's result; with no context, a Void chain completes.
            guard let result = (context ?? ()) as? Result else {
                let given = context.map { "a \(type(of: $0))" } ?? "no context"
                throw FlowError(
                    .argumentTypeMismatch, "The chain '\(id)' completes with a \(Result.self); its last step passed \(given).", types: [Result.self])
            }
            try lifecycle.checkChildrenGuards(on: host)
            if let container { plan.onEnd?(container) }
            try tearDown()
            try lifecycle.finish(.completed(result))
        }
    }

    func back(from step: Int) throws {
        try navigating(from: step) { plan, _, position in
            let screen = screens[step]
            guard case .hide(let leaving, let revealing) = try position.back(from: step, keepsScreen: screen != nil), let screen, let container
            else {
                throw FlowError(.nothingToGoBackTo, "The first step has no step before it to go back to.")
            }
            let context = StepContext(screen: screen, container: container, previousScreen: screens[revealing])
            try (plan.steps[leaving].dismiss ?? plan.defaultDismiss ?? Self.builtInDismiss)(context)
            currentStep = revealing
        }
    }

    func endFlow(from step: Int) throws {
        try navigating(from: step) { plan, host, _ in
            try lifecycle.checkChildrenGuards(on: host)
            if let container {
                if let end = plan.steps[step].end, let screen = screens[step] {
                    end(screen, container)
                } else {
                    plan.onEnd?(container)
                }
            }
            try tearDown()
            try lifecycle.finish(.cancelled)
        }
    }

    // MARK: Steps

    private static var builtInPresent: StepAction { { try $0.container.show($0.screen) } }
    static var builtInDismiss: StepAction { { try $0.container.hide($0.screen, revealing: $0.previousScreen) } }

    /// Shows a step: checks the context's type, makes the screen if it is new, hands it its handle
    /// and the context, then runs its present action. Keeps the screen, makes the step current and
    /// reports the context passed only once the screen is shown.
    ///
    /// The screen learns its context before its present action runs (Flowter's order: a custom
    /// present may read it). A present action that throws leaves that context delivered, and
    /// nothing else: a new screen is dropped, the step is not current, no `pass` is reported.
    func show(
        _ index: Int, context: Any?, in plan: Plan, on host: any FlowHost, made: (any Screen)? = nil, origin: FlowEvent.Origin? = nil
    ) throws {
        let step = plan.steps[index]
        if let context, !step.accepts(context) {
            throw FlowError(
                .argumentTypeMismatch, "\(step.screenType) accepts a context of type \(step.contextTypeName), not a \(type(of: context)).",
                types: [type(of: context)])
        }
        let screen = try screens[index] ?? made ?? make(step)
        guard let container = origin.map({ container?.acting(for: $0) }) ?? container else {
            throw FlowError(.flowFinished, "The chain '\(id)' shows nothing; it has ended.")
        }
        // The screen's guard answers before it gets its context or a handle (the host asks again
        // when the step's present action shows it).
        if case .refuse(let reason) = screen.shouldEnter(by: container.origin) {
            throw host.refused(GuardRefusal(screen: ScreenRef(screen), direction: .entering, reason: reason), origin: container.origin)
        }
        step.attach(screen, StepHandle(driver: self, stepIndex: index))
        if let context { step.deliver(screen, context) }
        let stepContext = StepContext(screen: screen, container: container, previousScreen: index > 0 ? screens[index - 1] : nil)
        do {
            try (step.present ?? plan.defaultPresent ?? Self.builtInPresent)(stepContext)
        } catch {
            // A screen the chain did not keep before keeps no handle on it either.
            if screens[index] == nil { step.attach(screen, nil) }
            throw error
        }
        screens[index] = screen
        currentStep = index
        if let context { contexts[index] = context }
        if let context {
            host.report(FlowEvent(.delivered(ScreenType(anyType: type(of: context)), to: [ScreenRef(screen)], as: .context), origin: container.origin))
        }
    }

    func make(_ step: AnyStep) throws -> any Screen {
        do {
            return try step.make()
        } catch let error as FlowError {
            throw error
        } catch {
            throw FlowError(.factoryFailed, "The factory for the \(step.screenType) step failed: \(error)")
        }
    }

    /// Takes the container off the host and lets go of every step, screen and closure.
    private func tearDown() throws {
        try container?.remove()
        releaseEverything()
    }

    /// Lets go of every step, screen and closure.
    private func releaseEverything() {
        if let plan {
            for (index, screen) in screens { plan.steps[index].attach(screen, nil) }
        }
        screens = [:]
        contexts = [:]
        plan = nil
        container = nil
        currentStep = nil
    }

    /// Runs a request from a step: the chain must run, not be in another request, and the step
    /// must be the current one (any step for `nil`). The body decides from the position, read once.
    func navigating<T>(from step: Int?, _ body: (Plan, any FlowHost, ChainPosition) throws -> T) throws -> T {
        try lifecycle.navigate { host in
            // Read once: the request decides from this position.
            let position = position
            try position.requireCurrent(step)
            return try body(requirePlan(), host, position)
        }
    }

    /// The plan, which a chain keeps from its making until it ends; a chain that ended refuses
    /// every request before it asks (`flowFinished`).
    private func requirePlan() throws -> Plan {
        guard let plan else { throw FlowError(.flowFinished, "The chain '\(id)' has ended.") }
        return plan
    }
}
