import FlowCoordinator
import FlowExplorer
import FlowKernel
import FlowStage
import Testing

/// The cart's page.
@MainActor final class CartPage: Screen {}

/// The explorer answers an alert with each of its buttons, as a person can.
@MainActor
@Suite("Alerts explored")
struct ExploredAlertTests {
    /// A coordinator whose page asks before it removes an item: two states of the count.
    final class Cart: StackCoordinator<Void> {
        var items = 1
        override func start() throws { try move(to: CartPage()) }
        func remove() throws {
            try present(alert: FlowAlert("Remove from cart?", buttons: [.destructive("Remove"), .cancel("Keep")])) { [unowned self] in
                if $0.role == .destructive { items -= 1 }
            }
        }
    }

    @Test func everyButtonOfAnAlertIsAMoveOfTheExplorer() throws {
        let explorer = NavigationExplorer(gestures: true) {
            let host = InMemoryHost()
            let cart = Cart("cart")
            try cart.start(on: host)
            return ExplorationRun(
                host: host, flow: cart, state: { "\(cart.items)" },
                actions: { screen in
                    guard screen is CartPage else { return [] }
                    guard cart.items > 0 else { return [ScreenAction("add") { cart.items += 1 }] }
                    return [ScreenAction("remove") { try cart.remove() }]
                })
        }
        let report = try explorer.explore(.exhaustive(maxStates: 50))
        let moves = Set(report.graph.edges.map { "\($0.from) -\($0.label)-> \($0.to)" })
        #expect(moves.contains("CartPage -remove-> Alert"), "\(moves.sorted())")
        #expect(moves.contains("Alert -Remove-> CartPage"), "\(moves.sorted())")
        #expect(moves.contains("Alert -Keep-> CartPage"), "\(moves.sorted())")
        #expect(report.coverage.isExhaustive)
        #expect(report.findings.isEmpty, "\(report.findings)")
    }
}
