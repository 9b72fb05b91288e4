import FlowKernel
import FlowPlatform
import FlowUIKit

/// A model host shown in UIKit's containers simulated in memory: ``/FlowUIKit/UIKitAdapter`` — the code
/// `UIKitNavigation` runs on a device — on containers that behave as UIKit's do, for testing a
/// flow against UIKit's rules and timing on any machine.
///
/// ```swift
/// let uikit = SimulatedUIKit(model: host)
/// try shop.start(on: host)
/// uikit.settle()
/// uikit.tapBack(in: "main")         // the pop animates...
/// uikit.settle()                     // ...and UIKit reports it when it is over
/// #expect(uikit.hierarchy == host.hierarchy)
/// ```
///
/// - An animated change runs until the test ends it (``finishTransition()``, ``settle()``); one
///   without animation completes at once.
/// - What UIKit refuses — presenting from a view controller that is not in the window, that
///   already presents, or during a transition; a view controller given a second parent; a
///   navigation controller pushed onto another — changes nothing, is recorded in ``violations``
///   and, for a presentation, never calls its completion. A correct adapter causes none. What
///   Apple's guides advise against is recorded in ``advisories``.
/// - The person's controls report to the adapter only what UIKit's delegates would, when they
///   would: the back button's pop animates first; a back swipe from the edge or from the content
///   (iOS 26) asks first and, let go of, reports at the end of its animation; a sheet is asked
///   about, then dragged, then let go of; a tab tapped again pops its stack to the root; More
///   covers the tabs past the fourth when there are more than five; an alert controller cannot be
///   swiped down, and goes when a button is tapped (``tapAlertButton(_:)``).
@MainActor
public final class SimulatedUIKit: NavigationPlatform {
    /// The driver between the model and the containers.
    public private(set) var driver: NavigationDriver!
    private let containers = SimulatedContainers()
    private let adapter: UIKitAdapter<SimulatedContainers>
    /// Every command the adapter was given, in order, as `description`s.
    public private(set) var log: [String] = []

    /// Shows a model host: the containers are built to what it shows now, and follow it.
    public init(model: any PresentationHost) {
        adapter = UIKitAdapter(system: containers, model: model)
        containers.adapter = adapter
        driver = NavigationDriver(model: model, platform: self)
        adapter.driver = driver
    }

    /// Calls UIKit would have refused, with why: a correct adapter causes none.
    public var violations: [String] { containers.violations }

    /// What UIKit allows but Apple's guides advise against, with why: a tab bar controller pushed
    /// onto a navigation controller (a tab group the model holds in a stack).
    public var advisories: [String] { containers.advisories }

    /// How many completion handlers UIKit would never call, because it refused what they were for.
    public var unansweredCompletions: Int { containers.unansweredCompletions }

    /// Whether an animation runs, or the person's finger is moving a stack or a sheet.
    public var isAnimating: Bool { containers.isAnimating }

    /// How many view controllers the adapter keeps: those of the nodes shown, no more.
    public var keptControllers: Int { adapter.controllerCount }

    /// The view controller shown for a node, if it is shown.
    public func controller(for node: NodeRef) -> SimulatedViewController? { adapter.controller(for: node) }

    /// What the containers show, named by the nodes the adapter made each view controller for,
    /// each presentation placed at the node it was made for (UIKit presents over a covered node
    /// from its nearest ancestor in the window): equal to the model's hierarchy once the driver
    /// has caught up.
    public var hierarchy: Hierarchy { Hierarchy(root: containers.root.flatMap(snapshot)) }

    // MARK: NavigationPlatform

    public func run(_ command: NavigationCommand, done: @escaping @MainActor () -> Void) {
        log.append(command.description)
        adapter.run(command, done: done)
    }

    public func shown(_ aspect: HostDrift.Aspect, of node: NodeRef?) -> [NodeRef]? { adapter.shown(aspect, of: node) }

    // MARK: The test's hand

    /// Ends the running animation; UIKit reports what it reports at its end, and the driver
    /// starts its next command, if it has one.
    public func finishTransition() { containers.finishAnimation() }

    /// Ends animations until none runs; a swipe the finger still makes is left as it is.
    public func settle() {
        var rounds = 0
        while containers.isAnimating, containers.swipe == nil {
            finishTransition()
            rounds += 1
            precondition(rounds < 10_000, "The driver keeps starting transitions.")
        }
    }

    // MARK: The person's hand

    /// Taps the back button of a stack, if it shows one: the pop animates, and UIKit reports it
    /// when the animation is over.
    public func tapBack(in stack: ContainerID) {
        guard let navigation = adapter.controller(for: .container(stack)) else { return }
        containers.tapBack(on: navigation)
    }

