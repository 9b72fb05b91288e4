import FlowKernel
import FlowPlatform
import FlowStage
import FlowTestKit
import FlowUIKit
import FlowUIKitTesting
import Testing

@MainActor
@Suite("The person's gestures on UIKit's containers")
struct UserGestureTests {
    let welcome = GuardProbe("Welcome"), catalog = GuardProbe("Catalog"), editor = GuardProbe("Editor")

    @Test func aFinishedBackSwipeIsTheUsersPopAndNeedsNoCommand() throws {
        let rig = try Rig(.stack("main", [.screen(welcome), .screen(catalog)]))
        _ = (rig.commands(), rig.lines())
        #expect(rig.platform.beginBackSwipe(in: "main"))
        rig.platform.finishBackSwipe()
        #expect(rig.lines().isEmpty, "UIKit reports the pop once its animation is over")
        rig.platform.settle()
        #expect(rig.lines() == ["(user) pop Catalog from [main]"])
        #expect(rig.commands().isEmpty)
        #expect(rig.agrees)
    }

    @Test func aCancelledBackSwipeChangesNothingAndLetsWaitingCommandsRun() throws {
        let rig = try Rig(.stack("main", [.screen(welcome), .screen(catalog)]))
        _ = (rig.commands(), rig.lines())
        #expect(rig.platform.beginBackSwipe(in: "main"))
        try rig.model.present(.screen(editor), over: .of(catalog))
        #expect(rig.commands().isEmpty, "nothing starts while the person's finger moves the stack")
        rig.platform.cancelBackSwipe()
        #expect(rig.commands().isEmpty, "nor while the entry slides back")
        rig.platform.finishTransition()
        #expect(rig.commands() == ["present Editor over Catalog (animated)"])
        rig.platform.settle()
        #expect(rig.lines() == ["present Editor over Catalog"])
        #expect(rig.agrees)
    }

    @Test func aBackSwipeARefusingScreenForbidsNeverBegins() throws {
        editor.leaving = .refuse(because: "unsaved changes")
        let rig = try Rig(.stack("main", [.screen(welcome), .screen(editor)]))
        _ = rig.lines()
        #expect(rig.platform.beginBackSwipe(in: "main") == false)
        #expect(rig.lines() == ["(user) refuse back to Welcome in [main]: leaving Editor: unsaved changes"])
        #expect(rig.agrees)
    }

    @Test func theBackButtonOnARefusingScreenPutsTheEntryBack() throws {
        editor.leaving = .refuse(because: "unsaved changes")
        let rig = try Rig(.stack("main", [.screen(welcome), .screen(editor)]))
        _ = (rig.commands(), rig.lines())
        rig.platform.tapBack(in: "main")
        #expect(rig.lines().isEmpty && rig.driver.isTransitioning, "the pop animates before UIKit reports it")
        rig.platform.finishTransition()
        #expect(rig.lines() == ["(user) refuse back to Welcome in [main]: leaving Editor: unsaved changes"])
        #expect(rig.commands() == ["[main] keep 1 add Editor (animated)"])
        rig.platform.settle()
        #expect(rig.model.visibleScreenRef == ScreenRef(editor))
        #expect(rig.agrees)
    }

    @Test func aSwipeDownOfARefusingPresentationSpringsBack() throws {
        let pinned = Pinned()
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        try rig.model.present(.screen(pinned), over: .of(welcome))
        rig.platform.settle()
        _ = (rig.commands(), rig.lines())
        #expect(rig.platform.swipeDown() == false)
        #expect(rig.lines() == ["(user) refuse swipe down Pinned: Pinned does not allow being swiped down"])
        #expect(rig.commands().isEmpty)
        #expect(rig.agrees)
    }

    @Test func aSwipeDownIsTheUsersDismissal() throws {
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        try rig.model.present(.screen(editor), over: .of(welcome))
        rig.platform.settle()
        _ = (rig.commands(), rig.lines())
        #expect(rig.platform.swipeDown())
        #expect(rig.lines() == ["(user) dismiss Editor from Welcome"])
        #expect(rig.commands().isEmpty)
        #expect(rig.agrees)
    }

