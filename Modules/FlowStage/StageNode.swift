import FlowKernel

/// One node of the in-memory host's tree. The host owns the tree; a node owns what it holds and
/// what it presents, so removing a node releases everything below it.
@MainActor
final class StageNode {
    enum Kind {
        case screen(any Screen)
        case stack(ContainerID)
        case tabs(ContainerID)
    }

    let kind: Kind
    /// A stack's entries (bottom first), a tab group's tabs, a screen's contained children.
    var children: [StageNode]
    /// A tab group's items, parallel to `children`.
    var tabItems: [TabItem] = []
    /// A tab group's selected index; `nil` only when it has no tabs.
    var selectedTab: Int?
    var presented: StageNode?

    init(_ kind: Kind, children: [StageNode] = []) {
        self.kind = kind
        self.children = children
    }

    var ref: NodeRef {
        switch kind {
        case .screen(let screen): .of(screen)
        case .stack(let id), .tabs(let id): .container(id)
        }
    }

    var isStack: Bool { if case .stack = kind { true } else { false } }
    var isTabs: Bool { if case .tabs = kind { true } else { false } }
    var isScreen: Bool { if case .screen = kind { true } else { false } }

    /// The value the kernel's ``Hierarchy`` speaks.
    func snapshot() -> HierarchyNode {
        let kind: HierarchyNode.Kind = switch self.kind {
        case .screen(let screen): .screen(ScreenRef(screen))
        case .stack(let id): .stack(id)
        case .tabs(let id): .tabs(id, items: tabItems, selected: selectedTab)
        }
        return HierarchyNode(kind, children: children.map { $0.snapshot() }, presented: presented?.snapshot())
    }

    /// This node and everything below it: children first, then the presentation.
    func allNodes() -> [StageNode] {
        var result: [StageNode] = [self]
        for child in children { result += child.allNodes() }
        if let presented { result += presented.allNodes() }
        return result
    }

    /// The first node below (or at) this one that a reference names.
    func find(_ ref: NodeRef) -> StageNode? {
        allNodes().first { $0.ref == ref }
    }

    /// The node whose children include the node a reference names.
    func parent(of ref: NodeRef) -> StageNode? {
        allNodes().first { node in node.children.contains { $0.ref == ref } }
    }
}
