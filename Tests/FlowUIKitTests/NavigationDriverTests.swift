import FlowKernel
import FlowPlatform
import FlowStage
import FlowTestKit
import FlowUIKit
import FlowUIKitTesting
import Testing

@MainActor
@Suite("Driving UIKit's containers from the model")
struct NavigationDriverTests {
    let welcome = GuardProbe("Welcome"), catalog = GuardProbe("Catalog"), product = GuardProbe("Product")

    @Test func attachingBuildsWhatTheModelShowsAtOnceWithoutAnimation() throws {
        let rig = try Rig(.stack("main", [.screen(welcome), .screen(catalog)]))
        #expect(rig.commands() == ["root [main]"])
        #expect(rig.agrees)
    }

    @Test func aPushIsAnimatedAndThePlatformCatchesUpWhenTheAnimationEnds() throws {
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        _ = rig.commands()
        try rig.model.push(catalog, onto: "main")
        #expect(rig.commands() == ["[main] keep 1 add Catalog (animated)"])
        #expect(rig.driver.isTransitioning)
        rig.platform.finishTransition()
        #expect(rig.agrees)
    }

    @Test func requestsDuringAnAnimationChangeTheModelAtOnceAndWaitTheirTurn() throws {
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        _ = rig.commands()
        try rig.model.push(catalog, onto: "main")
        try rig.model.push(product, onto: "main")
        #expect(rig.model.visibleScreenRef == ScreenRef(product), "the model moved at once")
        #expect(rig.commands() == ["[main] keep 1 add Catalog (animated)"])
        rig.platform.finishTransition()
        #expect(rig.commands() == ["[main] keep 2 add Product (animated)"])
        rig.platform.finishTransition()
        #expect(rig.agrees)
    }

    @Test func changesThatCancelOutWhileAnAnimationRunsMakeNoCommand() throws {
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        _ = rig.commands()
        try rig.model.present(.screen(catalog), over: .of(welcome))
        try rig.model.push(product, onto: "main")
        try rig.model.pop("main")
        rig.platform.settle()
        #expect(rig.commands() == ["present Catalog over Welcome (animated)"])
        #expect(rig.agrees)
    }

    @Test func aSecondTapOnTheSameActionDuringItsTransitionDoesNotPushTwice() throws {
        let rig = try Rig(.stack("main", [.screen(catalog)]))
        let tap = { try rig.driver.act(from: catalog) { try rig.model.push(GuardProbe("Product"), onto: "main") } }
        #expect(try tap())
        #expect(try tap() == false)
        rig.platform.settle()
        #expect(rig.model.entryCount(of: "main") == 2)
        #expect(rig.agrees)
    }

    @Test func whatLeavesThePlatformDismissesWhatItPresentsFirst() throws {
        let rig = try Rig(.stack("main", [.screen(welcome), .screen(catalog)]))
        try rig.model.present(.screen(product), over: .of(catalog))
        rig.platform.settle()
        _ = rig.commands()
        try rig.model.pop("main")
        rig.platform.settle()
        #expect(rig.commands() == ["dismiss over Catalog (animated)", "[main] keep 1 (animated)"])
        #expect(rig.agrees)
    }

    @Test func aPresentationWaitsForTheDismissalBeforeIt() throws {
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        try rig.model.present(.screen(catalog), over: .of(welcome))
        rig.platform.settle()
        _ = rig.commands()
        try rig.model.dismiss(presentedBy: .of(welcome))
        try rig.model.present(.screen(product), over: .of(welcome))
        #expect(rig.commands() == ["dismiss over Welcome (animated)"])
        rig.platform.finishTransition()
        #expect(rig.commands() == ["present Product over Welcome (animated)"])
        rig.platform.finishTransition()
        #expect(rig.agrees)
    }

    @Test func aChangeThePersonCannotSeeIsNotAnimatedAndCompletesAtOnce() throws {
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        try rig.model.present(.stack("sheet", [.screen(catalog)]), over: .of(welcome))
        rig.platform.settle()
        _ = rig.commands()
        try rig.model.push(product, onto: "main")
        #expect(rig.commands() == ["[main] keep 1 add Product"])
        #expect(rig.agrees)
    }

