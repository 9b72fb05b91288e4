import FlowCoordinator
import FlowKernel

/// The shop as coordinators (FlowCoordinator, UIFlow's model): screens only expose closures; the
/// coordinators wire them. The app coordinator runs a sign-in child, then a tab group (the shop and
/// the account); the shop's coordinator runs the cart as a presented child. The order travels back
/// up as each coordinator's result.
@MainActor
enum CoordinatorShop {
    static func make(model: ShopModel) -> AppCoordinator {
        AppCoordinator(model: model)
    }

    /// Welcome, then sign-in, then the tabs; ends with the order the tabs end with.
    final class AppCoordinator: StackCoordinator<Order> {
        let model: ShopModel

        init(model: ShopModel) {
            self.model = model
            super.init("shop")
        }

        override func start() throws {
            let welcome = WelcomeScreen()
            welcome.onStart = { [unowned self] in try self.signIn() }
            try move(to: welcome)
        }

        private func signIn() throws {
            try start(child: SignInCoordinator(model: model)) { [unowned self] outcome in
                guard outcome.result != nil else { return }
                try self.shop()
            }
        }

        private func shop() throws {
            try start(child: ShopTabs(model: model)) { [unowned self] outcome in
                guard let order = outcome.result else { return }
                try self.finish(with: order)
            }
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

        init(model: ShopModel) {
            self.model = model
            super.init("tabs")
        }

        override func start() throws {
            try super.start()
            let catalog = CatalogCoordinator(model: model)
            catalog.onAccount = { [unowned self] in try self.select(1) }
            // An item's end arrives in a handler that cannot throw: a refusal goes to refused(_:).
            catalog.onFinish { [unowned self] outcome in
                guard let order = outcome.result else { return }
                attempt { try self.finish(with: order) }
            }
            try addItem(title: "Shop", coordinator: catalog)
            let account = AccountCoordinator(model: model)
            account.onShop = { [unowned self] in try self.select(0) }
            try addItem(title: "Account", coordinator: account)
        }
    }

    /// Catalog, product, checkout and done on the shop tab's stack; the cart presented as a child.
    final class CatalogCoordinator: StackCoordinator<Order> {
        let model: ShopModel
        var onAccount: (() throws -> Void)?

        init(model: ShopModel) {
            self.model = model
            super.init("catalog")
        }

        override func start() throws {
            let catalog = CatalogScreen(model: model)
            catalog.onPick = { [unowned self] product in try self.show(product) }
            catalog.onOpenCart = { [unowned self] in try self.openCart() }
            catalog.onAccount = { [unowned self] in try self.onAccount?() }
            try move(to: catalog)
        }

        private func show(_ product: Product) throws {
            let screen = ProductScreen(model: model, product: product)
            screen.onOpenCart = { [unowned self] in try self.openCart() }
            screen.onBack = { [unowned self] in try self.back() }
            try move(to: screen)
        }

        private func openCart() throws {
            try start(child: CartCoordinator(model: model), presented: true) { [unowned self] outcome in
                guard outcome.result != nil else { return }
                try self.checkout()
            }
        }

        private func checkout() throws {
            let screen = CheckoutScreen(model: model)
            screen.onPay = { [unowned self] order in try self.done(order) }
            screen.onBack = { [unowned self] in try self.back() }
            try move(to: screen)
        }

        private func done(_ order: Order) throws {
            let screen = DoneScreen(order: order)
            screen.onClose = { [unowned self] order in try self.finish(with: order) }
            try move(to: screen)
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
