import FlowKernel

/// What a browser's request for a page means, decided from what the model shows: the rule that
/// turns the person's Back, Forward, history menu, bookmark and second tab into gestures.
///
/// Every page has its own address (``WebVisit/address(of:)``), so the browser's history is a list
/// of addresses the person moves along on their own. When the browser asks for one:
///
/// | The page asked for | What it means | The model |
/// |---|---|---|
/// | the screen the person sees | a reload, or a second tab | unchanged |
/// | an entry below the top of a stack the person is in | Back, or several from the history menu | back to it |
/// | the screen under the sheet on top | Back out of the sheet | the sheet swiped down |
/// | the screen on top of another tab of a tab bar the person sees | Back or Forward to that tab | that tab selected |
/// | any other page the model holds, or one it no longer holds | Forward to a page left, a stale bookmark | unchanged: the current page is shown |
/// | a page the session never showed | a forged address | refused (404) |
///
/// Forward has no gesture on iOS. A page the person left is gone from the model — its flow may
/// have ended, or it may need what the person typed to get there — so going forward to it is
/// refused and the browser is sent to the current page: the flow never moves forward except by
/// its own actions.
public enum HistoryMove: Hashable, Sendable {
    /// The page is the one the person sees: show it.
    case stay
    /// The person went back in a stack to an entry.
    case back(to: NodeRef, in: ContainerID)
    /// The person went back out of the presentation on top: it is swiped down.
    case dismiss(NodeRef)
    /// The person went to the page on top of another tab.
    case selectTab(Int, in: ContainerID)
    /// No one gesture leads to the page: show the current page instead.
    case showCurrent

    /// Decides what a request for a page means, on what the model shows.
    ///
    /// - Parameters:
    ///   - page: The screen the page shows.
    ///   - hierarchy: What the model shows.
    public static func decide(for page: NodeRef, in hierarchy: Hierarchy) -> HistoryMove {
        guard let visible = hierarchy.visibleScreen, let top = hierarchy.topmost, let screen = page.screen else { return .showCurrent }
        if screen == visible { return .stay }
        // Down the path from the top layer to the screen the person sees, through its stacks and
        // tab groups.
        var node: HierarchyNode? = top
        while let current = node {
            switch current.kind {
            case .screen:
                node = nil
            case .stack(let id):
                if let index = current.children.firstIndex(where: { $0.ref == page }), index < current.children.count - 1 {
                    return .back(to: page, in: id)
                }
                node = current.visibleChildren.first
            case .tabs(let id, _, let selected):
                if let index = current.children.indices.first(where: { $0 != selected && current.children[$0].visibleScreen == screen }) {
                    return .selectTab(index, in: id)
                }
                node = current.visibleChildren.first
            }
        }
        if let presenter = hierarchy.presenter(of: top.ref),
            Hierarchy(root: hierarchy.root?.dismissing(presentedBy: presenter.ref)).visibleScreen.map(NodeRef.screen) == page
        {
            return .dismiss(top.ref)
        }
        return .showCurrent
    }
}

extension HierarchyNode {
    /// The screen a person sees in this node, not following presentations: a stack's top entry, a
    /// tab group's selected tab, down to a screen.
    var visibleScreen: ScreenRef? {
        var node = self
        while true {
            if case .screen(let screen) = node.kind { return screen }
            guard let next = node.visibleChildren.first else { return nil }
            node = next
        }
    }

    /// This node with what `anchor` presents taken away.
    func dismissing(presentedBy anchor: NodeRef) -> HierarchyNode {
        var copy = self
        if ref == anchor {
            copy.presented = nil
            return copy
        }
        copy.children = children.map { $0.dismissing(presentedBy: anchor) }
        copy.presented = presented?.dismissing(presentedBy: anchor)
        return copy
    }
}
