/// Where an order is shipped: the checkout's address, given as five parts.
public struct ShippingAddress: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Who receives it.
    public let name: String
    /// The street and number.
    public let street: String
    /// The city.
    public let city: String
    /// The postcode.
    public let postcode: String
    /// The country's two-letter code, one of ``countries``.
    public let country: String

    /// The countries the shop ships to: code and name.
    public static let countries: [(code: String, name: String)] = [("PT", "Portugal"), ("ES", "Spain"), ("FR", "France"), ("DE", "Germany")]

    /// The parts in the order they are typed, with their labels.
    public static let parts: [(name: String, label: String)] = [
        ("name", "Full name"), ("street", "Street and number"), ("city", "City"), ("postcode", "Postcode"), ("country", "Country"),
    ]

    /// `Ana Lopez, 1 Rua Augusta, 1100-048 Lisbon, Portugal`.
    public var description: String {
        "\(name), \(street), \(postcode) \(city), \(Self.countries.first { $0.code == country }?.name ?? country)"
    }

    /// The address the text names: its five parts separated by `;`, as in
    /// `Ana Lopez; 1 Rua Augusta; Lisbon; 1100-048; PT`.
    public static func parse(_ text: String) -> Result<ShippingAddress, InvalidAddress> {
        let parts = text.split(separator: ";", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        guard parts.count == Self.parts.count else {
            return .failure(
                InvalidAddress(
                    description:
                        "\"\(text.echoed)\" is not an address: give its five parts separated by ;, as in \"Ana Lopez; 1 Rua Augusta; Lisbon; 1100-048; PT\"."
                ))
        }
        for (part, value) in zip(Self.parts, parts) {
            if let problem = check(part.name, value) { return .failure(problem) }
        }
        return .success(ShippingAddress(name: parts[0], street: parts[1], city: parts[2], postcode: parts[3], country: parts[4]))
    }

    /// The problem with one part's value, or `nil` when it will do.
    static func check(_ part: String, _ value: String) -> InvalidAddress? {
        let label = Self.parts.first { $0.name == part }?.label ?? part
        if value.trimmingSpaces.isEmpty { return InvalidAddress(description: "\(label) is missing.") }
        if value.contains(";") { return InvalidAddress(description: "\(label) cannot hold a ;.") }
        if value.count > 80 { return InvalidAddress(description: "\(label) is longer than 80 characters.") }
        switch part {
        case "postcode":
            guard value.count <= 10, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == " " || $0 == "-") }) else {
                return InvalidAddress(description: "\"\(value.echoed)\" is not a postcode: use letters, digits, spaces and -, at most 10.")
            }
        case "country":
            guard countries.contains(where: { $0.code == value }) else {
                return InvalidAddress(description: "The shop does not ship to \"\(value.echoed)\": choose \(countries.map(\.code).joined(separator: ", ")).")
            }
        default:
            break
        }
        return nil
    }
}

/// Why a shipping address was refused.
public struct InvalidAddress: Error, Equatable, CustomStringConvertible {
    /// The reason, for people.
    public let description: String
}
