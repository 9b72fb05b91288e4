/// A product in the shop's catalog.
public struct Product: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A short name users type to pick it: `shoes`.
    public let id: String
    /// What the catalog shows: `Red shoes`.
    public let name: String
    /// The price in whole euros.
    public let price: Int

    /// The three products the shop sells.
    public static let catalog = [
        Product(id: "shoes", name: "Red shoes", price: 59),
        Product(id: "hat", name: "Blue hat", price: 25),
        Product(id: "scarf", name: "Green scarf", price: 19),
    ]

    /// Makes a product.
    public init(id: String, name: String, price: Int) {
        self.id = id
        self.name = name
        self.price = price
    }

    /// `Red shoes (€59)`.
    public var description: String { "\(name) (€\(price))" }
}

/// A placed order: the flow's result in every strategy.
public struct Order: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Who ordered.
    public let email: String
    /// What was ordered, in the order it was added.
    public let items: [Product]
    /// Where it is shipped; `nil` when the person gave no address.
    public let address: ShippingAddress?

    /// Makes an order.
    public init(email: String, items: [Product], address: ShippingAddress? = nil) {
        self.email = email
        self.items = items
        self.address = address
    }

    /// The same order, shipped to an address.
    func shipped(to address: ShippingAddress) -> Order { Order(email: email, items: items, address: address) }

    /// The total in whole euros.
    public var total: Int { items.reduce(0) { $0 + $1.price } }

    /// `ana@example.com: Red shoes, Blue hat; total €84`, and where it is shipped when the
    /// person said.
    public var description: String {
        "\(email): \(items.map(\.name).joined(separator: ", ")); total €\(total)" + (address.map { "; shipped to \($0)" } ?? "")
    }
}

/// Who is signed in.
public struct User: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The email address signed in with.
    public let email: String

    /// Makes a user.
    public init(email: String) { self.email = email }

    /// The address, as a person reads it in a transcript: `ana@example.com`.
    public var description: String { email }
}
