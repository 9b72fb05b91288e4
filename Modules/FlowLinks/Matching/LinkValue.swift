/// A type a link parameter or query value decodes to.
///
/// `String`, `Int`, `Double` and `Bool` conform; so does any `RawRepresentable` type whose raw
/// value does, once it declares the conformance — an enum of tabs or sort orders:
///
/// ```swift
/// enum Tab: String, LinkValue { case shop, account }
/// let tab: Tab = try parameters.value("tab")
/// ```
public protocol LinkValue {
    /// Decodes a value from a link's decoded text, or returns `nil` when the text does not name one.
    init?(linkText: String)
    /// What a value of this type looks like, for messages: `a whole number`.
    static var linkValueDescription: String { get }
}

extension LinkValue where Self: RawRepresentable, RawValue: LinkValue {
    /// Decodes the raw value, then the value from it.
    public init?(linkText: String) {
        guard let raw = RawValue(linkText: linkText) else { return nil }
        self.init(rawValue: raw)
    }

    /// `one of the values of Tab`.
    public static var linkValueDescription: String { "one of the values of \(Self.self)" }
}

extension String: LinkValue {
    /// Any text.
    public init?(linkText: String) { self = linkText }
    /// `text`.
    public static var linkValueDescription: String { "text" }
}

extension Int: LinkValue {
    /// Decimal digits, with a leading `-` for a negative number.
    public init?(linkText: String) { self.init(linkText, radix: 10) }
    /// `a whole number`.
    public static var linkValueDescription: String { "a whole number" }
}

extension Double: LinkValue {
    /// A decimal number such as `2.5`; not `nan` or `inf`.
    public init?(linkText: String) {
        guard let value = Double(linkText), value.isFinite else { return nil }
        self = value
    }
    /// `a number`.
    public static var linkValueDescription: String { "a number" }
}

extension Bool: LinkValue {
    /// `true`, `false`, `1` or `0`.
    public init?(linkText: String) {
        switch linkText {
        case "true", "1": self = true
        case "false", "0": self = false
        default: return nil
        }
    }
    /// `true or false`.
    public static var linkValueDescription: String { "true or false" }
}
