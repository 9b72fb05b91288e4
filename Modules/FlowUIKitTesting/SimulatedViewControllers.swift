import FlowKernel
import FlowUIKit

/// A view controller of ``SimulatedUIKit``: a screen's, a navigation controller or a tab bar
/// controller, with the state UIKit keeps for each.
@MainActor
public final class SimulatedViewController {
    /// What the view controller is.
    public enum Kind: Equatable, Sendable {
        /// A screen's view controller, made by the app's provider (or a plain one).
        case screen
        /// A navigation controller.
        case navigation
        /// A tab bar controller.
        case tabBar
    }

    /// What it is.
    public let kind: Kind
    /// The screen's name, for a screen's view controller.
    public let title: String
    /// A navigation controller's entries, bottom first.
    public fileprivate(set) var entries: [SimulatedViewController] = []
    /// A tab bar controller's tabs, and the items their tab bar shows.
    public fileprivate(set) var tabs: [SimulatedViewController] = []
    /// The tab bar items of a tab bar controller's tabs.
    public fileprivate(set) var tabItems: [TabItem] = []
    /// The selected tab, `nil` when More is selected or nothing is.
    public fileprivate(set) var selectedIndex: Int?
    /// The view controllers contained in a screen's, in layout order.
    public fileprivate(set) var children: [SimulatedViewController] = []
    /// The container or screen that holds it.
    public fileprivate(set) weak var parent: SimulatedViewController?
    /// What it presents.
    public fileprivate(set) var presented: SimulatedViewController?
    /// What presents it.
    public fileprivate(set) weak var presenting: SimulatedViewController?
    /// Whether its back button is hidden, as an entry of a navigation controller.
    public fileprivate(set) var hidesBackButton = false
    /// Whether the adapter is the delegate of a navigation controller's back gestures.
    public fileprivate(set) var guardsBackGestures = false
    /// The alert an alert controller shows, with an action for each of its buttons; `nil` for
    /// every other view controller.
    public let alert: FlowAlert?
    /// What the alert controller says as it starts to take itself away.
    fileprivate let leaving: (@MainActor () -> Void)?
    /// What the alert controller's actions run, once it has dismissed itself.
    fileprivate let answer: (@MainActor (FlowAlert.Button) -> Void)?

    fileprivate init(
        _ kind: Kind, title: String, alert: FlowAlert? = nil, leaving: (@MainActor () -> Void)? = nil,
        answer: (@MainActor (FlowAlert.Button) -> Void)? = nil
    ) {
        self.kind = kind
        self.title = title
        self.alert = alert
        self.leaving = leaving
        self.answer = answer
    }
}

/// UIKit's containers in memory, with UIKit's rules and timing: the ``/FlowUIKit/ViewControllerSystem``
/// ``SimulatedUIKit`` runs ``/FlowUIKit/UIKitAdapter`` on.
@MainActor
final class SimulatedContainers: ViewControllerSystem {
    typealias Controller = SimulatedViewController

    /// The adapter, every container's delegate.
    weak var adapter: UIKitAdapter<SimulatedContainers>?
    private(set) var root: SimulatedViewController?
    /// Calls UIKit refuses, with why.
    private(set) var violations: [String] = []
    /// What UIKit allows and Apple's guides advise against, with why.
    private(set) var advisories: [String] = []
    /// The running animation's end: what UIKit does and reports when it is over.
    private var animation: (() -> Void)?
    /// Completions UIKit will never call, because it refused what they were for.
    private(set) var unansweredCompletions = 0
    /// The swipe the person's finger is making: back on a navigation controller, or a sheet down.
    private(set) var swipe: Swipe?

    enum Swipe {
        case back(SimulatedViewController, popped: SimulatedViewController)
        case sheet(SimulatedViewController)
    }

    var isAnimating: Bool { animation != nil || swipe != nil }

    // MARK: ViewControllerSystem

    func makeController(for screen: (any Screen)?) -> SimulatedViewController {
        SimulatedViewController(.screen, title: screen?.displayName ?? "")
    }

    func makeAlertController(
        for screen: any AlertScreen, leaving: @escaping @MainActor () -> Void, answer: @escaping @MainActor (FlowAlert.Button) -> Void
    ) -> SimulatedViewController {
        SimulatedViewController(.screen, title: screen.displayName, alert: screen.alert, leaving: leaving, answer: answer)
    }

    func makeNavigationController() -> SimulatedViewController { SimulatedViewController(.navigation, title: "") }

