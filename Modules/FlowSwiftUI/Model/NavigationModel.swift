import FlowKernel
import FlowPlatform
import Observation

/// What SwiftUI's views bind to: the navigation a model host holds, as observable state — each
/// stack's path, what each node presents, each tab group's selection — kept by a
/// ``/FlowPlatform/NavigationDriver``.
///
/// The model host (FlowStage's `InMemoryHost`) is where flows run; this is the platform the driver
/// drives, in SwiftUI's terms. Each node's state is its own observable ``Node``, so a push
/// redraws the stack it changes, not the whole app. The views write back through the binding
/// setters (``setPath(_:of:)``, ``setPresented(_:by:)``, ``setSelectedTab(_:of:)``) when the person
/// goes back, swipes a sheet down or taps a tab; the driver makes those the person's gestures on
/// the model, whose flows follow, and undoes on the state what the model refuses.
///
/// SwiftUI cannot present a sheet while it is still taking one away, and calls `onDismiss` only
/// for a sheet it has shown: a presentation over a node whose sheet is leaving waits until the
/// view reports that the sheet is gone (``sheetDidDismiss(over:)``, from
/// `.sheet(item:onDismiss:)`), the driver's next command after a dismissal it asked for too, and
/// its next command after an animated presentation waits until the view reports the sheet shown
/// (``sheetDidAppear(over:)``).
@Observable
@MainActor
public final class NavigationModel: NavigationPlatform {
    /// One node's state: what it is, what it holds, what it presents and, for a tab group, its
    /// tabs' items and selection.
    @Observable
    @MainActor
    public final class Node {
        /// The node.
        public let ref: NodeRef
        /// What the node is, as the kernel's hierarchy says (a stack's kind, a tab group's kind
        /// with its items and selection).
        public fileprivate(set) var kind: HierarchyNode.Kind
        /// A stack's entries bottom first, a tab group's tabs, a screen's contained children.
        public fileprivate(set) var children: [NodeRef]
        /// What the node presents: a sheet's item.
        public fileprivate(set) var presented: NodeRef?

        @ObservationIgnored fileprivate weak var owner: NavigationModel?

        fileprivate init(_ content: HierarchyNode, owner: NavigationModel) {
            ref = content.ref
            kind = content.kind
            children = content.children.map(\.ref)
            self.owner = owner
        }

        /// A stack's path for `NavigationStack(path: $node.path)`, bound by key path so the binding
        /// keeps its identity: its entries above the first, which is the stack's root view.
        /// SwiftUI writes a shorter one when the person goes back (``NavigationModel/setPath(_:of:)``).
        public var path: [NodeRef] {
            get { Array(children.dropFirst()) }
            set { if case .stack(let id) = kind { owner?.setPath(newValue, of: id) } }
        }

        /// A tab group's selection for `TabView(selection: $node.selection)`; SwiftUI writes the tab
        /// the person taps (``NavigationModel/setSelectedTab(_:of:)``).
        public var selection: Int {
            get { selectedTab ?? 0 }
            set { if case .tabs(let id, _, _) = kind { owner?.setSelectedTab(newValue, of: id) } }
        }

        /// What the node presents, for `.sheet(item: $node.sheet)`; SwiftUI writes `nil` when the
        /// person swipes the sheet down (``NavigationModel/setPresented(_:by:)``).
        public var sheet: Sheet? {
            get { presented.map(Sheet.init) }
            set { if newValue == nil { owner?.setPresented(nil, by: ref) } }
        }

        /// A tab group's selected tab.
        public var selectedTab: Int? {
            if case .tabs(_, _, let selected) = kind { return selected }
            return nil
        }

        /// A tab group's tab items.
        public var tabItems: [TabItem] {
            if case .tabs(_, let items, _) = kind { return items }
            return []
        }
    }

    /// A presented node as `.sheet(item:)` wants it.
    public struct Sheet: Identifiable, Hashable, Sendable {
        /// The presented node.
        public let ref: NodeRef
        /// The node, which identifies the sheet.
        public var id: NodeRef { ref }
    }

