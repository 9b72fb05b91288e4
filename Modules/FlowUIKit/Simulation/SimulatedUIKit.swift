import FlowKernel
import FlowPlatform

/// A platform that behaves as UIKit's containers do, in memory: for testing a ``/FlowPlatform/NavigationDriver``,
/// and an app's flows against the platform's timing, on any machine.
///
/// - An animated command runs until the test ends it (``finishTransition()``); one without
///   animation completes at once.
/// - Starting a command while another runs, presenting over a node that already presents, changing
///   a container it does not show: UIKit refuses these; so does the simulation, records the
///   refusal in ``violations`` and changes nothing.
/// - The person's controls: the back button (``tapBack(in:)``), a back swipe that can be let go
///   of half way (``beginBackSwipe(in:)``), swiping a sheet down (``swipeDown()``), the tab bar
///   (``tapTab(_:in:)``). Each is reported to the driver after the platform moved, as UIKit reports
///   it, and the back swipe and the sheet's swipe ask the driver first.
/// - Code that moves a container behind the driver's back (``moveBehindTheDriversBack(_:keeping:)``), to
///   see the driver find the drift.
@MainActor
public final class SimulatedUIKit: NavigationPlatform {
    private struct Node {
        var content: HierarchyNode.Kind
        var children: [NodeRef] = []
        var presented: NodeRef?
        var presenter: NodeRef?
    }

    /// The driver the person's gestures are reported to; set it once the driver is made.
    public weak var driver: NavigationDriver?
    /// Every command the platform was given, in order, as `description`s.
    public private(set) var log: [String] = []
    /// Commands UIKit would have refused, with why; a correct driver causes none.
    public private(set) var violations: [String] = []
    private var nodes: [NodeRef: Node] = [:]
    private var root: NodeRef?
    private var transition: (command: NavigationCommand, done: @MainActor () -> Void)?
    private var swipe: ContainerID?

    /// Makes a platform that shows nothing.
    public init() {}

    /// Whether a transition is running: an animated command, or the person's back swipe.
    public var isAnimating: Bool { transition != nil || swipe != nil }

    /// What the platform shows, as the kernel's hierarchy value: equal to the model's once the
    /// driver has caught up.
    public var hierarchy: Hierarchy { Hierarchy(root: root.flatMap(snapshot)) }

    // MARK: NavigationPlatform

    public func run(_ command: NavigationCommand, done: @escaping @MainActor () -> Void) {
        log.append(command.description)
        if isAnimating {
            violations.append("\(command) started while another transition ran")
            done()
            return
        }
        if let refusal = refusal(of: command) {
            violations.append("\(command): \(refusal)")
            done()
            return
        }
        make(command)
        if command.isAnimated {
            transition = (command, done)
        } else {
            done()
        }
    }

    public func shown(_ aspect: HostDrift.Aspect, of node: NodeRef?) -> [NodeRef]? {
        switch aspect {
        case .root: return root.map { [$0] } ?? []
        case .presentation:
            guard let node, let entry = nodes[node] else { return nil }
            return entry.presented.map { [$0] } ?? []
        case .selectedTab:
            guard let node, let entry = nodes[node], case .tabs(_, _, let selected) = entry.content else { return nil }
            return selected.flatMap { entry.children.indices.contains($0) ? [entry.children[$0]] : nil } ?? []
        case .entries, .tabs, .children:
            return node.flatMap { nodes[$0]?.children }
        }
    }

    // MARK: The test's hand

    /// Ends the running animation; the driver starts its next command, if it has one.
    public func finishTransition() {
        guard let running = transition else { return }
        transition = nil
        running.done()
    }

    /// Ends animations until none runs: the platform catches up with the model.
    public func settle() {
        var rounds = 0
        while transition != nil {
            finishTransition()
            rounds += 1
            precondition(rounds < 10_000, "The driver keeps starting transitions.")
        }
    }

    // MARK: The person's hand

    /// Taps the back button of a stack: the platform pops its top entry and reports it.
    public func tapBack(in stack: ContainerID) {
        guard !isAnimating, let entries = nodes[.container(stack)]?.children, entries.count > 1 else { return }
        popTop(of: stack)
        driver?.userWentBack(in: stack, showing: Array(entries.dropLast()))
    }

    /// Starts a back swipe on a stack, if the driver lets it begin; tells whether it began.
    @discardableResult
    public func beginBackSwipe(in stack: ContainerID) -> Bool {
        guard !isAnimating, (nodes[.container(stack)]?.children.count ?? 0) > 1,
            driver?.userMayBeginBack(in: stack) == true
        else { return false }
        swipe = stack
        driver?.userBeganBack(in: stack)
        return true
    }

    /// Lets go of the back swipe past half way: the top entry is popped and reported.
    public func finishBackSwipe() {
        guard let stack = swipe, let entries = nodes[.container(stack)]?.children else { return }
        swipe = nil
        popTop(of: stack)
        driver?.userWentBack(in: stack, showing: Array(entries.dropLast()))
    }

    /// Lets go of the back swipe before half way: nothing moves.
    public func cancelBackSwipe() {
        guard let stack = swipe else { return }
        swipe = nil
        driver?.userCancelledBack(in: stack)
    }

