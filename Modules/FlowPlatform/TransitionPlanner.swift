import FlowKernel

/// Decides the next command that brings one part of the platform closer to the model, or that
/// the part shows what the model holds: a pure decision on the tree the platform shows and the
/// model's targeted queries.
///
/// Its rules are the platform's: what leaves the platform first dismisses what it presents (UIKit
/// keeps a presentation whose presenter left); a node is presented over only once it is shown;
/// content is built whole, so nothing is pushed onto a stack that is not shown yet. A stack is
/// compared from the lowest entry its changes touched, a tab group and a screen's children from
/// their first difference, so a plan costs what changed, not what is shown.
@MainActor
struct TransitionPlanner {
    /// A command, and the parts to look at once it has started: presentations inside the content
    /// it builds, which content never carries.
    struct Step {
        var command: NavigationCommand
        var then: [Pending] = []
    }

    let model: any PresentationHost
    let tree: ShownTree

    /// The next step for a part, or `nil` when the platform shows there what the model holds, or
    /// the part is not on both.
    func next(for item: Pending, fromEntry first: Int = 0) -> Step? {
        switch item {
        case .root: rootStep()
        case .entries(let stack): entriesStep(stack, from: first)
        case .presentation(let anchor): presentationStep(over: anchor)
        case .tabs(let tabs): tabsStep(tabs)
        case .children(let screen): childrenStep(of: screen)
        }
    }

    // MARK: Each part

    private func rootStep() -> Step? {
        let root = modelRoot()
        guard root != tree.root else { return nil }
        if let old = tree.root, let presenter = tree.presenters(within: [old]).first {
            return Step(command: .dismiss(presentedBy: presenter, animated: false))
        }
        var presenters: [NodeRef] = []
        var content: HierarchyNode?
        if let root { content = built(from: root, presenters: &presenters) }
        return Step(command: .setRoot(content), then: presenters.map(Pending.presentation))
    }

    private func entriesStep(_ stack: ContainerID, from first: Int) -> Step? {
        let node = NodeRef.container(stack)
        guard let place = model.place(of: node), place.kind == .stack,
            case .stack? = tree.kind(of: node), let shown = tree.children(of: node)
        else { return nil }
        let kept = keptCount(of: node, shown: shown, modelCount: place.childCount, from: first)
        guard kept < place.childCount || kept < shown.count else { return nil }
        if let step = dismissalBefore(removing: shown[kept...]) { return step }
        var presenters: [NodeRef] = []
        let adding = children(of: node, from: kept, count: place.childCount, presenters: &presenters)
        return Step(
            command: .setEntries(stack, keeping: kept, adding: adding, animated: tree.isInFront(node)),
            then: presenters.map(Pending.presentation)
        )
    }

    private func presentationStep(over anchor: NodeRef) -> Step? {
        guard let place = model.place(of: anchor), tree.contains(anchor) else { return nil }
        let shown = tree.presented(by: anchor)
        guard shown != place.presented else { return nil }
        if let shown {
            return Step(command: .dismiss(presentedBy: anchor, animated: tree.isInFront(shown)))
        }
        var presenters: [NodeRef] = []
        guard let presented = place.presented, let built = built(from: presented, presenters: &presenters) else { return nil }
        return Step(
            command: .present(built, over: anchor, animated: tree.isInFront(anchor)),
            then: presenters.map(Pending.presentation)
        )
    }

    private func tabsStep(_ tabs: ContainerID) -> Step? {
        let node = NodeRef.container(tabs)
        guard let place = model.place(of: node), case .tabs(let selected) = place.kind,
            case .tabs(_, let shownItems, let shownSelected)? = tree.kind(of: node),
            let shown = tree.children(of: node)
        else { return nil }
        let items = (0..<place.childCount).compactMap { model.tabItem(at: $0, of: tabs) }
        let kept = keptCount(of: node, shown: shown, modelCount: place.childCount, from: 0)
        guard kept < place.childCount || kept < shown.count || items != shownItems else {
            return selected == shownSelected ? nil : selected.map { Step(command: .selectTab($0, in: tabs)) }
        }
        if let step = dismissalBefore(removing: shown[kept...]) { return step }
        var presenters: [NodeRef] = []
        let adding = children(of: node, from: kept, count: place.childCount, presenters: &presenters)
        return Step(
            command: .setTabs(tabs, keeping: kept, adding: adding, items: items, selected: selected),
            then: presenters.map(Pending.presentation)
        )
    }

    private func childrenStep(of screen: NodeRef) -> Step? {
        guard let place = model.place(of: screen), place.kind == .screen, let shown = tree.children(of: screen) else { return nil }
        let kept = keptCount(of: screen, shown: shown, modelCount: place.childCount, from: 0)
        guard kept < place.childCount || kept < shown.count else { return nil }
        if let step = dismissalBefore(removing: shown[kept...]) { return step }
        var presenters: [NodeRef] = []
        let adding = children(of: screen, from: kept, count: place.childCount, presenters: &presenters)
        return Step(command: .setChildren(screen, keeping: kept, adding: adding), then: presenters.map(Pending.presentation))
    }

    // MARK: Helpers

    /// How many of a node's first children the platform and the model share, comparing from
    /// `first`: below it nothing changed since they last agreed.
    private func keptCount(of node: NodeRef, shown: [NodeRef], modelCount: Int, from first: Int) -> Int {
        var kept = min(first, modelCount, shown.count)
        while kept < min(modelCount, shown.count), model.child(at: kept, of: node) == shown[kept] { kept += 1 }
        return kept
    }

    /// A dismissal that must come before these nodes leave the platform, if one of them, or a node
    /// inside them, presents something.
    private func dismissalBefore(removing leaving: ArraySlice<NodeRef>) -> Step? {
        guard let presenter = tree.presenters(within: leaving).first else { return nil }
        let presented = tree.presented(by: presenter)
        return Step(command: .dismiss(presentedBy: presenter, animated: presented.map(tree.isInFront) ?? false))
    }

    /// The model's root: up from its top-most node through what holds or presents each.
    private func modelRoot() -> NodeRef? {
        guard var node = model.topmost else { return nil }
        while let place = model.place(of: node) {
            switch place.attachment {
            case .root: return node
            case .held(let holder, _): node = holder
            case .presented(let presenter): node = presenter
            }
        }
        return nil
    }

    /// A node the model shows, with everything it holds, as content to build; the nodes inside it
    /// that present something are added to `presenters`.
    private func built(from ref: NodeRef, presenters: inout [NodeRef]) -> HierarchyNode? {
        guard let place = model.place(of: ref) else { return nil }
        if place.presented != nil { presenters.append(ref) }
        let children = children(of: ref, from: 0, count: place.childCount, presenters: &presenters)
        let kind: HierarchyNode.Kind
        switch (place.kind, ref) {
        case (.screen, .screen(let screen)): kind = .screen(screen)
        case (.stack, .container(let id)): kind = .stack(id)
        case (.tabs(let selected), .container(let id)):
            kind = .tabs(id, items: (0..<place.childCount).compactMap { model.tabItem(at: $0, of: id) }, selected: selected)
        default: return nil
        }
        return HierarchyNode(kind, children: children)
    }

    /// What a node the model shows holds from an index on, as content to build.
    private func children(of node: NodeRef, from first: Int, count: Int, presenters: inout [NodeRef]) -> [HierarchyNode] {
        var result: [HierarchyNode] = []
        result.reserveCapacity(max(count - first, 0))
        for index in first..<max(count, first) {
            if let child = model.child(at: index, of: node), let built = built(from: child, presenters: &presenters) {
                result.append(built)
            }
        }
        return result
    }
}
