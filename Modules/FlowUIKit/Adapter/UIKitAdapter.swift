import FlowKernel
import FlowPlatform

/// Everything FlowUIKit decides about UIKit's containers, on every platform: which view controller
/// shows which node, what is presented from where, which delegate callback means which of the
/// person's gestures, and when a transition has really ended.
///
/// It is the ``/FlowPlatform/NavigationPlatform`` a ``/FlowPlatform/NavigationDriver`` drives. It
/// changes UIKit only through a ``ViewControllerSystem``, and learns what the person did only
/// from the delegate callbacks UIKit sends, which the system forwards one for one (the
/// `navigation...`, `backGesture...`, `sheet...` and `tab...` methods). On Apple platforms
/// `UIKitNavigation` is the system; FlowUIKitTesting's `SimulatedUIKit` is one that behaves as UIKit's containers do,
/// so these decisions are tested on any machine.
///
/// The rules it keeps:
/// - **A view controller lives while it is shown.** One is made when its node is first built and
///   let go of as soon as it leaves the screen (popped, dismissed, replaced), by a command or by
///   the person.
/// - **One parent per view controller.** A node built again in another place gets a new view
///   controller; the one it had is let go of when it leaves.
/// - **UIKit presents only from a view controller in the window that presents nothing.** A
///   presentation over a node that is covered (an entry below the top of a stack, a tab not
///   selected) is made from its nearest ancestor in the window, and over whatever that already
///   presents.
/// - **The person's back is a transition.** From the moment UIKit says a stack moves (the back
///   button's pop, a swipe from the edge or, from iOS 26, from anywhere in the content, a pop to
///   root on a re-tapped tab) until the animation is over, no command starts; the driver learns
///   the outcome then, not at finger lift.
/// - **UIKit asks about a sheet at any time.** Asking whether a sheet may be dismissed reports
///   nothing; a refusal is reported when UIKit says the person tried, the dismissal is a
///   transition from `willDismiss` to `didDismiss` or its cancellation.
/// - **An alert is UIKit's own.** An ``/FlowKernel/AlertScreen`` is shown with the system's alert
///   controller (``ViewControllerSystem/makeAlertController(for:leaving:answer:)``), which no swipe
///   dismisses; it dismisses itself when the person taps a button, and the driver then answers the
///   model's alert with that button.
/// - **A re-tapped tab is not a selection.** UIKit reports it as one, and pops a navigation tab to
///   its root: that pop is asked of the screens' guards before it is allowed.
@MainActor
public final class UIKitAdapter<System: ViewControllerSystem>: NavigationPlatform {
    public typealias Controller = System.Controller

    /// The driver the person's gestures are reported to; set once the driver is made.
    public weak var driver: NavigationDriver?
    private let system: System
    private let model: any PresentationHost

    /// The view controller of each node shown, and back.
    private var controllers: [NodeRef: Controller] = [:]
    private var refs: [ObjectIdentifier: NodeRef] = [:]
    /// What each node presents, as this adapter presented it.
    private var presentations: [NodeRef: Controller] = [:]
    /// The view controllers each screen contains, as this adapter put them there: the screen's own
    /// children the app added are not the flow's.
    private var contained: [NodeRef: [Controller]] = [:]
    /// Each navigation controller's entries after the last command or report.
    private var entries: [ObjectIdentifier: [Controller]] = [:]
    /// Each tab bar controller's selection as the flow knows it: what More covers stays selected.
    private var selections: [ContainerID: Int] = [:]
    /// The navigation controllers a command of the driver's is moving now.
    private var driving: Set<ObjectIdentifier> = []
    /// The navigation controllers the person (or code outside the flow) is moving now.
    private var moving: Set<ObjectIdentifier> = []
    /// The presented view controllers the adapter is dismissing now: an alert controller in or
    /// over one disappears for the driver's command, not for the person's tap.
    private var dismissing: Set<ObjectIdentifier> = []

