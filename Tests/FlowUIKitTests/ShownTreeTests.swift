import FlowKernel
import FlowPlatform
import FlowStage
import FlowTestKit
import FlowUIKit
import FlowUIKitTesting
import Testing

/// FlowPlatform's one record of what a platform shows: what the driver expects, and what the web
/// and SwiftUI's model keep.
@MainActor
@Suite("The record of what a platform shows")
struct ShownTreeTests {
    let home = LawProbe("Home")
    let detail = LawProbe("Detail")
    let sheet = LawProbe("Sheet")

    func stack(_ screens: LawProbe...) -> HierarchyNode {
        HierarchyNode(.stack("main"), children: screens.map { HierarchyNode(.screen(ScreenRef($0))) })
    }

    @Test func aCommandIsRecordedAndSaysWhatItAddedAndTookAway() {
        var tree = ShownTree()
        tree.apply(.setRoot(stack(home)))

        let pushed = tree.delta(applying: .setEntries("main", keeping: 1, adding: [HierarchyNode(.screen(ScreenRef(detail)))], animated: true))
        #expect(pushed.inserted == [.of(detail)] && pushed.removed.isEmpty)
        #expect(tree.children(of: .container("main")) == [.of(home), .of(detail)])
        #expect(tree.holder(of: .of(detail)) == .container("main"))

        let presented = tree.delta(applying: .present(HierarchyNode(.screen(ScreenRef(sheet))), over: .of(detail), animated: true))
        #expect(presented.inserted == [.of(sheet)])
        #expect(tree.shown(.presentation, of: .of(detail)) == [.of(sheet)])
        #expect(tree.presenter(of: .of(sheet)) == .of(detail))

        // Back to Home: the detail leaves with what it presents, in the order they are met.
        let back = tree.setChildren(of: .container("main"), keeping: 1)
        #expect(back.removed == [.of(detail), .of(sheet)] && back.inserted.isEmpty)
        #expect(tree.hierarchy == Hierarchy(root: stack(home)))
        #expect(!tree.contains(.of(sheet)))
    }

    /// What the record says a change took away is what the driver lets go of: the screens a new
    /// root replaces, the sheet over them included, do not outlive the change behind the platform.
    @Test func theDriverLetsGoOfTheScreensANewRootTakesAwayAndTheSheetTheyPresent() throws {
        let leaks = LeakTracker()
        let rig = try Rig(.stack("main", [.screen(home)]))
        do {
            let pushed = leaks.track(LawProbe("Pushed"))
            let over = leaks.track(LawProbe("Over it"))
            try rig.model.push(pushed, onto: "main")
            try rig.model.present(.screen(over), over: .of(pushed))
            rig.platform.settle()
            #expect(rig.agrees, "\(rig.state)")
        }
        try rig.model.setRoot(.stack("elsewhere", [.screen(detail)]))
        rig.platform.settle()
        #expect(rig.agrees, "\(rig.state)")
        #expect(leaks.expectNoLeaks())
    }

    @Test func aTabGroupKeepsItsItemsAndSelection() {
        var tree = ShownTree()
        let tabs = HierarchyNode(
            .tabs("tabs", items: [TabItem(title: "A"), TabItem(title: "B")], selected: 0),
            children: [HierarchyNode(.screen(ScreenRef(home))), HierarchyNode(.screen(ScreenRef(detail)))])
        tree.apply(.setRoot(tabs))
        #expect(tree.shown(.selectedTab, of: .container("tabs")) == [.of(home)])

        tree.select(1, in: .container("tabs"))

        #expect(tree.shown(.selectedTab, of: .container("tabs")) == [.of(detail)])
        #expect(tree.kind(of: .container("tabs")) == .tabs("tabs", items: [TabItem(title: "A"), TabItem(title: "B")], selected: 1))
        #expect(tree.shown(.selectedTab, of: .of(home)) == nil, "a screen has no selected tab")
    }
}
