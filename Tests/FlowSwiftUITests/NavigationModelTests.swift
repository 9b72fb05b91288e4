import FlowKernel
import FlowPlatform
import FlowStage
import FlowSwiftUI
import FlowSwiftUITesting
import FlowTestKit
import Observation
import Synchronization
import Testing

@MainActor
private final class Pinned: Screen {
    var allowsInteractiveDismissal: Bool { false }
}

/// The names of the observed values that changed, from Observation's `onChange`, which may be
/// called from any thread.
private final class Changes: Sendable {
    private let storage = Mutex<[String]>([])
    var names: [String] { storage.withLock { $0 } }
    func add(_ name: String) { storage.withLock { $0.append(name) } }
}

/// A model host, the SwiftUI navigation model showing it, and the model host's transcript.
@MainActor
private final class Rig {
    let host = InMemoryHost()
    let recorder = TranscriptRecorder()
    let swiftUI: SimulatedSwiftUI
    var state: NavigationModel { swiftUI.navigation }

    init(_ root: Presentable) throws {
        try host.setRoot(root)
        host.addObserver(recorder)
        swiftUI = SimulatedSwiftUI(model: host)
    }

    /// Whether, once SwiftUI's animations are over, the state holds what the model holds.
    var agrees: Bool {
        swiftUI.settle()
        return state.hierarchy == host.hierarchy && state.driver.isCaughtUp
    }

    func lines() -> [String] {
        defer { recorder.reset() }
        return recorder.events.map(\.description)
    }
}

@MainActor
@Suite("SwiftUI's navigation model")
struct NavigationModelTests {
    let welcome = GuardProbe("Welcome"), catalog = GuardProbe("Catalog"), product = GuardProbe("Product")

    @Test func aStacksPathIsItsEntriesAboveTheFirst() throws {
        let rig = try Rig(.stack("main", [.screen(welcome), .screen(catalog)]))
        #expect(rig.state.root == .container("main"))
        #expect(rig.state.path(of: "main") == [.of(catalog)])
        try rig.host.push(product, onto: "main")
        #expect(rig.state.path(of: "main") == [.of(catalog), .of(product)])
        #expect(rig.agrees)
    }

    @Test func aPushRedrawsTheStackItChangesAndNoOther() throws {
        let rig = try Rig(
            .tabs(
                "tabs",
                [
                    .init(TabItem(title: "A"), .stack("a", [.screen(welcome)])),
                    .init(TabItem(title: "B"), .stack("b", [.screen(catalog)])),
                ], selected: 0))
        let changed = Changes()
        withObservationTracking {
            _ = rig.state.path(of: "a")
        } onChange: {
            changed.add("a")
        }
        withObservationTracking {
            _ = rig.state.path(of: "b")
        } onChange: {
            changed.add("b")
        }
        try rig.host.push(product, onto: "a")
        #expect(changed.names == ["a"])
    }

    @Test func everyKindOfChangeReachesTheState() throws {
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        let child = GuardProbe("Banner")
        let sheet = GuardProbe("Sheet")
        let steps: [(String, () throws -> Void)] = [
            ("push", { try rig.host.push(catalog, onto: "main") }),
            ("add child", { try rig.host.apply(.addChild(.screen(child), to: .of(catalog)), for: nil) }),
            ("present", { try rig.host.present(.stack("sheet", [.screen(sheet)]), over: .of(catalog)) }),
            ("push in the sheet", { try rig.host.push(product, onto: "sheet") }),
            ("dismiss", { try rig.host.dismiss(presentedBy: .of(catalog)) }),
            ("remove child", { try rig.host.apply(.removeChild(.of(child)), for: nil) }),
            ("set the stack", { try rig.host.apply(.setStack("main", [.screen(catalog), .screen(welcome)]), for: nil) }),
            ("push tabs", { try rig.host.push(.tabs("tabs", [.init(TabItem(title: "A"), .screen(GuardProbe("A")))], selected: 0), onto: "main") }),
            ("insert a tab", { try rig.host.apply(.insertTab(.init(TabItem(title: "B"), .screen(GuardProbe("B"))), at: 1, in: "tabs"), for: nil) }),
            ("select a tab", { try rig.host.selectTab(1, in: "tabs") }),
            ("remove a tab", { try rig.host.apply(.removeTab(at: 0, in: "tabs"), for: nil) }),
            ("pop", { try rig.host.pop("main") }),
            ("push", { try rig.host.push(product, onto: "main") }),
            ("pop to an entry", { try rig.host.apply(.popTo(.of(welcome), in: "main"), for: nil) }),
            ("pop to root", { try rig.host.apply(.popToRoot("main"), for: nil) }),
            ("set the root", { try rig.host.setRoot(.screen(GuardProbe("Done"))) }),
            ("clear the root", { try rig.host.setRoot(nil) }),
        ]
        for (name, step) in steps {
            try step()
            rig.swiftUI.settle()
            #expect(rig.agrees, "after \(name): the state holds\n\(rig.state.hierarchy.textTree)\nthe model\n\(rig.host.render())")
        }
    }

