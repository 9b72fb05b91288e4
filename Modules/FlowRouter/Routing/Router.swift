import FlowKernel
import FlowRuntime

/// The routing table of type-matched flows: StoryFlow's implicit routing, owned by a value.
///
/// A router knows which screens require which input types (Linux has no class enumeration, so they
/// are registered), the output transforms to apply, and the custom transitions to try. Two routers
/// in one process never see each other's registrations. Lookups are keyed by type identity, so
/// their cost does not grow with the number of screens.
///
/// ```swift
/// let router = Router()
/// try router.register(ProductScreen.self)        // requires a Product
/// try router.register(CartScreen.self)           // requires a OneOf2<CartItem, Cart>
/// router.addTransform { (item: CartItem) in Cart(items: [item]) }
/// router.addTransition(to: CartScreen.self, .present)
/// ```
@MainActor
public final class Router {
    /// A registered screen type that requires an input.
    struct Destination {
        let screenType: ScreenType
        let metatype: Any.Type
        /// The types the screen's input may be: the cases of a union, else the input type.
        let inputTypes: [Any.Type]
        /// Whether a type is this screen type or one of its subclasses.
        let covers: (Any.Type) -> Bool
        /// Makes the screen with a value of a matched type injected.
        let make: (Any, Any.Type) throws -> any Routable
    }

    private var destinations: [ObjectIdentifier: Destination] = [:]
    /// The types of values routed that are not unions (``unwrapped(_:declared:)``).
    private var notUnions: Set<ObjectIdentifier> = []
    private(set) var transforms: [(from: Any.Type, to: Any.Type, apply: (Any) -> Any?)] = []
    private var transitions: [(TransitionContext) throws -> Bool] = []
    /// The registered screen types, in registration order.
    public private(set) var registeredScreens: [ScreenType] = []
    private var registeredScreenSet: Set<ScreenType> = []
    /// Each registered screen type's destination, for the declared graph.
    private(set) var destinationsByScreen: [ScreenType: Destination] = [:]
    /// Screen types shown with `.present` (from any producer when `from` is `nil`), for the
    /// declared graph.
    private(set) var declaredPresentations: [(from: ObjectIdentifier?, to: ObjectIdentifier)] = []

    /// Makes an empty router.
    public init() {}

    /// Registers a screen type that requires an input, made with `init()`.
    ///
    /// - Throws: `ambiguousRoute` if an unrelated registered screen
    ///   already requires one of the same input types; nothing is registered then. Between a class
    ///   and its subclass, the most derived wins.
    public func register<S: InputRequiring & Instantiable>(_ type: S.Type) throws {
        try register(type) { S() }
    }

    /// Registers a screen type that requires an input, made by a factory.
    public func register<S: InputRequiring>(_ type: S.Type, factory: @escaping () -> S) throws {
        try register(type) { (_: S.Input) in factory() }
    }

    /// Registers a screen type that requires an input, made by a factory that receives the input
    /// (wrapped into its case when the input is a union), for screens built from their input.
    public func register<S: InputRequiring>(_ type: S.Type, factory: @escaping (S.Input) -> S) throws {
        let destination = Destination(
            screenType: ScreenType(S.self),
            metatype: S.self,
            inputTypes: UnionTypes.flatten(S.Input.self),
            covers: { $0 is S.Type },
            make: { value, matched in
                let input = try Self.input(value, matched: matched, for: S.self)
                let screen = factory(input)
                screen.route.input = input
                return screen
            }
        )
        let keys = UnionTypes.flatten(S.Input.self).map(ObjectIdentifier.init)
        // Check every key first, so a refused registration changes nothing; then register in place,
        // so each registration costs the same however many came before it.
        for key in keys {
            if let existing = destinations[key], !existing.covers(S.self), !destination.covers(existing.metatype) {
                throw FlowError(
                    .ambiguousRoute,
                    "\(S.self) and \(existing.screenType) both require a \(Self.typeName(key, in: S.Input.self)) and neither derives from the other; the router cannot choose.",
                    types: [S.self])
            }
        }
        for key in keys {
            // Between a class and its subclass, the most derived keeps the key.
            if let existing = destinations[key], !existing.covers(S.self) { continue }
            destinations[key] = destination
        }
        if registeredScreenSet.insert(destination.screenType).inserted { registeredScreens.append(destination.screenType) }
        destinationsByScreen[destination.screenType] = destination
    }

    /// Rewrites a produced value of type `From` into a `To` before routing; a `To` may be a union.
    /// Transforms are tried in the order they were added; only the first that matches applies.
    public func addTransform<From, To>(_ transform: @escaping (From) -> To) {
        transforms.append((From.self, To.self, { ($0 as? From).map(transform) }))
    }

