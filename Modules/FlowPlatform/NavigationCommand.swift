import FlowKernel

/// One change a platform makes to its containers, as a ``NavigationDriver`` plans it: the words
/// of UIKit (a navigation controller's entries, a presentation, a tab bar controller's tabs and
/// selection, a view controller's children, the window's root) without UIKit.
///
/// Content to build is a ``/FlowKernel/HierarchyNode`` without presentations: a screen, a stack or a
/// tab group with what it holds. Presentations inside it follow as commands of their own. Content
/// may name a node the platform showed elsewhere a moment ago (an entry moved); a platform may reuse
/// what it made for it.
public enum NavigationCommand: Hashable, Sendable, CustomStringConvertible {
    /// Shows this content as the window's root, or nothing.
    case setRoot(HierarchyNode?)
    /// Keeps a stack's first `keeping` entries and puts `adding` above them
    /// (`setViewControllers(_:animated:)`): a push adds one, a pop keeps one fewer.
    case setEntries(ContainerID, keeping: Int, adding: [HierarchyNode], animated: Bool)
    /// Presents content over a node that presents nothing (`present(_:animated:)`).
    case present(HierarchyNode, over: NodeRef, animated: Bool)
    /// Dismisses what a node presents, with everything presented above it (`dismiss(animated:)`).
    case dismiss(presentedBy: NodeRef, animated: Bool)
    /// Keeps a tab group's first `keeping` tabs, puts `adding` after them, and sets the tab bar's
    /// items and selection (`setViewControllers(_:animated:)` and `selectedIndex`).
    case setTabs(ContainerID, keeping: Int, adding: [HierarchyNode], items: [TabItem], selected: Int?)
    /// Selects a tab (`selectedIndex`), which the platform does at once.
    case selectTab(Int, in: ContainerID)
    /// Keeps the first `keeping` children a screen contains and adds `adding` after them
    /// (`addChild(_:)`, `removeFromParent()`).
    case setChildren(NodeRef, keeping: Int, adding: [HierarchyNode])

    /// Whether the platform animates it: only a change the person can see is animated, and a
    /// change without animation completes at once.
    public var isAnimated: Bool {
        switch self {
        case .setEntries(_, _, _, let animated), .present(_, _, let animated), .dismiss(_, let animated): animated
        case .setRoot, .setTabs, .selectTab, .setChildren: false
        }
    }

    /// `[main] keep 2 add Product (animated)`, `present [cart] over Catalog`, `[tabs] select 1`.
    public var description: String {
        let line: String =
            switch self {
            case .setRoot(let content): "root \(content.map { $0.ref.description } ?? "nothing")"
            case .setEntries(let stack, let kept, let added, _):
                "[\(stack)] keep \(kept)" + (added.isEmpty ? "" : " add " + Self.names(added))
            case .present(let content, let anchor, _): "present \(content.ref) over \(anchor)"
            case .dismiss(let anchor, _): "dismiss over \(anchor)"
            case .setTabs(let tabs, let kept, let added, _, let selected):
                "[\(tabs)] keep \(kept)" + (added.isEmpty ? "" : " add " + Self.names(added)) + " select \(selected.map(String.init) ?? "none")"
            case .selectTab(let index, let tabs): "[\(tabs)] select \(index)"
            case .setChildren(let node, let kept, let added):
                "\(node) keep \(kept)" + (added.isEmpty ? "" : " add " + Self.names(added))
            }
        return isAnimated ? line + " (animated)" : line
    }

    private static func names(_ nodes: [HierarchyNode]) -> String {
        nodes.map(\.ref.description).joined(separator: ", ")
    }
}