    /// An adapter that changes UIKit through `system`, showing what `model` holds.
    public init(system: System, model: any PresentationHost) {
        self.system = system
        self.model = model
    }

    /// The view controller shown for a node, if it is shown.
    public func controller(for node: NodeRef) -> Controller? { controllers[node] }

    /// The node a view controller shows, if it shows one.
    public func node(of controller: Controller) -> NodeRef? { refs[ObjectIdentifier(controller)] }

    /// What the adapter presented for a node, wherever UIKit presents it from, while it is
    /// presented.
    public func presentation(over node: NodeRef) -> Controller? {
        presentations[node].flatMap { system.presenter(of: $0) == nil ? nil : $0 }
    }

    /// How many view controllers the adapter keeps: those of the nodes shown, no more.
    public var controllerCount: Int { controllers.count }

    // MARK: NavigationPlatform

    public func run(_ command: NavigationCommand, done: @escaping @MainActor () -> Void) {
        switch command {
        case .setRoot(let content):
            let old = system.root
            let new = content.map { build($0, into: nil) }
            system.setRoot(new)
            if let old, old !== new { forget(old) }
            done()
        case .setEntries(let stack, let kept, let added, let animated):
            guard let navigation = controllers[.container(stack)] else { return done() }
            let old = system.entries(of: navigation)
            let new = Array(old.prefix(kept)) + added.map { build($0, into: navigation) }
            let leaving = old.dropFirst(kept).filter { gone in !new.contains { $0 === gone } }
            let id = ObjectIdentifier(navigation)
            driving.insert(id)
            entries[id] = new
            hideBackButtons(of: new.dropFirst(kept))
            system.setEntries(new, of: navigation, animated: animated) { [weak self] in
                self?.driving.remove(id)
                for gone in leaving { self?.forget(gone) }
                done()
            }
        case .present(let content, let anchor, let animated):
            guard let over = controllers[anchor] else { return done() }
            let presenter = presentationSource(for: over)
            let presented = build(content, into: nil)
            presentations[anchor] = presented
            system.present(presented, from: presenter, animated: animated) { done() }
        case .dismiss(let anchor, let animated):
            guard let presented = presentations.removeValue(forKey: anchor) else { return done() }
            guard system.presenter(of: presented) != nil else {
                forget(presented)
                return done()
            }

            let id = ObjectIdentifier(presented)
            dismissing.insert(id)
            system.dismiss(presented, animated: animated) { [weak self] in
                self?.dismissing.remove(id)
                self?.forget(presented)
                done()
            }
        case .setTabs(let tabs, let kept, let added, let items, let selected):
            guard let tabBar = controllers[.container(tabs)] else { return done() }
            let old = system.tabs(of: tabBar)
            let new = Array(old.prefix(kept)) + added.map { build($0, into: tabBar) }
            system.setTabs(new, items: items, of: tabBar)
            select(selected, of: tabBar, in: tabs)
            for gone in old.dropFirst(kept) where !new.contains(where: { $0 === gone }) { forget(gone) }
            done()
        case .selectTab(let index, let tabs):
            if let tabBar = controllers[.container(tabs)] { select(index, of: tabBar, in: tabs) }
            done()
        case .setChildren(let screen, let kept, let added):
            guard let parent = controllers[screen] else { return done() }
            let old = contained[screen] ?? []
            for gone in old.dropFirst(kept) {
                system.removeChild(gone)
                forget(gone)
            }
            let new = added.map { build($0, into: parent) }
            for child in new where system.parent(of: child) !== parent { system.addChild(child, to: parent) }
            contained[screen] = Array(old.prefix(kept)) + new
            done()
        }
    }

