import FlowKernel

/// Where a produced value unwinds to, and what it takes to get there: StoryFlow's unwind search and
/// default unwind transition as pure functions over a ``/FlowKernel/Hierarchy`` value, so they can be
/// tested as tables.
enum UnwindSearch {
    /// The node to unwind to from `source`, searching upward (StoryFlow's order):
    /// 1. the node itself qualifies if one of its visible nodes (itself, a stack's top, a tab
    ///    group's selected tab, a screen's children, recursively) is a handler other than the source;
    /// 2. otherwise every stack among the node and everything below it, each from top to bottom;
    /// 3. then every tab group's tabs, in order;
    /// 4. otherwise the same from the node's parent, or, with no parent, from its presenter.
    ///
    /// - Parameter isHandler: whether a shown screen handles the value.
    static func target(from source: NodeRef, in hierarchy: Hierarchy, isHandler: (ScreenRef) -> Bool) -> NodeRef? {
        targetNode(from: source, in: hierarchy, isHandler: isHandler)?.ref
    }

    /// ``target(from:in:isHandler:)``'s node, with everything below it, so the caller need not
    /// search the hierarchy for it again.
    static func targetNode(from source: NodeRef, in hierarchy: Hierarchy, isHandler: (ScreenRef) -> Bool) -> HierarchyNode? {
        func qualifies(_ node: HierarchyNode) -> Bool {
            anyVisibleScreen(of: node) { $0 != source.screen && isHandler($0) }
        }
        // The way up from the source is the way down to it, read backwards: each node's
        // predecessor holds or presents it. One walk down finds it, where asking for each node's
        // parent searched the tree once per level.
        guard let root = hierarchy.root, let way = UnwindPlan.path(to: source, from: root) else { return nil }
        for node in way.reversed() {
            if qualifies(node) { return node }
            // The searches walk the node's tree in place, stopping at the first match: copying the
            // tree out first cost more than the search.
            let inStacks = firstContained(in: node) { contained in
                guard isStack(contained) else { return nil }
                return contained.children.reversed().first(where: qualifies)
            }
            if let inStacks { return inStacks }
            let inTabs = firstContained(in: node) { contained in
                guard isTabs(contained) else { return nil }
                return contained.children.first(where: qualifies)
            }
            if let inTabs { return inTabs }
        }
        return nil
    }

    /// The nodes a person sees of a node: itself and its visible children, recursively.
    static func visible(_ node: HierarchyNode) -> [HierarchyNode] {
        [node] + node.visibleChildren.flatMap(visible)
    }

    /// Whether a screen a person sees of a node (the node itself, or its visible children,
    /// recursively) satisfies the predicate; the same nodes as ``visible(_:)``, without a copy.
    private static func anyVisibleScreen(of node: HierarchyNode, _ predicate: (ScreenRef) -> Bool) -> Bool {
        switch node.kind {
        case .screen(let screen):
            return predicate(screen) || node.children.contains { anyVisibleScreen(of: $0, predicate) }
        case .stack:
            return node.children.last.map { anyVisibleScreen(of: $0, predicate) } ?? false
        case .tabs(_, _, let selected):
            guard let selected, node.children.indices.contains(selected) else { return false }
            return anyVisibleScreen(of: node.children[selected], predicate)
        }
    }

    /// The first answer `body` gives for the node and its contained nodes, depth-first, without
    /// presentations.
    private static func firstContained(in node: HierarchyNode, _ body: (HierarchyNode) -> HierarchyNode?) -> HierarchyNode? {
        if let found = body(node) { return found }
        for child in node.children {
            if let found = firstContained(in: child, body) { return found }
        }
        return nil
    }

    private static func isStack(_ node: HierarchyNode) -> Bool { if case .stack = node.kind { true } else { false } }
    private static func isTabs(_ node: HierarchyNode) -> Bool { if case .tabs = node.kind { true } else { false } }
}

/// The changes that make an unwind target visible: pop every stack on the way down to it, select
/// every tab on the way, and dismiss what is presented over the way.
struct UnwindPlan: Equatable {
    /// A stack to pop, and the entry it must show on top.
    struct Pop: Equatable {
        let stack: ContainerID
        let entry: NodeRef
    }

    /// A tab group to switch, and the tab it must select.
    struct Selection: Equatable {
        let tabs: ContainerID
        let index: Int
    }

    /// Stacks to pop, outermost first.
    var pops: [Pop] = []
    /// Tab groups to switch, outermost first.
    var tabSelections: [Selection] = []
    /// The node whose presentation (and everything above it) must be dismissed.
    var dismissal: NodeRef?

    /// The host changes, in the order they are made: pops, then tab selections, then the dismissal.
    var operations: [HostOperation] {
        pops.map { .popTo($0.entry, in: $0.stack) }
            + tabSelections.map { .selectTab($0.index, in: $0.tabs) }
            + (dismissal.map { [.dismiss(presentedBy: $0)] } ?? [])
    }

    /// The plan to make `target` visible.
    ///
    /// - Parameter keeping: presented nodes that must stay (a handler presented them while handling
    ///   the update); a presentation among them is not dismissed.
    init(to target: NodeRef, in hierarchy: Hierarchy, keeping: Set<NodeRef> = []) {
        guard let root = hierarchy.root, let path = Self.path(to: target, from: root) else { return }
        let onPath = Set(path.map(\.ref))
        for (index, node) in path.enumerated() {
            guard index + 1 < path.count else { break }
            let next = path[index + 1]
            switch node.kind {
            case .stack(let id):
                if let position = node.children.firstIndex(where: { $0.ref == next.ref }), position < node.children.count - 1 {
                    pops.append(Pop(stack: id, entry: next.ref))
                }
            case .tabs(let id, _, let selected):
                if let position = node.children.firstIndex(where: { $0.ref == next.ref }), position != selected {
                    tabSelections.append(Selection(tabs: id, index: position))
                }
            case .screen:
                break
            }
        }
        // The shallowest node on the way whose presentation leads away from the target covers it.
        if let cover = path.first(where: { node in node.presented.map { !onPath.contains($0.ref) && !keeping.contains($0.ref) } ?? false }) {
            dismissal = cover.ref
        }
    }

    /// The nodes from the root down to the target, through children and presentations.
    static func path(to target: NodeRef, from node: HierarchyNode) -> [HierarchyNode]? {
        var path: [HierarchyNode] = []
        func descend(_ node: HierarchyNode) -> Bool {
            path.append(node)
            if node.ref == target { return true }
            if node.children.contains(where: descend) { return true }
            if let presented = node.presented, descend(presented) { return true }
            path.removeLast()
            return false
        }
        return descend(node) ? path : nil
    }

    /// Every node presented anywhere in a hierarchy.
    static func presentedNodes(in hierarchy: Hierarchy) -> Set<NodeRef> {
        var result: Set<NodeRef> = []
        hierarchy.root?.forEach { if let presented = $0.presented { result.insert(presented.ref) } }
        return result
    }
}
