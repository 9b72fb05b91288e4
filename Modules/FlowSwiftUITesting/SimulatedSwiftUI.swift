import FlowKernel
import FlowPlatform
import FlowSwiftUI

/// A model host shown through a ``/FlowSwiftUI/NavigationModel`` as `FlowNavigationView` shows it, with SwiftUI's
/// timing, in memory: for testing a flow against what SwiftUI does and reports, on any machine.
///
/// - Every node shown carries a sheet, as `FlowNavigationView` gives it one: SwiftUI draws the
///   state when the test says (``draw()``, and at the end of every animation), so changes made
///   between two draws are seen together. A sheet item that appears animates in and its content's
///   `onAppear` comes at the end; one that goes away animates out and its `onDismiss` comes at
///   the end, and only then; a sheet whose node is no longer shown gets no `onDismiss`.
/// - An animated push or pop goes through the model's ``/FlowSwiftUI/NavigationModel/animator`` and is over when
///   the test says so (``finishTransition()``, ``settle()``).
/// - The person's controls write the bindings the views bind, by key path, as SwiftUI writes them:
///   a shorter path (the back button, the swipe), `nil` for a sheet swiped down (unless
///   `interactiveDismissDisabled`), the tab tapped — and a tab tapped again pops its stack to the
///   root, as SwiftUI does, without asking anyone first. An alert is `.alert`'s or
///   `.confirmationDialog`'s: no swipe takes it away, a button's tap answers it
///   (``tapAlertButton(_:)``).
@MainActor
public final class SimulatedSwiftUI {
    /// The state the views bind to.
    public let navigation: NavigationModel
    /// Animations running: what SwiftUI calls when each is over, oldest first.
    private var animations: [@MainActor () -> Void] = []
    /// The sheet each node showed when SwiftUI last drew it.
    private var sheets: [NodeRef: NodeRef] = [:]

    /// Shows a model host: the state is built to what it shows now, and follows it.
    public init(model: any PresentationHost) {
        navigation = NavigationModel(showing: model)
        navigation.animator = { [weak self] change, completion in
            change()
            self?.animations.append(completion)
        }
        draw()
    }

    /// The driver between the model and the state.
    public var driver: NavigationDriver { navigation.driver }

    /// Whether an animation runs.
    public var isAnimating: Bool { !animations.isEmpty }

    /// What SwiftUI shows: the state's hierarchy.
    public var hierarchy: Hierarchy { navigation.hierarchy }

    // MARK: Time

    /// SwiftUI draws the state anew: a sheet whose item went away starts animating out.
    public func draw() {
        var shown: [NodeRef: NodeRef] = [:]
        func visit(_ ref: NodeRef) {
            guard let node = navigation.node(ref) else { return }
            if let sheet = node.sheet { shown[ref] = sheet.ref }
            for child in node.children { visit(child) }
            if let presented = node.presented { visit(presented) }
        }
        if let root = navigation.root { visit(root) }
        for (anchor, sheet) in sheets where shown[anchor] != sheet && navigation.node(anchor) != nil {
            animations.append { [weak self] in self?.navigation.sheetDidDismiss(over: anchor) }
        }
        for (anchor, sheet) in shown where sheets[anchor] != sheet {
            animations.append { [weak self] in self?.navigation.sheetDidAppear(over: anchor) }
        }
        sheets = shown
    }

    /// Ends the oldest running animation, with what SwiftUI calls at its end, and draws.
    public func finishTransition() {
        draw()
        guard !animations.isEmpty else { return }
        animations.removeFirst()()
        draw()
    }

    /// Draws and ends animations until none runs.
    public func settle() {
        var rounds = 0
        draw()
        while isAnimating {
            finishTransition()
            rounds += 1
            precondition(rounds < 10_000, "The driver keeps starting transitions.")
        }
    }

    // MARK: The person's hand

    /// The back button or the edge swipe on a stack: SwiftUI writes the path one shorter.
    public func goBack(in stack: ContainerID, by count: Int = 1) {
        guard let node = navigation.node(.container(stack)), count >= 1, count <= node.path.count,
            node.children.last.flatMap(navigation.screen)?.allowsInteractiveBack ?? true
        else { return }
        node.path = Array(node.path.dropLast(count))
        draw()
    }

    /// Swipes the top-most sheet down, unless `interactiveDismissDisabled` holds it: SwiftUI writes
    /// `nil` for its item, then animates it out. Tells whether it went.
    @discardableResult
    public func swipeDown() -> Bool {
        guard let anchor = topmostAnchor, let node = navigation.node(anchor), let sheet = node.sheet?.ref,
            navigation.allowsSwipeDown(sheet)
        else { return false }
        node.sheet = nil
        draw()
        return true
    }

    /// The alert or confirmation dialog the person sees on top, as `.alert` or
    /// `.confirmationDialog` shows it.
    public var shownAlert: FlowAlert? { topmostAnchor.flatMap { navigation.node($0)?.alert } }

    /// Taps a button of the alert on top: SwiftUI takes the alert away and runs the button's
    /// action, which answers the model's alert. Tells whether the alert has such a button. No
    /// swipe takes an alert away: ``swipeDown()`` leaves it.
    @discardableResult
    public func tapAlertButton(_ title: String) -> Bool {
        guard let anchor = topmostAnchor, let button = navigation.node(anchor)?.alert?.button(titled: title) else { return false }
        navigation.answer(button, over: anchor)
        draw()
        return true
    }

    /// Taps a tab: SwiftUI writes the selection; a tab tapped again pops its stack to the root.
    public func tapTab(_ index: Int, in tabs: ContainerID) {
        guard let node = navigation.node(.container(tabs)), node.children.indices.contains(index) else { return }
        if node.selection == index {
            if let stack = navigation.node(node.children[index]), case .stack = stack.kind, !stack.path.isEmpty { stack.path = [] }
        } else {
            node.selection = index
        }
        draw()
    }

    /// The node whose sheet the person sees on top.
    private var topmostAnchor: NodeRef? {
        var anchor: NodeRef?
        var node = navigation.root
        while let ref = node, let state = navigation.node(ref) {
            if let presented = state.presented {
                anchor = ref
                node = presented
            } else {
                node = visibleChild(of: state)
            }
        }
        return anchor
    }

    private func visibleChild(of node: NavigationModel.Node) -> NodeRef? {
        switch node.kind {
        case .screen, .stack: node.children.last
        case .tabs: node.children.indices.contains(node.selection) ? node.children[node.selection] : nil
        }
    }
}
