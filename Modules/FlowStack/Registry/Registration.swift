import FlowKernel

/// One entry of a ``ScreenRegistry``: how to make a screen of one type, under an optional
/// identifier, with or without an argument, and how long to keep what it made.
///
/// Registrations keep their declaration order; ``StackNavigator/goNext()`` walks it.
@MainActor
public final class Registration {
    /// How long a registration keeps the screen it made.
    public enum Scope: Hashable, Sendable {
        /// Makes a new screen every time; keeps nothing.
        case none
        /// Reuses the screen while something else (the host, usually) keeps it alive; once the
        /// screen is popped and released, the next resolve makes a new one. The default.
        case weak
        /// Keeps the screen until the flow ends, even after it is popped or dismissed, so it can be
        /// shown again as it was or read after its modal closed.
        case strong
    }

    /// The type of screen this registration makes.
    public let screenType: ScreenType
    /// The identifier that tells this registration apart from others of the same type, if any.
    public let identifier: String?
    /// The name of the argument type the factory takes, or `nil` for a plain registration.
    public let argumentTypeName: String?
    /// The argument type the factory takes, or `nil` for a plain registration: a restore reads a
    /// saved argument back as this type.
    public let argumentType: Any.Type?
    /// How long the registration keeps what it made. ``Scope/weak`` unless changed by ``inScope(_:)``.
    public var scope: Scope {
        switch kept {
        case .nothing: .none
        case .weakly: .weak
        case .strongly: .strong
        }
    }

    private let factory: (Argument) throws -> any Screen
    /// Hands a screen this registration made its navigator, for a ``StackScreen``; `nil` for a
    /// screen type that takes none, decided once here rather than asked of every screen shown.
    let attach: ((any Screen, any NavigatorHandle) -> Void)?
    /// The scope with what it keeps, in one stored value: a resolve reads it once.
    private var kept: Kept = .weakly(Weak())

    /// What a scope keeps of the screen the registration made.
    private enum Kept {
        case nothing
        case weakly(Weak)
        case strongly((any Screen)?)

        /// The screen kept, if it is still alive.
        var screen: (any Screen)? {
            switch self {
            case .nothing: nil
            case .weakly(let reference): reference.screen as? any Screen
            case .strongly(let screen): screen
            }
        }
    }

    /// A screen held weakly.
    private struct Weak {
        weak var screen: AnyObject?
    }

    init<S: Screen>(_ type: S.Type, identifier: String?, argumentType: Any.Type?, factory: @escaping (Argument) throws -> S) {
        self.screenType = ScreenType(type)
        self.identifier = identifier
        self.argumentType = argumentType
        self.argumentTypeName = argumentType.map { String(describing: $0) }
        self.factory = factory
        self.attach = (type as? any StackScreen.Type).map { Self.attacher(for: $0) }
    }

    /// Sets the navigator of a screen of one ``StackScreen`` type: the screen a registration made
    /// is of its type, so the downcast needs no conformance lookup.
    private static func attacher<T: StackScreen>(for _: T.Type) -> (any Screen, any NavigatorHandle) -> Void {
        { screen, navigator in unsafeDowncast(screen, to: T.self).navigator = navigator }
    }

    /// Sets how long the registration keeps what it makes; returns the registration for chaining.
    @discardableResult
    public func inScope(_ scope: Scope) -> Self {
        switch (scope, kept) {
        case (.weak, .weakly), (.strong, .strongly): break
        case (.none, _): kept = .nothing
        case (.weak, _): kept = .weakly(Weak())
        case (.strong, _): kept = .strongly(nil)
        }
        return self
    }

    /// The screen this registration made that is still alive and kept by its scope, if any.
    public var liveInstance: (any Screen)? { kept.screen }

    /// The name of the condition under which ``StackNavigator/goNext()`` shows this registration,
    /// for one set with ``when(_:_:)``.
    public var conditionName: String? { condition?.name }

    /// When `goNext()` reaches the registration, whether it applies.
    private var condition: (name: String, holds: @MainActor () -> Bool)?

    /// Makes `goNext()` show the registration only when a condition holds, asked when the walk
    /// reaches it (a card step for the pro plan only); when it does not hold, `goNext()` goes on
    /// to the next registration that applies. A skipped screen is never shown, so Back from the
    /// one after it lands on the one before. A jump by type (`goNext(to:)`) asks no condition.
    ///
    /// - Parameters:
    ///   - name: What the condition says, for people: the declared graph's branch names it.
    ///   - condition: Whether the registration applies now.
    /// - Returns: the registration, for chaining.
    @discardableResult
    public func when(_ name: String, _ condition: @escaping @MainActor () -> Bool) -> Self {
        self.condition = (name, condition)
        return self
    }

    /// Whether `goNext()` shows the registration now: always, unless its condition does not hold.
    var applies: Bool { condition?.holds() ?? true }

    /// Whether the factory takes an argument.
    public var takesArgument: Bool { argumentTypeName != nil }

    /// `Catalog`, `Catalog#compact`, `Product(String)`.
    var label: String {
        screenType.name + (identifier.map { "#\($0)" } ?? "") + (argumentTypeName.map { "(\($0))" } ?? "")
    }

    // MARK: Resolving in two steps

    /// Makes (or reuses) a screen without keeping it yet, so a navigation that fails later keeps
    /// nothing. ``commit(_:)`` keeps it according to the scope once it is shown.
    func prepare(_ argument: Argument) throws -> any Screen {
        if case .none = argument, let live = kept.screen { return live }
        return try make(argument)
    }

    /// Makes (or reuses) a screen and keeps it according to the scope at once: a resolve, which
    /// shows nothing.
    func resolve(_ argument: Argument) throws -> any Screen {
        if case .nothing = kept { return try make(argument) }
        if case .none = argument, let live = kept.screen { return live }
        let screen = try make(argument)
        commit(screen)
        return screen
    }

    private func make(_ argument: Argument) throws -> any Screen {
        if !takesArgument, case .some(let value) = argument {
            throw FlowError(.argumentTypeMismatch, "\(label) is registered without an argument, but was given a \(type(of: value)).", types: [type(of: value)])
        }
        do {
            return try factory(argument)
        } catch let error as FlowError {
            throw error
        } catch {
            throw FlowError(.factoryFailed, "The factory for \(label) failed: \(error)")
        }
    }

    /// Keeps a screen that ``prepare(_:)`` made, according to the scope.
    func commit(_ screen: any Screen) {
        switch kept {
        case .nothing: break
        case .weakly: kept = .weakly(Weak(screen: screen))
        case .strongly: kept = .strongly(screen)
        }
    }

    /// Lets go of the screen kept by a strong scope (and forgets a weak one).
    func releaseInstance() {
        switch kept {
        case .nothing: break
        case .weakly: kept = .weakly(Weak())
        case .strongly: kept = .strongly(nil)
        }
    }
}

/// An argument for a factory, or none. (An `Any?` would blur "no argument" with an optional argument.)
enum Argument {
    case none
    case some(Any)
}
