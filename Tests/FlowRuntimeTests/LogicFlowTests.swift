import FlowKernel
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

/// A logic whose entries name their screens; each test makes its decisions in its requests.
@MainActor
struct Named: FlowLogic {
    var first = "A"
    var make: @MainActor (String) throws -> any Screen = { LawProbe($0) }
    var answer: (@MainActor (FlowPath<String>) -> FlowDecision<String, String>?)?

    func start() -> String { first }
    func screen(for entry: String) throws -> any Screen { try make(entry) }
    func follow(_ path: FlowPath<String>) -> FlowDecision<String, String>? { answer?(path) }
}

@MainActor
final class RefusingEntry: Screen {
    var displayName: String { "Locked" }
    func shouldEnter(by origin: FlowEvent.Origin) -> GuardVerdict { .refuse(because: "locked") }
}

@MainActor
@Suite("LogicFlow: the one running flow")
struct LogicFlowTests {
    func started(_ logic: Named = Named(), on host: InMemoryHost = InMemoryHost()) throws -> LogicFlow<Named> {
        let flow = LogicFlow("named", logic: logic)
        try flow.start(on: host, placement: .root, parent: nil)
        return flow
    }

    @Test func aDecisionAGuardRefusesChangesNothingAndRunsNoEffect() throws {
        let host = InMemoryHost()
        let flow = try started(Named(make: { $0 == "Locked" ? RefusingEntry() as any Screen : LawProbe($0) }), on: host)
        try flow.request { _, path in .show(path.pushing("B")) }
        let before = host.hierarchy
        var ran = false

        let error = #expect(throws: FlowError.self) {
            try flow.request { _, path in FlowDecision<String, String>.show(path.dropping().pushing("C").pushing("Locked")).then { ran = true } }
        }