    /// What the app shows at its root.
    public private(set) var root: NodeRef?
    /// Animates a change the person sees and calls `completion` once its animation is over:
    /// `FlowNavigationView` sets SwiftUI's `withAnimation(_:completionCriteria:_:completion:)`, so a
    /// push or a pop takes its animation's time before the driver's next command. Without one, a
    /// change is over at once.
    @ObservationIgnored public var animator: (@MainActor (_ change: () -> Void, _ completion: @escaping @MainActor () -> Void) -> Void)?
    @ObservationIgnored private var nodes: [NodeRef: Node] = [:]
    @ObservationIgnored private var dismissing: Set<NodeRef> = []
    @ObservationIgnored private var waiting: [NodeRef: (content: HierarchyNode, done: @MainActor () -> Void)] = [:]
    @ObservationIgnored private var pendingDismissal: (anchor: NodeRef, done: @MainActor () -> Void)?
    @ObservationIgnored private var pendingPresentation: (anchor: NodeRef, done: @MainActor () -> Void)?
    @ObservationIgnored private var driverStorage: NavigationDriver?

    /// Shows a model host: its navigation is the state from now on.
    public init(showing model: any PresentationHost) {
        driverStorage = NavigationDriver(model: model, platform: self)
    }

    /// The driver that keeps this state: whether it is caught up, and the person's actions on a
    /// screen (``/FlowPlatform/NavigationDriver/act(from:_:)``).
    public var driver: NavigationDriver { driverStorage! }

    /// A node's state, or `nil` if it is not shown.
    public func node(_ ref: NodeRef) -> Node? { nodes[ref] }

    /// Everything the state holds, as the kernel's hierarchy value: equal to the model host's once
    /// the driver has caught up.
    public var hierarchy: Hierarchy { Hierarchy(root: root.flatMap(snapshot)) }

    private func snapshot(_ ref: NodeRef) -> HierarchyNode? {
        guard let node = nodes[ref] else { return nil }
        return HierarchyNode(node.kind, children: node.children.compactMap(snapshot), presented: node.presented.flatMap(snapshot))
    }

    /// The screen a node names, as the model host shows it, for a view to draw.
    public func screen(_ ref: NodeRef) -> (any Screen)? {
        ref.screen.flatMap { driver.model.screen(for: $0) }
    }

    // MARK: Bindings

    /// A stack's path for `NavigationStack(path:)`: its entries above the first, which is the
    /// stack's root view.
    public func path(of stack: ContainerID) -> [NodeRef] {
        Array(nodes[.container(stack)]?.children.dropFirst() ?? [])
    }

    /// The person went back (the back button, its menu, the edge swipe): SwiftUI writes the shorter
    /// path. The model follows, or the entries come back.
    public func setPath(_ path: [NodeRef], of stack: ContainerID) {
        guard let node = nodes[.container(stack)], let first = node.children.first, Array(node.children.dropFirst()) != path else { return }
        let entries = [first] + path
        for gone in node.children where !entries.contains(gone) { remove(gone) }
        for added in entries where nodes[added] == nil { nodes[added] = Node(bare(added), owner: self) }
        node.children = entries
        driver.userWentBack(in: stack, showing: entries)
    }

    /// What a node presents, for `.sheet(item:)` or `.fullScreenCover(item:)`.
    public func presented(by anchor: NodeRef) -> NodeRef? { nodes[anchor]?.presented }

    /// The person swiped a sheet down, or the view dismissed it: SwiftUI writes `nil`. The model
    /// follows, or the sheet comes back once SwiftUI has finished taking it away.
    public func setPresented(_ presented: NodeRef?, by anchor: NodeRef) {
        guard presented == nil, let node = nodes[anchor], let shown = node.presented else { return }
        remove(shown)
        node.presented = nil
        dismissing.insert(anchor)
        driver.userSweptDown(shown)
    }

    /// Whether the person may swipe a node's sheet down, for `interactiveDismissDisabled(_:)`.
    public func allowsSwipeDown(_ presented: NodeRef) -> Bool {
        driver.wouldAllow(.swipeDown(presented))
    }

    /// A tab group's selected tab, for `TabView(selection:)`.
    public func selectedTab(of tabs: ContainerID) -> Int {
        nodes[.container(tabs)]?.selectedTab ?? 0
    }

    /// The person tapped a tab: SwiftUI writes its index. The model follows.
    public func setSelectedTab(_ index: Int, of tabs: ContainerID) {
        guard let node = nodes[.container(tabs)], case .tabs(let id, let items, let selected) = node.kind,
            selected != index, items.indices.contains(index)
        else { return }
        node.kind = .tabs(id, items: items, selected: index)
        driver.userSelectedTab(index, in: tabs)
    }