    func makeTabBarController() -> SimulatedViewController { SimulatedViewController(.tabBar, title: "") }

    func setRoot(_ controller: SimulatedViewController?) {
        if let controller, let refusal = adoptionRefusal(of: controller, by: nil) { return refuse(refusal) }
        root = controller
    }

    func entries(of navigation: SimulatedViewController) -> [SimulatedViewController] { navigation.entries }

    func setEntries(
        _ entries: [SimulatedViewController], of navigation: SimulatedViewController, animated: Bool, completion: @escaping @MainActor () -> Void
    ) {
        if isAnimating && animated { refuse("setting the entries of a navigation controller while another transition ran") }
        if entries.isEmpty { return refuse("a navigation controller needs an entry") }
        for entry in entries {
            if let refusal = adoptionRefusal(of: entry, by: navigation) { return refuse(refusal) }
            if entry.kind == .navigation { return refuse("pushing a navigation controller is not supported") }
            if entry.kind == .tabBar { advisories.append("a navigation controller should not contain a tab bar controller") }
        }
        let changesTop = navigation.entries.last !== entries.last
        let staying = Set(entries.map(ObjectIdentifier.init))
        for gone in navigation.entries where !staying.contains(ObjectIdentifier(gone)) { gone.parent = nil }
        navigation.entries = entries
        for entry in entries { entry.parent = navigation }
        if changesTop { adapter?.navigationWillShow(navigation) }
        let end = { [weak self] in
            if changesTop { self?.adapter?.navigationDidShow(navigation) }
            completion()
        }
        if animated && isInWindow(navigation) { animation = end } else { end() }
    }

    func guardBackGestures(of navigation: SimulatedViewController) { navigation.guardsBackGestures = true }

    func setBackButtonHidden(_ hidden: Bool, on controller: SimulatedViewController) { controller.hidesBackButton = hidden }

    func presented(by controller: SimulatedViewController) -> SimulatedViewController? { controller.presented }

    func presenter(of controller: SimulatedViewController) -> SimulatedViewController? { controller.presenting }

    func present(
        _ controller: SimulatedViewController, from presenter: SimulatedViewController, animated: Bool,
        completion: @escaping @MainActor () -> Void
    ) {
        let refusal: String? =
            if isAnimating {
                "presenting while a transition runs"
            } else if !isInWindow(presenter) {
                "presenting from a view controller whose view is not in the window hierarchy"
            } else if let busy = presenter.presented {
                "presenting from a view controller that already presents \(busy.title)"
            } else {
                adoptionRefusal(of: controller, by: nil)
            }
        if let refusal {
            // UIKit logs the refusal and never calls the completion.
            unansweredCompletions += 1
            return refuse(refusal)
        }
        presenter.presented = controller
        controller.presenting = presenter
        if animated { animation = completion } else { completion() }
    }

    func dismiss(_ presented: SimulatedViewController, animated: Bool, completion: @escaping @MainActor () -> Void) {
        guard let presenter = presented.presenting else { return completion() }
        if isAnimating {
            unansweredCompletions += 1
            return refuse("dismissing while a transition runs")
        }
        let end = {
            presenter.presented = nil
            presented.presenting = nil
            completion()
        }
        if animated { animation = end } else { end() }
    }

    func tabs(of tabBar: SimulatedViewController) -> [SimulatedViewController] { tabBar.tabs }

    func setTabs(_ tabs: [SimulatedViewController], items: [TabItem], of tabBar: SimulatedViewController) {
        for tab in tabs { if let refusal = adoptionRefusal(of: tab, by: tabBar) { return refuse(refusal) } }
        let staying = Set(tabs.map(ObjectIdentifier.init))
        for gone in tabBar.tabs where !staying.contains(ObjectIdentifier(gone)) { gone.parent = nil }
        tabBar.tabs = tabs
        tabBar.tabItems = Array(items.prefix(tabs.count))
        for tab in tabs { tab.parent = tabBar }
        if let selected = tabBar.selectedIndex, !tabs.indices.contains(selected) { tabBar.selectedIndex = tabs.isEmpty ? nil : 0 }
    }

    func selectedTab(of tabBar: SimulatedViewController) -> Int? { tabBar.selectedIndex }

    func selectTab(_ index: Int, of tabBar: SimulatedViewController) {
        guard tabBar.tabs.indices.contains(index) else { return refuse("selecting tab \(index) of \(tabBar.tabs.count)") }
        tabBar.selectedIndex = index
    }