    @Test func tabsAreSelectedAtOnceAndInsertedWithTheirContent() throws {
        let account = GuardProbe("Account")
        let rig = try Rig(.tabs("tabs", [.init(TabItem(title: "Shop"), .stack("shop", [.screen(catalog)]))], selected: 0))
        _ = rig.commands()
        try rig.model.apply(.insertTab(.init(TabItem(title: "Account"), .screen(account)), at: 1, in: "tabs"), for: nil)
        try rig.model.selectTab(1, in: "tabs")
        #expect(rig.commands() == ["[tabs] keep 1 add Account select 0", "[tabs] select 1"], "each completes at once")
        #expect(rig.agrees)
        try rig.model.selectTab(0, in: "tabs")
        #expect(rig.commands() == ["[tabs] select 0"])
        #expect(rig.agrees)
    }

    @Test func everyKindOfChangeReachesThePlatform() throws {
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        let child = GuardProbe("Banner")
        let sheet = GuardProbe("Sheet")
        let steps: [(String, () throws -> Void)] = [
            ("push", { try rig.model.push(catalog, onto: "main") }),
            ("add child", { try rig.model.apply(.addChild(.screen(child), to: .of(catalog)), for: nil) }),
            ("present", { try rig.model.present(.stack("sheet", [.screen(sheet)]), over: .of(catalog)) }),
            ("push in the sheet", { try rig.model.push(product, onto: "sheet") }),
            ("pop to root in the sheet", { try rig.model.apply(.popToRoot("sheet"), for: nil) }),
            ("dismiss", { try rig.model.dismiss(presentedBy: .of(catalog)) }),
            ("remove child", { try rig.model.apply(.removeChild(.of(child)), for: nil) }),
            ("set the stack", { try rig.model.apply(.setStack("main", [.screen(catalog), .screen(welcome)]), for: nil) }),
            ("pop to an entry", { try rig.model.apply(.popTo(.of(catalog), in: "main"), for: nil) }),
            ("push tabs", { try rig.model.push(.tabs("tabs", [.init(TabItem(title: "A"), .screen(GuardProbe("A")))], selected: 0), onto: "main") }),
            ("insert a tab", { try rig.model.apply(.insertTab(.init(TabItem(title: "B"), .screen(GuardProbe("B"))), at: 0, in: "tabs"), for: nil) }),
            ("select a tab", { try rig.model.selectTab(1, in: "tabs") }),
            ("remove a tab", { try rig.model.apply(.removeTab(at: 0, in: "tabs"), for: nil) }),
            ("pop", { try rig.model.pop("main") }),
            ("set the root", { try rig.model.setRoot(.screen(GuardProbe("Done"))) }),
            ("clear the root", { try rig.model.setRoot(nil) }),
        ]
        for (name, step) in steps {
            try step()
            rig.platform.settle()
            #expect(rig.agrees, "after \(name): the platform shows\n\(rig.platform.hierarchy.textTree)\nthe model\n\(rig.model.render())")
        }
    }

    @Test func everyKindOfChangeMadeDuringRunningAnimationsConverges() throws {
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        try rig.model.push(catalog, onto: "main")
        try rig.model.present(.stack("sheet", [.screen(GuardProbe("Sheet"))]), over: .of(catalog))
        try rig.model.push(product, onto: "sheet")
        try rig.model.dismiss(presentedBy: .of(catalog))
        try rig.model.apply(.setStack("main", [.screen(catalog)]), for: nil)
        try rig.model.present(.screen(GuardProbe("Cart")), over: .of(catalog))
        try rig.model.push(.tabs("tabs", [.init(TabItem(title: "A"), .screen(GuardProbe("A")))], selected: 0), onto: "main")
        rig.platform.settle()
        #expect(rig.agrees, "\(rig.state)")
    }

    @Test func aSheetStackPresentedAgainWithAnotherScreenDuringAnAnimationShowsTheNewScreen() throws {
        let rig = try Rig(.stack("main", [.screen(welcome)]))
        let first = GuardProbe("Cart")
        let second = GuardProbe("Cart")
        try rig.model.present(.stack("cart", [.screen(first)]), over: .of(welcome))
        try rig.model.push(catalog, onto: "main")
        try rig.model.dismiss(presentedBy: .of(welcome))
        try rig.model.present(.stack("cart", [.screen(second)]), over: .of(welcome))
        rig.platform.settle()
        #expect(rig.platform.controller(for: .of(second)) != nil, "the sheet's stack holds the new screen")
        #expect(rig.agrees, "\(rig.state)")
    }
}
