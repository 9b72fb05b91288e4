import FlowKernel
import FlowRouter
import FlowRuntime

/// The shop as type-matched routing (FlowRouter, StoryFlow's model): every screen produces a typed
/// value and the router decides — a screen that requires it is shown, a shown screen that handles it
/// is unwound to. The order, which no screen requires or handles, completes the flow.
@MainActor
public enum RouterShop {
    /// Welcome asks for sign-in.
    public struct SignInRequest: Codable, Sendable {}
    /// Sign-in went back.
    public struct SignInCancelled: Codable, Sendable {}
    /// A screen asks for the cart.
    public struct CartRequest: Codable, Sendable {}
    /// The cart was closed.
    public struct CartClosed: Codable, Sendable {}
    /// The cart asks for checkout.
    public struct CheckoutRequest: Codable, Sendable {}
    /// Checkout went back.
    public struct CheckoutCancelled: Codable, Sendable {}
    /// The product screen goes back to the catalog.
    public struct BackToCatalog: Codable, Sendable {}
    /// An order was placed: Done shows it.
    public struct Receipt: Codable, Sendable {
        /// The order placed.
        public let order: Order
    }

    static func make(model: ShopModel, protectingOrder: Bool = true) throws -> RouterFlow<Order> {
        let router = Router()
        try router.register(SignInScreen.self) {
            let screen = SignInScreen(model: model)
            screen.onSignedIn = { [unowned screen] user in try screen.produce(user) }
            screen.onBack = { [unowned screen] in try screen.produce(SignInCancelled()) }
            return screen
        }
        try router.register(CatalogScreen.self) {
            let screen = CatalogScreen(model: model)
            screen.onPick = { [unowned screen] product in try screen.produce(product) }
            screen.onOpenCart = { [unowned screen] in try screen.produce(CartRequest()) }
            return screen
        }
        try router.register(ProductScreen.self) { (product: Product) in
            let screen = ProductScreen(model: model, product: product)
            screen.onOpenCart = { [unowned screen] in try screen.produce(CartRequest()) }
            screen.onBack = { [unowned screen] in try screen.produce(BackToCatalog()) }
            return screen
        }
        try router.register(CartScreen.self) {
            let screen = CartScreen(model: model)
            screen.onClose = { [unowned screen] in try screen.produce(CartClosed()) }
            screen.onAsk = { [unowned screen] in try screen.present(alert: $0, onAnswer: $1) }
            screen.onCheckout = { [unowned screen] in try screen.produce(CheckoutRequest()) }
            return screen
        }
        try router.register(CheckoutScreen.self) {
            let screen = CheckoutScreen(model: model)
            screen.onPay = { [unowned screen] order in
                try screen.produce(Receipt(order: order))
                model.place(order)
            }
            screen.onBack = { [unowned screen] in try screen.produce(CheckoutCancelled()) }
            return screen
        }
        try router.register(DoneScreen.self) { (receipt: Receipt) in
            let screen = DoneScreen(order: receipt.order)
            // Routing shows what a value asks for and keeps what led to it: the confirmation
            // refuses the person's Back instead.
            screen.refusesBack = protectingOrder
            screen.onClose = { [unowned screen] order in try screen.produce(order) }
            return screen
        }
        router.addTransition(to: CartScreen.self, .present)
        // Checking out from the cart closes it and continues on the stack the cart was opened
        // from: one decision of two operations, which the router carries out all or not at all.
        router.addTransition(
            from: CartScreen.self, to: CheckoutScreen.self,
            .decided { context in
                let hierarchy = context.hierarchy
                guard let opener = hierarchy.presenter(of: .of(context.from)),
                    case .stack(let stack)? = hierarchy.parent(of: opener.ref)?.kind
                else {
                    throw FlowError(.notFound, "The cart was not opened from a screen in a stack.")
                }
                return [.dismiss(presentedBy: opener.ref), .push(.screen(context.to), onto: stack)]
            })
        return RouterFlow("shop", router: router) {
            let screen = WelcomeScreen()
            screen.onStart = { [unowned screen] in try screen.produce(SignInRequest()) }
            return screen
        }
    }
}

extension RouterShop {
    /// Arrives at a link's destination in FlowRouter's terms: at the screen that requires the
    /// value the destination stands for, with the back stack the types declare (Welcome produces
    /// the sign-in request, sign-in the user, the catalog the product or the cart request, the
    /// cart the checkout request). The values on the way come from the session.
    static func arrive(at destination: ShopDestination, on flow: RouterFlow<Order>, model: ShopModel) throws {
        let resolve: (Any.Type) -> Any? = { type in
            if type == SignInRequest.self { return SignInRequest() }
            if type == User.self { return model.user }
            if type == CartRequest.self { return CartRequest() }
            return nil
        }
        switch destination {
        case .signIn: try flow.arrive(at: SignInRequest(), resolving: resolve)
        case .catalog: try flow.arrive(at: try model.signedInUser(), resolving: resolve)
        case .product(let product): try flow.arrive(at: product, resolving: resolve)
        case .cart: try flow.arrive(at: CartRequest(), resolving: resolve)
        case .checkout: try flow.arrive(at: CheckoutRequest(), resolving: resolve)
        }
    }
}

// The route slot, kept in the screens' attachments.
extension ShopScreen {
    /// Where the router keeps what it knows about this screen.
    public var route: RouteSlot {
        if let slot = attachments["router.route"] as? RouteSlot { return slot }
        let slot = RouteSlot()
        attachments["router.route"] = slot
        return slot
    }
}

extension WelcomeScreen: OutputProducing, UpdateHandling {
    public typealias Output = RouterShop.SignInRequest
    public typealias Update = RouterShop.SignInCancelled
}

extension SignInScreen: InputRequiring, OutputProducing {
    public typealias Input = RouterShop.SignInRequest
    public typealias Output = OneOf2<User, RouterShop.SignInCancelled>
}

extension CatalogScreen: InputRequiring, OutputProducing, UpdateHandling {
    public typealias Input = User
    public typealias Output = OneOf2<Product, RouterShop.CartRequest>
    public typealias Update = OneOf3<RouterShop.BackToCatalog, RouterShop.CartClosed, RouterShop.CheckoutCancelled>
}

extension ProductScreen: InputRequiring, OutputProducing, UpdateHandling {
    public typealias Input = Product
    public typealias Output = OneOf2<RouterShop.CartRequest, RouterShop.BackToCatalog>
    public typealias Update = OneOf2<RouterShop.CartClosed, RouterShop.CheckoutCancelled>
}

extension CartScreen: InputRequiring, OutputProducing {
    public typealias Input = RouterShop.CartRequest
    public typealias Output = OneOf2<RouterShop.CartClosed, RouterShop.CheckoutRequest>
}

extension CheckoutScreen: InputRequiring, OutputProducing {
    public typealias Input = RouterShop.CheckoutRequest
    public typealias Output = OneOf2<RouterShop.Receipt, RouterShop.CheckoutCancelled>
}

extension DoneScreen: InputRequiring, OutputProducing {
    public typealias Input = RouterShop.Receipt
    public typealias Output = Order
}