    func addChild(_ child: SimulatedViewController, to parent: SimulatedViewController) {
        if let refusal = adoptionRefusal(of: child, by: parent) { return refuse(refusal) }
        parent.children.append(child)
        child.parent = parent
    }

    func removeChild(_ child: SimulatedViewController) {
        child.parent?.children.removeAll { $0 === child }
        child.parent = nil
    }

    func parent(of controller: SimulatedViewController) -> SimulatedViewController? { controller.parent }

    func isInWindow(_ controller: SimulatedViewController) -> Bool {
        if controller === root { return true }
        if let presenter = controller.presenting { return isInWindow(presenter) }
        guard let parent = controller.parent, isInWindow(parent) else { return false }
        switch parent.kind {
        case .navigation: return parent.entries.last === controller
        case .tabBar: return parent.selectedIndex.map { parent.tabs.indices.contains($0) && parent.tabs[$0] === controller } ?? false
        case .screen: return true
        }
    }

    // MARK: Rules

    /// UIKit gives a view controller one parent: one held elsewhere cannot be placed here.
    private func adoptionRefusal(of controller: SimulatedViewController, by container: SimulatedViewController?) -> String? {
        if let parent = controller.parent, parent !== container {
            return "\(controller.title.isEmpty ? "a container" : controller.title) already has a parent"
        }
        if controller.presenting != nil { return "\(controller.title) is presented" }
        return nil
    }

    private func refuse(_ why: String) { violations.append(why) }

    // MARK: Time and the person's hand

    /// Ends the running animation, with what UIKit does and reports at its end.
    func finishAnimation() {
        guard let end = animation else { return }
        animation = nil
        end()
    }

    /// The back button: the pop animates, then UIKit reports it.
    func tapBack(on navigation: SimulatedViewController) {
        guard !isAnimating, navigation.entries.count > 1, let top = navigation.entries.last, !top.hidesBackButton else { return }
        pop(navigation, to: navigation.entries.count - 1)
    }

    /// A navigation controller pops to an entry, animated, as its back button or a re-tapped tab
    /// makes it: `willShow`, the animation, then `didShow`.
    private func pop(_ navigation: SimulatedViewController, to count: Int) {
        for gone in navigation.entries[count...] { gone.parent = nil }
        navigation.entries.removeSubrange(count...)
        adapter?.navigationWillShow(navigation)
        animation = { [weak self] in
            self?.adapter?.navigationTransitionEnded(navigation, cancelled: false)
            self?.adapter?.navigationDidShow(navigation)
        }
    }

    /// A back swipe from the edge (or, with `fromContent`, iOS 26's swipe from anywhere in the
    /// content), asking the gesture's delegate first when the adapter is it.
    func beginBackSwipe(on navigation: SimulatedViewController, fromContent: Bool) -> Bool {
        guard !isAnimating, navigation.entries.count > 1, let top = navigation.entries.last else { return false }
        if navigation.guardsBackGestures {
            guard adapter?.backGestureShouldBegin(in: navigation) == true else { return false }
        } else if !fromContent, top.hidesBackButton {
            // UIKit's own delegate lets the edge swipe begin only where the back button shows.
            return false
        }
        navigation.entries.removeLast()
        top.parent = nil
        swipe = .back(navigation, popped: top)
        adapter?.navigationWillShow(navigation)
        return true
    }

    /// The finger lifts from a back swipe: past half way the pop completes, else the entry slides
    /// back; either way the animation runs on, and UIKit reports at its end (and, on iOS 18 and
    /// later, calls `didShow` after a cancelled swipe too).
    func endBackSwipe(cancelled: Bool) {
        guard case .back(let navigation, let popped)? = swipe else { return }
        swipe = nil
        animation = { [weak self] in
            if cancelled {
                navigation.entries.append(popped)
                popped.parent = navigation
            }
            self?.adapter?.navigationTransitionEnded(navigation, cancelled: cancelled)
            self?.adapter?.navigationDidShow(navigation)
        }
    }

    /// UIKit asks whether the top-most sheet may be dismissed, as it may at any time; an alert
    /// controller is no sheet, and never asked about.
    func askMayDismiss() -> Bool {
        guard let top = topmostPresented, top.alert == nil else { return false }
        return adapter?.sheetShouldDismiss(top) ?? true
    }

    /// The person starts dragging the top-most sheet down: UIKit asks, and a sheet held is
    /// reported as an attempt.
    func beginSheetSwipe() -> Bool {
        guard !isAnimating, let top = topmostPresented, top.alert == nil else { return false }
        guard adapter?.sheetShouldDismiss(top) ?? true else {
            adapter?.sheetDidAttemptToDismiss(top)
            return false
        }
        swipe = .sheet(top)
        adapter?.sheetWillDismiss(top)
        return true
    }