    /// SwiftUI has finished taking a node's sheet away (`.sheet(item:onDismiss:)`): a presentation
    /// waiting for it is made, and the driver goes on.
    public func sheetDidDismiss(over anchor: NodeRef) {
        dismissing.remove(anchor)
        if let waiter = waiting.removeValue(forKey: anchor) {
            present(waiter.content, over: anchor)
            pendingPresentation = (anchor, waiter.done)
        }
        if let pending = pendingDismissal, pending.anchor == anchor {
            pendingDismissal = nil
            pending.done()
        }
    }

    /// SwiftUI shows a node's sheet (its content's `onAppear`): an animated presentation is over,
    /// and the driver goes on. Until then nothing takes the sheet away, since SwiftUI calls
    /// `onDismiss` only for a sheet it has shown.
    public func sheetDidAppear(over anchor: NodeRef) {
        guard let pending = pendingPresentation, pending.anchor == anchor else { return }
        pendingPresentation = nil
        pending.done()
    }

    // MARK: NavigationPlatform

    /// Makes a command on the state; a dismissal completes once SwiftUI has taken the sheet away,
    /// an animated presentation once SwiftUI shows it (after the sheet it replaces is gone), an
    /// animated push or pop once the ``animator`` says its animation is over, everything else at
    /// once.
    public func run(_ command: NavigationCommand, done: @escaping @MainActor () -> Void) {
        switch command {
        case .setRoot(let content):
            if let root { remove(root) }
            if let content { build(content) }
            root = content?.ref
        case .setEntries(let stack, let kept, let added, let animated):
            if animated, let animator {
                animator({ replaceChildren(of: .container(stack), keeping: kept, adding: added) }, done)
                return
            }
            replaceChildren(of: .container(stack), keeping: kept, adding: added)
        case .present(let content, let anchor, let animated):
            if dismissing.contains(anchor) {
                waiting[anchor] = (content, done)
                return
            }
            present(content, over: anchor)
            if animated {
                pendingPresentation = (anchor, done)
                return
            }
        case .dismiss(let anchor, _):
            guard let node = nodes[anchor], let shown = node.presented else { break }
            remove(shown)
            node.presented = nil
            dismissing.insert(anchor)
            pendingDismissal = (anchor, done)
            return
        case .setTabs(let tabs, let kept, let added, let items, let selected):
            replaceChildren(of: .container(tabs), keeping: kept, adding: added)
            nodes[.container(tabs)]?.kind = .tabs(tabs, items: items, selected: selected)
        case .selectTab(let index, let tabs):
            guard let node = nodes[.container(tabs)], case .tabs(let id, let items, _) = node.kind else { break }
            node.kind = .tabs(id, items: items, selected: index)
        case .setChildren(let screen, let kept, let added):
            replaceChildren(of: screen, keeping: kept, adding: added)
        }
        done()
    }

    /// What the state holds for one part of a node: what SwiftUI shows.
    public func shown(_ aspect: HostDrift.Aspect, of node: NodeRef?) -> [NodeRef]? {
        switch aspect {
        case .root: return root.map { [$0] } ?? []
        case .presentation:
            guard let node, let state = nodes[node] else { return nil }
            return state.presented.map { [$0] } ?? []
        case .selectedTab:
            guard let node, let state = nodes[node] else { return nil }
            guard let selected = state.selectedTab, state.children.indices.contains(selected) else { return [] }
            return [state.children[selected]]
        case .entries, .tabs, .children:
            return node.flatMap { nodes[$0]?.children }
        }
    }

    // MARK: Keeping the nodes

    private func present(_ content: HierarchyNode, over anchor: NodeRef) {
        guard let node = nodes[anchor] else { return }
        build(content)
        node.presented = content.ref
    }

    private func replaceChildren(of ref: NodeRef, keeping kept: Int, adding added: [HierarchyNode]) {
        guard let node = nodes[ref] else { return }
        let kept = min(kept, node.children.count)
        let leaving = Array(node.children[kept...])
        node.children.removeSubrange(kept...)
        for gone in leaving { remove(gone) }
        for content in added { build(content) }
        node.children.append(contentsOf: added.map(\.ref))
    }

    private func build(_ content: HierarchyNode) {
        nodes[content.ref] = Node(content, owner: self)
        for child in content.children { build(child) }
    }

    private func remove(_ ref: NodeRef) {
        guard let gone = nodes.removeValue(forKey: ref) else { return }
        for child in gone.children { remove(child) }
        if let presented = gone.presented { remove(presented) }
    }

    private func bare(_ ref: NodeRef) -> HierarchyNode {
        switch ref {
        case .screen(let screen): HierarchyNode(.screen(screen))
        case .container(let id): HierarchyNode(.stack(id))
        }
    }
}