    public func shown(_ aspect: HostDrift.Aspect, of node: NodeRef?) -> [NodeRef]? {
        switch aspect {
        case .root:
            return system.root.flatMap(self.node(of:)).map { [$0] } ?? []
        case .presentation:
            guard let node, controllers[node] != nil else { return nil }
            guard let presented = presentations[node], system.presenter(of: presented) != nil, let ref = self.node(of: presented) else {
                return []
            }
            return [ref]
        case .entries:
            guard let node, let navigation = controllers[node], node.container != nil else { return nil }
            return system.entries(of: navigation).compactMap(self.node(of:))
        case .tabs:
            guard let node, let tabBar = controllers[node] else { return nil }
            return system.tabs(of: tabBar).compactMap(self.node(of:))
        case .selectedTab:
            guard let node, let tabs = node.container, let tabBar = controllers[node] else { return nil }
            let all = system.tabs(of: tabBar)
            guard let index = system.selectedTab(of: tabBar) ?? selections[tabs], all.indices.contains(index) else { return [] }
            return self.node(of: all[index]).map { [$0] } ?? []
        case .children:
            guard let node, let parent = controllers[node] else { return nil }
            return (contained[node] ?? []).filter { system.parent(of: $0) === parent }.compactMap(self.node(of:))
        }
    }

    // MARK: What UIKit reports

    /// A navigation controller's back gesture asks whether it may begin
    /// (`gestureRecognizerShouldBegin(_:)`, for the edge swipe and iOS 26's content swipe alike):
    /// only when nothing moves and the screens and guards allow going back.
    public func backGestureShouldBegin(in navigation: Controller) -> Bool {
        guard let stack = node(of: navigation)?.container, let driver else { return false }
        return driver.userMayBeginBack(in: stack)
    }

    /// A navigation controller is about to show a view controller
    /// (`navigationController(_:willShow:animated:)`). Unless a command of the driver's moves it,
    /// the person does (the back button, a swipe, a pop to root): no command starts until it ends.
    public func navigationWillShow(_ navigation: Controller) {
        let id = ObjectIdentifier(navigation)
        guard !driving.contains(id), let stack = node(of: navigation)?.container else { return }
        moving.insert(id)
        driver?.userBeganBack(in: stack)
    }

    /// The animation of a navigation controller's transition is over
    /// (`animate(alongsideTransition:completion:)` on its transition coordinator). A cancelled
    /// swipe is reported now, once the entry it uncovered has slid back, not at finger lift.
    public func navigationTransitionEnded(_ navigation: Controller, cancelled: Bool) {
        let id = ObjectIdentifier(navigation)
        guard cancelled, moving.remove(id) != nil, let stack = node(of: navigation)?.container else { return }
        driver?.userCancelledBack(in: stack)
    }

    /// A navigation controller shows a view controller (`navigationController(_:didShow:animated:)`):
    /// after a move the driver did not make, the driver learns what the stack now shows. The call
    /// that follows a cancelled swipe on iOS 18 and later, with the entries unchanged, means nothing.
    public func navigationDidShow(_ navigation: Controller) {
        let id = ObjectIdentifier(navigation)
        guard !driving.contains(id), let stack = node(of: navigation)?.container else { return }
        let wasMoving = moving.remove(id) != nil
        let now = system.entries(of: navigation)
        let before = entries[id] ?? []
        let unchanged = now.count == before.count && zip(now, before).allSatisfy { $0 === $1 }
        if unchanged {
            if wasMoving { driver?.userCancelledBack(in: stack) }
            return
        }
        entries[id] = now
        // What left is let go of before the driver hears of it: an entry it puts back is built anew.
        let staying = Set(now.map(ObjectIdentifier.init))
        for gone in before where !staying.contains(ObjectIdentifier(gone)) { forget(gone) }
        driver?.userWentBack(in: stack, showing: now.compactMap(node(of:)))
    }

    /// UIKit asks whether a sheet may be dismissed (`presentationControllerShouldDismiss(_:)`),
    /// which it may do at any time: only when nothing moves and the model allows it. Asking reports
    /// nothing.
    public func sheetShouldDismiss(_ presented: Controller) -> Bool {
        guard let ref = node(of: presented), let driver, driver.isCaughtUp else { return false }
        return driver.wouldAllow(.swipeDown(ref))
    }

