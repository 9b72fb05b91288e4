import FlowKernel
import FlowStage
import FlowTestKit
import Testing

@MainActor
@Suite("Hierarchy queries")
struct HierarchyQueryTests {
    let host = InMemoryHost()
    let home = LawProbe("Home"), list = LawProbe("List"), detail = LawProbe("Detail"), settings = LawProbe("Settings")

    init() throws {
        try host.setRoot(
            .tabs(
                "app",
                [
                    Presentable.Tab(TabItem(title: "Home"), .stack("home", [.screen(home), .screen(list)])),
                    Presentable.Tab(TabItem(title: "Settings"), .screen(settings)),
                ], selected: 0))
    }

    @Test func theVisibleScreenFollowsTheSelectedTabAndTheStackTop() throws {
        #expect(host.hierarchy.visibleScreen == list.ref)
        try host.selectTab(1, in: "app")
        #expect(host.hierarchy.visibleScreen == settings.ref)
    }

    @Test func presentationsWinOverWhatIsBelowThem() throws {
        try host.present(.screen(detail), over: .of(list))
        #expect(host.hierarchy.topmost?.ref == .of(detail))
        #expect(host.hierarchy.visibleScreen == detail.ref)
        #expect(host.hierarchy.presenter(of: .of(detail))?.ref == .of(list))
    }

    @Test func nodesAreFoundByReferenceWhereverTheyAre() throws {
        try host.present(.screen(detail), over: .of(list))
        let hierarchy = host.hierarchy
        #expect(hierarchy.contains(detail.ref))
        #expect(hierarchy.node(.container("home"))?.children.count == 2)
        #expect(hierarchy.parent(of: .of(list))?.ref == .container("home"))
        #expect(hierarchy.parent(of: .container("home"))?.ref == .container("app"))
        #expect(hierarchy.entries(of: "home") == [.of(home), .of(list)])
        #expect(hierarchy.entries(of: "app") == nil)
        #expect(hierarchy.screens(in: "home") == [home.ref, list.ref])
        #expect(hierarchy.allScreens == [home.ref, list.ref, detail.ref, settings.ref])
        #expect(hierarchy.allContainers == ["app", "home"])
    }

    @Test func anUnusedContainerNameGetsTheFirstFreeSuffix() throws {
        #expect(host.hierarchy.unusedContainerID("cart") == "cart")
        #expect(host.hierarchy.unusedContainerID("home") == "home-2")
        try host.presentOnTop(.stack("home-2", [.screen(detail)]))
        #expect(host.hierarchy.unusedContainerID("home") == "home-3")
    }

    @Test func screenReferencesCompareByInstanceNotByName() {
        let twin = LawProbe("Home")
        #expect(home.ref != twin.ref)
        #expect(home.ref == ScreenRef(home))
        #expect(home.ref.refers(to: home))
        #expect(home.screenType == twin.screenType)
        #expect(home.screenType == ScreenType(LawProbe.self))
        #expect(ScreenType(LawProbe.self).name == "LawProbe")
    }

    @Test func aPlaceSaysWhatANodeIsWhatHoldsOrPresentsItAndWhatItHolds() throws {
        try host.present(.screen(detail), over: .of(list))
        let hierarchy = host.hierarchy
        #expect(hierarchy.place(of: .container("app")) == NodePlace(kind: .tabs(selected: 0), attachment: .root, childCount: 2, presented: nil))
        #expect(
            hierarchy.place(of: .container("home")) == NodePlace(kind: .stack, attachment: .held(by: .container("app"), at: 0), childCount: 2, presented: nil))
        #expect(
            hierarchy.place(of: .of(list)) == NodePlace(kind: .screen, attachment: .held(by: .container("home"), at: 1), childCount: 0, presented: .of(detail)))
        #expect(hierarchy.place(of: .of(detail)) == NodePlace(kind: .screen, attachment: .presented(by: .of(list)), childCount: 0, presented: nil))
        #expect(hierarchy.place(of: .container("nowhere")) == nil)
        #expect(Hierarchy().place(of: .of(home)) == nil)
    }

    @Test func theHostsConveniencesAnswerFromItsPlaces() throws {
        #expect(host.entryCount(of: "home") == 2)
        #expect(host.entryCount(of: "app") == nil, "a tab group is not a stack")
        #expect(host.topEntry(of: "home") == .of(list))
        #expect(host.entries(of: "home") == [.of(home), .of(list)])
        #expect(host.index(of: .of(list), in: "home") == 1)
        #expect(host.index(of: .of(list), in: "app") == nil, "held by the stack, not by the tab group")
        #expect(host.selectedTab(of: "app") == 0)
        #expect(host.selectedTab(of: "home") == nil)
        #expect(host.holder(of: .container("home")) == .container("app"))
        #expect(host.children(of: .container("app")) == [.container("home"), .of(settings)])
        #expect(host.children(of: .of(settings)) == [])
        #expect(host.children(of: .container("nowhere")) == nil)
        #expect(!host.contains(detail.ref))
    }
}
