import FlowKernel

/// One node of a saved hierarchy: what a ``/FlowKernel/HierarchyNode`` was, by name, so a person can read it
/// and a restore can be compared with it.
public struct SavedNode: Codable, Hashable, Sendable {
    /// What a node was.
    public enum Kind: String, Codable, Hashable, Sendable {
        /// A screen, named by its type.
        case screen
        /// A navigation stack, named by its identifier.
        case stack
        /// A tab group, named by its identifier.
        case tabs
    }

    /// What the node was.
    public var kind: Kind
    /// A screen's type, or a container's identifier.
    public var name: String
    /// A tab group's tab items.
    public var items: [TabItem]?
    /// A tab group's selected tab.
    public var selected: Int?
    /// A stack's entries, a tab group's tabs, a screen's contained children.
    public var children: [SavedNode]
    // A one-element array gives the recursive value the indirection it needs.
    private var presentedStorage: [SavedNode]

    /// What the node presented, if anything.
    public var presented: SavedNode? {
        get { presentedStorage.first }
        set { presentedStorage = newValue.map { [$0] } ?? [] }
    }

    /// Saves a node of a hierarchy and everything under it.
    public init(_ node: HierarchyNode) {
        switch node.kind {
        case .screen(let screen):
            kind = .screen
            name = screen.type.name
        case .stack(let id):
            kind = .stack
            name = id.name
        case .tabs(let id, let tabItems, let selectedTab):
            kind = .tabs
            name = id.name
            items = tabItems
            selected = selectedTab
        }
        children = node.children.map(SavedNode.init)
        presentedStorage = node.presented.map { [SavedNode($0)] } ?? []
    }

    private enum CodingKeys: String, CodingKey {
        case kind, name, items, selected, children, presented
    }

    /// Reads a saved node.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Kind.self, forKey: .kind)
        name = try container.decode(String.self, forKey: .name)
        items = try container.decodeIfPresent([TabItem].self, forKey: .items)
        selected = try container.decodeIfPresent(Int.self, forKey: .selected)
        children = try container.decodeIfPresent([SavedNode].self, forKey: .children) ?? []
        presentedStorage = try container.decodeIfPresent(SavedNode.self, forKey: .presented).map { [$0] } ?? []
    }

    /// Writes the node, leaving out what it does not have.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(items, forKey: .items)
        try container.encodeIfPresent(selected, forKey: .selected)
        if !children.isEmpty { try container.encode(children, forKey: .children) }
        try container.encodeIfPresent(presented, forKey: .presented)
    }
}

/// Where a saved flow showed itself (FlowRuntime's `FlowMount.Site`), by name.
public enum SavedPlacement: Codable, Hashable, Sendable {
    /// As everything the host showed.
    case root
    /// Presented over the host's top-most node.
    case presented
    /// On a stack another flow showed, by its identifier.
    case onStack(String)
    /// As a tab of a tab group another flow showed.
    case tab(in: String, at: Int, item: TabItem)

    /// The placement to start a restored flow at; a tab is started as it was first shown, as
    /// its parent's arrival puts it back.
    public var placement: FlowPlacement? {
        switch self {
        case .root: .root
        case .presented: .presented
        case .onStack(let stack): .onStack(ContainerID(stack))
        case .tab: nil
        }
    }
}

/// One running flow, saved: its name, its strategy, its parent, where it showed itself, and its
/// strategy's own state.
public struct SavedFlow: Codable, Hashable, Sendable {
    /// The flow's name.
    public var id: String
    /// The strategy that saved it (`stack`, `chain`, `router`, `coordinator`), or the type of a
    /// flow that does not save itself.
    public var strategy: String
    /// The name of the flow it ran as a child of, if any.
    public var parent: String?
    /// Where it showed itself.
    public var placement: SavedPlacement
    /// The strategy's own state: the screens it showed and the values that made them; `nil` for
    /// a flow that cannot be saved, with ``unsaved`` saying why.
    public var state: SavedValue?
    /// Why the flow has no state, when it has none.
    public var unsaved: String?
    /// The alert the flow waited on the answer to when it was saved, if any: it is shown again
    /// once the flows are back.
    public var alert: FlowAlert?

    /// Makes a saved flow.
    public init(id: String, strategy: String, parent: String?, placement: SavedPlacement, state: SavedValue?, unsaved: String? = nil) {
        self.id = id
        self.strategy = strategy
        self.parent = parent
        self.placement = placement
        self.state = state
        self.unsaved = unsaved
    }
}
