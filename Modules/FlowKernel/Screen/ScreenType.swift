/// The identity of a screen's type: what registries, routers and events key on.
///
/// Two values are equal when they name the same type; the name is only a label for people, and is
/// formatted when it is read, not when the value is made, so keying on a type costs no more than
/// hashing a pointer. Lookups keyed by ``ScreenType`` cost the same however many types are
/// registered.
public struct ScreenType: Hashable, Sendable, CustomStringConvertible {
    /// The identity of the metatype.
    public let id: ObjectIdentifier
    /// The type itself, kept to name it when asked.
    private let metatype: Any.Type

    /// Names a screen type.
    public init<S: Screen>(_ type: S.Type) {
        self.init(anyType: type)
    }

    /// Names any type, such as the type of a value a router matches on.
    public init(anyType type: Any.Type) {
        self.id = ObjectIdentifier(type)
        self.metatype = type
    }

    /// Names the dynamic type of a screen.
    @MainActor
    public init(of screen: any Screen) {
        self.init(anyType: Swift.type(of: screen))
    }

    /// The type's name, without its module, for people.
    public var name: String { _typeName(metatype, qualified: false) }

    public static func == (lhs: ScreenType, rhs: ScreenType) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    public var description: String { name }
}
