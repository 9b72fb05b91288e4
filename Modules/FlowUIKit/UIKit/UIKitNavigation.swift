// UIKit's view controllers exist on iOS, iPadOS, tvOS and visionOS (Mac Catalyst included); watchOS
// imports a UIKit without them.
#if canImport(UIKit) && !os(watchOS)
    import FlowKernel
    import FlowPlatform
    import UIKit

    /// Shows a model host's navigation in a window with UIKit's containers: a
    /// `UINavigationController` per stack, a `UITabBarController` per tab group, modal presentation,
    /// child view controllers for contained screens.
    ///
    /// Make it once, where the window is made, and keep it as long as the window shows the flow:
    ///
    /// ```swift
    /// final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    ///     var window: UIWindow?
    ///     private let host = InMemoryHost()
    ///     private var navigation: UIKitNavigation?
    ///
    ///     func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
    ///         guard let scene = scene as? UIWindowScene else { return }
    ///         let window = UIWindow(windowScene: scene)
    ///         self.window = window
    ///         navigation = UIKitNavigation(model: host, window: window) { screen in
    ///             switch screen {
    ///             case let catalog as CatalogScreen: CatalogViewController(screen: catalog)
    ///             default: UIHostingController(rootView: Text(screen.displayName))
    ///             }
    ///         }
    ///         try? shop.start(on: host)
    ///     }
    /// }
    /// ```
    ///
    /// Every decision is ``UIKitAdapter``'s, tested on every platform against FlowUIKitTesting's `SimulatedUIKit`;
    /// this layer only makes UIKit's calls and forwards its delegate callbacks, one for one.
    @MainActor
    public final class UIKitNavigation {
        /// The driver that brings UIKit's containers to the model: route a screen's actions through
        /// ``/FlowPlatform/NavigationDriver/act(from:_:)`` so a second tap during a transition is dropped.
        public let driver: NavigationDriver
        private let system: UIKitSystem
        private let adapter: UIKitAdapter<UIKitSystem>

        /// Shows a model host in a window; `viewController` makes the view controller of each screen
        /// when it is first shown.
        public init(model: any PresentationHost, window: UIWindow, viewController: @escaping @MainActor (any Screen) -> UIViewController) {
            system = UIKitSystem(window: window, makeViewController: viewController)
            adapter = UIKitAdapter(system: system, model: model)
            system.adapter = adapter
            driver = NavigationDriver(model: model, platform: adapter)
            adapter.driver = driver
        }

        /// Stops following the model; the window keeps what it shows.
        public func stop() { driver.stop() }
    }

    /// UIKit's calls for ``UIKitAdapter``, and the delegate that forwards UIKit's callbacks to it.
    @MainActor
    final class UIKitSystem: NSObject, ViewControllerSystem {
        weak var adapter: UIKitAdapter<UIKitSystem>?
        private let window: UIWindow
        private let makeViewController: @MainActor (any Screen) -> UIViewController

        init(window: UIWindow, makeViewController: @escaping @MainActor (any Screen) -> UIViewController) {
            self.window = window
            self.makeViewController = makeViewController
        }

        func makeController(for screen: (any Screen)?) -> UIViewController {
            screen.map(makeViewController) ?? UIViewController()
        }

        func makeAlertController(
            for screen: any AlertScreen, leaving: @escaping @MainActor () -> Void, answer: @escaping @MainActor (FlowAlert.Button) -> Void
        ) -> UIViewController {
            let alert = screen.alert
            let controller = AlertController(
                title: alert.title, message: alert.message, preferredStyle: alert.style == .confirmationDialog ? .actionSheet : .alert)
            controller.leaving = leaving
            for button in alert.buttons {
                let style: UIAlertAction.Style =
                    switch button.role {
                    case .cancel?: .cancel
                    case .destructive?: .destructive
                    case nil: .default
                    }
                controller.addAction(UIAlertAction(title: button.title, style: style) { _ in MainActor.assumeIsolated { answer(button) } })
            }
            return controller
        }

        func makeNavigationController() -> UIViewController {
            let navigation = UINavigationController()
            navigation.delegate = self
            return navigation
        }

        func makeTabBarController() -> UIViewController {
            let tabBar = UITabBarController()
            tabBar.delegate = self
            return tabBar
        }

        var root: UIViewController? { window.rootViewController }

        func setRoot(_ controller: UIViewController?) {
            window.rootViewController = controller
            window.makeKeyAndVisible()
        }

        func entries(of navigation: UIViewController) -> [UIViewController] {
            (navigation as? UINavigationController)?.viewControllers ?? []
        }

        func setEntries(_ entries: [UIViewController], of navigation: UIViewController, animated: Bool, completion: @escaping @MainActor () -> Void) {
            guard let navigation = navigation as? UINavigationController else { return completion() }
            navigation.setViewControllers(entries, animated: animated)
            guard animated, let coordinator = navigation.transitionCoordinator else { return completion() }
            coordinator.animate(alongsideTransition: nil) { _ in completion() }
        }

        func guardBackGestures(of navigation: UIViewController) {
            // tvOS has no back swipes: Back is the remote's Menu button.
            #if !os(tvOS)
                guard let navigation = navigation as? UINavigationController else { return }
                navigation.interactivePopGestureRecognizer?.delegate = self
                if #available(iOS 26.0, visionOS 26.0, *) {
                    navigation.interactiveContentPopGestureRecognizer?.delegate = self
                }
            #endif
        }

        func setBackButtonHidden(_ hidden: Bool, on controller: UIViewController) {
            // tvOS shows no back button to hide.
            #if !os(tvOS)
                controller.navigationItem.hidesBackButton = hidden
            #endif
        }

        func presented(by controller: UIViewController) -> UIViewController? { controller.presentedViewController }

        func presenter(of controller: UIViewController) -> UIViewController? { controller.presentingViewController }

        func present(_ controller: UIViewController, from presenter: UIViewController, animated: Bool, completion: @escaping @MainActor () -> Void) {
            controller.presentationController?.delegate = self
            // An action sheet is a popover where there is room for one (iPad): it needs a source.
            if let popover = controller.popoverPresentationController, popover.sourceView == nil {
                popover.sourceView = presenter.view
                popover.sourceRect = CGRect(x: presenter.view.bounds.midX, y: presenter.view.bounds.midY, width: 0, height: 0)
                popover.permittedArrowDirections = []
            }
            presenter.present(controller, animated: animated) { completion() }
        }

        func dismiss(_ presented: UIViewController, animated: Bool, completion: @escaping @MainActor () -> Void) {
            guard let presenter = presented.presentingViewController else { return completion() }
            presenter.dismiss(animated: animated) { completion() }
        }

        func tabs(of tabBar: UIViewController) -> [UIViewController] {
            (tabBar as? UITabBarController)?.viewControllers ?? []
        }

        func setTabs(_ tabs: [UIViewController], items: [TabItem], of tabBar: UIViewController) {
            for (tab, item) in zip(tabs, items) {
                tab.tabBarItem = UITabBarItem(
                    title: item.title,
                    image: item.image.flatMap { UIImage(named: $0) },
                    selectedImage: item.selectedImage.flatMap { UIImage(named: $0) }
                )
            }
            (tabBar as? UITabBarController)?.setViewControllers(tabs, animated: false)
        }

        func selectedTab(of tabBar: UIViewController) -> Int? {
            guard let index = (tabBar as? UITabBarController)?.selectedIndex, index != NSNotFound else { return nil }
            return index
        }

        func selectTab(_ index: Int, of tabBar: UIViewController) {
            (tabBar as? UITabBarController)?.selectedIndex = index
        }

        func addChild(_ child: UIViewController, to parent: UIViewController) {
            parent.addChild(child)
            contents(of: parent).addArrangedSubview(child.view)
            child.didMove(toParent: parent)
        }

        func removeChild(_ child: UIViewController) {
            child.willMove(toParent: nil)
            child.view.removeFromSuperview()
            child.removeFromParent()
        }

        func parent(of controller: UIViewController) -> UIViewController? { controller.parent }

        func isInWindow(_ controller: UIViewController) -> Bool { controller.viewIfLoaded?.window != nil }

        /// The stack view that lays out the screens a screen contains, one below the other in equal
        /// shares of its safe area: pinned on all four sides, so screens with no height of their own
        /// are not laid out at zero height.
        private func contents(of parent: UIViewController) -> UIStackView {
            if let made = parent.view.subviews.last(where: { $0.accessibilityIdentifier == Self.contentsIdentifier }) as? UIStackView {
                return made
            }
            let stack = UIStackView()
            stack.axis = .vertical
            stack.distribution = .fillEqually
            stack.accessibilityIdentifier = Self.contentsIdentifier
            stack.translatesAutoresizingMaskIntoConstraints = false
            parent.view.addSubview(stack)
            NSLayoutConstraint.activate([
                stack.topAnchor.constraint(equalTo: parent.view.safeAreaLayoutGuide.topAnchor),
                stack.leadingAnchor.constraint(equalTo: parent.view.safeAreaLayoutGuide.leadingAnchor),
                stack.trailingAnchor.constraint(equalTo: parent.view.safeAreaLayoutGuide.trailingAnchor),
                stack.bottomAnchor.constraint(equalTo: parent.view.safeAreaLayoutGuide.bottomAnchor),
            ])
            return stack
        }

        private static let contentsIdentifier = "FlowKit.containedScreens"
    }

    extension UIKitSystem: UINavigationControllerDelegate {
        func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
            adapter?.navigationWillShow(navigationController)
            navigationController.transitionCoordinator?.animate(alongsideTransition: nil) { [weak self] context in
                self?.adapter?.navigationTransitionEnded(navigationController, cancelled: context.isCancelled)
            }
        }

        func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
            adapter?.navigationDidShow(navigationController)
        }
    }

    extension UIKitSystem: UIGestureRecognizerDelegate {
        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            // Both back gestures are attached to the navigation controller's own view, whose next responder it is.
            guard let navigation = gestureRecognizer.view?.next as? UINavigationController else { return false }
            return adapter?.backGestureShouldBegin(in: navigation) ?? false
        }
    }

    extension UIKitSystem: UIAdaptivePresentationControllerDelegate {
        func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
            adapter?.sheetShouldDismiss(presentationController.presentedViewController) ?? false
        }

        func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
            adapter?.sheetDidAttemptToDismiss(presentationController.presentedViewController)
        }

        func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
            let presented = presentationController.presentedViewController
            adapter?.sheetWillDismiss(presented)
            presented.transitionCoordinator?.animate(alongsideTransition: nil) { [weak self] context in
                self?.adapter?.sheetDismissalEnded(presented, cancelled: context.isCancelled)
            }
        }

        func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
            adapter?.sheetDidDismiss(presentationController.presentedViewController)
        }
    }

    extension UIKitSystem: UITabBarControllerDelegate {
        func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
            adapter?.tabShouldSelect(tabBarController, viewController) ?? true
        }

        func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
            adapter?.tabDidSelect(tabBarController, viewController)
        }
    }

    /// An alert controller that says when it starts to take itself away, which UIKit reports no
    /// other way before the tapped action's handler runs.
    final class AlertController: UIAlertController {
        var leaving: (@MainActor () -> Void)?

        override func viewWillDisappear(_ animated: Bool) {
            super.viewWillDisappear(animated)
            if isBeingDismissed { leaving?() }
        }
    }
#endif
