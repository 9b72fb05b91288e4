import FlowKernel

/// Where a stack coordinator stands, read from the host once per request, and what each request —
/// and each change the user made — means from there.
///
/// This is the coordinator's decision logic as a value, the sibling of FlowStack's
/// `StackPosition`: the position decides, the coordinator applies. It is made from the host's
/// stack plus the little the host cannot tell, which the coordinator remembers: the node it
/// considers its top, and the running child with the entry it started over.
///
/// The coordinator's own entries are read on demand by offset from its start node, so a request
/// costs the same however deep the stack is.
@MainActor
@usableFromInline package struct CoordinatorPosition {
    /// The running child, as the coordinator remembers it.
    struct Child: Equatable {
        /// The child's name, for messages.
        var id: FlowID
        /// Whether it shows its screens on the coordinator's stack (not presented over it).
        var shares: Bool
        /// The entry that was on top of the stack when it started: where the coordinator returns.
        var snapshot: NodeRef?

        /// Throws if the child runs on the coordinator's stack: its screens are on top, and the
        /// coordinator's own requests would change them.
        func requireNotOnStack(of coordinator: FlowID) throws {
            guard shares else { return }
            throw FlowError(.hostRejected, "The child '\(id)' is running on the stack of '\(coordinator)'; finish or cancel it first.")
        }
    }

    /// How a back request changes the stack, and the node that is the top afterwards.
    enum Back: Equatable {
        /// Pop the top entry; `revealing` is on top afterwards.
        case pop(revealing: NodeRef)
        /// Pop every entry above this one.
        case popTo(NodeRef)

        /// The node on top once the back request is applied.
        var top: NodeRef {
            switch self {
            case .pop(let node), .popTo(let node): node
            }
        }

        /// The host operation that carries the request out on the coordinator's stack.
        @MainActor
        func operation(in stack: ContainerID) -> HostOperation {
            switch self {
            case .pop: .pop(stack)
            case .popTo(let node): .popTo(node, in: stack)
            }
        }
    }

    /// What the coordinator does after a change no flow made.
    enum Follow: Equatable {
        /// Nothing it remembers changed.
        case stay
        /// Its top was taken away: this is its top now (`nil` when none of its entries is left
        /// on the stack, as when its start node is the only entry of a tab the user left).
        case top(NodeRef?)
        /// Its start node is gone: it ends cancelled, after its children.
        case end
    }

    /// The coordinator's name, for messages.
    let coordinator: FlowID
    /// How many entries the coordinator's own part of the stack has, from its start node up (a
    /// child's entries on the stack included); 0 when the start node is not on the stack.
    let count: Int
    /// Where the coordinator's own entries are read from.
    private let entries: Entries
    /// Whether the coordinator's start node is still shown anywhere.
    let startShown: Bool
    /// The node the coordinator considers its top, and its offset in its own part if it is there.
    let top: (node: NodeRef, offset: Int?)?
    /// The running child, with the offset of its snapshot in the coordinator's own part if there.
    let child: (memory: Child, snapshotOffset: Int?)?
    /// The sheet the coordinator presents over its stack, if any.
    let sheet: NodeRef?

    /// Where a position reads the coordinator's own part of the stack: the host, through its
    /// targeted queries, or entries already read (the decision tables). A value rather than
    /// closures, so that making a position allocates nothing.
    @MainActor
    enum Entries {
        /// Entries already read, bottom first.
        case read([NodeRef])
        /// A stack on the host, of which the coordinator owns `own`; `start` is its first entry.
        case host(any PresentationHost, stack: NodeRef, start: NodeRef, own: Range<Int>)

        /// The entry at an offset of the coordinator's own part, bottom first.
        func entry(at offset: Int) -> NodeRef? {
            switch self {
            case .read(let entries): return entries.indices.contains(offset) ? entries[offset] : nil
            case .host(let host, let stack, _, let own): return host.child(at: own.lowerBound + offset, of: stack)
            }
        }

        /// The offset of a node in the coordinator's own part, if it is there.
        func offset(of node: NodeRef?) -> Int? {
            guard let node else { return nil }
            switch self {
            case .read(let entries):
                return entries.firstIndex(of: node)
            case .host(let host, let stack, let start, let own):
                if node == start { return own.isEmpty ? nil : 0 }
                guard let place = host.place(of: node), place.holder == stack, let index = place.index, own.contains(index) else { return nil }
                return index - own.lowerBound
            }
        }
    }

    /// A position over entries already read, as the decision table's tests build it.
    init(_ coordinator: FlowID = "app", entries: [NodeRef], startShown: Bool? = nil, top: NodeRef?, child: Child? = nil, sheet: NodeRef? = nil) {
        self.init(
            coordinator, count: entries.count, startShown: startShown ?? !entries.isEmpty, top: top, child: child, sheet: sheet, entries: .read(entries))
    }

    /// A position that reads the coordinator's entries from `entries` when asked; the offsets of
    /// its top and of the child's snapshot are read now.
    init(_ coordinator: FlowID, count: Int, startShown: Bool, top: NodeRef?, child: Child?, sheet: NodeRef? = nil, entries: Entries) {
        self.coordinator = coordinator
        self.sheet = sheet
        self.count = count
        self.entries = entries
        self.startShown = startShown
        // `if let` rather than `map`: a closure reading the host would check its isolation at run time.
        var read: (node: NodeRef, offset: Int?)?
        if let top { read = (top, entries.offset(of: top)) }
        self.top = read
        var remembered: (memory: Child, snapshotOffset: Int?)?
        if let child { remembered = (child, entries.offset(of: child.snapshot)) }
        self.child = remembered
    }

    /// The start node, when it is on the stack.
    var start: NodeRef? { count > 0 ? entries.entry(at: 0) : nil }

    /// The entry on top of the coordinator's own part of the stack.
    var ownTop: NodeRef? { count > 0 ? entries.entry(at: count - 1) : nil }

    // MARK: Requests

    /// Throws while a child runs on the coordinator's stack: its screens are on top, and the
    /// coordinator's own requests would change them.
    func requireNoChildOnStack() throws {
        try child?.memory.requireNotOnStack(of: coordinator)
    }

    /// Throws while the coordinator's stack is out of its requests' reach: a child runs on it, or
    /// the coordinator's sheet covers it.
    func requireStackInReach() throws {
        try requireNoChildOnStack()
        try Self.requireNoSheet(sheet, of: coordinator)
    }

    /// Throws while a coordinator presents a sheet: it covers the coordinator's stack.
    static func requireNoSheet(_ sheet: NodeRef?, of coordinator: FlowID) throws {
        guard let sheet else { return }
        throw FlowError(.hostRejected, "\(sheet) is presented over the stack of '\(coordinator)'; dismiss it first (dismissSheet()).")
    }

    /// What a sheet and a child each ask before they start: no sheet shown, and no child running
    /// (a child on the stack shows its screens on top; a presented one is presented already).
    func requireNoChildNorSheet() throws {
        try Self.requireNoSheet(sheet, of: coordinator)
        try requireNoChild()
    }

    /// What ``StackCoordinator/dismissSheet()`` takes away: the sheet shown.
    func dismissSheet() throws -> NodeRef {
        guard let sheet else {
            throw FlowError(.nothingToGoBackTo, "The coordinator '\(coordinator)' presents no sheet to dismiss.")
        }
        return sheet
    }

    /// Throws while any child runs: one child at a time.
    func requireNoChild() throws {
        guard let child else { return }
        throw FlowError(
            .hostRejected, "The coordinator '\(coordinator)' already runs the child '\(child.memory.id)'; one child at a time — finish or cancel it first.")
    }

    /// What ``StackCoordinator/back()`` does: pop one entry, never the start node.
    func back() throws -> Back {
        try requireStackInReach()
        guard count > 1, let below = entries.entry(at: count - 2) else {
            throw FlowError(.nothingToGoBackTo, "The coordinator '\(coordinator)' is at its start screen; going back would enter its parent's screens.")
        }
        return .pop(revealing: below)
    }

    /// What ``StackCoordinator/backToStart()`` does: pop back to the start node.
    func backToStart() throws -> Back {
        try requireStackInReach()
        guard count > 1, let start else {
            throw FlowError(.nothingToGoBackTo, "The coordinator '\(coordinator)' is already at its start screen.")
        }
        return .popTo(start)
    }

    /// What ``StackCoordinator/backToTop()`` does: pop back to the node it considers its top.
    func backToTop() throws -> Back {
        try requireStackInReach()
        guard let top, let offset = top.offset else {
            throw FlowError(.notFound, "The coordinator '\(coordinator)' has no top screen in its stack to go back to.")
        }
        guard offset < count - 1 else {
            throw FlowError(.nothingToGoBackTo, "\(top.node) is already on top.")
        }
        return .popTo(top.node)
    }

    /// What ``StackCoordinator/back(to:)`` does: pop back to one of the coordinator's own entries.
    func back(to node: NodeRef) throws -> Back {
        try requireStackInReach()
        guard let offset = entries.offset(of: node) else {
            throw FlowError(.notFound, "\(node) is not one of the screens of '\(coordinator)' on its stack.")
        }
        guard offset < count - 1 else {
            throw FlowError(.nothingToGoBackTo, "\(node) is already on top.")
        }
        return .popTo(node)
    }

    /// What ``StackCoordinator/back(toIndex:)`` does: pop back to the entry at an index of the
    /// coordinator's own part, 0 being its start node.
    func back(toIndex index: Int) throws -> Back {
        try requireStackInReach()
        guard (0..<count).contains(index), let node = entries.entry(at: index) else {
            throw FlowError(.indexOutOfRange, "The coordinator '\(coordinator)' has \(count) entries on its stack; there is none at \(index).")
        }
        return try back(to: node)
    }

    // MARK: Changes

    /// What the coordinator does when its running child ended: for a child on its stack, pop back
    /// to the snapshot (`popTo`, when entries are above it) and make it the top; when the user
    /// already went below the snapshot, the top is what they see of the coordinator's own.
    func afterChild() -> (popTo: NodeRef?, top: NodeRef?) {
        guard let child, child.memory.shares else { return (nil, top?.node) }
        guard let snapshot = child.memory.snapshot, let offset = child.snapshotOffset else {
            return (nil, ownTop)
        }
        return (offset < count - 1 ? snapshot : nil, snapshot)
    }

    /// What the coordinator does after a change no flow made: it ends when its start node is
    /// gone; its top follows when the user took it away (to the child's snapshot while the child
    /// runs on the stack above it, else to the coordinator's own top).
    func following() -> Follow {
        guard startShown else { return .end }
        guard let top, top.offset == nil else { return .stay }
        if let child, child.memory.shares, let snapshot = child.memory.snapshot, child.snapshotOffset != nil {
            return .top(snapshot)
        }
        return .top(ownTop)
    }
}
