import FlowExplorer
import FlowKernel
import FlowRuntime
import FlowStage
import FlowTestKit
import ShopApp
import Testing

/// The platform's own controls in every strategy of the shop: whatever the user does with them,
/// the shop stays usable and can still end with an order.
@MainActor
@Suite("Shop session: the platform's controls")
struct ShopGestureTests {
    static let controls = [":back", ":back 2", ":dismiss", ":tab 1", ":tab 2"]

    /// Every command worth trying on the current screen: its actions (with a good and a bad
    /// argument where one is taken) and the platform's controls.
    static func commands(on session: ShopSession) -> [Command] {
        let actions = session.currentScreen?.actions ?? []
        let typed = actions.flatMap { action in
            action.argument == nil ? [action.name] : ["\(action.name) ana@example.com", "\(action.name) nope"]
        }
        return (typed + controls).compactMap(Command.init)
    }

    /// Moves towards an order from wherever the user is: what a person who wants to buy does.
    static func finish(_ session: ShopSession) {
        var steps = 0
        while session.outcome == nil, steps < 40, let screen = session.currentScreen {
            steps += 1
            let names = screen.actions.map(\.name)
            let next: String =
                switch screen {
                case is SignInScreen: "email ana@example.com"
                case is CatalogScreen: "shoes"
                case is ProductScreen: screen.lines.joined().contains("Cart: 0") ? "add" : "cart"
                case is CartScreen: names.contains("checkout") ? "checkout" : "close"
                case is CheckoutScreen: names.contains("pay") ? "pay" : "back"
                default: names.first ?? ":back"
                }
            _ = session.perform(Command(next)!)
        }
    }

    @Test("Each control, at every screen of the happy path, leaves a shop that can still place the order", arguments: Strategy.allCases)
    func eachControlAtEveryStep(_ strategy: Strategy) throws {
        let happy = try Command.script("start,email ana@example.com,shoes,add,cart,checkout,pay")
        for prefix in 0...happy.count {
            for control in Self.controls {
                let session = try ShopSession(strategy: strategy)
                for command in happy.prefix(prefix) { #expect(session.perform(command) == nil) }
                _ = session.perform(Command(control)!)
                #expect(session.currentScreen?.actions.isEmpty == false, "\(strategy): \(control) after \(prefix) steps left no action")
                Self.finish(session)
                #expect(session.outcome?.result != nil, "\(strategy): \(control) after \(prefix) steps left a shop that cannot place an order")
            }
        }
    }

    @Test("Random actions and controls never leave the shop stuck", arguments: Strategy.allCases)
    func randomWalks(_ strategy: Strategy) throws {
        for seed in UInt64(1)...40 {
            var random = SeededGenerator(seed: seed)
            let session = try ShopSession(strategy: strategy)
            for _ in 0..<60 where session.outcome == nil {
                let command = try #require(Self.commands(on: session).randomElement(using: &random))
                _ = session.perform(command)
                if session.outcome == nil {
                    #expect(session.currentScreen?.actions.isEmpty == false, "\(strategy) seed \(seed): stuck after \(command.text)")
                }
            }
            Self.finish(session)
            #expect(session.outcome != nil, "\(strategy) seed \(seed): the shop could not be finished")
            #expect(session.log.events.allSatisfy { $0.origin.isFlow || $0.origin == .user }, "only flows and the user change the shop")
        }
    }

    @Test func theTranscriptShowsWhatTheUserDidAndWhatTheFlowsDidInAnswer() throws {
        let session = try ShopSession(strategy: .coordinator)
        for command in try Command.script("start,email ana@example.com,shoes,:back,:back") { #expect(session.perform(command) == nil) }
        #expect(
            Array(session.log.lines.suffix(5)) == [
                "(user) pop Product: Red shoes from [catalog]",
                "(user) pop [tabs-tabs] from [shop]",
                "[account] cancel",
                "[catalog] cancel",
                "[tabs] cancel",
            ])
        #expect(session.currentScreen is WelcomeScreen)
    }

    /// The coordinator's tab bar stays while the receipt shows: the Back out of the tab group from
    /// the account tab would take the receipt away, and with it the journey's one order.
    @Test func afterTheOrderIsPlacedBackFromTheAccountTabIsRefusedAndTheOrderIsPlacedOnce() throws {
        let session = try ShopSession(strategy: .coordinator)
        for command in try Command.script("start,email ana@example.com,shoes,add,cart,checkout,pay,:tab 2") { #expect(session.perform(command) == nil) }
        let before = session.host.render()

        let refusal = session.perform(try #require(Command(":back")))

        #expect(refusal?.contains("the order is placed; Close finishes") == true, "\(refusal ?? "taken")")
        #expect(session.host.render() == before)
        for command in try Command.script(":tab 1,close") { #expect(session.perform(command) == nil) }
        #expect(session.model.placedOrders.count == 1)
        #expect(session.outcome != nil)
    }

    @Test(
        "A control that cannot be used says why and changes nothing",
        arguments: [
            (":back", "That did not work: No stack the person sees has an entry to go back to."),
            (":dismiss", "That did not work: Nothing is presented, so there is nothing to swipe down."),
            (":tab 2", "That did not work: No tab group is shown around the screen the person sees."),
            (":tab", ":tab needs a tab's number: type \":tab 2\"."),
            (":back x", "That did not work: \"x\" is not a number of screens to go back; type \":back 2\"."),
            (":fly", "\":fly\" is not a system control. Try one of: :back, :back <n>, :dismiss, :tab <n>, :open <link>, :save <file>, :help."),
        ])
    func unusableControls(_ typed: String, _ expected: String) throws {
        let session = try ShopSession(strategy: .stack)
        let before = session.host.render()
        #expect(session.perform(try #require(Command(typed))) == expected)
        #expect(session.host.render() == before)
        #expect(session.log.events.count == 2)
    }

    @Test("A tab number the tab bar does not have is refused in the person's numbering, from 1", arguments: [0, 3, -1])
    func tabNumbersCountFromOne(_ number: Int) throws {
        let session = try ShopSession(strategy: .coordinator)
        for typed in ["start", "email ana@example.com"] { #expect(session.perform(try #require(Command(typed))) == nil) }
        let before = session.host.render()
        #expect(
            session.perform(try #require(Command(":tab \(number)"))) == "That did not work: There is no tab \(number): the tab bar has 2 tabs, numbered from 1."
        )
        #expect(session.host.render() == before)
        #expect(session.perform(try #require(Command(":tab 2"))) == nil)
    }

    @Test func goingBackFurtherThanTheStackHoldsSaysHowManyScreensThereAre() throws {
        let session = try ShopSession(strategy: .stack)
        #expect(session.perform(try #require(Command("start"))) == nil)
        #expect(session.perform(try #require(Command(":back 3"))) == "That did not work: [shop] has 1 screen to go back over, not 3.")
    }
}
