/// A value describing everything a host shows: the root node and, through it, every stack, tab
/// group, contained child and presentation.
///
/// Strategies search it (a router looks for a screen that handles a value), tests assert on it, and
/// FlowStage renders it as text. Being a value, it can be kept and compared: a rejected request
/// leaves a host's hierarchy equal to the one read before the request.
public struct Hierarchy: Hashable, Sendable {
    /// What the host shows at its root, or `nil` when it shows nothing.
    public var root: HierarchyNode?

    /// Makes a hierarchy.
    public init(root: HierarchyNode? = nil) { self.root = root }
}

/// One node of a ``Hierarchy``: a screen, a navigation stack or a tab group, with what it holds
/// and what it presents.
public struct HierarchyNode: Hashable, Sendable {
    /// What a node is.
    public enum Kind: Hashable, Sendable {
        /// A screen; its ``HierarchyNode/children`` are the nodes it contains.
        case screen(ScreenRef)
        /// A navigation stack; its ``HierarchyNode/children`` are its entries, bottom first.
        case stack(ContainerID)
        /// A tab group; its ``HierarchyNode/children`` are its tabs, `items` their tab items, and
        /// `selected` the selected tab's index (`nil` only when there are no tabs).
        case tabs(ContainerID, items: [TabItem], selected: Int?)
    }

    /// What this node is.
    public var kind: Kind
    /// What the node holds: a stack's entries, a tab group's tabs, a screen's contained children.
    public var children: [HierarchyNode]
    // A one-element array gives the recursive value the indirection it needs.
    private var presentedStorage: [HierarchyNode]

    /// What this node presents modally, if anything.
    public var presented: HierarchyNode? {
        get { presentedStorage.first }
        set { presentedStorage = newValue.map { [$0] } ?? [] }
    }

    /// Makes a node.
    public init(_ kind: Kind, children: [HierarchyNode] = [], presented: HierarchyNode? = nil) {
        self.kind = kind
        self.children = children
        self.presentedStorage = presented.map { [$0] } ?? []
    }

    /// The reference that names this node.
    public var ref: NodeRef {
        switch kind {
        case .screen(let screen): .screen(screen)
        case .stack(let id), .tabs(let id, _, _): .container(id)
        }
    }

    /// The screen this node is, if it is one.
    public var screen: ScreenRef? { ref.screen }

    /// The children a person can see: a stack's top entry, a tab group's selected tab, every child
    /// a screen contains.
    public var visibleChildren: [HierarchyNode] {
        switch kind {
        case .screen: children
        case .stack: children.last.map { [$0] } ?? []
        case .tabs(_, _, let selected): selected.flatMap { children.indices.contains($0) ? [children[$0]] : nil } ?? []
        }
    }
}
