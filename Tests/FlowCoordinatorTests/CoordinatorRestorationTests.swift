import FlowChain
import FlowCoordinator
import FlowKernel
import FlowRuntime
import FlowSnapshot
import FlowStage
import FlowTestKit
import Foundation
import Testing

/// A product page a coordinator makes in code, from a Codable value.
@MainActor final class ItemPage: Screen {
    let item: String
    var displayName: String { "Item \(item)" }
    init(_ item: String) { self.item = item }
}

@MainActor final class HomePage: Screen {}
@MainActor final class NotesPage: Screen {}

/// A step of a child chain.
@MainActor final class AskStep: ChainScreen {
    var step: StepHandle?
}

/// Shows Home first, items pushed on it; saves items, not notes.
final class SavedShopCoordinator: StackCoordinator<Void> {
    private(set) var restoredChildren: [FlowID] = []

    override func start() throws { try move(to: HomePage()) }

    override func save(_ screen: any Screen) -> SavedValue? {
        if screen is HomePage { return .null }
        return (screen as? ItemPage).map { .string($0.item) }
    }

    override func restoreScreen(from saved: SavedValue) throws -> (any Screen)? {
        ItemPage(try saved.decode(String.self))
    }

    override func didRestore(child: any Flow) { restoredChildren.append(child.id) }
}

/// Two tabs, each a shop.
final class SavedShopTabs: TabCoordinator<Void> {
    override func start() throws {
        try super.start()
        try addItem(title: "Shoes", coordinator: SavedShopCoordinator("shoes"))
        try addItem(title: "Hats", coordinator: SavedShopCoordinator("hats"))
    }
}

/// Saving coordinators — their screens, their tabs, their running child — and bringing them back.
@MainActor
@Suite("Coordinator: saving and restoring")
struct CoordinatorRestorationTests {
    private func throughJSON(_ host: InMemoryHost) throws -> NavigationSnapshot {
        let data = try JSONEncoder().encode(host.flows.snapshot(of: host))
        host.flows.endAll()
        return try NavigationSnapshot(document: try JSONDecoder().decode(SavedValue.self, from: data))
    }

    private func make(_ saved: SavedFlow) -> (any RestorableFlow)? {
        switch saved.strategy {
        case "coordinator": saved.id == "tabs" ? SavedShopTabs("tabs") : SavedShopCoordinator(FlowID(saved.id))
        case "chain": StepChain<String>(FlowID(saved.id)).addStep { AskStep() }.finish()
        default: nil
        }
    }

