import FlowKernel

/// What a platform shows where it differs from the host it renders: found by a platform adapter
/// (FlowUIKit, FlowSwiftUI, FlowWeb) when it compares the platform with the model after a
/// transition.
///
/// The driver reports it as one event, its payload (``/FlowKernel/FlowEvent/Change/payload(_:)``,
/// read back with `event.change.payload(as: HostDrift.self)`), so a transcript, a log and a test
/// see it, and then brings the platform back to the model instead of diverging silently.
public struct HostDrift: FlowEventPayload, CustomStringConvertible {
    /// Which part of a node differs.
    public enum Aspect: String, Hashable, Sendable {
        /// A stack's entries, bottom first.
        case entries
        /// What a node presents: no node or one.
        case presentation
        /// A tab group's tabs.
        case tabs
        /// A tab group's selected tab: no node or one.
        case selectedTab = "selected tab"
        /// A screen's contained children.
        case children
        /// What the host shows at its root: no node or one.
        case root
    }

    /// The node that differs; `nil` for the root.
    public let node: NodeRef?
    /// Which part of it differs.
    public let aspect: Aspect
    /// What the model holds there.
    public let expected: [NodeRef]
    /// What the platform shows there.
    public let shown: [NodeRef]

    /// Makes a drift.
    public init(node: NodeRef?, aspect: Aspect, expected: [NodeRef], shown: [NodeRef]) {
        self.node = node
        self.aspect = aspect
        self.expected = expected
        self.shown = shown
    }

    /// `drifted`.
    public static let kind = "drifted"

    /// A fault: a bug in an adapter, or code that moves the platform's containers behind its back.
    public var significance: FlowEvent.Significance { .fault }

    /// `drift ` and the description: `drift [main] entries: the platform shows Welcome; ...`.
    public var line: String { "drift \(self)" }

    /// The node, the aspect, and what the model holds and the platform shows, as lists.
    public var fields: [String: String] {
        var fields = ["aspect": aspect.rawValue, "expected": Self.list(expected), "shown": Self.list(shown)]
        if let node { fields["node"] = node.description }
        return fields
    }

    /// `[main] entries: the platform shows Welcome, Catalog; the model holds Welcome, Catalog, Product`.
    public var description: String {
        let place = node.map { "\($0) \(aspect.rawValue)" } ?? aspect.rawValue
        return "\(place): the platform shows \(Self.list(shown)); the model holds \(Self.list(expected))"
    }

    private static func list(_ nodes: [NodeRef]) -> String {
        nodes.isEmpty ? "nothing" : nodes.map(\.description).joined(separator: ", ")
    }
}
