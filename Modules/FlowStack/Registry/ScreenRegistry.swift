import FlowKernel

/// An ordered registry of screen factories: the kernel's ``/FlowKernel/ScreenContainer`` for
/// ordered stacks (SwiftyFlow's `ContainerFlowStack`).
///
/// Register screens in the order a ``StackNavigator`` walks them with ``StackNavigator/goNext()``:
///
/// ```swift
/// let registry = ScreenRegistry { registry in
///     registry.register(WelcomeScreen.self) { WelcomeScreen() }
///     registry.register(CatalogScreen.self) { CatalogScreen() }
///     registry.register(ProductScreen.self, argument: Product.self) { ProductScreen(product: $0) }
///     registry.register(CartScreen.self) { CartScreen() }.inScope(.strong)
/// }
/// ```
///
/// Lookups by type are keyed by type identity, so they cost the same however many screens are
/// registered. A lookup without an identifier finds the first registration of the type; with an
/// identifier, the registration of that type and identifier.
@MainActor
public final class ScreenRegistry: ScreenContainer {
    /// Every registration, in declaration order.
    public private(set) var registrations: [Registration] = []
    /// Every registration of each type, by declaration index.
    private var indicesByType: [ScreenType: [Int]] = [:]
    /// The first registration of each type, with its index: what a lookup without an identifier
    /// finds, in one read.
    private var firstByType: [ScreenType: (index: Int, registration: Registration)] = [:]

    /// Makes an empty registry.
    public init() {}

    /// Makes a registry and registers its screens in one closure.
    public convenience init(_ configure: (ScreenRegistry) -> Void) {
        self.init()
        configure(self)
    }

    /// Registers a factory for a screen type, optionally under an identifier (to register one type
    /// several times, configured differently).
    ///
    /// - Returns: The registration, to chain ``Registration/inScope(_:)``.
    @discardableResult
    public func register<S: Screen>(_ type: S.Type, identifier: String? = nil, factory: @escaping () throws -> S) -> Registration {
        append(Registration(type, identifier: identifier, argumentType: nil) { _ in try factory() })
    }

    /// Registers a factory that takes one typed argument (a tuple for several values).
    ///
    /// Navigating to it with an argument of another type throws
    /// ``/FlowKernel/FlowError/Code/argumentTypeMismatch``. Its factory runs on every navigation with
    /// an argument, since the argument may differ.
    @discardableResult
    public func register<S: Screen, A>(_ type: S.Type, identifier: String? = nil, argument: A.Type, factory: @escaping (A) throws -> S) -> Registration {
        append(
            Registration(type, identifier: identifier, argumentType: A.self) { argument in
                guard case .some(let value) = argument else {
                    throw FlowError(.argumentTypeMismatch, "\(S.self) needs an argument of type \(A.self).", types: [A.self])
                }
                guard let typed = value as? A else {
                    throw FlowError(
                        .argumentTypeMismatch, "\(S.self) takes an argument of type \(A.self), but was given a \(Swift.type(of: value)).",
                        types: [A.self, Swift.type(of: value)])
                }
                return try factory(typed)
            })
    }

    /// The live instance of a type's registration (the first of the type, or the one with the
    /// identifier), if its scope keeps one: SwiftyFlow's `getModuleIfHasInstance`.
    public func liveInstance<S: Screen>(of type: S.Type, identifier: String? = nil) -> S? {
        (try? lookup(ScreenType(type), identifier: identifier))?.registration.liveInstance as? S
    }

    /// Whether a registration for the type (and identifier) exists.
    public func isRegistered<S: Screen>(_ type: S.Type, identifier: String?) -> Bool {
        (try? lookup(ScreenType(type), identifier: identifier)) != nil
    }

    /// Resolves a screen without an argument and keeps it according to its scope.
    public func resolve<S: Screen>(_ type: S.Type, identifier: String?) throws -> S {
        try resolve(type, identifier: identifier, .none)
    }

    /// Resolves a screen, passing an argument to its factory, and keeps it according to its scope.
    public func resolve<S: Screen, A>(_ type: S.Type, identifier: String?, argument: A) throws -> S {
        try resolve(type, identifier: identifier, .some(argument))
    }

    /// Lets go of every screen kept by a strong scope. A ``StackNavigator`` calls this when it ends.
    public func releaseInstances() {
        for registration in registrations { registration.releaseInstance() }
    }

    // MARK: Internal

    /// The registration for a type and identifier, and its position in declaration order.
    func lookup(_ type: ScreenType, identifier: String?) throws -> (index: Int, registration: Registration) {
        if identifier == nil, let first = firstByType[type] { return first }
        let index = identifier.flatMap { identifier in indicesByType[type]?.first { registrations[$0].identifier == identifier } }
        guard let index else {
            let named = identifier.map { " with the identifier '\($0)'" } ?? ""
            throw FlowError(.unregisteredScreen, "No screen of type \(type)\(named) is registered.")
        }
        return (index, registrations[index])
    }

    private func resolve<S: Screen>(_ type: S.Type, identifier: String?, _ argument: Argument) throws -> S {
        // A registration for S was registered with a factory that returns an S, so the screen is
        // one without a dynamic cast (checked in debug builds).
        unsafeDowncast(try lookup(ScreenType(type), identifier: identifier).registration.resolve(argument), to: S.self)
    }

    private func append(_ registration: Registration) -> Registration {
        indicesByType[registration.screenType, default: []].append(registrations.count)
        if firstByType[registration.screenType] == nil { firstByType[registration.screenType] = (registrations.count, registration) }
        registrations.append(registration)
        return registration
    }
}