    @Test func aCoordinatorsScreensComeBackAsItSavesThem() throws {
        let host = InMemoryHost()
        let shop = SavedShopCoordinator("shop")
        try shop.start(on: host)
        try shop.move(to: ItemPage("boots"))
        try shop.move(to: ItemPage("hat"))
        let snapshot = try throughJSON(host)

        let restored = InMemoryHost()
        let recorder = TranscriptRecorder(observing: restored)
        let report = snapshot.restore(on: restored) { make($0) }

        #expect(report.isComplete, "\(report)")
        #expect(report.description == #"[shop] restored: HomePage, ItemPage("boots"), ItemPage("hat")"#)
        #expect(restored.hierarchy.root.map(SavedNode.init) == snapshot.hierarchy)
        #expect(
            recorder.transcript.lines == [
                "(restored) [shop] root [shop]",
                "(restored) [shop] start",
                "(restored) [shop] set [shop] to HomePage, Item boots, Item hat",
            ])
        let again = try #require(restored.flows.flow(named: "shop") as? SavedShopCoordinator)
        try again.back()
        #expect((restored.visibleScreen as? ItemPage)?.item == "boots")
    }

    @Test func aScreenTheCoordinatorDoesNotSaveIsNotedAndCutsTheStack() throws {
        let host = InMemoryHost()
        let shop = SavedShopCoordinator("shop")
        try shop.start(on: host)
        try shop.move(to: ItemPage("boots"))
        try shop.move(to: NotesPage())
        try shop.move(to: ItemPage("hat"))
        let snapshot = try throughJSON(host)
        #expect(snapshot.flows[0].state?.description.contains("SavedShopCoordinator does not save NotesPage") == true)

        let restored = InMemoryHost()
        let report = snapshot.restore(on: restored) { make($0) }
        #expect((restored.visibleScreen as? ItemPage)?.item == "boots")
        #expect(report.entries(.repaired).map(\.subject) == ["NotesPage", #"ItemPage("hat")"#, "the hierarchy"])
    }

    @Test func aTabCoordinatorComesBackOnItsTabWithEachItemsStack() throws {
        let host = InMemoryHost()
        let tabs = SavedShopTabs("tabs")
        try tabs.start(on: host)
        try (tabs.items[1] as? SavedShopCoordinator)?.move(to: ItemPage("cap"))
        try tabs.select(1)
        let snapshot = try throughJSON(host)
        #expect(snapshot.flows.map(\.id) == ["tabs", "shoes", "hats"])

        let restored = InMemoryHost()
        let report = snapshot.restore(on: restored) { make($0) }

        #expect(report.isComplete, "\(report)")
        #expect(restored.hierarchy.root.map(SavedNode.init) == snapshot.hierarchy)
        #expect((restored.visibleScreen as? ItemPage)?.item == "cap")
        #expect(restored.flows.count == 3)
    }

    @Test func anItemSavedAsAnotherStrategyThanTheOneItsParentStartsIsDropped() throws {
        let host = InMemoryHost()
        try SavedShopTabs("tabs").start(on: host)
        var snapshot = try throughJSON(host)
        snapshot.flows[1].strategy = "stack"
        let report = snapshot.restore(on: InMemoryHost()) { make($0) }
        #expect(report.entries(.dropped).first?.description == "[shoes] dropped: the flow (its parent started a coordinator flow 'shoes' for the stack one)")
    }

    @Test func aTabThatIsNoLongerThereIsReported() throws {
        let host = InMemoryHost()
        try SavedShopTabs("tabs").start(on: host)
        var snapshot = try throughJSON(host)
        snapshot.flows[0].state = snapshot.flows[0].state.map { state in
            guard case .object(var fields) = state else { return state }
            fields["selectedTab"] = .int(7)
            return .object(fields)
        }
        let report = snapshot.restore(on: InMemoryHost()) { make($0) }
        #expect(report.entries(.repaired).first?.description == "[tabs] repaired: tab 8 (the coordinator has no such tab now)")
    }

    @Test func aRunningChildComesBackAsTheCoordinatorsChild() throws {
        let host = InMemoryHost()
        let shop = SavedShopCoordinator("shop")
        try shop.start(on: host)
        try shop.move(to: ItemPage("boots"))
        try shop.start(child: StepChain<String>("ask").addStep { AskStep() }.finish())
        let snapshot = try throughJSON(host)
        #expect(snapshot.flows.map(\.parent) == [nil, "shop"])

        let restored = InMemoryHost()
        let report = snapshot.restore(on: restored) { make($0) }
        #expect(report.isComplete, "\(report)")
        let coordinator = try #require(restored.flows.flow(named: "shop") as? SavedShopCoordinator)
        #expect(coordinator.child?.id == "ask")
        #expect(coordinator.restoredChildren == ["ask"])
        // One child at a time, and the pop back to the coordinator's top when it ends.
        #expect(throws: FlowError.self) { try coordinator.start(child: StepChain<String>("other").addStep { AskStep() }.finish()) }
        try (restored.visibleScreen as? AskStep)?.step?.next(context: "done")
        #expect(coordinator.child == nil)
        #expect((restored.visibleScreen as? ItemPage)?.item == "boots")
    }

    @Test func aRestoredCoordinatorEndsWithNothingLeaked() throws {
        let host = InMemoryHost()
        let tabs = SavedShopTabs("tabs")
        try tabs.start(on: host)
        try (tabs.items[0] as? SavedShopCoordinator)?.move(to: ItemPage("boots"))
        let snapshot = try throughJSON(host)
        let leaks = LeakTracker()
        do {
            let restored = InMemoryHost()
            let report = snapshot.restore(on: restored) { saved in make(saved).map { leaks.track($0) } }
            #expect(report.isComplete, "\(report)")
            try (restored.flows.flow(named: "tabs") as? SavedShopTabs)?.cancel()
            #expect(restored.flows.isEmpty)
        }
        leaks.expectNoLeaks()
    }
}
