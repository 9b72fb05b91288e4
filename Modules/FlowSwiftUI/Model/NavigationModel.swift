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
///
/// An ``/FlowKernel/AlertScreen`` a node presents is no sheet: it is the node's ``Node/alert``, for
/// `.alert` or `.confirmationDialog`, which no swipe takes away; a button's action answers it
/// (``answer(_:over:)``), and its presentation and dismissal are over at once.
@Observable
@MainActor
public final class NavigationModel: NavigationPlatform {
    /// One node's state, as SwiftUI's views observe it: what it is, what it holds, what it
    /// presents and, for a tab group, its tabs' items and selection.
    ///
    /// It is a view of FlowPlatform's ``/FlowPlatform/ShownTree`` the model keeps, and keeps no
    /// copy of it: each node is observed on its own, so a change to one node redraws the views of
    /// that node only.
    @MainActor
    public final class Node: Observable {
        /// The node.
        public let ref: NodeRef
        /// What the node was when it was shown, for a view that still holds it once it is gone.
        private let shownAs: HierarchyNode.Kind
        private let registrar = ObservationRegistrar()
        fileprivate weak var owner: NavigationModel?

        fileprivate init(_ ref: NodeRef, kind: HierarchyNode.Kind, owner: NavigationModel) {
            self.ref = ref
            self.shownAs = kind
            self.owner = owner
        }

        /// What the node is, as the kernel's hierarchy says (a stack's kind, a tab group's kind
        /// with its items and selection).
        public var kind: HierarchyNode.Kind {
            registrar.access(self, keyPath: \.kind)
            return owner?.record.kind(of: ref) ?? shownAs
        }

        /// A stack's entries bottom first, a tab group's tabs, a screen's contained children.
        public var children: [NodeRef] {
            registrar.access(self, keyPath: \.children)
            return owner?.record.children(of: ref) ?? []
        }

        /// What the node presents: a sheet's item.
        public var presented: NodeRef? {
            registrar.access(self, keyPath: \.presented)
            return owner?.record.presented(by: ref)
        }

        /// The parts of a node a change changes.
        fileprivate enum Part {
            case kind, children, presented
        }

