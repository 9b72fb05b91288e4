/// One broken law: which, and what happened instead.
public struct LawViolation: Hashable, Sendable, CustomStringConvertible {
    /// The law's name.
    public let law: String
    /// What happened instead.
    public let detail: String

    /// Makes a violation.
    public init(law: String, detail: String) {
        self.law = law
        self.detail = detail
    }

    /// `law: detail`.
    public var description: String { "\(law): \(detail)" }
}
