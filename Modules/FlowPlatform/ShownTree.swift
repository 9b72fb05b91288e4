import FlowKernel

/// What a platform shows, as one record: every node, with what it is, what it holds and
/// presents, and what holds or presents it.
///
/// The ``NavigationDriver`` keeps one as what it expects the platform to show; a platform that
/// keeps what it shows as data rather than as views of its own (the web's pages, a terminal) keeps
/// one too, and answers ``NavigationPlatform/shown(_:of:)`` from it. ``apply(_:)`` records a
/// command's result; the changing methods record what the person did. Each says what it added
/// and what it took away (``Delta``), for a platform that keeps something of its own per node (a
/// page's number).
///
/// Every change touches only the nodes it adds or removes, so keeping it costs what a change
/// changes, however much is shown.
public struct ShownTree {
    struct Node {
        var content: HierarchyNode.Kind
        var children: [NodeRef] = []
        var presented: NodeRef?
        var holder: NodeRef?
        var presenter: NodeRef?
    }

    /// What a change added and took away, each node with everything in and above it, in the
    /// order the change met them: what it took away first.
    public struct Delta {
        /// The nodes the change took away.
        public var removed: [NodeRef] = []
        /// The nodes the change added, each before what it holds.
        public var inserted: [NodeRef] = []
    }

    /// What the platform shows at its root.
    public private(set) var root: NodeRef?
    private var nodes: [NodeRef: Node] = [:]

    /// A record of a platform that shows nothing.
    public init() {}

    /// Whether the platform shows a node.
    public func contains(_ node: NodeRef) -> Bool { nodes[node] != nil }
    /// What a node holds: a stack's entries, a tab group's tabs, a screen's children.
    public func children(of node: NodeRef) -> [NodeRef]? { nodes[node]?.children }
    /// What a node presents.
    public func presented(by node: NodeRef) -> NodeRef? { nodes[node]?.presented }
    /// What presents a node.
    public func presenter(of node: NodeRef) -> NodeRef? { nodes[node]?.presenter }
    /// What holds a node.
    public func holder(of node: NodeRef) -> NodeRef? { nodes[node]?.holder }
    /// What a node is, with a tab group's items and selection.
    public func kind(of node: NodeRef) -> HierarchyNode.Kind? { nodes[node]?.content }

    /// Whether the platform shows nothing.
    public var isEmpty: Bool { root == nil }

    /// Everything the record holds, as the kernel's hierarchy value.
    public var hierarchy: Hierarchy { Hierarchy(root: root.flatMap(snapshot)) }

    private func snapshot(_ ref: NodeRef) -> HierarchyNode? {
        guard let node = nodes[ref] else { return nil }
        return HierarchyNode(node.content, children: node.children.compactMap(snapshot), presented: node.presented.flatMap(snapshot))
    }

    // MARK: Changing

    /// Records a command's result.
    public mutating func apply(_ command: NavigationCommand) {
        var none: Delta?
        apply(command, into: &none)
    }

    /// Records a command's result, and says what it added and took away.
    public mutating func delta(applying command: NavigationCommand) -> Delta {
        var delta: Delta? = Delta()
        apply(command, into: &delta)
        return delta ?? Delta()
    }

    private mutating func apply(_ command: NavigationCommand, into delta: inout Delta?) {
        switch command {
        case .setRoot(let content): setRoot(content, into: &delta)
        case .setEntries(let stack, let kept, let added, _): setChildren(of: .container(stack), keeping: kept, adding: added, into: &delta)
        case .present(let content, let anchor, _): present(content, over: anchor, into: &delta)
        case .dismiss(let anchor, _): dismiss(presentedBy: anchor, into: &delta)
        case .setTabs(let tabs, let kept, let added, let items, let selected):
            setChildren(of: .container(tabs), keeping: kept, adding: added, into: &delta)
            if case .tabs(let id, _, _)? = nodes[.container(tabs)]?.content {
                nodes[.container(tabs)]?.content = .tabs(id, items: items, selected: selected)
            }
        case .selectTab(let index, let tabs): select(index, in: .container(tabs))
        case .setChildren(let screen, let kept, let added): setChildren(of: screen, keeping: kept, adding: added, into: &delta)
        }
    }

    /// Keeps a node's first `kept` children, drops the rest with everything below them, and adds
    /// the new ones after them: the person's Back, as the platform reports it.
    @discardableResult
    public mutating func setChildren(of node: NodeRef, keeping kept: Int, adding content: [HierarchyNode] = []) -> Delta {
        var delta: Delta? = Delta()
        setChildren(of: node, keeping: kept, adding: content, into: &delta)
        return delta ?? Delta()
    }

    /// Takes away what a node presents: a sheet the person swiped down.
    @discardableResult
    public mutating func dismiss(presentedBy anchor: NodeRef) -> Delta {
        var delta: Delta? = Delta()
        dismiss(presentedBy: anchor, into: &delta)
        return delta ?? Delta()
    }

