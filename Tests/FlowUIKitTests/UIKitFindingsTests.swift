import FlowKernel
import FlowPlatform
import FlowStage
import FlowTestKit
import Testing

@testable import FlowUIKit
@testable import FlowUIKitTesting

/// What a review of the UIKit adapter against Apple's documented behaviour found, each pinned by
/// the behaviour UIKit's containers have, so that it fails without its fix.
@MainActor
@Suite("UIKit's containers as Apple documents them")
struct UIKitFindingsTests {
    let welcome = GuardProbe("Welcome"), catalog = GuardProbe("Catalog"), editor = GuardProbe("Editor")

    @Test func aSheetTheModelDismissesWhileItIsStillComingUpGoesAway() throws {
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        let sheet = GuardProbe("Sheet")
        try rig.model.present(.screen(sheet), over: .of(welcome))
        try rig.model.dismiss(presentedBy: .of(welcome))
        rig.platform.settle()
        #expect(rig.platform.controller(for: .of(welcome))?.parent?.presented == nil)
        #expect(rig.lines() == ["present Sheet over Welcome", "dismiss Sheet from Welcome"], "no drift")
        #expect(rig.agrees, "\(rig.state)")
    }

    @Test func aSheetTheModelReplacesWhileTheFirstIsStillComingUpCanBeSweptAway() throws {
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        let first = GuardProbe("First")
        try rig.model.present(.screen(first), over: .of(welcome))
        try rig.model.dismiss(presentedBy: .of(welcome))
        try rig.model.present(.screen(editor), over: .of(welcome))
        rig.platform.settle()
        #expect(rig.agrees, "\(rig.state)")
        _ = rig.lines()
        #expect(rig.platform.swipeDown(), "UIKit asks the adapter about the sheet it shows, which it still knows")
        #expect(rig.lines() == ["(user) dismiss Editor from Welcome"])
        #expect(rig.agrees, "\(rig.state)")
    }

    @Test func aTabAddedLaterGetsItsTabBarItem() throws {
        let rig = try Rig(.tabs("tabs", [.init(TabItem(title: "Shop", image: "bag"), .screen(welcome))], selected: 0))
        try rig.model.apply(.insertTab(.init(TabItem(title: "Account", image: "person"), .screen(catalog)), at: 0, in: "tabs"), for: nil)
        let tabBar = try #require(rig.platform.controller(for: .container("tabs")))
        #expect(tabBar.tabItems.map(\.title) == ["Account", "Shop"])
        #expect(tabBar.tabItems.map(\.image) == ["person", "bag"])
        #expect(rig.agrees, "\(rig.state)")
    }

    @Test func reTappingTheSelectedTabIsNotASelectionAndItsPopToRootIsTheUsersBack() throws {
        let rig = try Rig(
            .tabs(
                "tabs",
                [
                    .init(TabItem(title: "Shop"), .stack("shop", [.screen(welcome), .screen(catalog), .screen(editor)])),
                    .init(TabItem(title: "B"), .screen(GuardProbe("B"))),
                ],
                selected: 0))
        _ = (rig.commands(), rig.lines())
        rig.platform.tapTab(0, in: "tabs")
        #expect(rig.driver.isTransitioning, "the pop to root animates; no command starts meanwhile")
        rig.platform.settle()
        #expect(rig.lines() == ["(user) pop Editor, Catalog from [shop]"])
        #expect(rig.commands().isEmpty)
        #expect(rig.agrees, "\(rig.state)")
    }

    @Test func reTappingTheSelectedTabAsksTheGuardsBeforeItPopsToRoot() throws {
        editor.leaving = .refuse(because: "unsaved changes")
        let rig = try Rig(.tabs("tabs", [.init(TabItem(title: "Shop"), .stack("shop", [.screen(welcome), .screen(editor)]))], selected: 0))
        _ = (rig.commands(), rig.lines())
        rig.platform.tapTab(0, in: "tabs")
        rig.platform.settle()
        #expect(rig.lines() == ["(user) refuse back to Welcome in [shop]: leaving Editor: unsaved changes"])
        #expect(rig.commands().isEmpty, "nothing was popped, so nothing is pushed back")
        #expect(rig.agrees, "\(rig.state)")
    }

    @Test func theContentSwipeOfIOS26AsksTheGuardsToo() throws {
        editor.leaving = .refuse(because: "unsaved changes")
        let rig = try Rig(.stack("main", [.screen(welcome), .screen(editor)]))
        _ = rig.lines()
        #expect(rig.platform.beginContentSwipe(in: "main") == false)
        #expect(rig.lines() == ["(user) refuse back to Welcome in [main]: leaving Editor: unsaved changes"])
        editor.leaving = .allow
        #expect(rig.platform.beginContentSwipe(in: "main"))
        rig.platform.finishBackSwipe()
        rig.platform.settle()
        #expect(rig.lines() == ["(user) pop Editor from [main]"])
        #expect(rig.agrees, "\(rig.state)")
    }