    @Test func aDismissalWaitsForSwiftUIToTakeTheSheetAwayAndSoDoesTheNextPresentation() throws {
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        try rig.host.present(.screen(catalog), over: .of(welcome))
        try rig.host.dismiss(presentedBy: .of(welcome))
        try rig.host.present(.screen(product), over: .of(welcome))
        #expect(rig.state.presented(by: .of(welcome)) == .of(catalog), "SwiftUI shows a sheet before anything takes it away")
        rig.swiftUI.finishTransition()
        #expect(rig.state.presented(by: .of(welcome)) == nil, "the first sheet is leaving")
        rig.swiftUI.finishTransition()
        #expect(rig.state.presented(by: .of(welcome)) == .of(product), "the next is presented once the first is gone")
        rig.swiftUI.settle()
        #expect(rig.agrees)
    }

    @Test func aShorterPathIsTheUsersBack() throws {
        let rig = try Rig(.stack("main", [.screen(welcome), .screen(catalog), .screen(product)]))
        _ = rig.lines()
        rig.state.setPath([], of: "main")
        #expect(rig.lines() == ["(user) pop Product, Catalog from [main]"])
        #expect(rig.agrees)
    }

    @Test func aBackARefusingScreenForbidsPutsTheEntryBackOnThePath() throws {
        product.leaving = .refuse(because: "unsaved changes")
        let rig = try Rig(.stack("main", [.screen(welcome), .screen(product)]))
        _ = rig.lines()
        rig.state.setPath([], of: "main")
        #expect(rig.lines() == ["(user) refuse back to Welcome in [main]: leaving Product: unsaved changes"])
        #expect(rig.state.path(of: "main") == [.of(product)])
        #expect(rig.agrees)
    }

    @Test func aSheetSwipedDownIsTheUsersDismissal() throws {
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        try rig.host.present(.screen(catalog), over: .of(welcome))
        rig.swiftUI.settle()
        _ = rig.lines()
        #expect(rig.state.allowsSwipeDown(.of(catalog)))
        #expect(rig.swiftUI.swipeDown())
        rig.swiftUI.settle()
        #expect(rig.lines() == ["(user) dismiss Catalog from Welcome"])
        #expect(rig.agrees)
    }

    @Test func aRefusingSheetCannotBeSweptAndComesBackIfItWasTakenAway() throws {
        let pinned = Pinned()
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        try rig.host.present(.screen(pinned), over: .of(welcome))
        rig.swiftUI.settle()
        _ = rig.lines()
        #expect(rig.state.allowsSwipeDown(.of(pinned)) == false)
        #expect(rig.swiftUI.swipeDown() == false, "interactiveDismissDisabled holds it")
        #expect(rig.lines().isEmpty, "asking what a view draws reports nothing")
        // Taken away another way (the environment's `dismiss`), SwiftUI writes nil all the same.
        rig.state.node(.of(welcome))?.sheet = nil
        rig.swiftUI.draw()
        #expect(rig.lines() == ["(user) refuse swipe down Pinned: Pinned does not allow being swiped down"])
        #expect(rig.state.presented(by: .of(welcome)) == nil, "SwiftUI is still taking it away")
        rig.swiftUI.settle()
        #expect(rig.state.presented(by: .of(welcome)) == .of(pinned))
        #expect(rig.agrees)
    }

    @Test func aTappedTabIsTheUsersSelection() throws {
        let rig = try Rig(.tabs("tabs", [.init(TabItem(title: "A"), .screen(welcome)), .init(TabItem(title: "B"), .screen(catalog))], selected: 0))
        _ = rig.lines()
        rig.state.setSelectedTab(1, of: "tabs")
        #expect(rig.lines() == ["(user) select tab 1 of [tabs]"])
        #expect(rig.state.selectedTab(of: "tabs") == 1)
        #expect(rig.agrees)
    }

