import FlowCoordinator
import FlowKernel
import FlowStage
import FlowTestKit
import Testing

/// An app coordinator with a sign-in child and a tab group, as the sample app uses them.
@MainActor
final class ShopTabs: TabCoordinator<Void> {
    override func start() throws {
        try super.start()
        try addItem(title: "Catalog", coordinator: PageCoordinator("catalog", first: "Catalog"))
        try addItem(title: "Cart", image: "cart", coordinator: PageCoordinator("cart", first: "Cart"))
    }
}

@MainActor
@Suite("Coordinator journeys, lifetimes and laws")
struct CoordinatorJourneyTests {
    let host = InMemoryHost()

    @Test func aJourneyWithNestedChildrenAndTabsReadsAsItsTranscript() throws {
        let recorder = TranscriptRecorder(observing: host)
        let app = PageCoordinator("app", first: "Welcome")
        try app.start(on: host)
        let signIn = PageCoordinator("signin", first: "Email")
        try app.start(child: signIn)
        let verify = PageCoordinator("verify", first: "Code")
        try signIn.start(child: verify)
        try verify.finish(with: "123456")
        try signIn.finish(with: "ana")
        let tabs = ShopTabs("shop")
        try app.start(child: tabs)
        try tabs.select(1)
        expectRendered(
            host.render(),
            equals: """
                stack app
                  Page "Welcome"
                  tabs shop-tabs
                    - tab 0 "Catalog": stack catalog
                      Page "Catalog"
                    * tab 1 "Cart": stack cart
                      Page "Cart"
                """)
        try tabs.removeItem(at: 1)
        try tabs.finish(with: ())

        expectTranscript(
            recorder.transcript,
            equals: [
                "[app] root [app]",
                "[app] start",
                "[signin] push Email onto [app]",
                "[signin] start (child of app)",
                "[verify] push Code onto [app]",
                "[verify] start (child of signin)",
                "[verify] pop Code from [app]",
                "[verify] complete with 123456",
                "[signin] pop Email from [app]",
                "[signin] complete with ana",
                "[shop] push [shop-tabs] onto [app]",
                "[catalog] insert tab 0 [catalog] into [shop-tabs]",
                "[catalog] start (child of shop)",
                "[cart] insert tab 1 [cart] into [shop-tabs]",
                "[cart] start (child of shop)",
                "[shop] start (child of app)",
                "[shop] select tab 1 of [shop-tabs]",
                "[cart] remove tab 1 [cart] from [shop-tabs]",
                "[cart] cancel",
                "[catalog] remove tab 0 [catalog] from [shop-tabs]",
                "[catalog] cancel",
                "[shop] pop [shop-tabs] from [app]",
                "[shop] complete",
            ])
        #expect(host.render() == "stack app\n  Page \"Welcome\"")
    }

    @Test func aFinishedChildAndARemovedTabItemAreReleased() throws {
        let leaks = LeakTracker()
        let app = PageCoordinator("app")
        try app.start(on: host)
        do {
            let child = leaks.track(PageCoordinator("child"), as: "child")
            try app.start(child: child)
            try child.move(to: leaks.track(Page("child 2"), as: "child screen"))
            try child.finish(with: "done")
        }
        let tabs = EmptyTabs("tabs")
        try tabs.start(on: InMemoryHost())
        do {
            let item = leaks.track(PageCoordinator("item"), as: "item")
            try tabs.addItem(title: "Item", coordinator: item)
            try item.move(to: leaks.track(Page("item 2"), as: "item screen"))
        }
        try tabs.removeItem(at: 0)

        #expect(leaks.trackedCount == 4)
        leaks.expectNoLeaks()
        #expect(app.child == nil)
        #expect(tabs.items.isEmpty)
    }

    @Test func afterTheAppFinishesNothingItMadeIsAlive() throws {
        let leaks = LeakTracker()
        do {
            let app = leaks.track(PageCoordinator("app"), as: "app")
            try app.start(on: host)
            let tabs = leaks.track(ShopTabs("shop"), as: "tabs")
            try app.start(child: tabs)
            try app.finish(with: "bye")
        }
        #expect(leaks.trackedCount == 2)
        leaks.expectNoLeaks()
        #expect(host.render() == "(empty)")
    }

    @Test("A coordinator obeys every flow law", arguments: [FlowPlacement.root, .presented, .onStack("base")])
    func coordinatorObeysTheFlowLaws(_ placement: FlowPlacement) {
        FlowLaws.check(makeHost: { InMemoryHost() }, placement: placement, make: { PageCoordinator("laws") }) { coordinator in
            try coordinator.move(to: Page("2"))
            try coordinator.finish(with: "done")
        }
    }

    @Test("A tab coordinator obeys every flow law", arguments: [FlowPlacement.root, .presented, .onStack("base")])
    func tabCoordinatorObeysTheFlowLaws(_ placement: FlowPlacement) {
        FlowLaws.check(makeHost: { InMemoryHost() }, placement: placement, make: { ShopTabs("laws") }) { tabs in
            try tabs.select(1)
            try tabs.finish(with: ())
        }
    }
}
