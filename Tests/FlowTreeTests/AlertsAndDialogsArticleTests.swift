import FlowCoordinator
import FlowKernel
import FlowRuntime
import FlowStage
import Testing

// The code of FlowRuntime's "Alerts and dialogs", compiled here line for line
// (GettingStartedTests checks every block of the article appears in this file), and run.

@MainActor
enum AlertsAndDialogsArticle {
    struct Item: Equatable { let name: String }
    final class CartScreen: Screen {
        var onRemove: ((Item) -> Void)?
    }

    final class CartCoordinator: StackCoordinator<Void> {
        private(set) var items = [Item(name: "Red shoes")]

        override func start() throws {
            let cart = CartScreen()
            cart.onRemove = { [unowned self] item in attempt { try confirmRemoval(of: item) } }
            try move(to: cart)
        }

        func confirmRemoval(of item: Item) throws {
            let remove = FlowAlert(
                "Remove from cart?", message: item.name,
                buttons: [.destructive("Remove"), .cancel("Keep")])
            try present(alert: remove) { [unowned self] button in
                if button.role == .destructive { items.removeAll { $0 == item } }
            }
        }
    }

    @MainActor @Suite("Alerts and dialogs, the article")
    struct Tests {
        @Test func theCartAsksBeforeItRemovesAnItem() throws {
            let host = InMemoryHost()
            let cart = CartCoordinator("cart")
            try cart.start(on: host)
            let shoes = Item(name: "Red shoes")

            try cart.confirmRemoval(of: shoes)
            #expect(host.shownAlert?.title == "Remove from cart?")
            try (host.visibleScreen as? any AlertScreen)?.answer("Remove")
            #expect(cart.items.isEmpty)

            try cart.cancel()
        }

        @Test func thePersonsBackKeepsTheItem() throws {
            let host = InMemoryHost()
            let cart = CartCoordinator("cart")
            try cart.start(on: host)
            try cart.confirmRemoval(of: Item(name: "Red shoes"))

            try host.user.back()  // chooses "Keep", the cancel button
            #expect(cart.items.count == 1)
            #expect(host.shownAlert == nil)
        }
    }
}