    /// The person tried to swipe a sheet down and UIKit held it
    /// (`presentationControllerDidAttemptToDismiss(_:)`): the model reports why.
    public func sheetDidAttemptToDismiss(_ presented: Controller) {
        guard let ref = node(of: presented) else { return }
        driver?.userAttemptedSwipeDown(ref)
    }

    /// The person's finger takes a sheet away (`presentationControllerWillDismiss(_:)`), which
    /// may still be cancelled: no command starts until it went or stayed.
    public func sheetWillDismiss(_ presented: Controller) {
        guard let ref = node(of: presented) else { return }
        driver?.userBeganSwipeDown(ref)
    }

    /// The animation of a sheet's interactive dismissal is over; when it was cancelled, the sheet
    /// stays.
    public func sheetDismissalEnded(_ presented: Controller, cancelled: Bool) {
        guard cancelled, let ref = node(of: presented) else { return }
        driver?.userCancelledSwipeDown(ref)
    }

    /// The person swiped a sheet away (`presentationControllerDidDismiss(_:)`): the model follows,
    /// or it is presented again.
    public func sheetDidDismiss(_ presented: Controller) {
        guard let ref = node(of: presented) else { return }
        if let anchor = presentations.first(where: { $0.value === presented })?.key { presentations[anchor] = nil }
        forget(presented)
        driver?.userSweptDown(ref)
    }

    /// The person taps a tab (`tabBarController(_:shouldSelect:)`). Another tab is selected when
    /// nothing moves and the model allows it; the selected one, tapped again, pops its stack to the
    /// root, which the screens and guards are asked about first. UIKit's More tab is allowed when
    /// nothing moves.
    public func tabShouldSelect(_ tabBar: Controller, _ tab: Controller) -> Bool {
        guard let tabs = node(of: tabBar)?.container, let driver else { return false }
        guard let index = system.tabs(of: tabBar).firstIndex(where: { $0 === tab }) else { return driver.isCaughtUp }
        guard index == system.selectedTab(of: tabBar) else { return driver.userMaySelectTab(index, in: tabs) }
        guard let stack = node(of: tab)?.container, system.entries(of: tab).count > 1 else { return true }
        return driver.userMayGoBack(in: stack, toEntry: 0)
    }

    /// UIKit selected a tab (`tabBarController(_:didSelect:)`), which it reports for a re-tap
    /// too: only a new selection is the person's. More, and the list it shows, are not a flow's.
    public func tabDidSelect(_ tabBar: Controller, _ tab: Controller) {
        guard let tabs = node(of: tabBar)?.container, let index = system.tabs(of: tabBar).firstIndex(where: { $0 === tab }),
            index != selections[tabs]
        else { return }
        selections[tabs] = index
        driver?.userSelectedTab(index, in: tabs)
    }

    // MARK: Building and letting go

    /// The view controller for content about to be placed in `container` (`nil`: the window or a
    /// presentation): the one made before, if it has no other parent, else a new one.
    private func build(_ content: HierarchyNode, into container: Controller?) -> Controller {
        let reusable = controllers[content.ref].flatMap { made -> Controller? in
            let parent = system.parent(of: made)
            guard parent == nil || parent === container, system.presenter(of: made) == nil else { return nil }
            return made
        }
        let controller: Controller
        switch content.kind {
        case .screen(let screen):
            controller = reusable ?? makeController(for: model.screen(for: screen), as: content.ref)
            register(controller, as: content.ref)
            let old = contained[content.ref] ?? []
            let new = content.children.map { build($0, into: controller) }
            for gone in old where !new.contains(where: { $0 === gone }) {
                system.removeChild(gone)
                forget(gone)
            }
            for child in new where system.parent(of: child) !== controller { system.addChild(child, to: controller) }
            contained[content.ref] = new.isEmpty ? nil : new
        case .stack:
            if let reusable {
                controller = reusable
            } else {
                controller = system.makeNavigationController()
                system.guardBackGestures(of: controller)
            }
            register(controller, as: content.ref)
            let new = content.children.map { build($0, into: controller) }
            hideBackButtons(of: new.dropFirst())
            entries[ObjectIdentifier(controller)] = new
            system.setEntries(new, of: controller, animated: false) {}
        case .tabs(let id, let items, let selected):
            controller = reusable ?? system.makeTabBarController()
            register(controller, as: content.ref)
            system.setTabs(content.children.map { build($0, into: controller) }, items: items, of: controller)
            select(selected, of: controller, in: id)
        }
        return controller
    }

