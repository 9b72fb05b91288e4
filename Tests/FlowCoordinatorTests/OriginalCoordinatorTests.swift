import FlowCoordinator
import FlowKernel
import FlowStage
import FlowTestKit
import Testing

/// UIFlow's "Coordinator" spec (run there against the protocol and against `UIFlowCoordinator`;
/// here there is one implementation), on the in-memory host.
@MainActor
@Suite("UIFlow scenarios: coordinator")
struct OriginalCoordinatorTests {
    let host = InMemoryHost()

    func started(_ id: FlowID = "main") throws -> PageCoordinator {
        let coordinator = PageCoordinator(id)
        try coordinator.start(on: host)
        return coordinator
    }

    @Test func aNewCoordinatorHasNoParent() {
        #expect(PageCoordinator("main").parent == nil)
    }

    @Test func aNewCoordinatorHasNoChild() {
        #expect(PageCoordinator("main").child == nil)
    }

    @Test func startingRunsTheStartHook() throws {
        let coordinator = try started()
        #expect(coordinator.started)
    }

    @Test func backGoesBackOneStep() throws {
        let coordinator = try started()
        try coordinator.move(to: Page("2"))
        try coordinator.move(to: Page("3"))
        try coordinator.back()
        #expect(host.names(in: "main").count == 2)
    }

    @Test func backToStartGoesBackAllTheWay() throws {
        let coordinator = try started()
        try coordinator.move(to: Page("2"))
        try coordinator.move(to: Page("3"))
        try coordinator.backToStart()
        #expect(host.names(in: "main") == ["main start"])
    }

    @Test func startingAChildSetsBothLinks() throws {
        let parent = try started()
        let child = PageCoordinator("child")
        try parent.start(child: child)
        #expect(child.parent == parent.id)
        #expect(parent.child === child)
    }

    @Test func aFinishedChildIsRemovedFromItsParent() throws {
        let parent = try started()
        let child = PageCoordinator("child")
        try parent.start(child: child)
        try child.finish(with: "done")
        #expect(parent.child == nil)
        #expect(child.phase == .finished)
    }

    @Test func aFinishedChildLeavesTheParentsScreen() throws {
        let parent = try started()
        let child = PageCoordinator("child")
        try parent.start(child: child)
        try child.move(to: Page("child 2"))
        try child.finish(with: "done")
        #expect(host.names(in: "main") == ["main start"])
    }

    @Test func aFinishedChildReturnsToWhatWasOnTopWhenItStarted() throws {
        let parent = try started()
        let first = PageCoordinator("first")
        try parent.start(child: first)
        try first.finish(with: "done")
        try host.push(Page("X"), onto: "main")

        let second = PageCoordinator("second")
        try parent.start(child: second)
        try second.move(to: Page("second 2"))
        try second.finish(with: "done")

        #expect(host.hierarchy.visibleScreen?.displayName == "X")
        #expect(parent.topNode == host.hierarchy.entries(of: "main")?.last)
    }
}

/// UIFlow's "TabBarCoordinator" spec, on the in-memory host.
@MainActor
@Suite("UIFlow scenarios: tab coordinator")
struct OriginalTabCoordinatorTests {
    let host = InMemoryHost()
    let tabs = EmptyTabs("tabs")

    init() throws {
        try tabs.start(on: host)
    }

    @Test func aNewTabCoordinatorHasNoItems() {
        #expect(EmptyTabs("fresh").items.isEmpty)
    }

    @Test func startingMovesToTheTabGroup() throws {
        #expect(tabs.startNode == .container("tabs-tabs"))
        #expect(tabs.topNode == .container("tabs-tabs"))
    }

    @Test func anItemCanBeAddedWithATabItem() throws {
        try tabs.addItem(PageCoordinator("one"), tabItem: TabItem(title: "One"))
        #expect(tabs.items.count == 1)
    }

    @Test func anItemCanBeAddedWithATitleAndImages() throws {
        try tabs.addItem(title: "One", image: "one", selectedImage: "one.fill", coordinator: PageCoordinator("one"))
        #expect(tabs.items.count == 1)
        guard case .tabs(_, let items, _)? = host.hierarchy.node(.container("tabs-tabs"))?.kind else {
            Issue.record("no tab group")
            return
        }
        #expect(items == [TabItem(title: "One", image: "one", selectedImage: "one.fill")])
    }

    @Test func theCurrentItemIsTheSelectedTabsCoordinator() throws {
        let one = PageCoordinator("one")
        try tabs.addItem(title: "One", coordinator: one)
        #expect(try tabs.currentItem === one)
    }

    @Test func itemsCanBeRemoved() throws {
        try tabs.addItem(title: "One", coordinator: PageCoordinator("one"))
        try tabs.addItem(title: "Two", coordinator: PageCoordinator("two"))
        try tabs.removeItem(at: 0)
        #expect(tabs.items.count == 1)
    }

    @Test func removingAnInvalidIndexThrowsAndKeepsTheItems() throws {
        // UIFlow ignored the call; FlowCoordinator says so.
        try tabs.addItem(title: "One", coordinator: PageCoordinator("one"))
        let error = #expect(throws: FlowError.self) { try tabs.removeItem(at: 10) }
        #expect(error?.code == .indexOutOfRange)
        #expect(tabs.items.count == 1)
    }
}
