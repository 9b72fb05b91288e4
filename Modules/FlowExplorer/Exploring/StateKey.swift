import FlowKernel

/// One state of an exploration: what the host shows, read as a flat list of tokens, with the
/// app's own state. Two moments are the same state when both are equal.
///
/// Screens are told apart by type and display name, not by instance (a replay makes new
/// instances of the same screens); containers by name; tab groups by their selection. The tokens
/// are compared and hashed as values: no text is formatted, so keying a state costs as much as
/// what is shown, and no type name is written out.
struct StateKey: Hashable {
    enum Token: Hashable {
        case screen(ObjectIdentifier, displayName: String)
        case stack(String)
        case tabs(String, selected: Int?)
        /// How many children the node before holds; they follow.
        case holds(Int)
        /// What the node before presents follows.
        case presents
    }

    let shown: [Token]
    let state: String
    /// What a person sees: the visible screen and the app's state, whatever the hierarchy behind
    /// it. Read from `shown` and `state`, so it takes no part in equality.
    let front: Front

    /// The screen a person looks at, with the app's state.
    struct Front: Hashable {
        let screen: Token?
        let state: String
    }

    init(_ hierarchy: Hierarchy, state: String) {
        var tokens: [Token] = []
        if let root = hierarchy.root { Self.read(root, into: &tokens) }
        self.shown = tokens
        self.state = state
        self.front = Front(screen: hierarchy.visibleScreen.map { .screen($0.type.id, displayName: $0.displayName) }, state: state)
    }

    static func == (lhs: StateKey, rhs: StateKey) -> Bool { lhs.shown == rhs.shown && lhs.state == rhs.state }

    func hash(into hasher: inout Hasher) {
        hasher.combine(shown)
        hasher.combine(state)
    }

    private static func read(_ node: HierarchyNode, into tokens: inout [Token]) {
        switch node.kind {
        case .screen(let ref): tokens.append(.screen(ref.type.id, displayName: ref.displayName))
        case .stack(let id): tokens.append(.stack(id.name))
        case .tabs(let id, _, let selected): tokens.append(.tabs(id.name, selected: selected))
        }
        if !node.children.isEmpty {
            tokens.append(.holds(node.children.count))
            for child in node.children { read(child, into: &tokens) }
        }
        if let presented = node.presented {
            tokens.append(.presents)
            read(presented, into: &tokens)
        }
    }
}
