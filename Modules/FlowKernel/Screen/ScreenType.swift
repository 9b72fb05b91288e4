/// The identity of a screen's type: what registries, routers and events key on.
///
/// Two values are equal when they name the same type; the name is only a label for people.
/// Lookups keyed by ``ScreenType`` cost the same however many types are registered.
public struct ScreenType: Hashable, Sendable, CustomStringConvertible {
    /// The identity of the metatype.
    public let id: ObjectIdentifier
    /// The type's name, without its module, for people.
    public let name: String

    /// Names a screen type.
    public init<S: Screen>(_ type: S.Type) {
        self.id = ObjectIdentifier(type)
        self.name = String(describing: type)
    }

    /// Names any type, such as the type of a value a router matches on.
    public init(anyType type: Any.Type) {
        self.id = ObjectIdentifier(type)
        self.name = String(describing: type)
    }

    /// Names the dynamic type of a screen.
    @MainActor
    public init(of screen: any Screen) {
        self.init(anyType: Swift.type(of: screen))
    }

    public static func == (lhs: ScreenType, rhs: ScreenType) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    public var description: String { name }
}
