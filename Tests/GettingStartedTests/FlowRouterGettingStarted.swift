import FlowKernel
import FlowRouter
import FlowStage
import Testing

/// The code of FlowRouter's Getting Started, compiled here line for line, with the values and
/// the cart screen the page takes for granted declared around it.
@MainActor
enum FlowRouterGettingStarted {
    struct Product: Equatable { let name: String }
    struct CartItem: Equatable {
        let product: Product
        init(_ product: Product) { self.product = product }
    }
    struct Receipt: Equatable { let id: Int }
    struct Order: Equatable { let id: Int }

    /// Where the catalog records the orders it is told of; it notes whether the catalog was
    /// the screen shown when it did.
    @MainActor final class OrderBook {
        weak var host: (any PresentationHost)?
        private(set) var recorded: [(id: Int, catalogShown: Bool)] = []
        func record(_ receipt: Receipt) throws { recorded.append((receipt.id, host?.visibleScreen is CatalogScreen)) }
    }

    final class CatalogScreen: OutputProducing, UpdateHandling {
        typealias Output = Product
        typealias Update = Receipt
        let route = RouteSlot()
        let orders = OrderBook()
        private(set) var banner = ""
        func handle(update: Receipt) { banner = "Thanks for order \(update.id)" }
        func didUnwind(with update: Receipt) throws {
            try orders.record(update)  // after the product screen closed
        }
    }

    final class ProductScreen: InputRequiring, OutputProducing, Instantiable {
        typealias Input = Product
        typealias Output = OneOf2<CartItem, Receipt>
        let route = RouteSlot()
        init() {}
        func buy() throws { try produce(Receipt(id: 7)) }  // unwinds to the catalog
        func add() throws { try produce(CartItem(try input)) }  // shows whatever requires a CartItem
    }

    final class CartScreen: InputRequiring, OutputProducing, Instantiable {
        typealias Input = CartItem
        typealias Output = Order
        let route = RouteSlot()
        init() {}
    }

    static func declare(_ catalog: CatalogScreen) {
        catalog.graph = .show(ProductScreen.self, FlowGraph(.present(CartScreen.self), .unwind()))
    }

    static func registerAndRun(on host: any PresentationHost) throws -> RouterFlow<Order> {
        let router = Router()
        try router.register(ProductScreen.self)
        try router.register(CartScreen.self)  // requires a CartItem
        router.addTransition(to: CartScreen.self, .present)

        let shop = RouterFlow<Order>("shop", router: router) { CatalogScreen() }
        try shop.start(on: host)
        return shop
    }

    @MainActor @Suite struct Tests {
        @Test func theShopRoutesAsThePageSays() throws {
            let host = InMemoryHost()
            let shop = try registerAndRun(on: host)
            let catalog = try #require(host.visibleScreen as? CatalogScreen)
            catalog.orders.host = host
            try catalog.produce(Product(name: "Red shoes"))
            let product = try #require(host.visibleScreen as? ProductScreen)
            try product.buy()
            #expect(host.visibleScreen === catalog)
            #expect(catalog.banner == "Thanks for order 7")
            #expect(catalog.orders.recorded.map(\.id) == [7])
            #expect(catalog.orders.recorded.map(\.catalogShown) == [true])
            try catalog.produce(Product(name: "Red shoes"))
            try #require(host.visibleScreen as? ProductScreen).add()
            try #require(host.visibleScreen as? CartScreen).produce(Order(id: 1))
            #expect(shop.outcome?.result == Order(id: 1))
        }

        @Test func aScreenIsTestedAlone() throws {
            let shoes = Product(name: "Red shoes")
            var produced: [OneOf2<CartItem, Receipt>] = []
            let screen = ProductScreen(input: shoes, capturing: { produced.append($0) })
            try screen.add()
            #expect(produced == [.t1(CartItem(shoes))])
        }
    }
}
