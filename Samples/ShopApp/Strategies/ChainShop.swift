import FlowChain
import FlowKernel

/// The shop as a step chain (FlowChain, Flowter's model): each screen says it is done and hands
/// the next step its context — the user, the product, the order — and the last step's order is the
/// chain's result. The cart is a chain of its own, presented over the product; checking out ends
/// it with a value and the product step moves on.
///
/// A chain is linear, and checkout comes after a product: checking out from the cart opened over
/// the catalog arrives at checkout as a link to it does, through the last product added.
@MainActor
enum ChainShop {
    static func make(model: ShopModel, host: any PresentationHost, protectingOrder: Bool = true) -> ChainFlow<Order> {
        // The catalog's cart checks out through the chain it is a step of, made below.
        weak var shop: ChainFlow<Order>?
        let chain = StepChain<Order>("shop")
            .addStep {
                let screen = WelcomeScreen()
                screen.onStart = { [unowned screen] in try screen.next() }
                return screen
            }
            .addStep {
                let screen = SignInScreen(model: model)
                screen.onSignedIn = { [unowned screen] user in try screen.next(context: user) }
                screen.onBack = { [unowned screen] in try screen.step?.back() }
                return screen
            }
            .addStep {
                let screen = CatalogScreen(model: model)
                screen.onPick = { [unowned screen] product in try screen.next(context: product) }
                screen.onOpenCart = { [unowned screen] in
                    try openCart(from: screen, model: model, host: host) { try checkOutFromCatalog(shop, model: model) }
                }
                return screen
            }
            .addStep {
                let screen = ProductScreen(model: model)
                screen.onOpenCart = { [unowned screen] in
                    try openCart(from: screen, model: model, host: host) { [weak screen] in try screen?.next() }
                }
                screen.onBack = { [unowned screen] in try screen.step?.back() }
                return screen
            }
            .addStep {
                let screen = CheckoutScreen(model: model)
                screen.onPay = { [unowned screen] order in
                    try screen.next(context: order)
                    model.place(order)
                }
                screen.onBack = { [unowned screen] in try screen.step?.back() }
                return screen
            }
            .addStep {
                let screen = DoneScreen()
                // A chain's steps are its order: the confirmation refuses the person's Back instead.
                screen.refusesBack = protectingOrder
                screen.onClose = { [unowned screen] order in try screen.next(context: order) }
                return screen
            }
            .finish()
        shop = chain
        return chain
    }

    /// Checkout from the cart opened over the catalog: the chain arrives at its checkout step as a
    /// link to checkout does, with the last product added as the product step's context.
    private static func checkOutFromCatalog(_ shop: ChainFlow<Order>?, model: ShopModel) throws {
        guard let shop else { throw FlowError(.flowFinished, "The shop has ended; there is nothing to check out from.") }
        try arrive(at: .checkout, on: shop, model: model)
    }

    /// The steps, in order: Welcome 0, Sign in 1, Catalog 2 (takes the user), Product 3 (takes the
    /// product), Checkout 4, Done 5.
    private enum Steps {
        static let signIn = 1, catalog = 2, product = 3, checkout = 4
    }

    /// Arrives at a link's destination in FlowChain's terms: the chain runs to the destination's
    /// step, each step on the way given its context — the user for the catalog, the link's product
    /// (for checkout, the last product added to the cart) for the product. The cart, a chain of its
    /// own presented over a step, is cancelled first unless it is the destination and open over the
    /// catalog already; the cart is opened from the catalog, as its button does.
    static func arrive(at destination: ShopDestination, on chain: ChainFlow<Order>, model: ShopModel) throws {
        let openCart = chain.currentScreen.flatMap { $0 as? ShopScreen }?.attachments["chain.cart"] as? ChainFlow<Void>
        if destination == .cart, openCart?.phase == .running, chain.currentStep == Steps.catalog { return }
        if openCart?.phase == .running { try openCart?.cancel() }
        switch destination {
        case .signIn:
            try chain.arrive(atStep: Steps.signIn)
        case .catalog, .cart:
            let user = try model.signedInUser()
            try chain.arrive(atStep: Steps.catalog) { $0 == Steps.catalog ? user : nil }
            if destination == .cart { try (chain.currentScreen as? CatalogScreen)?.onOpenCart?() }
        case .product(let product):
            let user = try model.signedInUser()
            try chain.arrive(atStep: Steps.product) { $0 == Steps.catalog ? user : $0 == Steps.product ? product : nil }
        case .checkout:
            let user = try model.signedInUser()
            guard let product = model.cart.last else { throw FlowError(.notFound, "The cart is empty; there is nothing to check out.") }
            try chain.arrive(atStep: Steps.checkout) { $0 == Steps.catalog ? user : $0 == Steps.product ? product : nil }
        }
    }

