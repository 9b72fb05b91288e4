// A stand-in for UIKit: the declarations FlowUIKit's UIKit layer uses, as Apple documents them
// (isolation, Sendable-ness of closures, optionality), with no behaviour. CI compiles
// Modules/FlowUIKit/UIKit against it to check signatures; it checks nothing at run time.
// Delegate methods the adapter implements are required here, so a mistyped one fails.
//
// Availability is declared as Apple declares it. Compiling for Linux enforces none of it, so
// .ci/apple-availability reads it: every use of a member unavailable on a platform must sit in the
// layer under an `#if !os(...)` for that platform.
@_exported import Foundation

@MainActor open class UIResponder: NSObject {
    open var next: UIResponder? { nil }
}

@MainActor open class UIView: UIResponder {
    open var window: UIWindow? { nil }
    open var subviews: [UIView] { [] }
    open var bounds: CGRect { CGRect() }
    open var accessibilityIdentifier: String?
    open var translatesAutoresizingMaskIntoConstraints = true
    open var safeAreaLayoutGuide: UILayoutGuide { UILayoutGuide() }
    open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    open func addSubview(_ view: UIView) {}
    open func removeFromSuperview() {}
}

@available(watchOS, unavailable)
@MainActor open class UIWindow: UIView {
    open var rootViewController: UIViewController?
    open func makeKeyAndVisible() {}
}

@available(watchOS, unavailable)
@MainActor open class UIStackView: UIView {
    public enum Distribution: Int, Sendable { case fill, fillEqually, fillProportionally, equalSpacing, equalCentering }
    open var axis: NSLayoutConstraint.Axis = .horizontal
    open var distribution: Distribution = .fill
    open func addArrangedSubview(_ view: UIView) {}
}

@MainActor open class UILayoutGuide: NSObject {
    open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
}

open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { NSLayoutConstraint() }
}
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

open class NSLayoutConstraint: NSObject {
    public enum Axis: Int, Sendable { case horizontal, vertical }
    open class func activate(_ constraints: [NSLayoutConstraint]) {}
}

@MainActor open class UIImage: NSObject {
    public init?(named name: String) {}
}

@MainActor open class UIBarItem: NSObject {}

@MainActor open class UITabBarItem: UIBarItem {
    public init(title: String?, image: UIImage?, selectedImage: UIImage?) {}
}

@MainActor open class UINavigationItem: NSObject {
    @available(tvOS, unavailable)
    open var hidesBackButton = false
}

@MainActor public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {
    var isCancelled: Bool { get }
}

@MainActor public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    @discardableResult
    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool
}

@available(watchOS, unavailable)
@MainActor open class UIViewController: UIResponder {
    public override init() {}
    open var view: UIView! { UIView() }
    open var viewIfLoaded: UIView? { nil }
    open var navigationItem: UINavigationItem { UINavigationItem() }
    open var tabBarItem: UITabBarItem!
    open var parent: UIViewController? { nil }
    open var children: [UIViewController] { [] }
    open var presentedViewController: UIViewController? { nil }
    open var presentingViewController: UIViewController? { nil }
    open var presentationController: UIPresentationController? { nil }
    @available(watchOS, unavailable)
    open var popoverPresentationController: UIPopoverPresentationController? { nil }
    open var isBeingDismissed: Bool { false }
    open func viewWillDisappear(_ animated: Bool) {}
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { nil }
    open func addChild(_ childController: UIViewController) {}
    open func removeFromParent() {}
    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {}
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}
}

@MainActor open class UIGestureRecognizer: NSObject {
    weak open var delegate: (any UIGestureRecognizerDelegate)?
    open var view: UIView? { nil }
}

@MainActor public protocol UIGestureRecognizerDelegate: NSObjectProtocol {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
}

@MainActor public protocol UINavigationControllerDelegate: NSObjectProtocol {
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

@available(watchOS, unavailable)
@MainActor open class UINavigationController: UIViewController {
    open var viewControllers: [UIViewController] = []
    weak open var delegate: (any UINavigationControllerDelegate)?
    @available(tvOS, unavailable)
    open var interactivePopGestureRecognizer: UIGestureRecognizer? { nil }
    @available(iOS 26.0, visionOS 26.0, *)
    @available(tvOS, unavailable)
    open var interactiveContentPopGestureRecognizer: UIGestureRecognizer? { nil }
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {}
}

@MainActor public protocol UITabBarControllerDelegate: NSObjectProtocol {
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

@available(watchOS, unavailable)
@MainActor open class UITabBarController: UIViewController {
    open var viewControllers: [UIViewController]?
    open var selectedIndex = 0
    weak open var delegate: (any UITabBarControllerDelegate)?
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {}
}

@MainActor public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
}

@MainActor open class UIPresentationController: NSObject {
    open var presentedViewController: UIViewController { UIViewController() }
    weak open var delegate: (any UIAdaptivePresentationControllerDelegate)?
}

@available(watchOS, unavailable)
@MainActor open class UIPopoverPresentationController: UIPresentationController {
    open var sourceView: UIView?
    open var sourceRect: CGRect = CGRect()
    open var permittedArrowDirections: UIPopoverArrowDirection = .any
}

public struct UIPopoverArrowDirection: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let up = UIPopoverArrowDirection(rawValue: 1)
    public static let any = UIPopoverArrowDirection(rawValue: 15)
}

@available(watchOS, unavailable)
@MainActor open class UIAlertController: UIViewController {
    public enum Style: Int, Sendable { case actionSheet, alert }
    public convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style) { self.init() }
    open func addAction(_ action: UIAlertAction) {}
}

@available(watchOS, unavailable)
@MainActor open class UIAlertAction: NSObject {
    public enum Style: Int, Sendable { case `default`, cancel, destructive }
    public convenience init(title: String?, style: UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil) { self.init() }
}
