import FlowCoordinator
import FlowKernel
import FlowStage
import FlowTestKit
import Testing

/// Every request a caller can get wrong throws its code and changes nothing.
@MainActor
@Suite("Coordinator bad input")
struct CoordinatorBadInputTests {
    typealias Case = BadRequest<ShopTabs>

    nonisolated static let cases: [Case] = [
        Case("back at its start", .nothingToGoBackTo) { try $0.back() },
        Case("back to start at its start", .nothingToGoBackTo) { try $0.backToStart() },
        Case("back to top at the top", .nothingToGoBackTo) { try $0.backToTop() },
        Case("an item's back past its own start", .nothingToGoBackTo) { try ($0.items[0] as? PageCoordinator)?.back() },
        Case("selecting a tab out of range", .indexOutOfRange) { try $0.select(2) },
        Case("selecting a negative tab", .indexOutOfRange) { try $0.select(-1) },
        Case("removing an item out of range", .indexOutOfRange) { try $0.removeItem(at: 5) },
        Case("adding an item that already runs", .flowAlreadyStarted) {
            try $0.addItem(title: "Again", coordinator: try #require($0.items[0] as? PageCoordinator))
        },
        Case("moving to a screen already shown", .hostRejected) { tabs in
            let item = try #require(tabs.items[0] as? PageCoordinator)
            try item.move(to: try #require(item.firstPage))
        },
        Case("a second child while one runs", .hostRejected, setUp: { try $0.start(child: PageCoordinator("first")) }) {
            try $0.start(child: PageCoordinator("second"))
        },
        Case("moving under a running child", .hostRejected, setUp: { try $0.start(child: PageCoordinator("first")) }) {
            try $0.move(to: Page("under"))
        },
        Case("finishing twice", .flowFinished, setUp: { try $0.finish(with: ()) }) { try $0.finish(with: ()) },
        Case("moving after finishing", .flowFinished, setUp: { try $0.cancel() }) { try $0.move(to: Page("late")) },
        Case("removing an item after finishing", .flowFinished, setUp: { try $0.cancel() }) { try $0.removeItem(at: 0) },
        Case("starting a child after finishing", .flowFinished, setUp: { try $0.cancel() }) { try $0.start(child: PageCoordinator("late")) },
    ]

    struct State: Equatable {
        let rendering: String
        let events: Int
        let items: Int
        let phase: FlowPhase
        let top: NodeRef?
    }

    @Test("A bad request throws its code and changes nothing", arguments: cases)
    func badRequestChangesNothing(_ bad: Case) throws {
        let host = InMemoryHost()
        let recorder = TranscriptRecorder(observing: host)
        let tabs = ShopTabs("shop")
        try tabs.start(on: host)

        try bad.check(on: tabs) {
            State(rendering: host.render(), events: recorder.events.count, items: tabs.items.count, phase: tabs.phase, top: tabs.topNode)
        }
    }

    @Test func theCurrentItemOfAnEmptyGroupIsAnError() throws {
        let tabs = EmptyTabs("tabs")
        try tabs.start(on: InMemoryHost())
        let error = #expect(throws: FlowError.self) { _ = try tabs.currentItem }
        #expect(error?.code == .indexOutOfRange)
    }

    @Test func aCoordinatorThatShowsNothingCannotStart() {
        let host = InMemoryHost()
        let coordinator = StackCoordinator<Void>("empty")
        let error = #expect(throws: FlowError.self) { try coordinator.start(on: host) }
        #expect(error?.code == .hostRejected)
        #expect(coordinator.phase == .ready)
        #expect(host.render() == "(empty)")
    }

    @Test func navigationBeforeStartIsRejected() {
        let error = #expect(throws: FlowError.self) { try PageCoordinator("main").back() }
        #expect(error?.code == .flowNotStarted)
    }
}
