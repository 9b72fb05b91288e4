import FlowKernel
import FlowLinks
import FlowRuntime

/// Where a shop link goes, whatever the strategy: each strategy's shop arrives there in its own
/// terms, with the back stack a person would have built by tapping.
public enum ShopDestination: Hashable, Sendable, CustomStringConvertible {
    /// The sign-in screen.
    case signIn
    /// The catalog.
    case catalog
    /// One product's screen, over the catalog.
    case product(Product)
    /// The cart, presented.
    case cart
    /// Checkout.
    case checkout

    /// `product shoes`, `cart`.
    public var description: String {
        switch self {
        case .signIn: "sign-in"
        case .catalog: "catalog"
        case .product(let product): "product \(product.id)"
        case .cart: "cart"
        case .checkout: "checkout"
        }
    }

    /// Whether a person must be signed in to see it.
    var needsAccount: Bool { self != .signIn }
}

/// The shop's links and guards, shared by every strategy.
@MainActor
public enum ShopLinks {
    /// One link per kind of destination, for help texts and tests.
    public static let examples = ["shop://signin", "shop://catalog", "shop://product/shoes", "shop://cart", "shop://checkout"]

    /// `shop://` links, and `https://shop.example/...` for the same paths.
    public static func map() throws -> LinkMap<ShopDestination> {
        var links = LinkMap<ShopDestination>(schemes: ["shop", "https"], sites: ["shop.example"])
        try links.register("/signin", .signIn)
        try links.register("/catalog", .catalog)
        try links.register("/product/:id") { parameters in
            let id: String = try parameters.value("id")
            guard let product = Product.catalog.first(where: { $0.id == id }) else {
                let ids = Product.catalog.map(\.id).joined(separator: ", ")
                throw FlowError(.invalidLinkParameter, "The shop sells no product \"\(id.echoed)\"; it sells \(ids).")
            }
            return .product(product)
        }
        try links.register("/cart", .cart)
        try links.register("/checkout", .checkout)
        return links
    }

    /// The shop's guards, in the order they are asked:
    /// - sign-in: everything but sign-in waits until someone has signed in, showing sign-in;
    /// - signed in: sign-in, for someone signed in already, goes to the catalog instead;
    /// - empty cart: checkout with nothing in the cart goes to the cart instead.
    public static func guards(model: ShopModel) -> [LinkGuard<ShopDestination>] {
        [
            LinkGuard("sign-in") { [weak model] destination in
                destination.needsAccount && model?.user == nil ? .defer(until: "you have signed in", showing: .signIn) : .allow
            },
            LinkGuard("signed in") { [weak model] destination in
                destination == .signIn && model?.user != nil ? .redirect(to: .catalog, because: "you are signed in already") : .allow
            },
            LinkGuard("empty cart") { [weak model] destination in
                destination == .checkout && model?.cart.isEmpty == true ? .redirect(to: .cart, because: "the cart is empty") : .allow
            },
        ]
    }
}
