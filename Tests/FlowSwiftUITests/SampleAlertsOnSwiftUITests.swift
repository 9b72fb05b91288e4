import FlowKernel
import FlowPlatform
import FlowRuntime
import FlowStage
import FlowSwiftUI
import FlowSwiftUITesting
import FlowTestKit
import ShopApp
import Testing

/// The cart's "Remove from cart?" in every strategy, as SwiftUI's `.alert` shows it from the
/// navigation model: no sheet, no swipe, and the button's action answers the model's alert.
@MainActor
@Suite("The samples' alerts on SwiftUI's navigation model")
struct SampleAlertsOnSwiftUITests {
    static let askRemove = FlowAlert("Remove from cart?", message: "Red shoes", buttons: [.destructive("Remove"), .cancel("Keep")])

    static func asking(in strategy: Strategy) throws -> (ShopSession, SimulatedSwiftUI) {
        let session = try ShopSession(strategy: strategy)
        let swiftUI = SimulatedSwiftUI(model: session.host)
        for command in try Command.script("start,email ana@example.com,shoes,add,cart,remove") {
            #expect(session.perform(command) == nil, "\(command.text)")
            swiftUI.draw()
        }
        swiftUI.settle()
        return (session, swiftUI)
    }

    @Test("The sign-up's cancel: Keep editing leaves the step, Discard ends it without an account", arguments: Strategy.allCases)
    func signupsCancelAsksFirst(_ strategy: Strategy) throws {
        let session = try SignupSession(strategy: strategy)
        let platform = SimulatedSwiftUI(model: session.host)
        #expect(session.perform(try #require(Command("details Ana; ana@example.com; pro"))) == nil)
        #expect(session.perform(try #require(Command("cancel"))) == nil)
        platform.settle()
        #expect(platform.shownAlert?.title == "Discard your details?")
        #expect(!platform.swipeDown())
        #expect(platform.tapAlertButton("Keep editing"))
        platform.settle()
        #expect(session.currentScreen?.title == "Card")
        #expect(session.perform(try #require(Command("cancel"))) == nil)
        platform.settle()
        #expect(platform.tapAlertButton("Discard"))
        platform.settle()
        #expect(session.outcome == .cancelled)
        #expect(session.model.accounts.isEmpty)
        #expect(platform.hierarchy == session.host.hierarchy)
        #expect(platform.driver.isCaughtUp)
    }

    @Test("The node's alert is the model's, it is no sheet, and no swipe takes it away", arguments: Strategy.allCases)
    func alertIsNoSheet(_ strategy: Strategy) throws {
        let (session, swiftUI) = try Self.asking(in: strategy)
        #expect(swiftUI.shownAlert == Self.askRemove)
        let alert = try #require(session.host.visibleScreenRef)
        let anchor = try #require(session.host.presenter(of: .screen(alert)))
        #expect(swiftUI.navigation.node(anchor)?.sheet == nil)
        #expect(swiftUI.navigation.node(anchor)?.alert == Self.askRemove)
        #expect(!swiftUI.swipeDown())
        swiftUI.settle()
        #expect(session.host.shownAlert == Self.askRemove)
        #expect(swiftUI.hierarchy == session.host.hierarchy)
    }

    @Test("Remove's action answers the model: the alert goes and the cart is empty", arguments: Strategy.allCases)
    func removeAnswersTheModel(_ strategy: Strategy) throws {
        let (session, swiftUI) = try Self.asking(in: strategy)
        #expect(!swiftUI.tapAlertButton("Delete"))
        #expect(swiftUI.tapAlertButton("Remove"))
        swiftUI.settle()
        #expect(session.host.shownAlert == nil)
        #expect(swiftUI.shownAlert == nil)
        #expect(session.model.cart.isEmpty)
        #expect(swiftUI.hierarchy == session.host.hierarchy)
        #expect(swiftUI.driver.isCaughtUp)
    }

    @Test("Keep's action leaves the cart, and the shop goes on to checkout", arguments: Strategy.allCases)
    func keepLeavesTheCart(_ strategy: Strategy) throws {
        let (session, swiftUI) = try Self.asking(in: strategy)
        #expect(swiftUI.tapAlertButton("Keep"))
        swiftUI.settle()
        #expect(session.model.cart.map(\.name) == ["Red shoes"])
        #expect(session.perform(try #require(Command("checkout"))) == nil)
        swiftUI.settle()
        #expect(swiftUI.hierarchy == session.host.hierarchy)
        #expect(swiftUI.driver.isCaughtUp)
    }
}