    @Test func aScreenThatForbidsGoingBackShowsNoBackButton() throws {
        let pinned = Pinned()
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        try rig.model.push(pinned, onto: "main")
        rig.platform.settle()
        #expect(rig.platform.controller(for: .of(pinned))?.hidesBackButton == true)
        #expect(rig.platform.controller(for: .of(welcome))?.hidesBackButton == false)
        _ = (rig.commands(), rig.lines())
        rig.platform.tapBack(in: "main")
        rig.platform.settle()
        #expect(rig.lines().isEmpty && rig.commands().isEmpty, "no back button to tap")
        #expect(rig.agrees, "\(rig.state)")
    }

    @Test func askingWhetherASheetMayGoReportsNothingAndATriedSwipeReportsTheRefusal() throws {
        let pinned = Pinned()
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        try rig.model.present(.screen(pinned), over: .of(welcome))
        rig.platform.settle()
        _ = rig.lines()
        #expect(rig.platform.askMayDismissSheet() == false)
        #expect(rig.platform.askMayDismissSheet() == false)
        #expect(rig.lines().isEmpty, "UIKit may ask at any time; asking is not the person's gesture")
        #expect(rig.platform.beginSheetSwipe() == false)
        #expect(rig.lines() == ["(user) refuse swipe down Pinned: Pinned does not allow being swiped down"])
        #expect(rig.agrees, "\(rig.state)")
    }

    @Test func aSheetSwipeLetGoOfEarlyKeepsTheSheetAndHoldsCommandsUntilItSettles() throws {
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        try rig.model.present(.screen(editor), over: .of(welcome))
        rig.platform.settle()
        _ = (rig.commands(), rig.lines())
        #expect(rig.platform.beginSheetSwipe())
        try rig.model.push(catalog, onto: "main")
        rig.platform.cancelSheetSwipe()
        #expect(rig.commands().isEmpty, "nothing starts while the sheet moves")
        rig.platform.finishTransition()
        #expect(rig.commands() == ["[main] keep 1 add Catalog"])
        rig.platform.settle()
        #expect(rig.lines() == ["push Catalog onto [main]"])
        #expect(rig.agrees, "\(rig.state)")
    }

    @Test func aSheetSwipedAwayIsReportedOnceItsAnimationIsOver() throws {
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        try rig.model.present(.screen(editor), over: .of(welcome))
        rig.platform.settle()
        _ = rig.lines()
        #expect(rig.platform.beginSheetSwipe())
        rig.platform.finishSheetSwipe()
        #expect(rig.lines().isEmpty)
        rig.platform.settle()
        #expect(rig.lines() == ["(user) dismiss Editor from Welcome"])
        #expect(rig.agrees, "\(rig.state)")
    }

    @Test func aBackButtonPopHoldsCommandsUntilItsAnimationIsOver() throws {
        let rig = try Rig(.stack("main", [.screen(welcome), .screen(catalog)]))
        _ = (rig.commands(), rig.lines())
        rig.platform.tapBack(in: "main")
        try rig.model.present(.screen(editor), over: .of(catalog))
        #expect(rig.commands().isEmpty, "nothing starts during the pop's animation")
        rig.platform.settle()
        #expect(rig.lines().first == "present Editor over Catalog")
        #expect(rig.agrees, "\(rig.state)")
    }

    @Test func aPresentationOverACoveredEntryIsMadeFromWhereUIKitCanPresent() throws {
        let rig = try Rig(.stack("main", [.screen(welcome), .screen(catalog)]))
        try rig.model.present(.screen(editor), over: .of(welcome))
        rig.platform.settle()
        #expect(rig.platform.violations.isEmpty && rig.platform.unansweredCompletions == 0)
        #expect(rig.platform.controller(for: .of(editor))?.presenting === rig.platform.controller(for: .container("main")))
        #expect(rig.agrees, "\(rig.state)")
        try rig.model.dismiss(presentedBy: .of(welcome))
        rig.platform.settle()
        #expect(rig.agrees, "\(rig.state)")
    }

    @Test func aPresentationOverAHiddenTabIsMadeFromWhereUIKitCanPresent() throws {
        let hidden = GuardProbe("Hidden")
        let rig = try Rig(.tabs("tabs", [.init(TabItem(title: "A"), .screen(welcome)), .init(TabItem(title: "B"), .screen(hidden))], selected: 0))
        try rig.model.present(.screen(editor), over: .of(hidden))
        rig.platform.settle()
        #expect(rig.platform.violations.isEmpty && rig.platform.unansweredCompletions == 0)
        #expect(rig.agrees, "\(rig.state)")
    }

