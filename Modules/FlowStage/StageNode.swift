import FlowKernel

/// One node of the in-memory host's tree. The host owns the tree; a node owns what it holds and
/// what it presents, so removing a node releases everything below it.
///
/// Each node also knows what holds or presents it and its index there, so the host answers "where
/// is this node?" without searching. Those links point up the tree and do not own: a node is kept
/// by what holds or presents it, and by nothing below it. The host reads them only while the node
/// is in its tree, and clears them (``detach()``) when the node leaves.
///
/// The stored properties the host changes on every operation opt out of Swift's run-time
/// exclusivity checks (`@exclusivity(unchecked)`), which cost a fifth of a push. That is safe
/// because every access happens on the main actor, within one synchronous host operation, and no
/// access is held across a call that could reach the same property: nothing is passed `inout`, and
/// the closures the host passes a node (``forEach(_:)``) never touch the node's own links.
@MainActor
final class StageNode {
    enum Kind {
        case screen(any Screen)
        case stack(ContainerID)
        case tabs(ContainerID)
    }

    let kind: Kind
    /// The node's reference: the host's index keys on it (by identity, which never changes), and
    /// events name the screen by it. A screen's is made again when its display name may have
    /// changed (``rename()``), so later events name it as it is now.
    @exclusivity(unchecked) private(set) var ref: NodeRef
    /// A stack's entries (bottom first), a tab group's tabs, a screen's contained children.
    @exclusivity(unchecked) private(set) var children: [StageNode] = []
    /// A tab group's items, parallel to `children`.
    var tabItems: [TabItem] = []
    /// A tab group's selected index; `nil` only when it has no tabs.
    var selectedTab: Int?
    /// What the node presents.
    @exclusivity(unchecked) private(set) var presented: StageNode?
    /// The node that holds this one (a stack, tab group or screen), if it is held.
    @exclusivity(unchecked) private(set) unowned var holder: StageNode?
    /// The node that presents this one, if it is presented.
    @exclusivity(unchecked) private(set) unowned var presenter: StageNode?
    /// The node's index in its holder's `children`.
    @exclusivity(unchecked) private(set) var index = 0
    /// The flow whose change put the node on the host, if a flow's did: the flow tree asks it to
    /// follow when the node goes.
    @exclusivity(unchecked) var maker: FlowID?

    init(_ kind: Kind, ref: NodeRef, children: [StageNode] = []) {
        self.kind = kind
        self.ref = ref
        self.children = children
    }

    var isStack: Bool { if case .stack = kind { true } else { false } }
    var isTabs: Bool { if case .tabs = kind { true } else { false } }
    var isScreen: Bool { if case .screen = kind { true } else { false } }

    // MARK: Changing what the node holds and presents, keeping the links

    /// Links every child to this node: called once a built node is accepted.
    func adoptChildren() {
        for (index, child) in children.enumerated() { child.attach(to: self, at: index) }
    }

    func append(_ child: StageNode) {
        child.attach(to: self, at: children.count)
        children.append(child)
    }

    func insert(_ child: StageNode, at index: Int) {
        children.insert(child, at: index)
        renumber(from: index)
    }

    /// Removes the last child and returns it.
    func removeLastChild() -> StageNode {
        children.removeLast()
    }

    /// Removes the children from `index` on and returns them, first first.
    func removeChildren(from index: Int) -> [StageNode] {
        // Copied out before the removal, so the removal does not copy the whole array.
        let removed = Array(children[index...])
        children.removeSubrange(index...)
        return removed
    }

    func removeChild(at index: Int) -> StageNode {
        let removed = children.remove(at: index)
        renumber(from: index)
        return removed
    }

    func replaceChildren(with nodes: [StageNode]) {
        children = nodes
        adoptChildren()
    }

    func present(_ node: StageNode) {
        node.holder = nil
        node.presenter = self
        presented = node
    }

    func removePresented() -> StageNode? {
        defer { presented = nil }
        return presented
    }

    /// Forgets what holds or presents this node: it has left the host, or is about to be re-linked.
    func detach() {
        holder = nil
        presenter = nil
    }

    private func attach(to holder: StageNode, at index: Int) {
        self.holder = holder
        self.presenter = nil
        self.index = index
    }

    private func renumber(from start: Int) {
        for index in start..<children.count { children[index].attach(to: self, at: index) }
    }

    // MARK: Reading

    /// This node and everything below it: children first, then the presentation.
    func forEach(_ body: (StageNode) -> Void) {
        body(self)
        for child in children { child.forEach(body) }
        presented?.forEach(body)
    }

    /// Where the node stands, as the kernel's targeted query answers it.
    var place: NodePlace {
        let attachment: NodePlace.Attachment =
            if let holder {
                .held(by: holder.ref, at: index)
            } else if let presenter {
                .presented(by: presenter.ref)
            } else {
                .root
            }
        let placeKind: NodePlace.Kind =
            switch kind {
            case .screen: .screen
            case .stack: .stack
            case .tabs: .tabs(selected: selectedTab)
            }
        return NodePlace(kind: placeKind, attachment: attachment, childCount: children.count, presented: presented?.ref)
    }

    /// The children a person can see: a stack's top entry, a tab group's selected tab, every child
    /// a screen contains.
    var visibleChildren: ArraySlice<StageNode> {
        switch kind {
        case .screen: children[...]
        case .stack: children.suffix(1)
        case .tabs: selectedTab.flatMap { children.indices.contains($0) ? children[$0...$0] : nil } ?? []
        }
    }

    /// What this node, or a node a person can see inside it, presents; the deepest one wins
    /// (the same rule as ``/FlowKernel/Hierarchy/topmost``).
    ///
    /// Walked on every gesture down the whole presentation chain, so it reads the visible children
    /// in place rather than through ``visibleChildren``, which would copy a slice at each level.
    var presentedAnywhereVisible: StageNode? {
        switch kind {
        case .stack:
            if let top = children.last, let presented = top.presentedAnywhereVisible { return presented }
        case .tabs:
            if let selected = selectedTab, children.indices.contains(selected),
                let presented = children[selected].presentedAnywhereVisible
            {
                return presented
            }
        case .screen:
            for child in children.reversed() {
                if let presented = child.presentedAnywhereVisible { return presented }
            }
        }
        return presented
    }

    /// Reads a screen's display name again into its reference; equality and hashing do not change.
    ///
    /// - Returns: whether the name changed.
    @discardableResult
    func rename() -> Bool {
        guard case .screen(let screen) = kind else { return false }
        let renamed = ScreenRef(screen)
        guard renamed.displayName != ref.screen?.displayName else { return false }
        ref = .screen(renamed)
        return true
    }

    /// The value the kernel's ``Hierarchy`` speaks. Screens are named as they are now, so a
    /// display name that changed while the screen is shown shows its new value.
    func snapshot() -> HierarchyNode {
        let kind: HierarchyNode.Kind =
            switch self.kind {
            case .screen(let screen): .screen(ScreenRef(screen))
            case .stack(let id): .stack(id)
            case .tabs(let id): .tabs(id, items: tabItems, selected: selectedTab)
            }
        // A loop rather than `children.map { $0.snapshot() }`: a closure calling a main-actor
        // method checks its isolation at run time on every call.
        var snapshots: [HierarchyNode] = []
        snapshots.reserveCapacity(children.count)
        for child in children { snapshots.append(child.snapshot()) }
        return HierarchyNode(kind, children: snapshots, presented: presented?.snapshot())
    }
}
