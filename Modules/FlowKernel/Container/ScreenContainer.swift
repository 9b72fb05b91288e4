/// Resolves screens by type, optionally with a typed argument, or says why it cannot.
///
/// Registration belongs to implementations (FlowStack's `ScreenRegistry` is one); this contract is
/// only what a navigator needs to ask for a screen.
///
/// ## Implementation requirements
/// - Resolving never crashes on data a caller controls. It throws
///   ``FlowError/Code/unregisteredScreen`` when nothing is registered for the type (and identifier),
///   ``FlowError/Code/argumentTypeMismatch`` when the argument's type is not the one registered (or
///   an argument is given to a plain registration, or none to one that needs an argument), and
///   ``FlowError/Code/factoryFailed`` when a factory makes no screen.
/// - A failed resolve changes nothing the container keeps (cached instances included).
@MainActor
public protocol ScreenContainer: AnyObject {
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
