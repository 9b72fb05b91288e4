/// Resolves screens by type, optionally with a typed argument, or says why it cannot.
///
/// Registration belongs to implementations: FlowStack's `ScreenRegistry` (ordered, with scopes),
/// FlowCoordinator's `ScreenFactory`, or an adapter over an app's own dependency container. This
/// contract is only what a flow needs to ask for a screen, so a flow that takes
/// `any ScreenContainer` makes its screens from whichever the app has:
///
/// ```swift
/// let coordinator = StackCoordinator<Order>("shop", factory: appRegistry)
/// ```
///
/// FlowTestKit's `ContainerLaws` checks an implementation against the requirements below.
///
/// ## Implementation requirements
/// - Resolving never crashes on data a caller controls. It throws
///   ``FlowError/Code/unregisteredScreen`` when nothing is registered for the type (and identifier),
///   ``FlowError/Code/argumentTypeMismatch`` when the argument's type is not the one registered (or
///   an argument is given to a plain registration, or none to one that needs an argument), and
///   ``FlowError/Code/factoryFailed`` when a factory makes no screen.
/// - A failed resolve changes nothing the container keeps (cached instances included).
/// - ``isRegistered(_:identifier:)`` is `true` exactly when resolving the type and identifier can do
///   anything but throw `unregisteredScreen`.
@MainActor
public protocol ScreenContainer: AnyObject {
    /// Whether something is registered for a type (and identifier): whether resolving it can do
    /// anything but throw `unregisteredScreen`.
    func isRegistered<S: Screen>(_ type: S.Type, identifier: String?) -> Bool

    /// Resolves a screen of a type, registered with an optional identifier, without an argument.
    func resolve<S: Screen>(_ type: S.Type, identifier: String?) throws -> S

    /// Resolves a screen of a type, registered with an optional identifier, passing an argument to
    /// its factory.
    func resolve<S: Screen, Argument>(_ type: S.Type, identifier: String?, argument: Argument) throws -> S
}

extension ScreenContainer {
    /// Resolves a screen of a type registered without an identifier.
    public func resolve<S: Screen>(_ type: S.Type) throws -> S {
        try resolve(type, identifier: nil)
    }

    /// Resolves a screen of a type registered without an identifier, passing an argument.
    public func resolve<S: Screen, Argument>(_ type: S.Type, argument: Argument) throws -> S {
        try resolve(type, identifier: nil, argument: argument)
    }
}

extension ScreenContainer {
    /// Resolves a screen of a type registered without an identifier, or makes one with `init()`
    /// when nothing is registered for it.
    ///
    /// - Throws: whatever resolving a registered screen throws (a registered factory's failure is
    ///   never replaced by `init()`).
    public func resolveOrInstantiate<S: Instantiable>(_ type: S.Type) throws -> S {
        isRegistered(type, identifier: nil) ? try resolve(type, identifier: nil) : S()
    }
}

/// A screen that can be made with no arguments, with `init()`: what a flow makes by itself when
/// nothing is registered for the type (UIFlow's `Instantiable`, without storyboards or nibs), and
/// what FlowRouter's routes and explicit graphs make when they are given only a type.
///
/// A screen with dependencies stays out of it and is registered with a factory.
@MainActor
public protocol Instantiable: Screen {
    /// Makes the screen.
    init()
}