    /// A screen's view controller: an alert controller for an alert, whose answer the driver
    /// hears once UIKit has taken it away.
    private func makeController(for screen: (any Screen)?, as ref: NodeRef) -> Controller {
        guard let alert = screen as? any AlertScreen else { return system.makeController(for: screen) }
        return system.makeAlertController(
            for: alert, leaving: { [weak self] in self?.alertLeaving(ref) }, answer: { [weak self] button in self?.alertAnswered(ref, with: button) })
    }

    /// An alert controller starts taking itself away: unless a command of the driver's dismisses
    /// it, the person tapped a button, and no command starts until UIKit runs its handler.
    private func alertLeaving(_ ref: NodeRef) {
        guard var leaving = controllers[ref] else { return }
        while true {
            if dismissing.contains(ObjectIdentifier(leaving)) { return }
            guard let presenter = system.presenter(of: leaving) else { break }
            leaving = presenter
        }
        driver?.userBeganAnswer(ref)
    }

    /// UIKit dismissed an alert controller because the person chose a button, and runs that
    /// button's handler: the view controller is let go of, and the driver answers the model's
    /// alert (or presents it again when the model refuses the answer).
    private func alertAnswered(_ ref: NodeRef, with button: FlowAlert.Button) {
        guard let alert = controllers[ref] else { return }
        if let anchor = presentations.first(where: { $0.value === alert })?.key { presentations[anchor] = nil }
        forget(alert)
        driver?.userAnswered(ref, with: button)
    }

    private func register(_ controller: Controller, as ref: NodeRef) {
        if let previous = controllers[ref], previous !== controller { refs[ObjectIdentifier(previous)] = nil }
        controllers[ref] = controller
        refs[ObjectIdentifier(controller)] = ref
    }

    private func select(_ index: Int?, of tabBar: Controller, in tabs: ContainerID) {
        selections[tabs] = index
        if let index { system.selectTab(index, of: tabBar) }
    }

    /// Hides the back button of entries whose screens do not let the person go back.
    private func hideBackButtons(of added: some Sequence<Controller>) {
        for entry in added {
            guard let screen = node(of: entry)?.screen.flatMap(model.screen(for:)) else { continue }
            system.setBackButtonHidden(!screen.allowsInteractiveBack, on: entry)
        }
    }

    /// Where UIKit can present over a view controller: itself, or its nearest ancestor in the
    /// window (else its outermost one, whose view UIKit is about to put there), then what that
    /// already presents, top-most.
    private func presentationSource(for controller: Controller) -> Controller {
        var source = controller
        while !system.isInWindow(source), let parent = system.parent(of: source) { source = parent }
        while let above = system.presented(by: source) { source = above }
        return source
    }

    /// Lets go of a view controller that left the screen, with everything it held and presented,
    /// unless its node has been given another one since.
    private func forget(_ controller: Controller) {
        let id = ObjectIdentifier(controller)
        guard let ref = refs.removeValue(forKey: id) else { return }
        moving.remove(id)
        driving.remove(id)
        let held = entries.removeValue(forKey: id) ?? system.tabs(of: controller)
        for inside in held where system.parent(of: inside).map({ $0 === controller }) ?? true { forget(inside) }
        guard controllers[ref] === controller else { return }
        controllers[ref] = nil
        for child in contained.removeValue(forKey: ref) ?? [] { forget(child) }
        if let presented = presentations.removeValue(forKey: ref) { forget(presented) }
    }
}
