#if canImport(UIKit)
    import FlowKernel
    import FlowPlatform
    import UIKit

    /// Shows a model host's navigation in a window with UIKit's containers: a
    /// `UINavigationController` per stack, a `UITabBarController` per tab group, modal presentation,
    /// child view controllers for contained screens.
    ///
    /// ```swift
    /// let host = InMemoryHost()
    /// let navigation = UIKitNavigation(model: host, window: window) { screen in
    ///     switch screen {
    ///     case let catalog as CatalogScreen: CatalogViewController(screen: catalog)
    ///     default: UIHostingController(rootView: Text(screen.displayName))
    ///     }
    /// }
    /// try shop.start(on: host)
    /// ```
    ///
    /// Keep it as long as the window shows the flow. This layer is compiled on Apple platforms only;
    /// every decision it follows is FlowPlatform's, tested on every platform.
    @MainActor
    public final class UIKitNavigation {
        /// The driver that brings UIKit's containers to the model: route a screen's actions through
        /// ``/FlowPlatform/NavigationDriver/act(from:_:)`` so a second tap during a transition is dropped.
        public let driver: NavigationDriver
        private let platform: UIKitPlatform

        /// Shows a model host in a window; `viewController` makes the view controller of each screen
        /// when it is first shown.
        public init(model: any PresentationHost, window: UIWindow, viewController: @escaping @MainActor (any Screen) -> UIViewController) {
            platform = UIKitPlatform(window: window, model: model, makeViewController: viewController)
            driver = NavigationDriver(model: model, platform: platform)
            platform.driver = driver
        }
    }

    /// UIKit's containers as a ``/FlowPlatform/NavigationPlatform``, and the delegate that reports the
    /// person's gestures to the driver.
    @MainActor
    final class UIKitPlatform: NSObject, NavigationPlatform {
        weak var driver: NavigationDriver?
        private let window: UIWindow
        private let model: any PresentationHost
        private let makeViewController: @MainActor (any Screen) -> UIViewController
        /// The view controller made for each node shown, and back.
        private var controllers: [NodeRef: UIViewController] = [:]
        private var nodes: [ObjectIdentifier: NodeRef] = [:]
        /// What each node presents, as this platform presented it.
        private var presentations: [NodeRef: NodeRef] = [:]
        /// How many entries each navigation controller showed after the last command or report.
        private var entryCounts: [ContainerID: Int] = [:]
        private var isRunning = false

        init(window: UIWindow, model: any PresentationHost, makeViewController: @escaping @MainActor (any Screen) -> UIViewController) {
            self.window = window
            self.model = model
            self.makeViewController = makeViewController
        }

        // MARK: NavigationPlatform

        func run(_ command: NavigationCommand, done: @escaping @MainActor () -> Void) {
            isRunning = true
            let finish = { [weak self] in
                self?.isRunning = false
                self?.forgetWhatLeft()
                done()
            }
            switch command {
            case .setRoot(let content):
                window.rootViewController = content.map(build)
                window.makeKeyAndVisible()
                finish()
            case .setEntries(let stack, let kept, let added, let animated):
                guard let navigation = controllers[.container(stack)] as? UINavigationController else { return finish() }
                let entries = Array(navigation.viewControllers.prefix(kept)) + added.map(build)
                navigation.setViewControllers(entries, animated: animated)
                entryCounts[stack] = entries.count
                if animated, let coordinator = navigation.transitionCoordinator {
                    coordinator.animate(alongsideTransition: nil) { _ in finish() }
                } else {
                    finish()
                }
            case .present(let content, let anchor, let animated):
                guard let presenter = controllers[anchor] else { return finish() }
                let presented = build(content)
                presented.presentationController?.delegate = self
                presentations[anchor] = content.ref
                presenter.present(presented, animated: animated) { finish() }
            case .dismiss(let anchor, let animated):
                guard let presented = presentations.removeValue(forKey: anchor), let controller = controllers[presented],
                    controller.presentingViewController != nil
                else { return finish() }
                controller.presentingViewController?.dismiss(animated: animated) { finish() }
            case .setTabs(let tabs, let kept, let added, _, let selected):
                guard let tabBar = controllers[.container(tabs)] as? UITabBarController else { return finish() }
                let old = tabBar.viewControllers ?? []
                tabBar.setViewControllers(Array(old.prefix(kept)) + added.map(build), animated: false)
                if let selected { tabBar.selectedIndex = selected }
                finish()
            case .selectTab(let index, let tabs):
                (controllers[.container(tabs)] as? UITabBarController)?.selectedIndex = index
                finish()
            case .setChildren(let screen, let kept, let added):
                guard let parent = controllers[screen] else { return finish() }
                for child in parent.children.dropFirst(kept) {
                    child.willMove(toParent: nil)
                    child.view.removeFromSuperview()
                    child.removeFromParent()
                }
                for content in added {
                    let child = build(content)
                    parent.addChild(child)
                    child.view.frame = parent.view.bounds
                    child.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                    parent.view.addSubview(child.view)
                    child.didMove(toParent: parent)
                }
                finish()
            }
        }

        func shown(_ aspect: HostDrift.Aspect, of node: NodeRef?) -> [NodeRef]? {
            switch aspect {
            case .root:
                return window.rootViewController.flatMap(ref).map { [$0] } ?? []
            case .presentation:
                guard let node, controllers[node] != nil else { return nil }
                guard let presented = presentations[node], controllers[presented]?.presentingViewController != nil else { return [] }
                return [presented]
            case .entries:
                guard let node, let navigation = controllers[node] as? UINavigationController else { return nil }
                return navigation.viewControllers.compactMap(ref)
            case .tabs:
                guard let node, let tabBar = controllers[node] as? UITabBarController else { return nil }
                return (tabBar.viewControllers ?? []).compactMap(ref)
            case .selectedTab:
                guard let node, let tabBar = controllers[node] as? UITabBarController else { return nil }
                return tabBar.selectedViewController.flatMap(ref).map { [$0] } ?? []
            case .children:
                guard let node, let parent = controllers[node] else { return nil }
                return parent.children.compactMap(ref)
            }
        }

        // MARK: Building

        /// The view controller for content: the one made before for a node still known, else a new one.
        private func build(_ content: HierarchyNode) -> UIViewController {
            let controller: UIViewController
            switch content.kind {
            case .screen(let ref):
                if let made = controllers[content.ref] {
                    controller = made
                } else if let screen = model.screen(for: ref) {
                    controller = makeViewController(screen)
                } else {
                    controller = UIViewController()
                }
                for child in content.children {
                    let built = build(child)
                    if built.parent !== controller {
                        controller.addChild(built)
                        controller.view.addSubview(built.view)
                        built.didMove(toParent: controller)
                    }
                }
            case .stack(let id):
                let navigation = controllers[content.ref] as? UINavigationController ?? UINavigationController()
                navigation.delegate = self
                navigation.interactivePopGestureRecognizer?.delegate = self
                navigation.setViewControllers(content.children.map(build), animated: false)
                entryCounts[id] = content.children.count
                controller = navigation
            case .tabs(_, let items, let selected):
                let tabBar = controllers[content.ref] as? UITabBarController ?? UITabBarController()
                tabBar.delegate = self
                let tabs = content.children.map(build)
                for (tab, item) in zip(tabs, items) {
                    tab.tabBarItem = UITabBarItem(
                        title: item.title,
                        image: item.image.flatMap { UIImage(named: $0) },
                        selectedImage: item.selectedImage.flatMap { UIImage(named: $0) }
                    )
                }
                tabBar.setViewControllers(tabs, animated: false)
                if let selected { tabBar.selectedIndex = selected }
                controller = tabBar
            }
            controllers[content.ref] = controller
            nodes[ObjectIdentifier(controller)] = content.ref
            return controller
        }

        private func ref(_ controller: UIViewController) -> NodeRef? { nodes[ObjectIdentifier(controller)] }

        /// Lets go of the view controllers of nodes the model no longer shows.
        private func forgetWhatLeft() {
            for (ref, controller) in controllers where !model.contains(ref) {
                controllers[ref] = nil
                nodes[ObjectIdentifier(controller)] = nil
                presentations[ref] = nil
            }
        }

        private func stack(of navigation: UINavigationController) -> ContainerID? { ref(navigation)?.container }
    }

    extension UIKitPlatform: UINavigationControllerDelegate {
        func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
            guard !isRunning, let stack = stack(of: navigationController), let coordinator = navigationController.transitionCoordinator,
                coordinator.isInteractive
            else { return }
            coordinator.notifyWhenInteractionChanges { [weak self] context in
                if context.isCancelled { self?.driver?.userCancelledBack(in: stack) }
            }
        }

        func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
            guard !isRunning, let stack = stack(of: navigationController) else { return }
            let entries = navigationController.viewControllers.compactMap(ref)
            guard entries.count < entryCounts[stack] ?? 0 else { return }
            entryCounts[stack] = entries.count
            driver?.userWentBack(in: stack, showing: entries)
        }
    }

    extension UIKitPlatform: UIGestureRecognizerDelegate {
        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            guard
                let navigation = controllers.values.compactMap({ $0 as? UINavigationController })
                    .first(where: { $0.interactivePopGestureRecognizer === gestureRecognizer }),
                let stack = stack(of: navigation), let driver, driver.userMayBeginBack(in: stack)
            else { return false }
            driver.userBeganBack(in: stack)
            return true
        }
    }

    extension UIKitPlatform: UIAdaptivePresentationControllerDelegate {
        func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
            guard let presented = ref(presentationController.presentedViewController) else { return false }
            return driver?.userMaySwipeDown(presented) ?? false
        }

        func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
            guard let presented = ref(presentationController.presentedViewController) else { return }
            if let anchor = presentations.first(where: { $0.value == presented })?.key { presentations[anchor] = nil }
            driver?.userSweptDown(presented)
        }
    }

    extension UIKitPlatform: UITabBarControllerDelegate {
        func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
            guard let tabs = ref(tabBarController)?.container else { return }
            driver?.userSelectedTab(tabBarController.selectedIndex, in: tabs)
        }
    }
#endif
