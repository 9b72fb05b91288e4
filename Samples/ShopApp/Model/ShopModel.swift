import FlowKernel
import FlowRuntime

/// What one shopping session knows: who is signed in and what is in the cart. Every strategy's
/// app shares it with the screens; none of them keeps navigation state in it.
@MainActor
public final class ShopModel {
    /// The signed-in user, once signed in.
    public private(set) var user: User?
    /// The products in the cart, in the order they were added.
    public private(set) var cart: [Product] = []
    /// The orders placed, first first. A journey places one; the explorer reports one that
    /// places two (``ShopExploration``).
    public private(set) var placedOrders: [Order] = []
    /// Where orders are shipped, once the person has said.
    public private(set) var shippingAddress: ShippingAddress?

    /// Makes an empty session.
    public init() {}

    /// Signs in with an email address.
    ///
    /// - Returns: the user, or `nil` with the reason the address is not valid.
    public func signIn(email: String) -> Result<User, InvalidEmail> {
        if let problem = InvalidEmail.check(email) { return .failure(problem) }
        let user = User(email: email)
        self.user = user
        return .success(user)
    }

    /// Sets where orders are shipped, from its parts separated by `;`: name, street, city,
    /// postcode, country code.
    ///
    /// - Returns: the address, or the reason it is not one (and nothing changes).
    public func ship(to text: String) -> Result<ShippingAddress, InvalidAddress> {
        switch ShippingAddress.parse(text) {
        case .success(let address):
            shippingAddress = address
            return .success(address)
        case .failure(let problem):
            return .failure(problem)
        }
    }

    /// The signed-in user, for a screen that needs one (a link's back stack through the catalog).
    ///
    /// - Throws: `notFound` when nobody is signed in.
    func signedInUser() throws -> User {
        guard let user else { throw FlowError(.notFound, "Nobody is signed in; sign in before opening the catalog.") }
        return user
    }

    /// How many items the cart holds, in words: `1 item`, `2 items`.
    public var cartCount: String {
        cart.count == 1 ? "1 item" : "\(cart.count) items"
    }

    /// Adds a product to the cart.
    public func add(_ product: Product) {
        cart.append(product)
    }

    /// Takes the last added of a product out of the cart, if it holds one.
    public func remove(_ product: Product) {
        guard let index = cart.lastIndex(of: product) else { return }
        cart.remove(at: index)
    }

    /// Places an order: it is recorded, and the cart is emptied. The effect a second Pay must
    /// never repeat.
    public func place(_ order: Order) {
        placedOrders.append(order)
        cart = []
    }

    /// What of this session changes what a user can do, beyond what is shown: whether someone
    /// is signed in, and whether the cart has something in it (which offers checkout). The
    /// explorer tells states apart by it (and by the orders placed, a once-only effect).
    /// The model as the app keeps it across launches, next to the navigation: who is signed in,
    /// the cart, the orders placed.
    public struct Saved: Codable, Hashable, Sendable {
        /// Who is signed in.
        public var user: User?
        /// What is in the cart.
        public var cart: [Product]
        /// The orders placed.
        public var placedOrders: [Order]
        /// Where orders are shipped; `nil` until the person says, and in a state saved before
        /// the shop asked.
        public var shippingAddress: ShippingAddress?
    }

    /// The model's state, to save.
    public var saved: Saved { Saved(user: user, cart: cart, placedOrders: placedOrders, shippingAddress: shippingAddress) }

    /// Takes back a saved state, as the app does at launch before it restores its navigation.
    public func restore(_ saved: Saved) {
        user = saved.user
        cart = saved.cart
        placedOrders = saved.placedOrders
        shippingAddress = saved.shippingAddress
    }

    public var navigationState: String {
        "signed in: \(user != nil), cart: \(cart.isEmpty ? "empty" : "not empty")"
    }

    /// The order the cart makes, if someone is signed in and the cart has something in it.
    public var order: Order? {
        guard let user, !cart.isEmpty else { return nil }
        return Order(email: user.email, items: cart, address: shippingAddress)
    }
}

/// Why an email address was refused.
public struct InvalidEmail: Error, Equatable, CustomStringConvertible {
    /// The reason, for people.
    public let description: String

    /// The problem with an address, or `nil` when it looks like an email address.
    static func check(_ email: String) -> InvalidEmail? {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last else {
            return InvalidEmail(description: "\"\(email.echoed)\" is not an email address: it needs exactly one @.")
        }
        guard !local.isEmpty, !email.contains(" ") else {
            return InvalidEmail(description: "\"\(email.echoed)\" is not an email address: the part before @ is missing or has spaces.")
        }
        guard domain.split(separator: ".").count >= 2, !domain.hasPrefix("."), !domain.hasSuffix(".") else {
            return InvalidEmail(description: "\"\(email.echoed)\" is not an email address: the part after @ needs a domain like example.com.")
        }
        return nil
    }
}
