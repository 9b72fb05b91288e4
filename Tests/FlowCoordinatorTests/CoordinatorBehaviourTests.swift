import FlowCoordinator
import FlowKernel
import FlowStage
import FlowTestKit
import Testing

/// What UIFlow had but never tested, and where FlowCoordinator differs on purpose.
@MainActor
@Suite("Coordinator")
struct CoordinatorBehaviourTests {
    let host = InMemoryHost()

    @Test func backToTopReturnsToTheLastScreenMovedTo() throws {
        let coordinator = PageCoordinator("main")
        try coordinator.start(on: host)
        try coordinator.move(to: Page("2"))
        try host.push(Page("pushed directly"), onto: "main")

        try coordinator.backToTop()

        #expect(host.names(in: "main") == ["main start", "2"])
    }

    @Test func theStartScreenIsSetByTheFirstMoveOnly() throws {
        let coordinator = PageCoordinator("main")
        try coordinator.start(on: host)
        let start = coordinator.startNode
        try coordinator.move(to: Page("2"))
        #expect(coordinator.startNode == start)
        #expect(coordinator.topNode == host.hierarchy.entries(of: "main")?.last)
    }

    @Test func startingASecondChildWhileOneRunsIsRejectedAndKeepsTheFirst() throws {
        let parent = PageCoordinator("main")
        try parent.start(on: host)
        let first = PageCoordinator("first")
        let second = PageCoordinator("second")
        try parent.start(child: first)
        let before = host.render()

        let error = #expect(throws: FlowError.self) { try parent.start(child: second) }

        #expect(error?.code == .hostRejected)
        #expect(parent.child === first)
        #expect(first.phase == .running)
        #expect(second.phase == .ready)
        #expect(host.render() == before)
    }

    @Test func childrenNestAndEachReturnsToItsParent() throws {
        let app = PageCoordinator("app")
        try app.start(on: host)
        let signIn = PageCoordinator("signin")
        let verify = PageCoordinator("verify")
        try app.start(child: signIn)
        try signIn.start(child: verify)
        #expect(host.names(in: "app") == ["app start", "signin start", "verify start"])

        try verify.finish(with: "code ok")
        #expect(host.names(in: "app") == ["app start", "signin start"])
        try signIn.finish(with: "ana")
        #expect(host.names(in: "app") == ["app start"])
        #expect(app.child == nil)
    }

    @Test func aRootCoordinatorThatFinishesEndsItsFlow() throws {
        let app = PageCoordinator("app")
        var outcome: FlowOutcome<String>?
        app.onFinish { outcome = $0 }
        try app.start(on: host)

        try app.finish(with: "bye")

        #expect(outcome == .completed("bye"))
        #expect(host.render() == "(empty)")
    }

    @Test func aParentFinishingCancelsItsRunningChild() throws {
        let app = PageCoordinator("app")
        try app.start(on: host)
        let child = PageCoordinator("child")
        var childOutcome: FlowOutcome<String>?
        try app.start(child: child) { childOutcome = $0 }

        try app.finish(with: "bye")

        #expect(childOutcome == .cancelled)
        #expect(host.render() == "(empty)")
    }

    @Test func theParentCannotNavigateUnderARunningChildOnItsStack() throws {
        let app = PageCoordinator("app")
        try app.start(on: host)
        try app.move(to: Page("2"))
        try app.start(child: PageCoordinator("child"))
        let error = #expect(throws: FlowError.self) { try app.back() }
        #expect(error?.code == .hostRejected)
    }

    @Test func aPresentedChildHasItsOwnStack() throws {
        let app = PageCoordinator("app")
        try app.start(on: host)
        let sheet = PageCoordinator("sheet")
        try app.start(child: sheet, presented: true)
        expectRendered(
            host.render(),
            equals: """
                stack app
                  Page "app start"
                  presents stack sheet
                    Page "sheet start"
                """)
        try app.move(to: Page("under the sheet"))
        try sheet.cancel()
        #expect(host.names(in: "app") == ["app start", "under the sheet"])
    }

    @Test func removingATabItemTakesItsTabAway() throws {
        let tabs = EmptyTabs("tabs")
        try tabs.start(on: host)
        try tabs.addItem(title: "One", coordinator: PageCoordinator("one"))
        try tabs.addItem(title: "Two", coordinator: PageCoordinator("two"))
        try tabs.select(1)

        try tabs.removeItem(at: 1)

        expectRendered(
            host.render(),
            equals: """
                stack tabs
                  tabs tabs-tabs
                    * tab 0 "One": stack one
                      Page "one start"
                """)
    }

    @Test func anItemIsStartedWhenAdded() throws {
        let tabs = EmptyTabs("tabs")
        try tabs.start(on: host)
        let one = PageCoordinator("one")
        try tabs.addItem(title: "One", coordinator: one)
        #expect(one.started)
        #expect(one.phase == .running)
        #expect(one.parent == tabs.id)
    }

    @Test func theCurrentItemFollowsTheSelectedTab() throws {
        let tabs = EmptyTabs("tabs")
        try tabs.start(on: host)
        let one = PageCoordinator("one")
        let two = PageCoordinator("two")
        try tabs.addItem(title: "One", coordinator: one)
        try tabs.addItem(title: "Two", coordinator: two)
        try tabs.select(1)
        #expect(try tabs.currentItem === two)
        #expect(host.hierarchy.visibleScreen?.displayName == "two start")
    }

    @Test func anItemThatFinishesLeavesTheTabGroup() throws {
        let tabs = EmptyTabs("tabs")
        try tabs.start(on: host)
        let one = PageCoordinator("one")
        try tabs.addItem(title: "One", coordinator: one)
        try one.move(to: Page("one 2"))

        try one.finish(with: "done")

        #expect(tabs.items.isEmpty)
        #expect(host.render() == "stack tabs\n  tabs tabs-tabs")
    }

    @Test func anItemsStackWorksInsideItsTab() throws {
        let tabs = EmptyTabs("tabs")
        try tabs.start(on: host)
        let one = PageCoordinator("one")
        try tabs.addItem(title: "One", coordinator: one)
        try one.move(to: Page("one 2"))
        try one.back()
        #expect(host.names(in: "one") == ["one start"])
    }
}
