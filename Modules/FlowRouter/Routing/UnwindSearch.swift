import FlowKernel

/// What the unwind search and plan read of what is shown: where a node stands, and its children.
///
/// A host answers from its own index (``UnwindSearch/Host``), so an unwind reads the few nodes on
/// its way and never builds the whole ``/FlowKernel/Hierarchy``; a hierarchy value answers the same
/// questions, which is how the tables test the decisions.
@MainActor
protocol ShownNodes {
    /// Where a node stands, or `nil` when it is not shown.
    func place(of node: NodeRef) -> NodePlace?
    /// A node's child at an index (a stack's entry, a tab, a screen's child).
    func child(at index: Int, of node: NodeRef) -> NodeRef?
}

extension Hierarchy: ShownNodes {
    func child(at index: Int, of node: NodeRef) -> NodeRef? {
        guard let children = self.node(node)?.children, children.indices.contains(index) else { return nil }
        return children[index].ref
    }
}

/// Where a produced value unwinds to, and what it takes to get there: StoryFlow's unwind search and
/// default unwind transition as pure functions over what is shown, so they can be tested as tables.
@MainActor
enum UnwindSearch {
    /// What the search reads of a node's place: its kind and how many nodes it holds. Plain
    /// values, so passing one along copies no reference, as a whole place would.
    struct Shape {
        let kind: NodePlace.Kind
        let childCount: Int

        init(_ place: NodePlace) {
            kind = place.kind
            childCount = place.childCount
        }

        init?(_ place: NodePlace?) {
            guard let place else { return nil }
            self.init(place)
        }
    }

    /// A host's answers, read from its index.
    @MainActor
    struct Host: ShownNodes {
        let host: any PresentationHost

        func place(of node: NodeRef) -> NodePlace? { host.place(of: node) }
        func child(at index: Int, of node: NodeRef) -> NodeRef? { host.child(at: index, of: node) }
    }

    /// The node to unwind to from `source`, searching upward (StoryFlow's order):
    /// 1. the node itself qualifies if one of its visible nodes (itself, a stack's top, a tab
    ///    group's selected tab, a screen's children, recursively) is a handler other than the source;
    /// 2. otherwise every stack among the node and everything below it, each from top to bottom;
    /// 3. then every tab group's tabs, in order;
    /// 4. otherwise the same from the node's parent, or, with no parent, from its presenter.
    ///
    /// - Parameter isHandler: whether a shown screen handles the value.
    static func target(from source: NodeRef, in shown: some ShownNodes, isHandler: @MainActor (ScreenRef) -> Bool) -> NodeRef? {
        let sourceScreen = source.screen
        func qualifies(_ node: NodeRef, _ shape: Shape?) -> Bool {
            anyVisibleScreen(of: node, shape, in: shown) { $0 != sourceScreen && isHandler($0) }
        }
        // The way up from the source: each node is held or presented by the next.
        guard var place = shown.place(of: source) else { return nil }
        var node = source
        while true {
            let shape = Shape(place)
            if qualifies(node, shape) { return node }
            // The searches walk the node's tree in place, stopping at the first match.
            let inStacks = firstContained(in: node, shape, of: shown) { contained, shape in
                guard case .stack = shape.kind else { return nil }
                var index = shape.childCount
                while index > 0 {
                    index -= 1
                    if let entry = shown.child(at: index, of: contained), qualifies(entry, nil) { return entry }
                }
                return nil
            }
            if let inStacks { return inStacks }
            let inTabs = firstContained(in: node, shape, of: shown) { contained, shape in
                guard case .tabs = shape.kind else { return nil }
                for index in 0..<shape.childCount {
                    if let tab = shown.child(at: index, of: contained), qualifies(tab, nil) { return tab }
                }
                return nil
            }
            if let inTabs { return inTabs }
            guard let up = place.holder ?? place.presenter, let upPlace = shown.place(of: up) else { return nil }
            node = up
            place = upPlace
        }
    }

    /// The screens a person sees of a node: itself and its visible children (a screen's children,
    /// a stack's top, a tab group's selected tab), recursively, depth first.
    static func visibleScreens(of node: NodeRef, in shown: some ShownNodes) -> [ScreenRef] {
        var screens: [ScreenRef] = []
        _ = anyVisibleScreen(of: node, nil, in: shown) { screen in
            screens.append(screen)
            return false
        }
        return screens
    }