    /// Presents the cart as a one-step chain: closing ends it early; checking out completes it
    /// (taking it off the host) and then runs `checkout`. The screen that opens the cart keeps the
    /// running chain until it ends.
    private static func openCart(from opener: ShopScreen, model: ShopModel, host: any PresentationHost, checkout: @escaping () throws -> Void) throws {
        let cart = makeCart(from: opener, model: model, checkout: checkout)
        try cart.start(on: host, placement: .presented, parent: "shop")
        keep(cart, on: opener)
    }

    /// The cart chain of a restored shop, for the step it was opened from: the restore starts it.
    static func restoredCart(over chain: ChainFlow<Order>, model: ShopModel) -> ChainFlow<Void>? {
        guard let opener = chain.currentScreen as? ShopScreen else { return nil }
        let checkout: () throws -> Void =
            if let product = opener as? ProductScreen {
                { [weak product] in try product?.next() }
            } else {
                { [weak chain] in try checkOutFromCatalog(chain, model: model) }
            }
        let cart = makeCart(from: opener, model: model, checkout: checkout)
        keep(cart, on: opener)
        return cart
    }

    /// The screen that opened the cart keeps it while it runs, so a link can close it.
    private static func keep(_ cart: ChainFlow<Void>, on opener: ShopScreen) {
        opener.attachments["chain.cart"] = cart
        cart.onFinish { [weak opener] _ in opener?.attachments["chain.cart"] = nil }
    }

    private static func makeCart(from opener: ShopScreen, model: ShopModel, checkout: @escaping () throws -> Void) -> ChainFlow<Void> {
        StepChain<Void>("cart")
            .addStep {
                let screen = CartScreen(model: model)
                screen.onClose = { [unowned screen] in try screen.step?.endFlow() }
                screen.onAsk = { [unowned screen] in try screen.step?.present(alert: $0, onAnswer: $1) }
                screen.onCheckout = { [unowned screen] in
                    try screen.next()
                    try checkout()
                }
                return screen
            }
            .finish()
    }
}

// The chain's step handle, kept in the screens' attachments.
extension ShopScreen {
    /// The chain step that shows this screen.
    public var step: StepHandle? {
        get { attachments["chain.step"] as? StepHandle }
        set { attachments["chain.step"] = newValue }
    }
}

// Each screen declares what it passes on, so the chain's declared graph checks every step takes
// what the step before it hands over, and a screen that passed anything else would be refused.

extension WelcomeScreen: ChainScreen {
    /// Starting passes nothing on.
    public typealias NextContext = Never
}

extension SignInScreen: ChainScreen {
    /// The user who signed in.
    public typealias NextContext = User
}

extension CartScreen: ChainScreen {
    /// Checking out passes nothing on.
    public typealias NextContext = Never
}

extension CheckoutScreen: ChainScreen {
    /// The order paid for.
    public typealias NextContext = Order
}

extension CatalogScreen: ChainScreen {
    /// The product picked.
    public typealias NextContext = Product
    /// The catalog is shown for a signed-in user.
    public func update(with context: User) {}
}

extension ProductScreen: ChainScreen {
    /// Going on to checkout passes nothing.
    public typealias NextContext = Never
    /// The product to show.
    public func update(with context: Product) { product = context }
}

extension DoneScreen: ChainScreen {
    /// The order, the chain's result.
    public typealias NextContext = Order
    /// The order placed.
    public func update(with context: Order) { order = context }
}
