import FlowCoordinator
import FlowKernel
import FlowRuntime
import FlowSnapshot

/// The shop as coordinators (FlowCoordinator, UIFlow's model): screens only expose closures; the
/// coordinators wire them. The app coordinator runs a sign-in child, then a tab group (the shop and
/// the account); the shop's coordinator runs the cart as a presented child. The order travels back
/// up as each coordinator's result.
@MainActor
enum CoordinatorShop {
    static func make(model: ShopModel, protectingOrder: Bool = true) -> AppCoordinator {
        AppCoordinator(model: model, protectingOrder: protectingOrder)
    }

    /// Welcome, then sign-in, then the tabs; ends with the order the tabs end with.
    final class AppCoordinator: StackCoordinator<Order> {
        let model: ShopModel
        let protectingOrder: Bool

        init(model: ShopModel, protectingOrder: Bool) {
            self.model = model
            self.protectingOrder = protectingOrder
            super.init("shop")
        }

        override func start() throws {
            let welcome = WelcomeScreen()
            welcome.onStart = { [unowned self] in try self.signIn() }
            try move(to: welcome)
        }

        private func signIn() throws {
            try start(child: SignInCoordinator(model: model)) { [unowned self] outcome in try self.signedIn(outcome) }
        }

        private func signedIn(_ outcome: FlowOutcome<User>) throws {
            guard outcome.result != nil else { return }
            try shop()
        }

        private func shop() throws {
            try start(child: ShopTabs(model: model, protectingOrder: protectingOrder)) { [unowned self] outcome in try self.shopped(outcome) }
        }

        private func shopped(_ outcome: FlowOutcome<Order>) throws {
            guard let order = outcome.result else { return }
            try finish(with: order)
        }

        /// The child flows a restore brings back, made as the shop makes them; `nil` for the
        /// tab items, which the tabs' own start adds again.
        func remake(_ saved: SavedFlow) -> (any RestorableFlow)? {
            switch saved.id {
            case "signin": SignInCoordinator(model: model)
            case "tabs": ShopTabs(model: model, protectingOrder: protectingOrder)
            case "cart": CartCoordinator(model: model)
            default: nil
            }
        }

        /// A restored child gets back the handler its start gave it.
        override func didRestore(child: any Flow) {
            switch child {
            case let signIn as SignInCoordinator: signIn.onFinish { [unowned self] outcome in attempt { try self.signedIn(outcome) } }
            case let tabs as ShopTabs: tabs.onFinish { [unowned self] outcome in attempt { try self.shopped(outcome) } }
            default: break
            }
        }

        /// Answers a link: sign-in is this coordinator's child, so it starts it (ending the tabs,
        /// if they run); everything else is in the tabs, which it starts if they do not run yet
        /// (ending the sign-in child, whose work the guards say is done) and hands the rest to.
        func answer(_ destination: ShopDestination) throws {
            if destination == .signIn {
                if child is SignInCoordinator { return }
                try child?.cancel()
                try signIn()
                return
            }
            if !(child is ShopTabs) {
                try child?.cancel()
                try shop()
            }
            try (child as? ShopTabs)?.answer(destination)
        }
    }

    /// The sign-in screen; ends with the user, or cancelled when the user goes back.
    final class SignInCoordinator: StackCoordinator<User> {
        let model: ShopModel

        init(model: ShopModel) {
            self.model = model
            super.init("signin")
        }

        override func start() throws {
            let screen = SignInScreen(model: model)
            screen.onSignedIn = { [unowned self] user in try self.finish(with: user) }
            screen.onBack = { [unowned self] in try self.cancel() }
            try move(to: screen)
        }
    }

    /// The tab group: the shop, and the account. Ends with the shop's order.
    final class ShopTabs: TabCoordinator<Order> {
        let model: ShopModel
        let protectingOrder: Bool
        /// The shop tab's coordinator, which answers links.
        private weak var catalog: CatalogCoordinator?

        init(model: ShopModel, protectingOrder: Bool) {
            self.model = model
            self.protectingOrder = protectingOrder
            super.init("tabs")
        }

        override func start() throws {
            try super.start()
            let catalog = CatalogCoordinator(model: model, protectingOrder: protectingOrder)
            catalog.onAccount = { [unowned self] in try self.select(1) }
            // An item's end arrives in a handler that cannot throw: a refusal goes to refused(_:).
            catalog.onFinish { [unowned self] outcome in
                guard let order = outcome.result else { return }
                attempt { try self.finish(with: order) }
            }
            try addItem(title: "Shop", coordinator: catalog)
            self.catalog = catalog
            let account = AccountCoordinator(model: model)
            account.onShop = { [unowned self] in try self.select(0) }
            try addItem(title: "Account", coordinator: account)
        }

        /// Answers a link: everything the shop links to is on the shop tab.
        func answer(_ destination: ShopDestination) throws {
            if selectedIndex != 0 { try select(0) }
            try catalog?.answer(destination)
        }
    }

