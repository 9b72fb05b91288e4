/// A value that names one screen instance, for hierarchies, events and host requests.
///
/// A reference does not keep its screen alive. Two references are equal when they name the same
/// instance; ``displayName`` is the label the screen had when the reference was made and is not part
/// of its identity.
///
/// An instance's identity is only meaningful while the instance is alive: after a screen is released
/// its memory may be reused by a new object. Hosts only resolve references to screens they hold.
public struct ScreenRef: Hashable, Sendable, CustomStringConvertible {
    /// The identity of the instance.
    public let instance: ObjectIdentifier
    /// The screen's dynamic type.
    public let type: ScreenType
    /// The screen's ``Screen/displayName`` when this reference was made.
    public let displayName: String

    /// Makes a reference to a screen.
    @MainActor
    public init(_ screen: any Screen) {
        self.instance = ObjectIdentifier(screen)
        self.type = ScreenType(of: screen)
        self.displayName = screen.displayName
    }

    /// Whether this reference names the given instance.
    @MainActor
    public func refers(to screen: any Screen) -> Bool { instance == ObjectIdentifier(screen) }

    public static func == (lhs: ScreenRef, rhs: ScreenRef) -> Bool { lhs.instance == rhs.instance }
    public func hash(into hasher: inout Hasher) { hasher.combine(instance) }
    public var description: String { displayName }
}
