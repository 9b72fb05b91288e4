import FlowKernel
import FlowStage
import FlowTestKit
import Testing

@MainActor
@Suite("In-memory host")
struct InMemoryHostTests {
    let host = InMemoryHost()
    let recorder: TranscriptRecorder
    let welcome = Welcome(), catalog = Catalog(), cart = Cart()

    init() throws {
        recorder = TranscriptRecorder(observing: host)
        try host.setRoot(.stack("main", [.screen(welcome)]), for: "shop")
    }

    @Test func anEmptyHostRendersAsEmpty() {
        #expect(InMemoryHost().render() == "(empty)")
        #expect(InMemoryHost().hierarchy.visibleScreen == nil)
    }

    @Test func pushingAndPoppingChangesTheStackAndReportsEachChange() throws {
        try host.push(catalog, onto: "main", for: "shop")
        try host.push(Product("Red shoes"), onto: "main", for: "shop")
        try host.pop("main", for: "shop")

        #expect(host.hierarchy.screens(in: "main") == [welcome.ref, catalog.ref])
        #expect(host.visibleScreen === catalog)
        expectTranscript(
            recorder.transcript,
            equals: [
                "[shop] root [main]",
                "[shop] push Catalog onto [main]",
                "[shop] push Red shoes onto [main]",
                "[shop] pop Red shoes from [main]",
            ])
    }

    @Test func poppingToAScreenRemovesEverythingAboveItTopFirst() throws {
        try host.setStack("main", to: [.screen(welcome), .screen(catalog), .screen(cart)])
        recorder.reset()

        try host.pop(to: welcome, in: "main")

        #expect(host.hierarchy.screens(in: "main") == [welcome.ref])
        expectTranscript(recorder.transcript, equals: ["pop Cart, Catalog from [main]"])
    }

    @Test func poppingToRootKeepsOnlyTheFirstEntry() throws {
        try host.push(catalog, onto: "main")
        try host.push(cart, onto: "main")

        try host.popToRoot("main")

        #expect(host.hierarchy.screens(in: "main") == [welcome.ref])
    }

    @Test func settingAStackKeepsWhatItsRemainingEntriesPresent() throws {
        try host.push(catalog, onto: "main")
        try host.present(.screen(cart), over: .of(welcome))

        try host.setStack("main", to: [.screen(welcome)])

        #expect(host.hierarchy.presenter(of: .of(cart))?.ref == .of(welcome))
        #expect(!host.hierarchy.contains(catalog.ref))
    }

    @Test func presentingOnTopStacksModalsAndDismissingRemovesEverythingAbove() throws {
        try host.presentOnTop(.stack("cart", [.screen(cart)]))
        let receipt = Product("Receipt")
        try host.presentOnTop(.screen(receipt))
        expectRendered(
            host.render(),
            equals: """
                stack main
                  Welcome
                  presents stack cart
                    Cart
                    presents Product "Receipt"
                """)
        #expect(host.visibleScreen === receipt)

        try host.dismiss(.container("cart"))

        #expect(host.render() == "stack main\n  Welcome")
        #expect(host.screen(for: receipt.ref) == nil)
    }

    @Test func presentingOnTopOfAnEmptyHostMakesTheRoot() throws {
        let empty = InMemoryHost()

        let anchor = try empty.presentOnTop(.screen(cart))

        #expect(anchor == nil)
        #expect(empty.hierarchy.root?.ref == .of(cart))
    }

    @Test func tabsCanBeSelectedInsertedAndRemoved() throws {
        try host.push(
            .tabs(
                "shop",
                [
                    Presentable.Tab(TabItem(title: "Catalog"), .stack("catalog", [.screen(catalog)])),
                    Presentable.Tab(TabItem(title: "Cart", image: "cart"), .screen(cart)),
                ], selected: 0), onto: "main")
        #expect(host.visibleScreen === catalog)

        try host.selectTab(1, in: "shop")
        #expect(host.visibleScreen === cart)

        let account = Product("Account")
        try host.apply(.insertTab(Presentable.Tab(TabItem(title: "Account"), .screen(account)), at: 0, in: "shop"), for: nil)
        #expect(host.visibleScreen === cart)
        expectRendered(
            host.render(),
            equals: """
                stack main
                  Welcome
                  tabs shop
                    - tab 0 "Account": Product "Account"
                    - tab 1 "Catalog": stack catalog
                      Catalog
                    * tab 2 "Cart": Cart
                """)

        try host.apply(.removeTab(at: 2, in: "shop"), for: nil)
        #expect(host.visibleScreen === catalog)
    }

    @Test func childrenAreShownInsideTheirScreenAndCanBeRemoved() throws {
        try host.apply(.addChild(.screen(catalog), to: .of(welcome)), for: nil)
        expectRendered(
            host.render(),
            equals: """
                stack main
                  Welcome
                    child Catalog
                """)
        #expect(host.hierarchy.parent(of: .of(catalog))?.ref == .of(welcome))

        try host.apply(.removeChild(.of(catalog)), for: nil)

        #expect(!host.hierarchy.contains(catalog.ref))
    }

