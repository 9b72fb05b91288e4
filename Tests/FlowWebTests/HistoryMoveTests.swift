import FlowKernel
import FlowStage
import FlowWeb
import Testing

/// What a browser's request for a page means: the rule, one row per kind of page.
@MainActor
@Suite("What a request for a page means")
struct HistoryMoveTests {
    final class Page: Screen {
        let name: String
        init(_ name: String) { self.name = name }
        var displayName: String { name }
    }

    let a = Page("A"), b = Page("B"), c = Page("C")

    @Test("In a stack: the page shown stays, an entry below is Back to it")
    func stack() throws {
        let host = InMemoryHost()
        try host.setRoot(.stack("main", [.screen(a), .screen(b), .screen(c)]))
        let rows: [(Page, HistoryMove)] = [
            (c, .stay),
            (b, .back(to: .of(b), in: "main")),
            (a, .back(to: .of(a), in: "main")),
            (Page("not shown"), .showCurrent),
        ]
        for (page, move) in rows { #expect(HistoryMove.decide(for: .of(page), in: host.hierarchy) == move, "\(page.name)") }
    }

    @Test("Under a sheet: its own entries are Back, the page under it is a swipe down, further pages need more than one gesture")
    func sheet() throws {
        let host = InMemoryHost()
        let (s1, s2) = (Page("S1"), Page("S2"))
        try host.setRoot(.stack("main", [.screen(a), .screen(b)]))
        try host.present(.stack("sheet", [.screen(s1), .screen(s2)]), over: .container("main"))
        let rows: [(Page, HistoryMove)] = [
            (s2, .stay),
            (s1, .back(to: .of(s1), in: "sheet")),
            (b, .dismiss(.container("sheet"))),
            (a, .showCurrent),
        ]
        for (page, move) in rows { #expect(HistoryMove.decide(for: .of(page), in: host.hierarchy) == move, "\(page.name)") }
    }

    @Test("In a tab bar: the page on top of another tab selects it; a page below its top does not")
    func tabs() throws {
        let host = InMemoryHost()
        let (d, e, f) = (Page("D"), Page("E"), Page("F"))
        try host.setRoot(
            .tabs(
                "tabs",
                [
                    .init(TabItem(title: "One"), .stack("one", [.screen(d), .screen(e)])),
                    .init(TabItem(title: "Two"), .stack("two", [.screen(a), .screen(f)])),
                ], selected: 0))
        let rows: [(Page, HistoryMove)] = [
            (e, .stay),
            (d, .back(to: .of(d), in: "one")),
            (f, .selectTab(1, in: "tabs")),
            (a, .showCurrent),
        ]
        for (page, move) in rows { #expect(HistoryMove.decide(for: .of(page), in: host.hierarchy) == move, "\(page.name)") }
    }

    @Test("With nothing shown, every page shows the current one")
    func nothingShown() {
        #expect(HistoryMove.decide(for: .of(a), in: Hierarchy()) == .showCurrent)
    }
}
