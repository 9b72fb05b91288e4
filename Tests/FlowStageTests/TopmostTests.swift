import FlowKernel
import FlowStage
import FlowTestKit
import Testing

/// The top-most node is found once and kept while pushes and pops cannot move it; these are the
/// pushes and pops that do move it.
@MainActor
@Suite("In-memory host: the top-most node")
struct TopmostTests {
    let host = InMemoryHost()
    let home = LawProbe("Home"), sheet = LawProbe("Sheet"), next = LawProbe("Next")

    init() throws {
        try host.setRoot(.stack("main", [.screen(home)]))
        try host.present(.screen(sheet), over: .of(home))
    }

    @Test func aPushThatCoversAPresentingScreenMovesTheTopmostToTheStack() throws {
        #expect(host.topmost == .of(sheet))
        try host.push(next, onto: "main")
        #expect(host.topmost == .container("main"))
        #expect(host.topmost == host.hierarchy.topmost?.ref)
    }

    @Test func aPopThatRevealsAPresentingScreenMovesTheTopmostBackToItsPresentation() throws {
        try host.push(next, onto: "main")
        #expect(host.topmost == .container("main"))
        try host.pop("main")
        #expect(host.topmost == .of(sheet))
        #expect(host.topmost == host.hierarchy.topmost?.ref)
    }

    @Test func pushesAndPopsAboveThePresentationKeepItTopmost() throws {
        try host.dismiss(presentedBy: .of(home))
        try host.present(.stack("sheet", [.screen(sheet)]), over: .container("main"))
        for _ in 0..<3 {
            try host.push(LawProbe("Deeper"), onto: "sheet")
            #expect(host.topmost == .container("sheet"))
        }
        try host.popToRoot("sheet")
        #expect(host.topmost == .container("sheet"))
        try host.dismiss(presentedBy: .container("main"))
        #expect(host.topmost == .container("main"))
    }
}