    @Test func screenLookupFindsOnlyShownScreens() throws {
        #expect(host.screen(for: welcome.ref) === welcome)
        #expect(host.screen(for: catalog.ref) == nil)
        #expect(host.screen(for: welcome.ref, as: Welcome.self) === welcome)
        #expect(host.screen(for: welcome.ref, as: Catalog.self) == nil)
    }

    @Test func flowEventsReachObserversInOrderWithHostEvents() throws {
        host.report(FlowEvent(.flowStarted(parent: "app"), flow: "shop"))
        try host.push(catalog, onto: "main", for: "shop")
        host.report(FlowEvent(.flowCompleted(result: "42"), flow: "shop"))

        expectTranscript(
            recorder.transcript.lines(of: "shop"),
            equals: [
                "[shop] root [main]",
                "[shop] start (child of app)",
                "[shop] push Catalog onto [main]",
                "[shop] complete with 42",
            ])
    }

    @Test func aRemovedObserverHearsNothingMore() throws {
        host.removeObserver(recorder)
        try host.push(catalog, onto: "main")
        #expect(recorder.events.count == 1)
    }

    @Test func addingAnObserverTwiceDeliversEachEventOnce() throws {
        host.addObserver(recorder)
        try host.push(catalog, onto: "main")
        #expect(recorder.events.count == 2)
    }

    @Test func theHostReleasesScreensItNoLongerShows() throws {
        let leaks = LeakTracker()
        try host.push(leaks.track(Catalog()), onto: "main")
        try host.presentOnTop(.screen(leaks.track(Cart())))
        #expect(leaks.survivors == ["Catalog", "Cart"])

        try host.dismiss(presentedBy: .container("main"))
        try host.pop("main")

        leaks.expectNoLeaks()
    }

    @Test func aReleasedHostReleasesEverythingItStillShows() throws {
        let leaks = LeakTracker()
        do {
            let host = InMemoryHost()
            try host.setRoot(.stack("main", [.screen(leaks.track(Welcome())), .screen(leaks.track(Catalog()))]))
            try host.present(.stack("sheet", [.screen(leaks.track(Cart()))]), over: .container("main"))
            try host.apply(.addChild(.screen(leaks.track(Product("Banner"))), to: .of(try #require(host.visibleScreen))), for: nil)
            #expect(leaks.survivors.count == 4)
        }
        leaks.expectNoLeaks()
    }

    @Test func queriesFollowEveryChangeWithoutTheHierarchy() throws {
        try host.push(catalog, onto: "main")
        try host.present(.stack("sheet", [.screen(cart)]), over: .of(catalog))

        #expect(
            host.place(of: .of(catalog))
                == NodePlace(kind: .screen, attachment: .held(by: .container("main"), at: 1), childCount: 0, presented: .container("sheet")))
        #expect(host.place(of: .container("sheet"))?.presenter == .of(catalog))
        #expect(host.topEntry(of: "main") == .of(catalog))
        #expect(host.entryCount(of: "main") == 2)
        #expect(host.topmost == .container("sheet"))
        #expect(host.visibleScreenRef == cart.ref)

        try host.dismiss(presentedBy: .of(catalog))
        try host.pop("main")

        #expect(host.place(of: .of(catalog)) == nil)
        #expect(host.place(of: .container("sheet")) == nil)
        #expect(host.screen(for: cart.ref) == nil)
        #expect(host.topEntry(of: "main") == .of(welcome))
        #expect(host.visibleScreenRef == welcome.ref)
    }

    @Test func aContainerShownAgainUnderItsNameIsTheOneTheNextRequestFinds() throws {
        try host.push(catalog, onto: "main")
        try host.present(.stack("sheet", [.screen(cart)]), over: .of(catalog))
        #expect(throws: FlowError.self) { try host.pop("sheet") }
        try host.dismiss(.container("sheet"))
        #expect(throws: FlowError.self) { try host.push(Product("Hat"), onto: "sheet") }

        try host.setRoot(.stack("main", [.screen(Welcome())]))
        let hat = Product("Hat")
        try host.push(hat, onto: "main")
        #expect(host.render() == "stack main\n  Welcome\n  Product \"Hat\"")
        #expect(host.place(of: .container("main"))?.childCount == 2)
        #expect(host.hierarchy.screens(in: "main").last == hat.ref)
    }

    @Test func anUnusedContainerNameSkipsTheNamesShown() throws {
        try host.push(.tabs("main-2", [], selected: nil), onto: "main")
        #expect(host.unusedContainerID("main") == "main-3")
        #expect(host.unusedContainerID("other") == "other")
    }
}
