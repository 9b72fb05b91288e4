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
        try host.setRoot(.tabs("app", [
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
}
