// Questions strategies ask a host about what it shows, answered from ``PresentationHost/place(of:)``
// and ``PresentationHost/child(at:of:)``: cheap on a host that keeps indexes, and correct on any.
// The ones flows ask on every request (`contains`, `holder(of:)`, `presenter(of:)`, `presented(by:)`,
// `entryCount(of:)`, `index(of:in:)`) are requirements too, and these are their defaults: a host
// with an index answers them without making a whole place.

extension PresentationHost {
    /// Whether the host shows a node.
    public func contains(_ node: NodeRef) -> Bool { place(of: node) != nil }

    /// Whether the host shows a screen: whether it shows the screen's node, which a host with an
    /// index answers from there.
    public func contains(_ screen: ScreenRef) -> Bool { contains(.screen(screen)) }

    /// The node that holds a node: the stack of an entry, the tab group of a tab, the screen of a
    /// contained child; `nil` for the root, a presented node, or a node not shown.
    public func holder(of node: NodeRef) -> NodeRef? { place(of: node)?.holder }

    /// The node that presents a node, or `nil`.
    public func presenter(of node: NodeRef) -> NodeRef? { place(of: node)?.presenter }

    /// What a node presents, or `nil`.
    public func presented(by node: NodeRef) -> NodeRef? { place(of: node)?.presented }

    /// How many entries a stack has, or `nil` if no such stack is shown.
    public func entryCount(of stack: ContainerID) -> Int? {
        guard let place = place(of: .container(stack)), place.kind == .stack else { return nil }
        return place.childCount
    }

    /// The top entry of a stack, or `nil` if no such stack is shown.
    public func topEntry(of stack: ContainerID) -> NodeRef? {
        guard let count = entryCount(of: stack), count > 0 else { return nil }
        return child(at: count - 1, of: .container(stack))
    }

    /// What a node holds, in order (a stack's entries bottom first, a tab group's tabs, a screen's
    /// children), or `nil` if the node is not shown.
    ///
    /// This reads every child; to ask about one, ``child(at:of:)`` costs the same however many
    /// there are.
    public func children(of node: NodeRef) -> [NodeRef]? {
        guard let count = place(of: node)?.childCount else { return nil }
        return (0..<count).compactMap { child(at: $0, of: node) }
    }

    /// The entries of a stack, bottom first, or `nil` if no such stack is shown.
    ///
    /// This reads every entry; to ask about the top or one entry, ``topEntry(of:)`` and
    /// ``index(of:in:)`` cost the same however deep the stack is.
    public func entries(of stack: ContainerID) -> [NodeRef]? {
        guard entryCount(of: stack) != nil else { return nil }
        return children(of: .container(stack))
    }

    /// The index of a node among what a container holds (an entry of a stack, a tab of a tab
    /// group), or `nil` if the container does not hold it.
    public func index(of entry: NodeRef, in container: ContainerID) -> Int? {
        guard let place = place(of: entry), place.holder == .container(container) else { return nil }
        return place.index
    }

    /// The selected tab's index of a tab group, or `nil` if no such tab group is shown or it has
    /// no tabs.
    public func selectedTab(of tabs: ContainerID) -> Int? {
        guard case .tabs(let selected)? = place(of: .container(tabs))?.kind else { return nil }
        return selected
    }

    /// A container name that the host does not use yet: `base`, else `base-2`, `base-3`, ...
    public func unusedContainerID(_ base: String) -> ContainerID {
        if !contains(.container(ContainerID(base))) { return ContainerID(base) }
        var suffix = 2
        while contains(.container(ContainerID("\(base)-\(suffix)"))) { suffix += 1 }
        return ContainerID("\(base)-\(suffix)")
    }
}
