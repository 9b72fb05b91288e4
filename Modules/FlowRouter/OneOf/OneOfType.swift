/// What the router needs of every `OneOf2` ... `OneOf8`: the case types flattened through nested
/// unions, the innermost payload, and wrapping a payload back into the right case.
///
/// You rarely use it directly; it is how a union output is unwrapped before routing, and how a
/// value is re-wrapped for a screen whose input or update is a union.
public protocol OneOfType {
    /// Every case's type in declaration order, nested unions flattened depth-first.
    static var flattenedCaseTypes: [Any.Type] { get }

    /// The innermost payload and the declared type of the case that holds it.
    var payload: (value: Any, type: Any.Type) { get }

    /// Wraps a value into the first case (declaration order, descending into nested unions) whose
    /// type is `type`; `nil` when no case has that type or the value is not of it.
    static func wrapping(_ value: Any, as type: Any.Type) -> Self?
}

/// Type-level helpers shared by the unions and the router.
enum UnionTypes {
    /// A type's flattened case types if it is a union, else the type itself.
    static func flatten(_ type: Any.Type) -> [Any.Type] {
        (type as? any OneOfType.Type)?.flattenedCaseTypes ?? [type]
    }

    /// Whether two types are the same type.
    static func same(_ a: Any.Type, _ b: Any.Type) -> Bool {
        ObjectIdentifier(a) == ObjectIdentifier(b)
    }

    /// A value as a case of type `Case`: wrapped into a nested union, or cast when `Case` is `type`.
    static func wrap<Case>(_ value: Any, as type: Any.Type, into: Case.Type) -> Case? {
        if let union = Case.self as? any OneOfType.Type {
            return union.wrapping(value, as: type) as? Case
        }
        return same(Case.self, type) ? value as? Case : nil
    }

    /// The payload of a case value: unwrapped further when the case is itself a union.
    static func payload<Case>(_ value: Case) -> (value: Any, type: Any.Type) {
        (value as? any OneOfType)?.payload ?? (value, Case.self)
    }
}
