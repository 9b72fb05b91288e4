import FlowChain
import FlowCoordinator
import FlowKernel
import FlowRuntime
import FlowStack
import FlowStage
import FlowTestKit
import Testing

/// A coordinator whose first screen is tracked, and that starts a child of the same kind on demand.
@MainActor
final class Generation: StackCoordinator<Void> {
    let leaks: LeakTracker
    init(_ id: FlowID, leaks: LeakTracker) {
        self.leaks = leaks
        super.init(id)
    }
    override func start() throws { try move(to: leaks.track(Page("\(id.name) start"))) }
}

@MainActor
@Suite("Coordinator follows the user")
struct CoordinatorFollowsUserTests {
    let host = InMemoryHost()
    let leaks = LeakTracker()

    @Test func aChildWhoseOnlyScreenTheUserPopsEndsCancelledOnceAndTheParentMayStartAnother() throws {
        let app = PageCoordinator("app")
        try app.start(on: host)
        let child = PageCoordinator("child")
        var outcomes: [FlowOutcome<String>] = []
        try app.start(child: child) { outcomes.append($0) }

        try host.user.back()

        #expect(outcomes == [.cancelled])
        #expect(child.phase == .finished)
        #expect(app.child == nil)
        #expect(app.topNode == app.startNode)
        try app.start(child: PageCoordinator("next"))
        #expect(host.names(in: "app") == ["app start", "next start"])
    }

    @Test func theTopFollowsTheUsersBackAndBackToTopWorksFromThere() throws {
        let app = PageCoordinator("app")
        try app.start(on: host)
        let list = Page("List")
        let detail = Page("Detail")
        try app.move(to: list)
        try app.move(to: detail)

        try host.user.back()

        #expect(app.topNode == .of(list))
        try app.back()
        #expect(app.topNode == app.startNode)
        #expect(throws: FlowError.self) { try app.back() }
    }

    @Test func aPresentedChildTheUserSwipesDownEndsCancelled() throws {
        let app = PageCoordinator("app")
        try app.start(on: host)
        let sheet = PageCoordinator("sheet")
        var outcomes: [FlowOutcome<String>] = []
        try app.start(child: sheet, presented: true) { outcomes.append($0) }
        try host.user.swipeDown()
        #expect(outcomes == [.cancelled])
        #expect(app.child == nil)
        #expect(host.names(in: "app") == ["app start"])
    }