    /// Swipes the top-most presentation down, if the driver lets it go; tells whether it went.
    @discardableResult
    public func swipeDown() -> Bool {
        guard !isAnimating, let top = topmost, let anchor = nodes[top]?.presenter,
            driver?.userMaySwipeDown(top) == true
        else { return false }
        dismiss(presentedBy: anchor)
        driver?.userSweptDown(top)
        return true
    }

    /// Taps a tab in a tab group's tab bar.
    public func tapTab(_ index: Int, in tabs: ContainerID) {
        guard case .tabs(let id, let items, _)? = nodes[.container(tabs)]?.content, items.indices.contains(index) else { return }
        nodes[.container(tabs)]?.content = .tabs(id, items: items, selected: index)
        driver?.userSelectedTab(index, in: tabs)
    }

    /// Changes what a stack shows without telling the driver, as code that calls UIKit directly
    /// would: keeps only the given entries among those it shows.
    public func moveBehindTheDriversBack(_ stack: ContainerID, keeping count: Int) {
        guard let entries = nodes[.container(stack)]?.children, count < entries.count else { return }
        for gone in entries[count...] { remove(gone) }
        nodes[.container(stack)]?.children.removeSubrange(count...)
    }

    // MARK: Rules and changes

    /// Why UIKit would refuse a command, or `nil`.
    private func refusal(of command: NavigationCommand) -> String? {
        switch command {
        case .setRoot: nil
        case .setEntries(let stack, let kept, let added, _):
            if nodes[.container(stack)] == nil {
                "the stack is not shown"
            } else if kept + added.count == 0 {
                "a navigation controller needs an entry"
            } else {
                nil
            }
        case .present(_, let anchor, _):
            if nodes[anchor] == nil {
                "the presenter is not shown"
            } else if let presented = nodes[anchor]?.presented {
                "\(anchor) already presents \(presented)"
            } else {
                nil
            }
        case .dismiss(let anchor, _):
            nodes[anchor]?.presented == nil ? "\(anchor) presents nothing" : nil
        case .setTabs(let tabs, _, _, _, _), .selectTab(_, let tabs):
            nodes[.container(tabs)] == nil ? "the tab group is not shown" : nil
        case .setChildren(let screen, _, _):
            nodes[screen] == nil ? "the screen is not shown" : nil
        }
    }

    private func make(_ command: NavigationCommand) {
        switch command {
        case .setRoot(let content):
            if let root { remove(root) }
            root = content?.ref
            if let content { build(content) }
        case .setEntries(let stack, let kept, let added, _):
            replaceChildren(of: .container(stack), keeping: kept, adding: added)
        case .present(let content, let anchor, _):
            build(content)
            nodes[content.ref]?.presenter = anchor
            nodes[anchor]?.presented = content.ref
        case .dismiss(let anchor, _):
            dismiss(presentedBy: anchor)
        case .setTabs(let tabs, let kept, let added, let items, let selected):
            replaceChildren(of: .container(tabs), keeping: kept, adding: added)
            nodes[.container(tabs)]?.content = .tabs(tabs, items: items, selected: selected)
        case .selectTab(let index, let tabs):
            guard case .tabs(let id, let items, _)? = nodes[.container(tabs)]?.content else { return }
            nodes[.container(tabs)]?.content = .tabs(id, items: items, selected: index)
        case .setChildren(let screen, let kept, let added):
            replaceChildren(of: screen, keeping: kept, adding: added)
        }
    }

    private func replaceChildren(of node: NodeRef, keeping kept: Int, adding added: [HierarchyNode]) {
        guard let count = nodes[node]?.children.count else { return }
        let kept = min(kept, count)
        let leaving = nodes[node].map { Array($0.children[kept...]) } ?? []
        nodes[node]?.children.removeSubrange(kept...)
        for gone in leaving { remove(gone) }
        for content in added { build(content) }
        nodes[node]?.children.append(contentsOf: added.map(\.ref))
    }

    private func popTop(of stack: ContainerID) {
        guard let top = nodes[.container(stack)]?.children.popLast() else { return }
        remove(top)
    }

    private func dismiss(presentedBy anchor: NodeRef) {
        guard let presented = nodes[anchor]?.presented else { return }
        remove(presented)
        nodes[anchor]?.presented = nil
    }

    private func build(_ content: HierarchyNode) {
        nodes[content.ref] = Node(content: content.kind, children: content.children.map(\.ref))
        for child in content.children { build(child) }
    }

    private func remove(_ node: NodeRef) {
        guard let gone = nodes.removeValue(forKey: node) else { return }
        for child in gone.children { remove(child) }
        if let presented = gone.presented { remove(presented) }
    }

    /// The top-most presentation the person sees, by the rule of ``/FlowKernel/Hierarchy/topmost``.
    private var topmost: NodeRef? { hierarchy.topmost?.ref }

    private func snapshot(_ ref: NodeRef) -> HierarchyNode? {
        guard let node = nodes[ref] else { return nil }
        return HierarchyNode(node.content, children: node.children.compactMap(snapshot), presented: node.presented.flatMap(snapshot))
    }
}
