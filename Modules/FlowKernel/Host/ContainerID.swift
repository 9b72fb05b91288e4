/// The name of a container a host shows: a navigation stack or a tab group.
///
/// Names are chosen by whoever creates the container and are unique within one host; a host
/// rejects a second container with a name it already shows. Readable names make readable
/// transcripts: `push Catalog onto [shop]`.
public struct ContainerID: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The container's name.
    public let name: String

    /// Names a container.
    public init(_ name: String) { self.name = name }

    /// Names a container with a string literal.
    public init(stringLiteral value: String) { self.init(value) }

    public var description: String { name }
}