    @Test func writesForNodesOrTabsThatDoNotExistChangeNothing() throws {
        let rig = try Rig(.tabs("tabs", [.init(TabItem(title: "A"), .stack("a", [.screen(welcome), .screen(catalog)]))], selected: 0))
        _ = rig.lines()
        let before = rig.host.hierarchy
        rig.state.setSelectedTab(3, of: "tabs")
        rig.state.setPath([], of: "nope")
        rig.state.setPresented(nil, by: .of(welcome))
        #expect(rig.lines().isEmpty)
        #expect(rig.host.hierarchy == before)
        #expect(rig.agrees)
    }

    @Test func aPathSwiftUIWroteThatTheModelNeverHadIsDriftAndIsUndone() throws {
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        _ = rig.lines()
        rig.state.setPath([.of(catalog)], of: "main")
        #expect(rig.lines() == ["drift [main] entries: the platform shows Welcome, Catalog; the model holds Welcome"])
        #expect(rig.agrees)
    }

    @Test func theStateAndItsDriverAreReleasedWithTheView() throws {
        let leaks = LeakTracker()
        let host = InMemoryHost()
        try host.setRoot(.stack("main", [.screen(welcome)]))
        do {
            let state = leaks.track(NavigationModel(showing: host))
            _ = leaks.track(state.driver)
        }
        #expect(leaks.expectNoLeaks())
        try host.push(catalog, onto: "main")
    }

    @Test func aSheetOverAStackAppearsAndItsDismissalCompletesWithSwiftUIsOnDismiss() throws {
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        try rig.host.present(.stack("cart", [.screen(catalog)]), over: .container("main"))
        rig.swiftUI.settle()
        #expect(rig.state.presented(by: .container("main")) == .container("cart"))
        try rig.host.dismiss(presentedBy: .container("main"))
        try rig.host.push(product, onto: "main")
        rig.swiftUI.settle()
        #expect(rig.state.driver.isCaughtUp, "the dismissal is over once SwiftUI's onDismiss comes")
        #expect(rig.agrees)
    }

    @Test func anAnimatedPushTakesItsAnimationsTimeBeforeTheNextCommand() throws {
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        try rig.host.push(catalog, onto: "main")
        try rig.host.push(product, onto: "main")
        #expect(rig.state.path(of: "main") == [.of(catalog)], "the second push waits for the first's animation")
        #expect(rig.swiftUI.isAnimating)
        rig.swiftUI.finishTransition()
        #expect(rig.state.path(of: "main") == [.of(catalog), .of(product)])
        rig.swiftUI.settle()
        #expect(rig.agrees)
    }

    @Test func theBindingsAreKeyPathsOnEachNodeAndWriteThroughTheModel() throws {
        let rig = try Rig(.stack("main", [.screen(welcome), .screen(catalog), .screen(product)]))
        _ = rig.lines()
        let stack = try #require(rig.state.node(.container("main")))
        #expect(stack.path == [.of(catalog), .of(product)])
        stack.path = [.of(catalog)]
        #expect(rig.lines() == ["(user) pop Product from [main]"])
        #expect(rig.agrees)
    }

    @Test func aReTappedTabPopsItsStackToTheRootAndAGuardPutsItBack() throws {
        product.leaving = .refuse(because: "unsaved changes")
        let rig = try Rig(.tabs("tabs", [.init(TabItem(title: "A"), .stack("a", [.screen(welcome), .screen(product)]))], selected: 0))
        _ = rig.lines()
        rig.swiftUI.tapTab(0, in: "tabs")
        rig.swiftUI.settle()
        #expect(rig.lines() == ["(user) refuse back to Welcome in [a]: leaving Product: unsaved changes"])
        #expect(rig.state.path(of: "a") == [.of(product)])
        #expect(rig.agrees)
    }

    @Test func modelsSwiftUIMakesAndDropsLeaveNoObserverOnTheHost() throws {
        let host = InMemoryHost()
        try host.setRoot(.stack("main", [.screen(welcome)]))
        let before = host.observerCount
        for _ in 0..<5 { _ = NavigationModel(showing: host) }
        try host.push(catalog, onto: "main")
        #expect(host.observerCount == before, "each dropped model's link took itself off at the next event")
    }
}