    @Test func moreIsNotASelectionAndATabPickedFromItIs() throws {
        let tabs = (0..<6).map { Presentable.Tab(TabItem(title: "T\($0)"), .screen(GuardProbe("T\($0)"))) }
        let rig = try Rig(.tabs("tabs", tabs, selected: 0))
        let alarm = DriftAlarm()
        rig.model.addObserver(alarm)
        _ = rig.lines()
        rig.platform.tapTab(5, in: "tabs")
        #expect(rig.lines().isEmpty, "the sixth tab is in More, not on the bar")
        rig.platform.tapMore(in: "tabs")
        #expect(rig.lines().isEmpty && rig.driver.isCaughtUp && alarm.drifts.isEmpty)
        rig.platform.pickFromMore(5, in: "tabs")
        #expect(rig.lines() == ["(user) select tab 5 of [tabs]"])
        #expect(rig.agrees, "\(rig.state)")
    }

    @Test func viewControllersAreLetGoOfAsSoonAsTheyLeaveTheScreen() throws {
        let rig = try Rig(.stack("main", [.screen(welcome), .screen(catalog), .screen(editor)]))
        #expect(rig.platform.keptControllers == 4)
        try rig.model.pop("main")
        rig.platform.settle()
        #expect(rig.platform.keptControllers == 3)
        rig.platform.tapBack(in: "main")
        rig.platform.settle()
        #expect(rig.platform.keptControllers == 2)
        #expect(rig.agrees, "\(rig.state)")
    }

    @Test func aTabGroupPushedOntoAStackIsShownAndApplesAdviceAgainstItIsRecorded() throws {
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        try rig.model.push(.tabs("tabs", [.init(TabItem(title: "A"), .screen(catalog))], selected: 0), onto: "main")
        rig.platform.settle()
        #expect(rig.platform.advisories == ["a navigation controller should not contain a tab bar controller"])
        #expect(rig.agrees, "\(rig.state)")
    }
}

/// The simulated containers' own rules: what UIKit refuses, and when it reports.
@MainActor
@Suite("Simulated UIKit keeps UIKit's rules")
struct SimulatedContainersTests {
    private func screens() -> (SimulatedContainers, SimulatedViewController, SimulatedViewController, SimulatedViewController) {
        let containers = SimulatedContainers()
        let navigation = containers.makeNavigationController()
        let bottom = containers.makeController(for: nil)
        let top = containers.makeController(for: nil)
        containers.setEntries([bottom, top], of: navigation, animated: false) {}
        containers.setRoot(navigation)
        return (containers, navigation, bottom, top)
    }

    @Test func aPresentationFromACoveredEntryIsRefusedAndItsCompletionNeverComes() {
        let (containers, _, bottom, _) = screens()
        var completed = false
        containers.present(containers.makeController(for: nil), from: bottom, animated: true) { completed = true }
        containers.finishAnimation()
        #expect(!completed && containers.unansweredCompletions == 1)
        #expect(containers.violations == ["presenting from a view controller whose view is not in the window hierarchy"])
        #expect(bottom.presented == nil)
    }

    @Test func aPresentationFromAHiddenTabIsRefused() {
        let containers = SimulatedContainers()
        let tabBar = containers.makeTabBarController()
        let shown = containers.makeController(for: nil)
        let hidden = containers.makeController(for: nil)
        containers.setTabs([shown, hidden], items: [TabItem(title: "A"), TabItem(title: "B")], of: tabBar)
        containers.selectTab(0, of: tabBar)
        containers.setRoot(tabBar)
        containers.present(containers.makeController(for: nil), from: hidden, animated: false) {}
        #expect(containers.violations == ["presenting from a view controller whose view is not in the window hierarchy"])
    }

    @Test func aPresentationFromABusyContextOrDuringATransitionIsRefused() {
        let (containers, _, _, top) = screens()
        let first = containers.makeController(for: nil)
        containers.present(first, from: top, animated: true) {}
        containers.present(containers.makeController(for: nil), from: top, animated: false) {}
        containers.finishAnimation()
        containers.present(containers.makeController(for: nil), from: top, animated: false) {}
        #expect(containers.violations == ["presenting while a transition runs", "presenting from a view controller that already presents "])
        #expect(containers.unansweredCompletions == 2)
    }

    @Test func aViewControllerHasOneParent() {
        let (containers, navigation, _, top) = screens()
        let other = containers.makeNavigationController()
        containers.setEntries([top], of: other, animated: false) {}
        #expect(containers.violations == ["a container already has a parent"])
        #expect(top.parent === navigation)
    }

    @Test func aPushedNavigationControllerIsRefused() {
        let (containers, navigation, bottom, top) = screens()
        containers.setEntries([bottom, top, containers.makeNavigationController()], of: navigation, animated: false) {}
        #expect(containers.violations == ["pushing a navigation controller is not supported"])
        #expect(navigation.entries.count == 2)
    }
}