    /// Adds a transition attempt for every route, forward and unwind: return `true` when it took the
    /// route. Attempts are tried in the order they were added; the first to accept wins.
    public func addTransition(_ attempt: @escaping (TransitionContext) throws -> Bool) {
        transitions.append(attempt)
    }

    /// Shows every new screen of a type with a transition.
    public func addTransition<To: Screen>(to: To.Type, _ transition: Transition) {
        if transition.kind == .present { declaredPresentations.append((nil, ObjectIdentifier(To.self))) }
        addTransition { context in
            guard !context.isUnwind, context.to is To else { return false }
            try transition.perform(context)
            return true
        }
    }

    /// Shows new screens of a type produced from screens of a type with a transition.
    public func addTransition<From: Screen, To: Screen>(from: From.Type, to: To.Type, _ transition: Transition) {
        if transition.kind == .present { declaredPresentations.append((ObjectIdentifier(From.self), ObjectIdentifier(To.self))) }
        addTransition { context in
            guard !context.isUnwind, context.from is From, context.to is To else { return false }
            try transition.perform(context)
            return true
        }
    }

    /// Shows the new screen for every produced value of a type with a transition (the type as
    /// produced, before transforms).
    public func addTransition<Produced>(forProduced: Produced.Type, _ transition: Transition) {
        addTransition { context in
            guard !context.isUnwind, UnionTypes.same(context.producedType, Produced.self) else { return false }
            try transition.perform(context)
            return true
        }
    }

    /// Unwinds from screens of a type to handlers of a type with your own transition.
    public func addUnwindTransition<From: Screen, To: Screen>(from: From.Type, to: To.Type, _ perform: @escaping (TransitionContext) throws -> Void) {
        addTransition { context in
            guard context.isUnwind, context.from is From, context.to is To else { return false }
            try perform(context)
            return true
        }
    }

    /// The screen a value would create, with the value (transformed) injected; `nil` when no
    /// registered screen requires it. Never unwinds.
    public func destination<T>(for value: T) throws -> (any Screen)? {
        if transforms.isEmpty, let destination = destination(for: T.self) {
            // The static type is a key, so it is no union (keys are a union's case types), and
            // nothing transforms it: no unwrapping, no dynamic checks.
            return try destination.make(value, T.self)
        }
        let (payload, type) = transformed(unwrapped(value, declared: T.self))
        return try destination(for: type)?.make(payload, type)
    }

    // MARK: Internal

    /// The destination for a type.
    func destination(for type: Any.Type) -> Destination? {
        destinations[ObjectIdentifier(type)]
    }

    /// Tries the custom transitions in order; `true` when one took the route.
    func runCustomTransitions(_ context: TransitionContext) throws -> Bool {
        for attempt in transitions where try attempt(context) { return true }
        return false
    }

    /// The first matching transform applied, its result unwrapped; the input unchanged otherwise.
    func transformed(_ produced: (value: Any, type: Any.Type)) -> (value: Any, type: Any.Type) {
        for transform in transforms where UnionTypes.same(transform.from, produced.type) {
            guard let result = transform.apply(produced.value) else { continue }
            return unwrapped(result, declared: transform.to)
        }
        return produced
    }

    /// A union's innermost payload with its case type; any other value with its declared type.
    ///
    /// Whether a value's type is a union is worked out once per type: the dynamic cast that
    /// answers it searches the conformances, and most values routed are not unions.
    func unwrapped(_ value: Any, declared: Any.Type) -> (value: Any, type: Any.Type) {
        let type = ObjectIdentifier(Swift.type(of: value))
        if notUnions.contains(type) { return (value, declared) }
        if let union = value as? any OneOfType { return union.payload }
        notUnions.insert(type)
        return (value, declared)
    }

    /// A value as a screen's input: itself, or wrapped into the screen's union input.
    static func input<S: InputRequiring>(_ value: Any, matched: Any.Type, for screen: S.Type) throws -> S.Input {
        if let input = value as? S.Input { return input }
        if let union = S.Input.self as? any OneOfType.Type, let wrapped = union.wrapping(value, as: matched) as? S.Input {
            return wrapped
        }
        throw FlowError(
            .argumentTypeMismatch, "\(S.self) requires a \(S.Input.self); a \(type(of: value)) does not fit any of its cases.",
            types: [S.Input.self, type(of: value)])
    }

    private static func typeName(_ key: ObjectIdentifier, in input: Any.Type) -> String {
        UnionTypes.flatten(input).first { ObjectIdentifier($0) == key }.map { String(describing: $0) } ?? "\(input)"
    }
}