    /// Selects a tab group's tab: one the person tapped.
    public mutating func select(_ index: Int?, in node: NodeRef) {
        guard case .tabs(let id, let items, _)? = nodes[node]?.content else { return }
        nodes[node]?.content = .tabs(id, items: items, selected: index)
    }

    private mutating func setRoot(_ content: HierarchyNode?, into delta: inout Delta?) {
        if let root { remove(root, into: &delta) }
        root = content?.ref
        if let content { insert(content, holder: nil, presenter: nil, into: &delta) }
    }

    private mutating func setChildren(of node: NodeRef, keeping kept: Int, adding content: [HierarchyNode], into delta: inout Delta?) {
        guard let count = nodes[node]?.children.count else { return }
        let kept = min(kept, count)
        if kept < count {
            // Only the leaving suffix is copied, so the children change in place, at the cost of the change.
            let leaving = nodes[node].map { Array($0.children[kept...]) } ?? []
            nodes[node]?.children.removeSubrange(kept...)
            for child in leaving { remove(child, into: &delta) }
        }
        for piece in content {
            insert(piece, holder: node, presenter: nil, into: &delta)
            nodes[node]?.children.append(piece.ref)
        }
    }

    private mutating func present(_ content: HierarchyNode, over anchor: NodeRef, into delta: inout Delta?) {
        guard nodes[anchor] != nil else { return }
        dismiss(presentedBy: anchor, into: &delta)
        insert(content, holder: nil, presenter: anchor, into: &delta)
        nodes[anchor]?.presented = content.ref
    }

    private mutating func dismiss(presentedBy anchor: NodeRef, into delta: inout Delta?) {
        guard let presented = nodes[anchor]?.presented else { return }
        remove(presented, into: &delta)
        nodes[anchor]?.presented = nil
    }

    /// Takes what the platform says it shows as what it shows: nodes it names that the tree does
    /// not know are recorded as bare screens, so the driver replaces them with the model's.
    @discardableResult
    mutating func adopt(_ shown: [NodeRef], as aspect: HostDrift.Aspect, of node: NodeRef?) -> Delta {
        var delta: Delta? = Delta()
        let bare = { (ref: NodeRef) in HierarchyNode(ref.container.map { .stack($0) } ?? .screen(ref.screen!)) }
        switch aspect {
        case .root:
            if shown.first != root { setRoot(shown.first.map(bare), into: &delta) }
        case .presentation:
            guard let node else { return delta ?? Delta() }
            if let first = shown.first {
                if presented(by: node) != first { present(bare(first), over: node, into: &delta) }
            } else {
                dismiss(presentedBy: node, into: &delta)
            }
        case .selectedTab:
            guard let node, let children = children(of: node) else { return delta ?? Delta() }
            select(shown.first.flatMap { children.firstIndex(of: $0) }, in: node)
        case .entries, .tabs, .children:
            guard let node, let children = children(of: node) else { return delta ?? Delta() }
            let kept = zip(children, shown).prefix { $0 == $1 }.count
            // Nodes kept by the platform in another place keep nothing the tree knew below them.
            setChildren(of: node, keeping: kept, adding: shown[kept...].map(bare), into: &delta)
        }
        return delta ?? Delta()
    }

    private mutating func insert(_ content: HierarchyNode, holder: NodeRef?, presenter: NodeRef?, into delta: inout Delta?) {
        nodes[content.ref] = Node(content: content.kind, children: content.children.map(\.ref), holder: holder, presenter: presenter)
        delta?.inserted.append(content.ref)
        for child in content.children { insert(child, holder: content.ref, presenter: nil, into: &delta) }
    }

    private mutating func remove(_ node: NodeRef, into delta: inout Delta?) {
        guard let gone = nodes.removeValue(forKey: node) else { return }
        delta?.removed.append(node)
        for child in gone.children { remove(child, into: &delta) }
        if let presented = gone.presented { remove(presented, into: &delta) }
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
        switch node.content {
        case .screen: node.children.last
        case .stack: node.children.last
        case .tabs(_, _, let selected): selected.flatMap { node.children.indices.contains($0) ? node.children[$0] : nil }
        }
    }

    /// What the record holds for one part of a node, in the terms of
    /// ``NavigationPlatform/shown(_:of:)``: what a platform that keeps its record answers.
    public func shown(_ aspect: HostDrift.Aspect, of node: NodeRef?) -> [NodeRef]? {
        switch aspect {
        case .root: return root.map { [$0] } ?? []
        case .presentation:
            guard let node, let entry = nodes[node] else { return nil }
            return entry.presented.map { [$0] } ?? []
        case .selectedTab:
            guard let node, let entry = nodes[node], case .tabs(_, _, let selected) = entry.content else { return nil }
            return selected.flatMap { entry.children.indices.contains($0) ? [entry.children[$0]] : nil } ?? []
        case .entries, .tabs, .children:
            return node.flatMap { nodes[$0]?.children }
        }
    }
}