    /// Whether a screen a person sees of a node satisfies the predicate, asked in the order of
    /// ``visibleScreens(of:in:)`` and stopping at the first that does. A screen is asked before
    /// anything else is read; every node it contains is visible, so its children are read one by
    /// one and its place is never needed. `shape` is the node's, when the caller has it.
    private static func anyVisibleScreen(of node: NodeRef, _ shape: Shape?, in shown: some ShownNodes, _ predicate: (ScreenRef) -> Bool) -> Bool {
        var index = 0
        var end = shape?.childCount ?? .max
        if let screen = node.screen {
            if predicate(screen) { return true }
        } else {
            guard let shape = shape ?? Shape(shown.place(of: node)) else { return false }
            switch shape.kind {
            case .screen:
                end = shape.childCount
            case .stack:
                (index, end) = (max(shape.childCount - 1, 0), shape.childCount)
            case .tabs(let selected):
                guard let selected, selected >= 0, selected < shape.childCount else { return false }
                (index, end) = (selected, selected + 1)
            }
        }
        while index < end, let child = shown.child(at: index, of: node) {
            if anyVisibleScreen(of: child, nil, in: shown, predicate) { return true }
            index += 1
        }
        return false
    }

    /// The first answer `body` gives for the containers among a node and the nodes it contains,
    /// depth first, without presentations. A screen is neither a stack nor a tab group, so `body`
    /// is not asked about it and its place is not read: only what it contains is searched.
    private static func firstContained(in node: NodeRef, _ shape: Shape?, of shown: some ShownNodes, _ body: (NodeRef, Shape) -> NodeRef?) -> NodeRef? {
        var end = shape?.childCount ?? .max
        if node.screen == nil {
            guard let shape = shape ?? Shape(shown.place(of: node)) else { return nil }
            if let found = body(node, shape) { return found }
            end = shape.childCount
        }
        var index = 0
        while index < end, let child = shown.child(at: index, of: node) {
            if let found = firstContained(in: child, nil, of: shown, body) { return found }
            index += 1
        }
        return nil
    }
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
    private(set) var pops: [Pop] = []
    /// Tab groups to switch, outermost first.
    private(set) var tabSelections: [Selection] = []
    /// The node whose presentation (and everything above it) must be dismissed.
    private(set) var dismissal: NodeRef?
    /// The host changes, in the order they are made: pops, then tab selections, then the dismissal.
    private(set) var operations: [HostOperation] = []
    /// The nodes from the target up to the root, through children and presentations, and where
    /// each stood when the plan was made: everything the plan was decided from.
    private var way: [NodeRef] = []
    private var places: [NodePlace] = []

    /// The plan to make `target` visible.
    ///
    /// - Parameter keeping: presented nodes that must stay (a handler presented them while handling
    ///   the update); a presentation among them is not dismissed.
    @MainActor
    init(to target: NodeRef, in shown: some ShownNodes, keeping: Set<NodeRef> = []) {
        way.reserveCapacity(4)
        places.reserveCapacity(4)
        var next: NodeRef? = target
        while let node = next, let place = shown.place(of: node) {
            way.append(node)
            places.append(place)
            next = place.holder ?? place.presenter
        }
        // Walked from the root down: `way[index]` holds or presents `way[index - 1]`.
        var index = way.count - 1
        while index > 0 {
            defer { index -= 1 }
            let place = places[index]
            guard case .held(let holder, let position) = places[index - 1].attachment, holder == way[index] else { continue }
            switch (place.kind, way[index]) {
            case (.stack, .container(let id)):
                if position < place.childCount - 1 { pops.append(Pop(stack: id, entry: way[index - 1])) }
            case (.tabs(let selected), .container(let id)):
                if position != selected { tabSelections.append(Selection(tabs: id, index: position)) }
            default:
                break
            }
        }
        // The shallowest node on the way whose presentation leads away from the target covers it.
        for index in way.indices.reversed() {
            if let presented = places[index].presented, !way.contains(presented), keeping.isEmpty || !keeping.contains(presented) {
                dismissal = way[index]
                break
            }
        }
        operations.reserveCapacity(pops.count + tabSelections.count + 1)
        for pop in pops { operations.append(.popTo(pop.entry, in: pop.stack)) }
        for selection in tabSelections { operations.append(.selectTab(selection.index, in: selection.tabs)) }
        if let dismissal { operations.append(.dismiss(presentedBy: dismissal)) }
    }

    /// The same unwind planned again after handlers took the update: the plan itself when nothing
    /// on the way changed; otherwise a new one, in which what was presented on the way meanwhile
    /// stays and what was presented there before goes.
    @MainActor
    init(again planned: UnwindPlan, to target: NodeRef, in shown: some ShownNodes) {
        if planned.way.indices.allSatisfy({ shown.place(of: planned.way[$0]) == planned.places[$0] }) {
            self = planned
            return
        }
        self.init(to: target, in: shown)
        let before = Set(planned.places.compactMap(\.presented))
        let kept = Set(places.compactMap(\.presented)).subtracting(before)
        if !kept.isEmpty { self.init(to: target, in: shown, keeping: kept) }
    }

    static func == (lhs: UnwindPlan, rhs: UnwindPlan) -> Bool {
        lhs.pops == rhs.pops && lhs.tabSelections == rhs.tabSelections && lhs.dismissal == rhs.dismissal
    }
}