    /// The finger lifts from a sheet: it goes, or springs back, once its animation is over.
    func endSheetSwipe(cancelled: Bool) {
        guard case .sheet(let sheet)? = swipe else { return }
        swipe = nil
        animation = { [weak self] in
            if !cancelled, let presenter = sheet.presenting {
                presenter.presented = nil
                sheet.presenting = nil
            }
            self?.adapter?.sheetDismissalEnded(sheet, cancelled: cancelled)
            if !cancelled { self?.adapter?.sheetDidDismiss(sheet) }
        }
    }

    /// The person taps a button of the top-most alert controller: it dismisses itself, animated,
    /// and once it is gone runs the button's action. Tells whether there was such a button.
    func tapAlertButton(_ title: String) -> Bool {
        guard !isAnimating, let top = topmostPresented, let alert = top.alert, let button = alert.button(titled: title) else { return false }
        animation = {
            if let presenter = top.presenting {
                presenter.presented = nil
                top.presenting = nil
            }
            top.answer?(button)
        }
        top.leaving?()
        return true
    }

    /// The person taps a tab bar item: UIKit asks, selects, reports, and pops a navigation tab
    /// tapped again to its root. With more than five tabs the bar shows four and More.
    func tapTab(_ index: Int, of tabBar: SimulatedViewController) {
        guard tabBar.tabs.indices.contains(index), !hasMore(tabBar) || index < 4 else { return }
        select(index, of: tabBar, asking: true)
    }

    /// The person taps More: UIKit's own list of the other tabs, not a flow's tab.
    func tapMore(of tabBar: SimulatedViewController) {
        guard hasMore(tabBar), tabBar.selectedIndex != nil else { return }
        let more = SimulatedViewController(.navigation, title: "More")
        guard adapter?.tabShouldSelect(tabBar, more) ?? true else { return }
        tabBar.selectedIndex = nil
        adapter?.tabDidSelect(tabBar, more)
    }

    /// The person picks a tab from More's list.
    func pickFromMore(_ index: Int, of tabBar: SimulatedViewController) {
        guard hasMore(tabBar), tabBar.selectedIndex == nil, tabBar.tabs.indices.contains(index), index >= 4 else { return }
        select(index, of: tabBar, asking: false)
    }

    private func select(_ index: Int, of tabBar: SimulatedViewController, asking: Bool) {
        let tab = tabBar.tabs[index]
        if asking { guard adapter?.tabShouldSelect(tabBar, tab) ?? true else { return } }
        let again = tabBar.selectedIndex == index
        tabBar.selectedIndex = index
        adapter?.tabDidSelect(tabBar, tab)
        if again, tab.kind == .navigation, tab.entries.count > 1, !isAnimating { pop(tab, to: 1) }
    }

    private func hasMore(_ tabBar: SimulatedViewController) -> Bool { tabBar.tabs.count > 5 }

    /// Code outside the flow keeps only a navigation controller's first entries, telling no one.
    func truncate(_ navigation: SimulatedViewController, keeping count: Int) {
        guard count < navigation.entries.count else { return }
        for gone in navigation.entries[count...] { gone.parent = nil }
        navigation.entries.removeSubrange(count...)
    }

    /// The alert of the top-most presented view controller, if it is an alert controller.
    var topmostAlert: FlowAlert? { topmostPresented?.alert }

    /// The top-most presented view controller the person sees.
    private var topmostPresented: SimulatedViewController? {
        guard var node = root else { return nil }
        var found: SimulatedViewController?
        while true {
            if let deeper = visiblePresentation(below: node) {
                found = deeper
                node = deeper
            } else {
                return found
            }
        }
    }

    private func visiblePresentation(below controller: SimulatedViewController) -> SimulatedViewController? {
        let visible: SimulatedViewController? =
            switch controller.kind {
            case .navigation: controller.entries.last
            case .tabBar: controller.selectedIndex.flatMap { controller.tabs.indices.contains($0) ? controller.tabs[$0] : nil }
            case .screen: nil
            }
        if let visible, let deeper = visiblePresentation(below: visible) { return deeper }
        if controller.kind == .screen {
            for child in controller.children.reversed() { if let deeper = visiblePresentation(below: child) { return deeper } }
        }
        return controller.presented
    }
}