    @Test func noGestureBeginsWhileATransitionRuns() throws {
        let rig = try Rig(.stack("main", [.screen(welcome), .screen(catalog)]))
        try rig.model.present(.screen(editor), over: .of(catalog))
        #expect(rig.driver.isTransitioning)
        #expect(rig.driver.userMayBeginBack(in: "main") == false)
        #expect(rig.driver.userMaySwipeDown(.of(editor)) == false)
    }

    @Test func aTappedTabIsTheUsersSelection() throws {
        let rig = try Rig(.tabs("tabs", [.init(TabItem(title: "A"), .screen(welcome)), .init(TabItem(title: "B"), .screen(catalog))], selected: 0))
        _ = (rig.commands(), rig.lines())
        rig.platform.tapTab(1, in: "tabs")
        #expect(rig.lines() == ["(user) select tab 1 of [tabs]"])
        #expect(rig.commands().isEmpty)
        #expect(rig.agrees)
    }

    @Test func aContainerMovedBehindTheDriversBackIsReportedAsDriftAndCorrected() throws {
        let rig = try Rig(.stack("main", [.screen(welcome), .screen(catalog)]))
        _ = (rig.commands(), rig.lines())
        rig.platform.moveBehindTheDriversBack("main", keeping: 1)
        try rig.model.push(editor, onto: "main")
        rig.platform.settle()
        #expect(
            rig.lines() == [
                "push Editor onto [main]",
                "drift [main] entries: the platform shows Welcome, Editor; the model holds Welcome, Catalog, Editor",
            ])
        #expect(rig.commands() == ["[main] keep 2 add Editor (animated)", "[main] keep 1 add Catalog, Editor (animated)"])
        #expect(rig.agrees)
    }

    @Test func aReportOfATabThatDoesNotExistIsDriftAndChangesNothingOnTheModel() throws {
        let rig = try Rig(.tabs("tabs", [.init(TabItem(title: "A"), .screen(welcome))], selected: 0))
        _ = rig.lines()
        let before = rig.model.hierarchy
        rig.driver.userSelectedTab(4, in: "tabs")
        #expect(rig.lines() == ["drift [tabs] selected tab: the platform shows nothing; the model holds Welcome"])
        #expect(rig.model.hierarchy == before)
        #expect(rig.agrees)
    }

    @Test func aDriftAlarmFailsTheTestAtADrift() throws {
        let rig = try Rig(.stack("main", [.screen(welcome), .screen(catalog)]))
        let alarm = DriftAlarm()
        rig.model.addObserver(alarm)
        let issues = CheckIssues.collected { rig.driver.userWentBack(in: "main", showing: [.of(catalog)]) }
        #expect(issues.count == 1 && issues.first?.hasPrefix("The platform drifted from the model") == true, "\(issues)")
        #expect(alarm.drifts.map(\.aspect) == [.entries])
    }

    @Test func aBackTheDriverCannotPlaceIsDriftAndTheModelIsShownAgain() throws {
        let rig = try Rig(.stack("main", [.screen(welcome), .screen(catalog)]))
        _ = (rig.commands(), rig.lines())
        rig.driver.userWentBack(in: "main", showing: [.of(catalog)])
        rig.platform.settle()
        #expect(rig.lines() == ["drift [main] entries: the platform shows Catalog; the model holds Welcome, Catalog"])
        #expect(rig.agrees)
    }

    @Test func aDriverLetGoOfIsReleasedAndStopsFollowing() throws {
        let leaks = LeakTracker()
        let model = InMemoryHost()
        try model.setRoot(.stack("main", [.screen(welcome)]))
        do {
            let platform = leaks.track(SimulatedUIKit(model: model))
            leaks.track(platform.driver!)
            #expect(platform.log == ["root [main]"])
        }
        #expect(leaks.expectNoLeaks())
        try model.push(catalog, onto: "main")
    }
}
