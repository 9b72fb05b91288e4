/// Names one node of a host's hierarchy: a screen, or a container (stack or tab group).
public enum NodeRef: Hashable, Sendable, CustomStringConvertible {
    /// A screen instance.
    case screen(ScreenRef)
    /// A navigation stack or a tab group.
    case container(ContainerID)

    /// Names a screen instance.
    @MainActor
    public static func of(_ screen: any Screen) -> NodeRef { .screen(ScreenRef(screen)) }

    /// The screen this reference names, if it names one.
    public var screen: ScreenRef? {
        if case .screen(let ref) = self { return ref }
        return nil
    }

    /// The container this reference names, if it names one.
    public var container: ContainerID? {
        if case .container(let id) = self { return id }
        return nil
    }

    /// Hashes the instance of a screen, the name of a container: what equality compares.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .screen(let ref): hasher.combine(ref.instance)
        case .container(let id): hasher.combine(id.name)
        }
    }

    /// `Catalog` for a screen, `[shop]` for a container.
    public var description: String {
        switch self {
        case .screen(let ref): ref.displayName
        case .container(let id): "[\(id.name)]"
        }
    }
}
