import FlowKernel
import FlowPlatform
import FlowRuntime
import FlowStage
import FlowTestKit
import FlowUIKit
import FlowUIKitTesting
import ShopApp
import Testing

/// The cart's "Remove from cart?" in every strategy, shown by UIKit's alert controller: no swipe
/// takes it away, and the button the person taps answers the model's alert.
@MainActor
@Suite("The samples' alerts on UIKit's containers")
struct SampleAlertsOnUIKitTests {
    static let askRemove = FlowAlert("Remove from cart?", message: "Red shoes", buttons: [.destructive("Remove"), .cancel("Keep")])

    /// A session with a pair of shoes in the cart and "Remove from cart?" up, shown on UIKit.
    static func asking(in strategy: Strategy) throws -> (ShopSession, SimulatedUIKit) {
        let session = try ShopSession(strategy: strategy)
        let platform = SimulatedUIKit(model: session.host)
        for command in try Command.script("start,email ana@example.com,shoes,add,cart,remove") {
            #expect(session.perform(command) == nil, "\(command.text)")
        }
        platform.settle()
        return (session, platform)
    }

    @Test("The sign-up's cancel: Keep editing leaves the step, Discard ends it without an account", arguments: Strategy.allCases)
    func signupsCancelAsksFirst(_ strategy: Strategy) throws {
        let session = try SignupSession(strategy: strategy)
        let platform = SimulatedUIKit(model: session.host)
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

    @Test("The alert controller shows the model's alert, and no swipe takes it away", arguments: Strategy.allCases)
    func alertCannotBeSweptDown(_ strategy: Strategy) throws {
        let (session, platform) = try Self.asking(in: strategy)
        #expect(platform.shownAlert == Self.askRemove)
        #expect(session.host.shownAlert == Self.askRemove)
        #expect(!platform.askMayDismissSheet())
        #expect(!platform.swipeDown())
        #expect(platform.shownAlert == Self.askRemove)
        #expect(session.host.shownAlert == Self.askRemove)
        #expect(platform.hierarchy == session.host.hierarchy)
        #expect(platform.violations.isEmpty)
    }

    @Test("Tapping Remove takes the alert away first, then answers it: the cart is empty", arguments: Strategy.allCases)
    func removeAnswersTheModel(_ strategy: Strategy) throws {
        let (session, platform) = try Self.asking(in: strategy)
        #expect(platform.tapAlertButton("Remove"))
        // The alert controller dismisses itself; the model hears the answer once it is gone.
        #expect(session.host.shownAlert == Self.askRemove)
        platform.settle()
        #expect(session.host.shownAlert == nil)
        #expect(platform.shownAlert == nil)
        #expect(session.model.cart.isEmpty)
        #expect(platform.hierarchy == session.host.hierarchy)
        #expect(platform.violations.isEmpty)
        #expect(platform.driver.isCaughtUp)
    }

    @Test("Tapping Keep leaves the cart as it was", arguments: Strategy.allCases)
    func keepLeavesTheCart(_ strategy: Strategy) throws {
        let (session, platform) = try Self.asking(in: strategy)
        #expect(!platform.tapAlertButton("Delete"))
        #expect(platform.tapAlertButton("Keep"))
        platform.settle()
        #expect(session.host.shownAlert == nil)
        #expect(session.model.cart.map(\.name) == ["Red shoes"])
        #expect(platform.hierarchy == session.host.hierarchy)
        #expect(platform.violations.isEmpty)
    }

    @Test("An alert the model answers while its controller takes itself away: the tap changes nothing more, no call is refused")
    func aTapAfterTheModelAnsweredChangesNothing() throws {
        let (session, platform) = try Self.asking(in: .stack)
        let alert = try #require(session.host.visibleScreen as? any AlertScreen)
        #expect(platform.tapAlertButton("Remove"))
        // The model is answered by other means while the alert controller takes itself away.
        try alert.answer("Keep")
        platform.settle()
        #expect(session.model.cart.map(\.name) == ["Red shoes"])
        #expect(session.host.shownAlert == nil)
        #expect(platform.hierarchy == session.host.hierarchy)
        #expect(platform.violations.isEmpty)
    }

    @Test("An answer the model refuses brings the alert controller back")
    func aRefusedAnswerPresentsTheAlertAgain() throws {
        let screen = GuardProbe("Cart")
        let rig = try Rig(.stack("main", [.screen(screen)]))
        let alert = Refusing(Self.askRemove)
        alert.host = rig.model
        try rig.model.present(.screen(alert), over: .of(screen))
        rig.platform.settle()
        #expect(rig.platform.tapAlertButton("Remove"))
        rig.platform.settle()
        #expect(alert.refused == ["Remove"])
        #expect(rig.platform.shownAlert == Self.askRemove)
        #expect(rig.agrees, "\(rig.state)")
        #expect(rig.platform.tapAlertButton("Keep"))
        rig.platform.settle()
        #expect(rig.platform.shownAlert == nil)
        #expect(rig.agrees, "\(rig.state)")
    }
}

/// An alert screen of the app's own that refuses its first answer and takes itself away on the
/// second, as a host shows any screen.
@MainActor
private final class Refusing: AlertScreen {
    let alert: FlowAlert
    private(set) var refused: [String] = []
    weak var host: InMemoryHost?

    init(_ alert: FlowAlert) { self.alert = alert }

    func answer(_ button: FlowAlert.Button) throws {
        guard !refused.isEmpty else {
            refused.append(button.title)
            throw FlowError(.guardRefused, "not yet")
        }
        try host?.dismiss(.of(self))
    }
}
