import FlowKernel
import FlowStack

/// The shop as an ordered stack (FlowStack, SwiftyFlow's model): the screens registered in the
/// order a user meets them, walked with `goNext()`, with jumps by type where the user chooses.
@MainActor
enum StackShop {
    static func make(model: ShopModel, protectingOrder: Bool = true) -> StackNavigator<Order> {
        let registry = ScreenRegistry()
        let navigator = StackNavigator<Order>("shop", registry: registry, root: WelcomeScreen.self)
        // The registry's factories outlive no navigation; they reach the navigator weakly.
        weak let shop = navigator
        registry.register(WelcomeScreen.self) {
            let screen = WelcomeScreen()
            screen.onStart = { try shop?.goNext() }
            return screen
        }
        registry.register(SignInScreen.self) {
            let screen = SignInScreen(model: model)
            screen.onSignedIn = { _ in try shop?.goNext() }
            screen.onBack = { try shop?.getBack() }
            return screen
        }
        registry.register(CatalogScreen.self) {
            let screen = CatalogScreen(model: model)
            screen.onPick = { product in try shop?.goNext(to: ProductScreen.self, argument: product) }
            screen.onOpenCart = { try shop?.goNextAsModal(to: CartScreen.self) }
            return screen
        }
        registry.register(ProductScreen.self, argument: Product.self) { product in
            let screen = ProductScreen(model: model, product: product)
            screen.onOpenCart = { try shop?.goNextAsModal(to: CartScreen.self) }
            screen.onBack = { try shop?.getBack() }
            return screen
        }
        registry.register(CartScreen.self) {
            let screen = CartScreen(model: model)
            screen.onClose = { try shop?.getBack(.modal) }
            screen.onAsk = { try shop?.present(alert: $0, onAnswer: $1) }
            screen.onCheckout = {
                try shop?.getBack(.modal)
                try shop?.goNext(to: CheckoutScreen.self)
            }
            return screen
        }
        registry.register(CheckoutScreen.self) {
            let screen = CheckoutScreen(model: model)
            screen.onPay = { order in
                try shop?.goNext(to: DoneScreen.self, argument: order)
                model.place(order)
            }
            screen.onBack = { try shop?.getBack() }
            return screen
        }
        registry.register(DoneScreen.self, argument: Order.self) { order in
            let screen = DoneScreen(order: order)
            // The confirmation refuses the person's Back: a placed order is never paid again.
            screen.refusesBack = protectingOrder
            screen.onClose = { order in try shop?.finish(with: order) }
            return screen
        }
        return navigator
    }

    /// Arrives at a link's destination in FlowStack's terms: the registry's declaration order up to
    /// the catalog (Welcome, Sign in, Catalog) is the back stack; a product is pushed on it, the
    /// cart presented over it, checkout pushed on it, as the shop's own buttons would.
    static func arrive(at destination: ShopDestination, on navigator: StackNavigator<Order>) throws {
        let toCatalog = try navigator.declaredPath(to: CatalogScreen.self)
        switch destination {
        case .signIn: try navigator.arrive(at: navigator.declaredPath(to: SignInScreen.self))
        case .catalog: try navigator.arrive(at: toCatalog)
        case .product(let product): try navigator.arrive(at: toCatalog + [.screen(ProductScreen.self, argument: product)])
        case .cart: try navigator.arrive(at: toCatalog, presenting: .screen(CartScreen.self))
        case .checkout: try navigator.arrive(at: toCatalog + [.screen(CheckoutScreen.self)])
        }
    }
}
