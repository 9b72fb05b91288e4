import FlowKernel
import FlowStage
import FlowTestKit
import Testing

/// Flows that break one law each, to prove `FlowLaws` catches them.
@MainActor
final class FlawedFlow: Flow {
    enum Flaw { case finishesBeforeCleaningUp, forgetsToReport, startsTwice, keepsScreens, announcesEarly }
    let flaw: Flaw
    let inner = ProbeFlow(id: "flawed")
    private var handlers: [@MainActor (FlowOutcome<Int>) -> Void] = []
    private var kept: [any Screen] = []

    init(_ flaw: Flaw) { self.flaw = flaw }

    var id: FlowID { inner.id }
    var phase: FlowPhase { inner.phase }
    var outcome: FlowOutcome<Int>? { inner.outcome }
    func onFinish(_ handler: @escaping @MainActor (FlowOutcome<Int>) -> Void) {
        if flaw == .finishesBeforeCleaningUp, outcome == nil { handlers.append(handler) } else { inner.onFinish(handler) }
    }

    func start(on host: any PresentationHost, placement: FlowPlacement, parent: FlowID?) throws {
        if flaw == .startsTwice, phase == .running { return }
        if flaw == .announcesEarly { host.report(FlowEvent(.flowStarted(parent: parent), flow: id)) }
        try inner.start(on: host, placement: placement, parent: parent)
        if flaw == .keepsScreens, let ref = host.hierarchy.visibleScreen, let screen = host.screen(for: ref) { kept.append(screen) }
    }

    func cancel() throws { try end { try inner.cancel() } }
    func complete() throws { try end { try inner.complete() } }

    private func end(_ body: () throws -> Void) throws {
        if flaw == .finishesBeforeCleaningUp {
            // Tells its handlers before the screens are gone.
            for handler in handlers { handler(.completed(inner.count)) }
            handlers = []
        }
        if flaw == .forgetsToReport, phase == .running { return }
        try body()
    }
}

@MainActor
@Suite("Flow laws")
struct FlowLawsTests {
    @Test(
        "A flawed flow is caught by the law it breaks",
        arguments: [
            (FlawedFlow.Flaw.finishesBeforeCleaningUp, "completing runs each handler once, in order, after clean-up"),
            (.forgetsToReport, "cancelling delivers cancelled and restores the host"),
            (.startsTwice, "a second start is rejected"),
            (.keepsScreens, "every screen the flow showed is released"),
            (.announcesEarly, "the flow's start arrives with its first screen and its end is its last event"),
        ])
    func aFlawedFlowIsCaught(_ flaw: FlawedFlow.Flaw, law: String) {
        let broken = FlowLaws.violations(makeHost: { InMemoryHost() }, make: { FlawedFlow(flaw) }) { try $0.complete() }.map(\.law)
        #expect(broken.contains(law), "laws broken: \(broken)")
    }

    @Test func checkRecordsAnIssueForEachViolation() {
        let issues = CheckIssues.collected {
            FlowLaws.check(makeHost: { InMemoryHost() }, make: { FlawedFlow(.keepsScreens) }) { try $0.complete() }
        }
        let violations = FlowLaws.violations(makeHost: { InMemoryHost() }, make: { FlawedFlow(.keepsScreens) }) { try $0.complete() }
        #expect(issues == violations.map { "Flow law broken — \($0)" })
        #expect(!issues.isEmpty)
    }
}