        /// Tells the views that observe one part of the node that it changed.
        fileprivate func changed(_ part: Part) {
            switch part {
            case .kind: registrar.withMutation(of: self, keyPath: \.kind) {}
            case .children: registrar.withMutation(of: self, keyPath: \.children) {}
            case .presented: registrar.withMutation(of: self, keyPath: \.presented) {}
            }
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

        /// What the node presents, for `.sheet(item: $node.sheet)`, unless it is an alert;
        /// SwiftUI writes `nil` when the person swipes the sheet down
        /// (``NavigationModel/setPresented(_:by:)``).
        public var sheet: Sheet? {
            get { presented.flatMap { owner?.alert(of: $0) == nil ? Sheet(ref: $0) : nil } }
            set { if newValue == nil { owner?.setPresented(nil, by: ref) } }
        }

        /// The alert the node presents, if what it presents is an ``/FlowKernel/AlertScreen``: for
        /// `.alert(_:isPresented:presenting:actions:message:)` when its style is
        /// ``/FlowKernel/FlowAlert/Style/alert``, `.confirmationDialog(...)` when it is
        /// ``/FlowKernel/FlowAlert/Style/confirmationDialog``. Each button's action answers it
        /// (``NavigationModel/answer(_:over:)``).
        public var alert: FlowAlert? { presented.flatMap { owner?.alert(of: $0) } }

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
    /// What the state shows: FlowPlatform's record, which the nodes are views of.
    @ObservationIgnored fileprivate var record = ShownTree()
    @ObservationIgnored private var nodes: [NodeRef: Node] = [:]
    @ObservationIgnored private var dismissing: Set<NodeRef> = []
    @ObservationIgnored private var waiting: [NodeRef: (command: NavigationCommand, done: @MainActor () -> Void)] = [:]
    @ObservationIgnored private var pendingDismissal: (anchor: NodeRef, done: @MainActor () -> Void)?
    @ObservationIgnored private var pendingPresentation: (anchor: NodeRef, done: @MainActor () -> Void)?
    @ObservationIgnored private var driverStorage: NavigationDriver?
    /// The alerts the state shows, by node: known while the model still has the screen, kept
    /// while the state shows it.
    @ObservationIgnored private var alerts: [NodeRef: FlowAlert] = [:]

    /// Shows a model host: its navigation is the state from now on.
    public init(showing model: any PresentationHost) {
        driverStorage = NavigationDriver(model: model, platform: self)
    }

    /// The driver that keeps this state: whether it is caught up, and the person's actions on a
    /// screen (``/FlowPlatform/NavigationDriver/act(from:_:)``).
    public var driver: NavigationDriver { driverStorage! }

    /// A node's state, or `nil` if it is not shown. Made the first time a view asks for it, and
    /// let go of when the node leaves.
    public func node(_ ref: NodeRef) -> Node? {
        if let node = nodes[ref] { return node }
        guard let kind = record.kind(of: ref) else { return nil }
        let node = Node(ref, kind: kind, owner: self)
        nodes[ref] = node
        return node
    }

    /// Everything the state holds, as the kernel's hierarchy value: equal to the model host's once
    /// the driver has caught up.
    public var hierarchy: Hierarchy { record.hierarchy }

    /// The screen a node names, as the model host shows it, for a view to draw.
    public func screen(_ ref: NodeRef) -> (any Screen)? {
        ref.screen.flatMap { driver.model.screen(for: $0) }
    }

    // MARK: Bindings

    /// A stack's path for `NavigationStack(path:)`: its entries above the first, which is the
    /// stack's root view.
    public func path(of stack: ContainerID) -> [NodeRef] {
        node(.container(stack))?.path ?? []
    }

    /// The person went back (the back button, its menu, the edge swipe): SwiftUI writes the shorter
    /// path. The model follows, or the entries come back.
    public func setPath(_ path: [NodeRef], of stack: ContainerID) {
        let ref = NodeRef.container(stack)
        guard let children = record.children(of: ref), let first = children.first, Array(children.dropFirst()) != path else { return }
        let entries = [first] + path
        let kept = zip(children, entries).prefix { $0 == $1 }.count
        keep(record.setChildren(of: ref, keeping: kept, adding: entries[kept...].map(bare)), changing: ref, .children)
        driver.userWentBack(in: stack, showing: entries)
    }

    /// What a node presents, for `.sheet(item:)` or `.fullScreenCover(item:)`.
    public func presented(by anchor: NodeRef) -> NodeRef? { node(anchor)?.presented }

    /// The person swiped a sheet down, or the view dismissed it: SwiftUI writes `nil`. The model
    /// follows, or the sheet comes back once SwiftUI has finished taking it away.
    public func setPresented(_ presented: NodeRef?, by anchor: NodeRef) {
        guard presented == nil, let shown = record.presented(by: anchor), alert(of: shown) == nil else { return }
        keep(record.dismiss(presentedBy: anchor), changing: anchor, .presented)
        dismissing.insert(anchor)
        driver.userSweptDown(shown)
    }

    /// The person chose a button of the alert a node presents: SwiftUI has taken the alert away
    /// and runs the button's action. The model's alert is answered with it, or, when the model
    /// refuses the answer, the alert comes back.
    public func answer(_ button: FlowAlert.Button, over anchor: NodeRef) {
        guard let shown = record.presented(by: anchor), alert(of: shown) != nil else { return }
        keep(record.dismiss(presentedBy: anchor), changing: anchor, .presented)
        driver.userAnswered(shown, with: button)
    }

    /// The alert a node shows, if it is an alert.
    fileprivate func alert(of ref: NodeRef) -> FlowAlert? {
        if let known = alerts[ref] { return known }
        guard let shown = screen(ref) as? any AlertScreen, record.kind(of: ref) != nil else { return nil }
        alerts[ref] = shown.alert
        return shown.alert
    }

    /// Whether the person may swipe a node's sheet down, for `interactiveDismissDisabled(_:)`.
    public func allowsSwipeDown(_ presented: NodeRef) -> Bool {
        driver.wouldAllow(.swipeDown(presented))
    }

    /// A tab group's selected tab, for `TabView(selection:)`.
    public func selectedTab(of tabs: ContainerID) -> Int {
        node(.container(tabs))?.selectedTab ?? 0
    }

    /// The person tapped a tab: SwiftUI writes its index. The model follows.
    public func setSelectedTab(_ index: Int, of tabs: ContainerID) {
        guard case .tabs(_, let items, let selected)? = record.kind(of: .container(tabs)), selected != index, items.indices.contains(index) else { return }
        record.select(index, in: .container(tabs))
        nodes[.container(tabs)]?.changed(.kind)
        driver.userSelectedTab(index, in: tabs)
    }

    /// SwiftUI has finished taking a node's sheet away (`.sheet(item:onDismiss:)`): a presentation
    /// waiting for it is made, and the driver goes on.
    public func sheetDidDismiss(over anchor: NodeRef) {
        dismissing.remove(anchor)
        if let waiter = waiting.removeValue(forKey: anchor) {
            record(waiter.command)
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
        case .setEntries(_, _, _, let animated) where animated && animator != nil:
            animator?({ record(command) }, done)
            return
        case .present(let content, let anchor, let animated):
            if dismissing.contains(anchor) {
                waiting[anchor] = (command, done)
                return
            }
            record(command)
            // An alert is shown by `.alert`, which reports neither its appearance nor its end.
            if animated && alert(of: content.ref) == nil {
                pendingPresentation = (anchor, done)
                return
            }
        case .dismiss(let anchor, _):
            guard let shown = record.presented(by: anchor) else { break }
            let isAlert = alert(of: shown) != nil
            record(command)
            guard !isAlert else { break }
            dismissing.insert(anchor)
            pendingDismissal = (anchor, done)
            return
        default:
            record(command)
        }
        done()
    }

    /// What the state holds for one part of a node: what SwiftUI shows.
    public func shown(_ aspect: HostDrift.Aspect, of node: NodeRef?) -> [NodeRef]? {
        record.shown(aspect, of: node)
    }

    // MARK: Keeping the nodes

    /// Records a command and tells the views of the node it changes.
    private func record(_ command: NavigationCommand) {
        defer { if !alerts.isEmpty { alerts = alerts.filter { record.kind(of: $0.key) != nil } } }
        // Without views, there is nothing to let go of or to tell.
        guard !nodes.isEmpty else {
            record.apply(command)
            if case .setRoot = command { root = record.root }
            return
        }
        let delta = record.delta(applying: command)
        switch command {
        case .setRoot:
            keep(delta, changing: nil, nil)
            root = record.root
        case .setEntries(let stack, _, _, _): keep(delta, changing: .container(stack), .children)
        case .setTabs(let tabs, _, _, _, _):
            keep(delta, changing: .container(tabs), .children)
            nodes[.container(tabs)]?.changed(.kind)
        case .selectTab(_, let tabs): keep(delta, changing: .container(tabs), .kind)
        case .present(_, let anchor, _), .dismiss(let anchor, _): keep(delta, changing: anchor, .presented)
        case .setChildren(let screen, _, _): keep(delta, changing: screen, .children)
        }
    }

    /// Lets go of the views of the nodes a change took away, and tells the view of the node it
    /// changed, if a view asked for either.
    private func keep(_ delta: ShownTree.Delta, changing node: NodeRef?, _ part: Node.Part?) {
        guard !nodes.isEmpty else { return }
        for gone in delta.removed { nodes[gone] = nil }
        if let node, let part { nodes[node]?.changed(part) }
    }

    private func bare(_ ref: NodeRef) -> HierarchyNode {
        switch ref {
        case .screen(let screen): HierarchyNode(.screen(screen))
        case .container(let id): HierarchyNode(.stack(id))
        }
    }
}
