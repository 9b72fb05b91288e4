import FlowKernel

/// The calls into UIKit that ``UIKitAdapter`` makes, and nothing more: each one a UIKit call or
/// two, with no decision of its own.
///
/// On Apple platforms `UIKitNavigation` answers them with UIKit's containers; on any machine
/// FlowUIKitTesting's `SimulatedUIKit` answers them with containers that behave as UIKit's do, so the adapter's
/// decisions are tested where the tests run. A controller is a view controller: a screen's, a
/// navigation controller or a tab bar controller.
@MainActor
public protocol ViewControllerSystem: AnyObject {
    /// A view controller.
    associatedtype Controller: AnyObject

    /// The view controller of a screen, from the app's provider; a plain one when the model no
    /// longer has the screen.
    func makeController(for screen: (any Screen)?) -> Controller
    /// The view controller of an alert (a `UIAlertController`, in the alert or action sheet style
    /// the alert asks for), with an action for each of its buttons in order.
    ///
    /// When the person taps a button, the alert controller takes itself away: `leaving` runs as
    /// it starts to (its view will disappear), `answer` with the button once it has gone (the
    /// action's handler). A system that does not implement it shows an alert as any other screen
    /// (``makeController(for:)``).
    func makeAlertController(
        for screen: any AlertScreen, leaving: @escaping @MainActor () -> Void, answer: @escaping @MainActor (FlowAlert.Button) -> Void
    ) -> Controller
    /// A navigation controller, with the adapter as its delegate.
    func makeNavigationController() -> Controller
    /// A tab bar controller, with the adapter as its delegate.
    func makeTabBarController() -> Controller

    /// The window's root view controller.
    var root: Controller? { get }
    /// Sets the window's root view controller and shows the window.
    func setRoot(_ controller: Controller?)

    /// A navigation controller's entries, bottom first (`viewControllers`).
    func entries(of navigation: Controller) -> [Controller]
    /// Sets a navigation controller's entries (`setViewControllers(_:animated:)`); `completion`
    /// runs once its animation is over.
    func setEntries(_ entries: [Controller], of navigation: Controller, animated: Bool, completion: @escaping @MainActor () -> Void)
    /// Makes the adapter the delegate of both of a navigation controller's back gestures: the edge
    /// swipe and, from iOS 26, the swipe from anywhere in the content.
    func guardBackGestures(of navigation: Controller)
    /// Hides or shows an entry's back button (`navigationItem.hidesBackButton`).
    func setBackButtonHidden(_ hidden: Bool, on controller: Controller)

    /// What a view controller presents (`presentedViewController`).
    func presented(by controller: Controller) -> Controller?
    /// The view controller that presents this one (`presentingViewController`).
    func presenter(of controller: Controller) -> Controller?
    /// Presents a view controller over another, with the adapter as its presentation controller's
    /// delegate; `completion` runs once it is on screen.
    func present(_ controller: Controller, from presenter: Controller, animated: Bool, completion: @escaping @MainActor () -> Void)
    /// Dismisses a presented view controller and everything it presents; `completion` runs once
    /// it is gone.
    func dismiss(_ presented: Controller, animated: Bool, completion: @escaping @MainActor () -> Void)

    /// A tab bar controller's tabs (`viewControllers`).
    func tabs(of tabBar: Controller) -> [Controller]
    /// Sets a tab bar controller's tabs, each with its tab bar item.
    func setTabs(_ tabs: [Controller], items: [TabItem], of tabBar: Controller)
    /// The selected tab, or `nil` when the More tab is selected (`selectedIndex` is `NSNotFound`).
    func selectedTab(of tabBar: Controller) -> Int?
    /// Selects a tab (`selectedIndex`).
    func selectTab(_ index: Int, of tabBar: Controller)

    /// Contains a view controller in another, its view laid out below the ones contained before.
    func addChild(_ child: Controller, to parent: Controller)
    /// Takes a contained view controller out of its parent.
    func removeChild(_ child: Controller)
    /// The view controller's parent: the container or screen that holds it.
    func parent(of controller: Controller) -> Controller?
    /// Whether the view controller's view is in the window (`viewIfLoaded?.window != nil`): UIKit
    /// presents only from one that is.
    func isInWindow(_ controller: Controller) -> Bool
}

extension ViewControllerSystem {
    /// Shows an alert as any other screen, from the app's provider.
    public func makeAlertController(
        for screen: any AlertScreen, leaving: @escaping @MainActor () -> Void, answer: @escaping @MainActor (FlowAlert.Button) -> Void
    ) -> Controller {
        makeController(for: screen)
    }
}