    @Test func anyStrategysChildEndsWhenTheUserTakesItsScreensAway() throws {
        let app = PageCoordinator("app")
        try app.start(on: host)
        let chain = StepChain<Void>("signin").addStep { Plain() }.addStep { Plain() }.finish()
        var ended = 0
        try app.start(child: chain) { if $0.isCancelled { ended += 1 } }
        try (chain.currentScreen as? Plain)?.step?.next()
        try host.user.back(to: try #require(app.startNode))
        #expect(ended == 1)
        #expect(app.child == nil)

        let registry = ScreenRegistry { $0.register(Page.self) { Page("stacked") } }
        let navigator = StackNavigator<Void>("stacked", registry: registry, root: Page.self)
        try app.start(child: navigator, presented: true) { if $0.isCancelled { ended += 1 } }
        try host.user.swipeDown()
        #expect(ended == 2)
        #expect(app.child == nil)
    }

    @Test func backToTheRootOfAStackSharedByThreeGenerationsCancelsEachInnermostFirstAndLeaksNothing() throws {
        var order: [String] = []
        weak var weakChild: Generation?
        weak var weakGrandchild: Generation?
        let root = Generation("root", leaks: leaks)
        try root.start(on: host)
        do {
            let child = Generation("child", leaks: leaks)
            let grandchild = Generation("grandchild", leaks: leaks)
            weakChild = child
            weakGrandchild = grandchild
            try root.start(child: child) { _ in order.append("child") }
            try child.start(child: grandchild) { _ in order.append("grandchild") }
            try grandchild.move(to: leaks.track(Page("deep")))
            #expect(host.names(in: "root") == ["root start", "child start", "grandchild start", "deep"])

            try host.user.back(to: try #require(root.startNode))
        }
        #expect(order == ["grandchild", "child"])
        #expect(root.phase == .running)
        #expect(root.child == nil)
        #expect(weakChild == nil)
        #expect(weakGrandchild == nil)
        #expect(leaks.trackedCount == 4, "three first screens and the deep one")
        #expect(leaks.survivors == ["Page"])
    }

    @Test func aCoordinatorPresentedAndSwipedDownEndsAfterItsChild() throws {
        try host.setRoot(.stack("app", [.screen(Page("Home"))]))
        var order: [String] = []
        let sheet = Generation("sheet", leaks: leaks)
        sheet.onFinish { _ in order.append("sheet") }
        try sheet.start(on: host, placement: .presented)
        let inner = Generation("inner", leaks: leaks)
        try sheet.start(child: inner) { _ in order.append("inner") }
        try host.user.swipeDown()
        #expect(order == ["inner", "sheet"])
        #expect(sheet.phase == .finished)
    }

    @Test func aTabTheUserSelectsIsTheCurrentItem() throws {
        let tabs = TwoTabs("tabs")
        try tabs.start(on: host)
        try host.user.selectTab(1)
        #expect(tabs.selectedIndex == 1)
        #expect(try tabs.currentItem.id == "second")
    }

    @Test func poppingATabCoordinatorOffASharedStackCancelsItsItemsFirst() throws {
        let app = PageCoordinator("app")
        try app.start(on: host)
        let tabs = TwoTabs("tabs")
        var order: [String] = []
        for item in [tabs.first, tabs.second] { item.onFinish { [id = item.id] _ in order.append(id.name) } }
        try app.start(child: tabs) { _ in order.append("tabs") }
        try host.user.back()
        #expect(order == ["second", "first", "tabs"])
        #expect(app.child == nil)
    }
}

@MainActor
final class Plain: ChainScreen { var step: StepHandle? }

@MainActor
final class TwoTabs: TabCoordinator<Void> {
    let first = PageCoordinator("first"), second = PageCoordinator("second")
    override func start() throws {
        try super.start()
        try addItem(title: "One", coordinator: first)
        try addItem(title: "Two", coordinator: second)
    }
}

@MainActor
@Suite("Coordinator: requests from an observer")
struct CoordinatorDuringDeliveryTests {
    let host = InMemoryHost()

    @Test func cancellingFromAnObserverKeepsTheChildRunningAndItsHandlerToRun() throws {
        let app = PageCoordinator("app")
        try app.start(on: host)
        let child = PageCoordinator("child")
        var outcomes: [FlowOutcome<String>] = []
        try app.start(child: child) { outcomes.append($0) }
        let before = host.hierarchy

        let outcome = DuringDelivery.run(on: host) { try app.cancel() }

        #expect(throws: FlowError.self) { try outcome.get() }
        #expect(app.child === child)
        #expect(child.phase == .running)
        #expect(host.hierarchy == before)
        try app.cancel()
        #expect(outcomes == [.cancelled])
    }

    @Test func everyVerbFromAnObserverIsRefusedAndChangesNothing() throws {
        let tabs = TwoTabs("tabs")
        try tabs.start(on: host)
        let before = host.hierarchy
        let item = tabs.first
        let requests: [() throws -> Void] = [
            { try item.move(to: Page("late")) }, { try item.back() }, { try item.backToStart() },
            { try item.backToTop() }, { try tabs.select(1) }, { try tabs.removeItem(at: 0) },
            { try item.start(child: PageCoordinator("child")) }, { try tabs.finish(with: ()) },
        ]
        for request in requests {
            let error = #expect(throws: FlowError.self) { try DuringDelivery.run(on: host, request).get() }
            #expect(error?.code == .reentrantNavigation)
        }
        #expect(host.hierarchy == before)
        #expect(tabs.items.count == 2)
        #expect(tabs.phase == .running)
    }
}
