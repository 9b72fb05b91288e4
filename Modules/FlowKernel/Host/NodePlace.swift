/// Where one node stands on a host: what it is, what holds or presents it, how many nodes it holds
/// and what it presents.
///
/// It is the answer to ``PresentationHost/place(of:)``, the targeted query strategies read instead
/// of the whole ``Hierarchy``: a host that keeps indexes answers it in constant time, however
/// many screens it shows.
public struct NodePlace: Hashable, Sendable {
    /// What a node is.
    public enum Kind: Hashable, Sendable {
        /// A screen; what it holds are its contained children.
        case screen
        /// A navigation stack; what it holds are its entries, bottom first.
        case stack
        /// A tab group; what it holds are its tabs, and `selected` is the selected tab's index
        /// (`nil` only when it has no tabs).
        case tabs(selected: Int?)
    }

    /// How a node is attached to the rest of what the host shows.
    public enum Attachment: Hashable, Sendable {
        /// The node is the host's root.
        case root
        /// The node is held by a stack (an entry), a tab group (a tab) or a screen (a contained
        /// child), at an index among what that node holds.
        case held(by: NodeRef, at: Int)
        /// The node is presented modally by another.
        case presented(by: NodeRef)
    }

    /// What the node is.
    public var kind: Kind
    /// How the node is attached.
    public var attachment: Attachment
    /// How many nodes it holds: a stack's entries, a tab group's tabs, a screen's children.
    public var childCount: Int
    /// What the node presents, if anything.
    public var presented: NodeRef?

    /// Makes a place.
    public init(kind: Kind, attachment: Attachment, childCount: Int, presented: NodeRef?) {
        self.kind = kind
        self.attachment = attachment
        self.childCount = childCount
        self.presented = presented
    }

    /// The node that holds this one, if it is held.
    public var holder: NodeRef? {
        if case .held(let holder, _) = attachment { return holder }
        return nil
    }

    /// The node's index among what its holder holds, if it is held.
    public var index: Int? {
        if case .held(_, let index) = attachment { return index }
        return nil
    }

    /// The node that presents this one, if it is presented.
    public var presenter: NodeRef? {
        if case .presented(let presenter) = attachment { return presenter }
        return nil
    }
}

extension Hierarchy {
    /// Where a node stands, found by searching the value: what ``PresentationHost/place(of:)``
    /// answers for a host that keeps no indexes.
    public func place(of ref: NodeRef) -> NodePlace? {
        guard let root, let node = node(ref) else { return nil }
        let attachment: NodePlace.Attachment
        if root.ref == ref {
            attachment = .root
        } else if let holder = parent(of: ref), let index = holder.children.firstIndex(where: { $0.ref == ref }) {
            attachment = .held(by: holder.ref, at: index)
        } else if let presenter = presenter(of: ref) {
            attachment = .presented(by: presenter.ref)
        } else {
            return nil
        }
        let kind: NodePlace.Kind =
            switch node.kind {
            case .screen: .screen
            case .stack: .stack
            case .tabs(_, _, let selected): .tabs(selected: selected)
            }
        return NodePlace(kind: kind, attachment: attachment, childCount: node.children.count, presented: node.presented?.ref)
    }
}
