// Read-only questions strategies and tests ask of a hierarchy. They derive everything from the
// value; none of them is a requirement a host implements.

extension Hierarchy {
    /// The node a reference names, searching contained children, entries, tabs and presentations.
    public func node(_ ref: NodeRef) -> HierarchyNode? {
        root.flatMap { $0.first { $0.ref == ref } }
    }

    /// Whether the hierarchy shows the node a reference names.
    public func contains(_ ref: NodeRef) -> Bool { node(ref) != nil }

    /// Whether the hierarchy shows this screen.
    public func contains(_ screen: ScreenRef) -> Bool { contains(.screen(screen)) }

    /// The entries of a stack, bottom first, or `nil` if no such stack is shown.
    public func entries(of stack: ContainerID) -> [NodeRef]? {
        guard let node = node(.container(stack)), case .stack = node.kind else { return nil }
        return node.children.map(\.ref)
    }

    /// The screens of a stack, bottom first, leaving out entries that are not screens.
    public func screens(in stack: ContainerID) -> [ScreenRef] {
        entries(of: stack)?.compactMap(\.screen) ?? []
    }

    /// The top-most node of the presentation chain: the root, or the last node presented above it.
    ///
    /// New modal content goes over this node.
    public var topmost: HierarchyNode? {
        guard let root else { return nil }
        var node = root
        while let next = node.presentedAnywhereVisible { node = next }
        return node
    }

    /// The screen a person is looking at: follow presentations first, then a stack's top entry, a
    /// tab group's selected tab, and stop at a screen.
    public var visibleScreen: ScreenRef? {
        guard var node = topmost else { return nil }
        while true {
            if case .screen(let ref) = node.kind { return ref }
            guard let next = node.visibleChildren.last else { return nil }
            node = next
        }
    }

    /// Every screen shown, in depth-first order: contained children and entries before presentations.
    public var allScreens: [ScreenRef] {
        var result: [ScreenRef] = []
        root?.forEach { if let screen = $0.screen { result.append(screen) } }
        return result
    }

    /// Every container shown, in depth-first order.
    public var allContainers: [ContainerID] {
        var result: [ContainerID] = []
        root?.forEach { if let id = $0.ref.container { result.append(id) } }
        return result
    }

    /// The node that holds the given node as a child (a stack, a tab group or a containing screen).
    public func parent(of ref: NodeRef) -> HierarchyNode? {
        root.flatMap { $0.first { $0.children.contains { $0.ref == ref } } }
    }

    /// The node that presents the given node.
    public func presenter(of ref: NodeRef) -> HierarchyNode? {
        root.flatMap { $0.first { $0.presented?.ref == ref } }
    }

    /// A container name that the hierarchy does not use yet: `base`, else `base-2`, `base-3`, ...
    public func unusedContainerID(_ base: String) -> ContainerID {
        let used = Set(allContainers)
        if !used.contains(ContainerID(base)) { return ContainerID(base) }
        var suffix = 2
        while used.contains(ContainerID("\(base)-\(suffix)")) { suffix += 1 }
        return ContainerID("\(base)-\(suffix)")
    }
}

extension HierarchyNode {
    /// Visits this node and everything below it: children first, then the presentation.
    public func forEach(_ body: (HierarchyNode) -> Void) {
        body(self)
        for child in children { child.forEach(body) }
        presented?.forEach(body)
    }

    /// The first node, in ``forEach(_:)`` order, that satisfies the predicate.
    public func first(where predicate: (HierarchyNode) -> Bool) -> HierarchyNode? {
        if predicate(self) { return self }
        for child in children {
            if let found = child.first(where: predicate) { return found }
        }
        return presented?.first(where: predicate)
    }

    /// What this node, or a node a person can see inside it, presents; the deepest one wins.
    var presentedAnywhereVisible: HierarchyNode? {
        for child in visibleChildren.reversed() {
            if let presented = child.presentedAnywhereVisible { return presented }
        }
        return presented
    }
}
