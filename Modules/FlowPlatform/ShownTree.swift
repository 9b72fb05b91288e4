import FlowKernel

/// What the driver knows the platform shows: every node it put there, with what each holds and
/// presents and what holds or presents it. It changes when a command starts (the platform is
/// showing, or moving to, the command's result) and when the platform reports what the person did
/// or what it really shows.
///
/// Every change touches only the nodes it adds or removes, so keeping it costs what a change
/// changes, however much is shown.
struct ShownTree {
    enum Kind: Equatable {
        case screen
        case stack
        case tabs(items: [TabItem], selected: Int?)
    }

    struct Node {
        var kind: Kind
        var children: [NodeRef] = []
        var presented: NodeRef?
        var holder: NodeRef?
        var presenter: NodeRef?
    }

    private(set) var root: NodeRef?
    private var nodes: [NodeRef: Node] = [:]

    func contains(_ node: NodeRef) -> Bool { nodes[node] != nil }
    func children(of node: NodeRef) -> [NodeRef]? { nodes[node]?.children }
    func presented(by node: NodeRef) -> NodeRef? { nodes[node]?.presented }
    func presenter(of node: NodeRef) -> NodeRef? { nodes[node]?.presenter }
    func kind(of node: NodeRef) -> Kind? { nodes[node]?.kind }

    var isEmpty: Bool { root == nil }

    // MARK: Changing

    mutating func setRoot(_ content: HierarchyNode?) {
        if let root { remove(root) }
        root = content?.ref
        if let content { insert(content, holder: nil, presenter: nil) }
    }

    /// Keeps a node's first `kept` children, drops the rest with everything below them, and adds
    /// the new ones after them.
    mutating func setChildren(of node: NodeRef, keeping kept: Int, adding content: [HierarchyNode]) {
        guard let count = nodes[node]?.children.count else { return }
        let kept = min(kept, count)
        // Only the leaving suffix is copied, so the children change in place, at the cost of the change.
        let leaving = nodes[node].map { Array($0.children[kept...]) } ?? []
        nodes[node]?.children.removeSubrange(kept...)
        for child in leaving { remove(child) }
        for piece in content {
            insert(piece, holder: node, presenter: nil)
            nodes[node]?.children.append(piece.ref)
        }
    }

    /// Keeps a tab group's first tabs, adds new ones after them, and sets its items and selection.
    mutating func setTabs(of node: NodeRef, keeping kept: Int, adding content: [HierarchyNode], items: [TabItem], selected: Int?) {
        setChildren(of: node, keeping: kept, adding: content)
        nodes[node]?.kind = .tabs(items: items, selected: selected)
    }

    mutating func select(_ index: Int?, in node: NodeRef) {
        guard case .tabs(let items, _)? = nodes[node]?.kind else { return }
        nodes[node]?.kind = .tabs(items: items, selected: index)
    }

    mutating func present(_ content: HierarchyNode, over anchor: NodeRef) {
        guard nodes[anchor] != nil else { return }
        dismiss(presentedBy: anchor)
        insert(content, holder: nil, presenter: anchor)
        nodes[anchor]?.presented = content.ref
    }

    mutating func dismiss(presentedBy anchor: NodeRef) {
        guard let presented = nodes[anchor]?.presented else { return }
        remove(presented)
        nodes[anchor]?.presented = nil
    }

    /// Takes what the platform says it shows as what it shows: nodes it names that the tree does
    /// not know are recorded as bare screens, so the driver replaces them with the model's.
    mutating func adopt(_ shown: [NodeRef], as aspect: HostDrift.Aspect, of node: NodeRef?) {
        let bare = { (ref: NodeRef) in HierarchyNode(ref.container.map { .stack($0) } ?? .screen(ref.screen!)) }
        switch aspect {
        case .root:
            if shown.first != root { setRoot(shown.first.map(bare)) }
        case .presentation:
            guard let node else { return }
            if let first = shown.first { if presented(by: node) != first { present(bare(first), over: node) } } else { dismiss(presentedBy: node) }
        case .selectedTab:
            guard let node, let children = children(of: node) else { return }
            select(shown.first.flatMap { children.firstIndex(of: $0) }, in: node)
        case .entries, .tabs, .children:
            guard let node, let children = children(of: node) else { return }
            let kept = zip(children, shown).prefix { $0 == $1 }.count
            // Nodes kept by the platform in another place keep nothing the tree knew below them.
            setChildren(of: node, keeping: kept, adding: shown[kept...].map(bare))
        }
    }

    private mutating func insert(_ content: HierarchyNode, holder: NodeRef?, presenter: NodeRef?) {
        let kind: Kind =
            switch content.kind {
            case .screen: .screen
            case .stack: .stack
            case .tabs(_, let items, let selected): .tabs(items: items, selected: selected)
            }
        nodes[content.ref] = Node(kind: kind, children: content.children.map(\.ref), holder: holder, presenter: presenter)
        for child in content.children { insert(child, holder: content.ref, presenter: nil) }
    }

    private mutating func remove(_ node: NodeRef) {
        guard let gone = nodes.removeValue(forKey: node) else { return }
        for child in gone.children { remove(child) }
        if let presented = gone.presented { remove(presented) }
    }

    // MARK: Reading

    /// The nodes among these and below them, in order, that present something: what must be
    /// dismissed before they leave the platform.
    func presenters(within roots: some Sequence<NodeRef>) -> [NodeRef] {
        var found: [NodeRef] = []
        func visit(_ ref: NodeRef) {
            guard let node = nodes[ref] else { return }
            if node.presented != nil { found.append(ref) }
            for child in node.children { visit(child) }
        }
        for ref in roots { visit(ref) }
        return found
    }

    /// Whether the person sees the node: it is on the path from the top-most presentation down to
    /// the screen on top, so a change to it is animated.
    func isInFront(_ target: NodeRef) -> Bool {
        guard var node = root else { return false }
        // Down the visible path to the deepest presentation, then down to its visible screen.
        var path: [NodeRef] = []
        while true {
            path.append(node)
            if let next = frontPresentation(below: node) {
                path.removeAll(keepingCapacity: true)
                node = next
                continue
            }
            guard let entry = nodes[node], let child = visibleChild(of: entry) else { break }
            node = child
        }
        return path.contains(target)
    }

    /// What a node, or a node a person sees inside it, presents; the deepest wins.
    private func frontPresentation(below ref: NodeRef) -> NodeRef? {
        guard let node = nodes[ref] else { return nil }
        if let child = visibleChild(of: node), let deeper = frontPresentation(below: child) { return deeper }
        return node.presented
    }

    private func visibleChild(of node: Node) -> NodeRef? {
        switch node.kind {
        case .screen: node.children.last
        case .stack: node.children.last
        case .tabs(_, let selected): selected.flatMap { node.children.indices.contains($0) ? node.children[$0] : nil }
        }
    }

    /// What the tree holds for one part of a node, in the terms of ``NavigationPlatform/shown(_:of:)``.
    func shown(_ aspect: HostDrift.Aspect, of node: NodeRef?) -> [NodeRef]? {
        switch aspect {
        case .root: return root.map { [$0] } ?? []
        case .presentation:
            guard let node, let entry = nodes[node] else { return nil }
            return entry.presented.map { [$0] } ?? []
        case .selectedTab:
            guard let node, let entry = nodes[node], case .tabs(_, let selected) = entry.kind else { return nil }
            return selected.flatMap { entry.children.indices.contains($0) ? [entry.children[$0]] : nil } ?? []
        case .entries, .tabs, .children:
            return node.flatMap { nodes[$0]?.children }
        }
    }
}