    /// Catalog, product, checkout and done on the shop tab's stack; the cart presented as a child.
    final class CatalogCoordinator: StackCoordinator<Order> {
        let model: ShopModel
        let protectingOrder: Bool
        var onAccount: (() throws -> Void)?
        /// The catalog, the tab's first screen, which every link's back stack starts from.
        private weak var catalog: CatalogScreen?

        init(model: ShopModel, protectingOrder: Bool) {
            self.model = model
            self.protectingOrder = protectingOrder
            super.init("catalog")
        }

        override func start() throws {
            let catalog = CatalogScreen(model: model)
            catalog.onPick = { [unowned self] product in try self.show(product) }
            catalog.onOpenCart = { [unowned self] in try self.openCart() }
            catalog.onAccount = { [unowned self] in try self.onAccount?() }
            try move(to: catalog)
            self.catalog = catalog
        }

        private func show(_ product: Product) throws {
            try move(to: productScreen(product))
        }

        private func productScreen(_ product: Product) -> ProductScreen {
            let screen = ProductScreen(model: model, product: product)
            screen.onOpenCart = { [unowned self] in try self.openCart() }
            screen.onBack = { [unowned self] in try self.back() }
            return screen
        }

        private func openCart() throws {
            try start(child: CartCoordinator(model: model), presented: true) { [unowned self] outcome in try self.cartClosed(outcome) }
        }

        private func cartClosed(_ outcome: FlowOutcome<Void>) throws {
            guard outcome.result != nil else { return }
            try checkout()
        }

        /// A restored cart gets back the handler ``openCart()`` gave it.
        override func didRestore(child: any Flow) {
            guard let cart = child as? CartCoordinator else { return }
            cart.onFinish { [unowned self] outcome in attempt { try self.cartClosed(outcome) } }
        }

        /// The catalog's screens are saved by what they show: a product, the checkout, the order.
        override func save(_ screen: any Screen) -> SavedValue? {
            switch screen {
            case is CatalogScreen: .string("catalog")
            case let product as ProductScreen: product.product.flatMap { try? SavedValue(encoding: $0) }.map { .object(["product": $0]) }
            case is CheckoutScreen: .string("checkout")
            case let done as DoneScreen: done.order.flatMap { try? SavedValue(encoding: $0) }.map { .object(["order": $0]) }
            default: nil
            }
        }

        /// Makes a saved screen again, as the coordinator makes it.
        override func restoreScreen(from saved: SavedValue) throws -> (any Screen)? {
            if saved == .string("checkout") { return checkoutScreen() }
            if let product = saved["product"] { return productScreen(try product.decode(Product.self)) }
            if let order = saved["order"] { return doneScreen(try order.decode(Order.self)) }
            return nil
        }

        private func checkout() throws {
            try move(to: checkoutScreen())
        }

        private func checkoutScreen() -> CheckoutScreen {
            let screen = CheckoutScreen(model: model)
            screen.onPay = { [unowned self] order in try self.done(order) }
            screen.onBack = { [unowned self] in try self.back() }
            return screen
        }

        /// Answers a link on the tab's own stack: the catalog first, then the product or checkout
        /// pushed on it, or the cart started as a child over it. A cart that is open is cancelled
        /// first, unless the link is to the cart and it is open over the catalog already.
        func answer(_ destination: ShopDestination) throws {
            guard let catalog else { throw FlowError(.notFound, "The shop tab shows no catalog to arrive from.") }
            if destination == .cart, child is CartCoordinator, topNode == .of(catalog) { return }
            try child?.cancel()
            switch destination {
            case .signIn, .catalog: try setStack([catalog])
            case .product(let product): try setStack([catalog, productScreen(product)])
            case .cart:
                try setStack([catalog])
                try openCart()
            case .checkout: try setStack([catalog, checkoutScreen()])
            }
        }

        private func doneScreen(_ order: Order) -> DoneScreen {
            let screen = DoneScreen(order: order)
            // The confirmation refuses the person's Back: a placed order is never paid again.
            screen.refusesBack = protectingOrder
            screen.onClose = { [unowned self] order in try self.finish(with: order) }
            return screen
        }

        private func done(_ order: Order) throws {
            try move(to: doneScreen(order))
            model.place(order)
        }
    }

    /// The cart; ends with checkout, or cancelled when closed.
    final class CartCoordinator: StackCoordinator<Void> {
        let model: ShopModel

        init(model: ShopModel) {
            self.model = model
            super.init("cart")
        }

        override func start() throws {
            let screen = CartScreen(model: model)
            screen.onClose = { [unowned self] in try self.cancel() }
            screen.onAsk = { [unowned self] in try self.present(alert: $0, onAnswer: $1) }
            screen.onCheckout = { [unowned self] in try self.finish(with: ()) }
            try move(to: screen)
        }
    }

    /// The account tab.
    final class AccountCoordinator: StackCoordinator<Void> {
        let model: ShopModel
        var onShop: (() throws -> Void)?

        init(model: ShopModel) {
            self.model = model
            super.init("account")
        }

        override func start() throws {
            let screen = AccountScreen(model: model)
            screen.onShop = { [unowned self] in try self.onShop?() }
            try move(to: screen)
        }
    }
}
