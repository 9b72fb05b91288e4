/// The name of a running flow, as events and transcripts show it: `[checkout] push Cart onto [main]`.
///
/// Choose names that are unique among the flows running on one host; the name is a label, and
/// FlowKit does not enforce uniqueness.
public struct FlowID: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The flow's name.
    public let name: String

    /// Names a flow.
    public init(_ name: String) { self.name = name }

    /// Names a flow with a string literal.
    public init(stringLiteral value: String) { self.init(value) }

    public var description: String { name }
}
