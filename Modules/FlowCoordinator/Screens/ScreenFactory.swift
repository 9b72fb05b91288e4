import FlowKernel

/// A screen that can be made with no arguments: what UIFlow's `Instantiable` gave every view
/// controller, without storyboards or nibs.
@MainActor
public protocol Instantiable: Screen {
    /// Makes the screen.
    init()
}

/// Makes screens by type: a registered factory when there is one, otherwise the type's own `init()`
/// when it is ``Instantiable``. It replaces UIFlow's storyboard-and-nib lookup.
///
/// A factory belongs to whoever makes it (a coordinator takes one in its initialiser), so tests never
/// see each other's registrations.
///
/// ```swift
/// let factory = ScreenFactory()
/// factory.register(CatalogScreen.self) { CatalogScreen(products: fixtures) }
/// let catalog = try factory.make(CatalogScreen.self)   // the registered factory
/// let welcome = try factory.make(WelcomeScreen.self)   // WelcomeScreen()
/// ```
@MainActor
public final class ScreenFactory {
    private var factories: [ScreenType: () throws -> any Screen] = [:]

    /// Makes a factory with nothing registered.
    public init() {}

    /// Registers how to make a screen type, replacing any earlier registration for it.
    public func register<S: Screen>(_ type: S.Type, _ make: @escaping () throws -> S) {
        factories[ScreenType(type)] = make
    }

    /// Makes a screen with its registered factory, or with `init()`.
    public func make<S: Instantiable>(_ type: S.Type) throws -> S {
        try registered(type) ?? S()
    }

    /// Makes a screen with its registered factory.
    ///
    /// - Throws: `unregisteredScreen` when nothing is registered for the type; `factoryFailed`
    ///   when the factory fails.
    public func make<S: Screen>(_ type: S.Type) throws -> S {
        guard let screen = try registered(type) else {
            throw FlowError(.unregisteredScreen, "No factory is registered for \(S.self), and it cannot be made with init().", types: [S.self])
        }
        return screen
    }

    private func registered<S: Screen>(_ type: S.Type) throws -> S? {
        guard let make = factories[ScreenType(type)] else { return nil }
        let screen: any Screen
        do {
            screen = try make()
        } catch let error as FlowError {
            throw error
        } catch {
            throw FlowError(.factoryFailed, "The factory for \(S.self) failed: \(error)", types: [S.self])
        }
        guard let typed = screen as? S else {
            preconditionFailure("The factory registered for \(S.self) is typed, so it makes an \(S.self).")
        }
        return typed
    }
}