        #expect(error?.code == .guardRefused)
        #expect(host.hierarchy == before)
        #expect(flow.path.entries == ["A", "B"])
        #expect(!ran)
    }

    @Test func anEffectRunsOnceTheHostShowsTheDecidedPath() throws {
        let host = InMemoryHost()
        let flow = try started(on: host)
        var seen: String?

        try flow.request { _, path in FlowDecision<String, String>.show(path.pushing("B")).then { seen = host.visibleScreen?.displayName } }

        #expect(seen == "B")
    }

    @Test func aRequestFromInsideAScreensFactoryIsRefusedAndTheOuterOneGoesOn() throws {
        let host = InMemoryHost()
        var inner: FlowError?
        var flow: LogicFlow<Named>?
        let logic = Named(make: { name in
            if name == "B" {
                do { try flow?.request { _, path in .show(path.pushing("C")) } } catch { inner = error as? FlowError }
            }
            return LawProbe(name)
        })
        flow = try started(logic, on: host)

        try flow?.request { _, path in .show(path.pushing("B")) }

        #expect(inner?.code == .reentrantNavigation)
        #expect(flow?.path.entries == ["A", "B"])
    }

    @Test func aFactoryThatFailsIsReportedAsFactoryFailedAndShowsNothing() throws {
        struct Broken: Error {}
        let host = InMemoryHost()
        let flow = try started(
            Named(make: {
                if $0 == "B" { throw Broken() }
                return LawProbe($0)
            }), on: host)
        let before = host.hierarchy

        let error = #expect(throws: FlowError.self) { try flow.request { _, path in .show(path.pushing("B")) } }

        #expect(error?.code == .factoryFailed)
        #expect(host.hierarchy == before)
    }

    @Test func requestsBeforeStartAndAfterTheEndAreRefused() throws {
        let flow = LogicFlow("named", logic: Named())
        let early = #expect(throws: FlowError.self) { try flow.request { _, path in .show(path.pushing("B")) } }
        #expect(early?.code == .flowNotStarted)

        try flow.start(on: InMemoryHost(), placement: .root, parent: nil)
        try flow.request { _, _ in .complete("done") }
        let late = #expect(throws: FlowError.self) { try flow.request { _, path in .show(path.pushing("B")) } }

        #expect(late?.code == .flowFinished)
        #expect(flow.outcome?.result == "done")
    }

    @Test func aChildOnTheFlowsStackCoversItUntilItEnds() throws {
        let host = InMemoryHost()
        let flow = try started(on: host)
        let stack = try #require(host.hierarchy.root?.ref.container)
        let child = LogicFlow("child", logic: Named(first: "Child"))
        try child.start(on: host, placement: .onStack(stack), parent: "named")
        let before = host.hierarchy

        let error = #expect(throws: FlowError.self) { try flow.request { _, path in .show(path.pushing("B")) } }

        #expect(error?.code == .hostRejected)
        #expect(host.hierarchy == before)
        try child.cancel()
        try flow.request { _, path in .show(path.pushing("B")) }
        #expect(flow.path.entries == ["A", "B"])
    }

    @Test func modalsArePresentedOverTheStackAndThePersonsSwipeLeavesAShorterPath() throws {
        let host = InMemoryHost()
        let flow = try started(on: host)
        try flow.request { _, path in .show(path.presenting("Sheet").presenting("Alert")) }
        #expect(flow.path.modals == ["Sheet", "Alert"])

        try host.user.swipeDown()

        #expect(flow.path.modals == ["Sheet"])
        #expect(flow.path.last == "Sheet")
        try flow.request { _, path in .show(path.pushing("B")) }
        #expect(flow.path.entries == ["A", "B"])
        #expect(flow.path.modals.isEmpty)
    }

    @Test func theLogicAnswersThePersonsBackOnceTheChangeIsOver() throws {
        let host = InMemoryHost()
        let logic = Named(answer: { path in path.entries == ["A"] ? .complete("back home") : nil })
        let flow = try started(logic, on: host)
        try flow.request { _, path in .show(path.pushing("B")) }

        try host.user.back()

        #expect(flow.outcome?.result == "back home")
        #expect(host.hierarchy.root == nil)
    }

    @Test func onASharedStackTheFlowLeavesWhatItFoundAndTakesItsModalsWithIt() throws {
        let host = InMemoryHost()
        try host.setRoot(.stack("app", [.screen(LawProbe("Home"))]))
        let before = host.hierarchy
        let flow = LogicFlow("named", logic: Named())
        try flow.start(on: host, placement: .onStack("app"), parent: nil)
        try flow.request { _, path in .show(path.pushing("B").presenting("Sheet")) }
        #expect(host.visibleScreen?.displayName == "Sheet")

        try flow.request { _, path in .show(FlowPath(["X", "Y"])) }
        #expect(host.entries(of: "app")?.count == 3)
        try flow.cancel()

        #expect(host.hierarchy == before)
    }

    @Test func everyScreenTheFlowMadeIsReleasedWhenItEnds() throws {
        let leaks = LeakTracker()
        let host = InMemoryHost()
        do {
            let flow = try started(Named(make: { leaks.track(LawProbe($0)) }), on: host)
            leaks.track(flow)
            try flow.request { _, path in .show(path.pushing("B").presenting("Sheet")) }
            try flow.request { _, path in .show(FlowPath(["C"])) }
            try flow.request { _, _ in .complete("done") }
        }
        #expect(host.flows.isEmpty)
        #expect(leaks.expectNoLeaks())
    }

    @Test func aChildWhoseHandlerCancelsItsEndingParentLeavesTheParentEndedOnce() throws {
        let host = InMemoryHost()
        let recorder = TranscriptRecorder(observing: host)
        let parent = try started(on: host)
        var outcomes: [FlowOutcome<String>] = []
        parent.onFinish { outcomes.append($0) }
        let child = LogicFlow("child", logic: Named(first: "Child"))
        try child.start(on: host, placement: .presented, parent: "named")
        var refusal: FlowError?
        child.onFinish { _ in
            do { try parent.cancel() } catch { refusal = .wrapping(error) }
        }

        try parent.request { _, _ in .complete("done") }

        #expect(outcomes.map(\.result) == ["done"])
        #expect(recorder.transcript.lines.filter { $0.hasPrefix("[named] c") } == ["[named] complete with done"])
        #expect(refusal != nil)
        #expect(child.outcome?.isCancelled == true)
        #expect(host.hierarchy.root == nil)
    }

    @Test func replacingTheLastEntryKeepsTheOnesBelowAndDismissesTheModals() throws {
        let host = InMemoryHost()
        let flow = try started(on: host)
        try flow.request { _, path in .show(path.pushing("B").presenting("Sheet")) }
        let bottom = host.hierarchy.root?.children.first?.ref

        try flow.request { _, path in .show(path.replacingLast(with: "C")) }

        #expect(flow.path.entries == ["A", "C"])
        #expect(flow.path.modals.isEmpty)
        #expect(host.hierarchy.root?.children.first?.ref == bottom)
        #expect(flow.path.description == "A -> C")
    }

    @Test func anEndingDecisionsEffectRunsOnceTheScreensLeftAndBeforeTheHandlers() throws {
        let host = InMemoryHost()
        let flow = try started(on: host)
        var order: [String] = []
        flow.onFinish { _ in order.append("handler") }

        try flow.request { _, _ in
            FlowDecision<String, String>.complete("done").then { order.append(host.hierarchy.root == nil ? "effect, screens gone" : "effect, shown") }
        }

        #expect(order == ["effect, screens gone", "handler"])
    }

    @Test func aLogicFlowKeepsTheFlowLawsInEveryPlacement() {
        FlowLaws.check(makeHost: { InMemoryHost() }, make: { LogicFlow("named", logic: Named()) }) { flow in
            try flow.request { _, path in .show(path.pushing("B")) }
            try flow.request { _, _ in .complete("done") }
        }
    }
}
