import FlowKernel
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

/// A door on a run whose state is the names of the probe screens it pushed: what a strategy's
/// front door gives its run, and nothing more.
@MainActor
final class RunProbe: FlowFrontDoor {
    let run: FlowRun<String>
    private(set) var mount: FlowMount?
    /// The names of the screens the door pushed over its first one, kept once the host showed them.
    private(set) var pushed: [String] = []
    /// What the door did, in order, as the run called it.
    var steps: [String] = []
    /// Requests the door makes while it starts, through its run.
    var whileStarting: (() throws -> Void)?

    init(_ id: FlowID = "signin") { run = FlowRun(id: id) }

    var id: FlowID { run.id }
    var phase: FlowPhase { run.phase }
    var outcome: FlowOutcome<String>? { run.outcome }
    func onFinish(_ handler: @escaping @MainActor (FlowOutcome<String>) -> Void) { run.onFinish(handler) }
    var baseNode: NodeRef? { mount?.firstEntry }

    func start(on host: any PresentationHost, placement: FlowPlacement, parent: FlowID?) throws {
        try begin(on: host.requireFlowHost(for: id), placement: placement, parent: parent, origin: nil)
    }

    func begin(on host: any FlowHost, placement: FlowPlacement, parent: FlowID?, origin: FlowEvent.Origin?) throws {
        try run.begin(self, at: placement, on: host, parent: parent, origin: origin, first: { (LawProbe("First"), ()) }) { mount, _, _ in
            self.mount = mount
        }
    }

    /// Where the door stands: how many screens its stack holds from its first one up.
    func position(on host: any FlowHost) -> Int {
        guard let stack = mount?.stack, let first = mount?.firstEntry, let index = host.index(of: first, in: stack),
            let count = host.entryCount(of: stack)
        else { return 0 }
        return count - index
    }

    func apply(_ name: String) -> (() -> Void)? {
        pushed.append(name)
        steps.append("keep \(name)")
        return { [weak self] in self?.steps.append("after \(name)") }
    }

    /// Pushes a probe screen named `name`, refused at a depth of `limit`.
    func push(_ name: String, limit: Int = .max, guarded: Bool = false) throws {
        try decide { depth, _ in
            guard depth < limit else { return .refuse(FlowError(.hostRejected, "The probe holds \(limit) screens at most.")) }
            guard let stack = self.mount?.stack else { return .refuse(FlowError(.flowFinished, "gone")) }
            let screen: any Screen = guarded ? RefusingEntry() : LawProbe(name)
            return .change(
                FlowChange(
                    HostChange(.push(.screen(screen), onto: stack), origin: .flow(self.id)), state: name,
                    onceAccepted: { self.steps.append("accepted \(name)") }, then: { self.steps.append("effect \(name)") }))
        }
    }

    func cancel() throws { try end(.cancelled) }

    func finish(with result: String) throws {
        try decide { _, _ in .end(.completed(result), then: { self.steps.append("ending") }) }
    }

    func releaseEverything() {
        steps.append("release")
        mount?.didRemove()
    }
}

@MainActor
@Suite("A flow's run")
struct FlowRunTests {
    let host = InMemoryHost()
    let probe = RunProbe()

    @Test func aNewRunIsReadyAndRefusesRequests() {
        #expect(probe.phase == .ready)
        #expect(probe.outcome == nil)
        let error = #expect(throws: FlowError.self) { try probe.push("Early") }
        #expect(error?.code == .flowNotStarted)
        #expect(host.topmost == nil)
    }

    @Test func startingReportsTheParentAndShowsTheFirstScreen() throws {
        let recorder = TranscriptRecorder(observing: host)
        try probe.start(on: host, placement: .root, parent: nil)
        #expect(probe.phase == .running)
        #expect(recorder.transcript == ["[signin] root [signin]", "[signin] start"])
        #expect(host.flows.contains(probe))
    }

    @Test func aSecondStartIsRefused() throws {
        try probe.start(on: host, placement: .root, parent: nil)
        let before = host.render()
        let error = #expect(throws: FlowError.self) { try probe.start(on: host, placement: .presented, parent: nil) }
        #expect(error?.code == .flowAlreadyStarted)
        #expect(host.render() == before)
    }

    // MARK: The request cycle

    @Test func aChangeIsMadeThenItsStateKeptThenItsEffectsRunAfterTheRequest() throws {
        try probe.start(on: host, placement: .root, parent: nil)
        try probe.push("Second")
        #expect(probe.pushed == ["Second"])
        #expect(probe.steps == ["accepted Second", "keep Second", "after Second", "effect Second"])
        #expect(host.topEntry(of: "signin")?.screen?.displayName == "Second")
    }

    @Test func theDecisionIsHandedThePositionReadOnce() throws {
        try probe.start(on: host, placement: .root, parent: nil)
        try probe.push("Second", limit: 2)
        let error = #expect(throws: FlowError.self) { try probe.push("Third", limit: 2) }
        #expect(error?.code == .hostRejected)
        #expect(probe.pushed == ["Second"])
    }

    @Test func aRefusedDecreeChangesNothingAndKeepsNoState() throws {
        try probe.start(on: host, placement: .root, parent: nil)
        let before = host.render()
        #expect(throws: FlowError.self) { try probe.push("Second", limit: 1) }
        #expect(host.render() == before)
        #expect(probe.pushed.isEmpty)
        #expect(probe.steps.isEmpty)
    }

