import FlowKernel

/// Makes screens by type: a registered factory when there is one, otherwise the type's own `init()`
/// when it is ``/FlowKernel/Instantiable``. It replaces UIFlow's storyboard-and-nib lookup, and is
/// the ``/FlowKernel/ScreenContainer`` a coordinator uses unless it is given another.
///
/// A factory belongs to whoever makes it (a coordinator takes one in its initialiser), so tests never
/// see each other's registrations.
///
/// ```swift
/// let factory = ScreenFactory()
/// factory.register(CatalogScreen.self) { CatalogScreen(products: fixtures) }
/// factory.register(ProductScreen.self, argument: Product.self) { ProductScreen(product: $0) }
/// let catalog = try factory.make(CatalogScreen.self)   // the registered factory
/// let welcome = try factory.make(WelcomeScreen.self)   // WelcomeScreen()
/// let product = try factory.resolve(ProductScreen.self, argument: shoes)
/// ```
@MainActor
public final class ScreenFactory: ScreenContainer {
    private struct Key: Hashable {
        let type: ScreenType
        let identifier: String?
    }

    private struct Entry {
        /// The argument's type, or `nil` for a factory that takes none.
        let argumentType: Any.Type?
        /// Makes the screen; a factory that takes an argument throws `argumentTypeMismatch` for a
        /// value of another type.
        let make: (Any?) throws -> any Screen
    }

    private var entries: [Key: Entry] = [:]

    /// Makes a factory with nothing registered.
    public init() {}

    /// Registers how to make a screen type, optionally under an identifier, replacing any earlier
    /// registration for the same type and identifier.
    public func register<S: Screen>(_ type: S.Type, identifier: String? = nil, _ make: @escaping () throws -> S) {
        entries[Key(type: ScreenType(type), identifier: identifier)] = Entry(argumentType: nil) { _ in try make() }
    }

    /// Registers how to make a screen type from one typed argument (a tuple for several values),
    /// optionally under an identifier, replacing any earlier registration for the same type and
    /// identifier.
    public func register<S: Screen, A>(
        _ type: S.Type, identifier: String? = nil, argument: A.Type, _ make: @escaping (A) throws -> S
    ) {
        entries[Key(type: ScreenType(type), identifier: identifier)] = Entry(argumentType: A.self) { value in
            guard let typed = value as? A else {
                let given: Any.Type = value.map { Swift.type(of: $0) } ?? Void.self
                throw FlowError(.argumentTypeMismatch, "\(S.self) takes an argument of type \(A.self), but was given a \(given).", types: [A.self, given])
            }
            return try make(typed)
        }
    }

    /// Whether a factory is registered for the type and identifier.
    public func isRegistered<S: Screen>(_ type: S.Type, identifier: String?) -> Bool {
        entries[Key(type: ScreenType(type), identifier: identifier)] != nil
    }

    /// Makes a screen with the factory registered for the type and identifier.
    ///
    /// - Throws: `unregisteredScreen` when nothing is registered; `argumentTypeMismatch` when the
    ///   registered factory needs an argument; `factoryFailed` when the factory fails.
    public func resolve<S: Screen>(_ type: S.Type, identifier: String?) throws -> S {
        let entry = try entry(for: type, identifier: identifier)
        if let needed = entry.argumentType {
            throw FlowError(.argumentTypeMismatch, "\(S.self) needs an argument of type \(needed).", types: [needed])
        }
        return try run(entry, nil, for: type)
    }

    /// Makes a screen with the factory registered for the type and identifier, passing it an
    /// argument.
    ///
    /// - Throws: `unregisteredScreen` when nothing is registered; `argumentTypeMismatch` when the
    ///   factory takes no argument or one of another type; `factoryFailed` when the factory fails.
    public func resolve<S: Screen, A>(_ type: S.Type, identifier: String?, argument: A) throws -> S {
        let entry = try entry(for: type, identifier: identifier)
        guard entry.argumentType != nil else {
            throw FlowError(
                .argumentTypeMismatch, "\(S.self) is registered without an argument, but was given a \(Swift.type(of: argument)).",
                types: [Swift.type(of: argument)])
        }
        return try run(entry, argument, for: type)
    }

    /// Makes a screen with its registered factory, or with `init()`.
    public func make<S: Instantiable>(_ type: S.Type) throws -> S {
        try resolveOrInstantiate(type)
    }

    /// Makes a screen with its registered factory.
    ///
    /// - Throws: `unregisteredScreen` when nothing is registered for the type; `factoryFailed`
    ///   when the factory fails.
    public func make<S: Screen>(_ type: S.Type) throws -> S {
        try resolve(type, identifier: nil)
    }

    // MARK: Internal

    private func entry<S: Screen>(for type: S.Type, identifier: String?) throws -> Entry {
        guard let entry = entries[Key(type: ScreenType(type), identifier: identifier)] else {
            let named = identifier.map { " with the identifier '\($0)'" } ?? ""
            let fallback = S.self is any Instantiable.Type ? "" : ", and it cannot be made with init()"
            throw FlowError(.unregisteredScreen, "No factory is registered for \(S.self)\(named)\(fallback).", types: [S.self])
        }
        return entry
    }

    private func run<S: Screen>(_ entry: Entry, _ argument: Any?, for type: S.Type) throws -> S {
        let screen: any Screen
        do {
            screen = try entry.make(argument)
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