    /// Starts a back swipe from a stack's left edge, if it may begin; tells whether it began.
    @discardableResult
    public func beginBackSwipe(in stack: ContainerID) -> Bool {
        guard let navigation = adapter.controller(for: .container(stack)) else { return false }
        return containers.beginBackSwipe(on: navigation, fromContent: false)
    }

    /// Starts iOS 26's back swipe from anywhere in a stack's content, if it may begin; tells
    /// whether it began.
    @discardableResult
    public func beginContentSwipe(in stack: ContainerID) -> Bool {
        guard let navigation = adapter.controller(for: .container(stack)) else { return false }
        return containers.beginBackSwipe(on: navigation, fromContent: true)
    }

    /// Lets go of the back swipe past half way: the pop completes, and is reported when its
    /// animation is over.
    public func finishBackSwipe() { containers.endBackSwipe(cancelled: false) }

    /// Lets go of the back swipe before half way: the entry slides back, and the cancellation is
    /// reported when that animation is over.
    public func cancelBackSwipe() { containers.endBackSwipe(cancelled: true) }

    /// UIKit asks whether the top-most sheet may be dismissed, as it may at any time; nothing moves.
    public func askMayDismissSheet() -> Bool { containers.askMayDismiss() }

    /// Starts dragging the top-most sheet down, if UIKit lets it go; tells whether it moves.
    @discardableResult
    public func beginSheetSwipe() -> Bool { containers.beginSheetSwipe() }

    /// Lets go of the sheet far enough down: it goes, reported when its animation is over.
    public func finishSheetSwipe() { containers.endSheetSwipe(cancelled: false) }

    /// Lets go of the sheet too early: it springs back, reported when its animation is over.
    public func cancelSheetSwipe() { containers.endSheetSwipe(cancelled: true) }

    /// Swipes the top-most sheet all the way down, if UIKit lets it go, and waits for the
    /// animation; tells whether it went.
    @discardableResult
    public func swipeDown() -> Bool {
        guard containers.beginSheetSwipe() else { return false }
        containers.endSheetSwipe(cancelled: false)
        settle()
        return true
    }

    /// The alert the person sees on top, as its alert controller shows it, if one is presented.
    public var shownAlert: FlowAlert? { containers.topmostAlert }

    /// Taps a button of the alert on top: the alert controller dismisses itself, and runs the
    /// button's action once its animation is over (``finishTransition()``, ``settle()``), which
    /// answers the model's alert. Tells whether the alert has such a button. No swipe takes an
    /// alert away: ``swipeDown()`` leaves it.
    @discardableResult
    public func tapAlertButton(_ title: String) -> Bool { containers.tapAlertButton(title) }

    /// Taps a tab's item in a tab group's tab bar: another tab is selected; the selected one,
    /// tapped again, pops its stack to the root. Tabs past the fourth of more than five are in More.
    public func tapTab(_ index: Int, in tabs: ContainerID) {
        guard let tabBar = adapter.controller(for: .container(tabs)) else { return }
        containers.tapTab(index, of: tabBar)
    }

    /// Taps More, when a tab group has more than five tabs.
    public func tapMore(in tabs: ContainerID) {
        guard let tabBar = adapter.controller(for: .container(tabs)) else { return }
        containers.tapMore(of: tabBar)
    }

    /// Picks a tab from More's list.
    public func pickFromMore(_ index: Int, in tabs: ContainerID) {
        guard let tabBar = adapter.controller(for: .container(tabs)) else { return }
        containers.pickFromMore(index, of: tabBar)
    }

    /// Changes what a stack shows without telling anyone, as app code that calls UIKit directly
    /// would: keeps only its first entries.
    public func moveBehindTheDriversBack(_ stack: ContainerID, keeping count: Int) {
        guard let navigation = adapter.controller(for: .container(stack)) else { return }
        containers.truncate(navigation, keeping: count)
    }

    // MARK: Reading

    private func snapshot(_ controller: SimulatedViewController) -> HierarchyNode? {
        guard let ref = adapter.node(of: controller) else { return nil }
        let kind: HierarchyNode.Kind
        let children: [SimulatedViewController]
        switch (controller.kind, ref) {
        case (.navigation, .container(let id)):
            kind = .stack(id)
            children = controller.entries
        case (.tabBar, .container(let id)):
            kind = .tabs(id, items: controller.tabItems, selected: controller.selectedIndex)
            children = controller.tabs
        case (_, .screen(let screen)):
            kind = .screen(screen)
            children = controller.children
        default:
            return nil
        }
        // A presentation is placed at the node it was made for: UIKit may present it from an ancestor in the window.
        return HierarchyNode(kind, children: children.compactMap(snapshot), presented: adapter.presentation(over: ref).flatMap(snapshot))
    }
}