    @Test func aGuardsRefusalBeforeTheChangeKeepsNoStateAndRunsNoEffect() throws {
        try probe.start(on: host, placement: .root, parent: nil)
        let before = host.render()
        let error = #expect(throws: FlowError.self) { try probe.push("Guarded", guarded: true) }
        #expect(error?.code == .guardRefused)
        #expect(host.render() == before)
        #expect(probe.pushed.isEmpty)
        #expect(probe.steps.isEmpty)
    }

    @Test func aRequestInsideAnotherIsRefusedWhole() throws {
        try probe.start(on: host, placement: .root, parent: nil)
        var inner: FlowError?
        try probe.decide { _, _ in
            inner = #expect(throws: FlowError.self) { try probe.push("Inner") }
            return .refuse(FlowError(.hostRejected, "outer refused"))
        } catchingInto: { _ in
        }
        #expect(inner?.code == .reentrantNavigation)
        #expect(probe.pushed.isEmpty)
    }

    @Test func anEndDecreeTakesTheContentAwayLetsGoRunsItsEffectThenFinishes() throws {
        let recorder = TranscriptRecorder(observing: host)
        try probe.start(on: host, placement: .root, parent: nil)
        probe.onFinish { outcome in probe.steps.append("handler \(outcome.result ?? "-")") }
        try probe.finish(with: "ana")
        #expect(probe.steps == ["release", "ending", "handler ana"])
        #expect(probe.outcome == .completed("ana"))
        #expect(host.topmost == nil)
        #expect(!host.flows.contains(probe))
        #expect(recorder.transcript.lines.suffix(2) == ["[signin] root cleared", "[signin] complete with ana"])
    }

    @Test func aFinishedFlowRefusesEveryRequestAndCannotStartAgain() throws {
        try probe.start(on: host, placement: .root, parent: nil)
        try probe.finish(with: "ana")
        var calls = 0
        probe.onFinish { _ in calls += 1 }
        #expect(calls == 1)
        #expect((#expect(throws: FlowError.self) { try probe.finish(with: "late") })?.code == .flowFinished)
        #expect((#expect(throws: FlowError.self) { try probe.push("Late") })?.code == .flowFinished)
        #expect((#expect(throws: FlowError.self) { try probe.start(on: host, placement: .root, parent: nil) })?.code == .flowFinished)
        #expect(probe.outcome == .completed("ana"))
    }

    @Test func aRequestFromAnObserverWhileTheHostChangesIsRefused() throws {
        try probe.start(on: host, placement: .root, parent: nil)
        var refusal: FlowError?
        let observer = EventProbe { _ in
            guard refusal == nil else { return }
            refusal = #expect(throws: FlowError.self) { try probe.push("FromObserver") }
        }
        host.addObserver(observer)
        try probe.push("Second")
        #expect(refusal?.code == .reentrantNavigation)
        #expect(probe.pushed == ["Second"])
    }

    // MARK: Ending a detached flow

    @Test func endingDetachedRemovesThenReleasesThenFinishesCancelled() throws {
        let recorder = TranscriptRecorder(observing: host)
        try probe.start(on: host, placement: .root, parent: nil)
        probe.onFinish { outcome in probe.steps.append("handler \(outcome)") }
        probe.endDetached()
        #expect(probe.steps == ["release", "handler cancelled"])
        #expect(probe.outcome == .cancelled)
        #expect(recorder.transcript == ["[signin] root [signin]", "[signin] start", "[signin] root cleared", "[signin] cancel"])
    }

    @Test func endingDetachedFinishesWhenAGuardRefusesTheRemoval() throws {
        try probe.start(on: host, placement: .presented, parent: nil)
        try probe.push("Guarded")
        let guarded = GuardedProbe("Form")
        try host.push(guarded, onto: "signin", for: nil)
        probe.endDetached()
        #expect(probe.phase == .finished)
        #expect(probe.outcome == .cancelled)
        #expect(host.visibleScreenRef == ScreenRef(guarded))
    }

    @Test(arguments: [false, true])
    func endingDetachedDoesNothingUnlessTheFlowRuns(hasFinished: Bool) throws {
        if hasFinished {
            try probe.start(on: host, placement: .root, parent: nil)
            try probe.finish(with: "ana")
        }
        probe.steps = []
        probe.endDetached()
        #expect(probe.steps.isEmpty)
        #expect(probe.phase == (hasFinished ? .finished : .ready))
        #expect(probe.outcome == (hasFinished ? .completed("ana") : nil))
    }

    @Test func theEndRefusalIsAskedOnlyWhileTheFlowRuns() throws {
        #expect(probe.endRefusal() == nil)
        try probe.start(on: host, placement: .root, parent: nil)
        let guarded = GuardedProbe("Form")
        try host.push(guarded, onto: "signin", for: "signin")
        #expect(probe.endRefusal()?.reason == "unsaved changes")
        guarded.holds = false
        #expect(probe.endRefusal() == nil)
        #expect(host.visibleScreenRef == ScreenRef(guarded))
    }
}

extension FlowFrontDoor {
    /// Runs a request whose decree is refused, handing the refusal to `catching`.
    fileprivate func decide(_ decide: (Position, any FlowHost) throws -> FlowDecree<StateChange>, catchingInto catching: (FlowError) -> Void) throws {
        do {
            try self.decide(decide)
        } catch let error as FlowError {
            catching(error)
        }
    }
}

/// An observer that runs a closure for every event.
@MainActor
final class EventProbe: FlowObserver {
    let body: (FlowEvent) -> Void
    init(_ body: @escaping (FlowEvent) -> Void) { self.body = body }
    func receive(_ event: FlowEvent) { body(event) }
}
