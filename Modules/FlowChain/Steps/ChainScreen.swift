import FlowKernel

/// A screen a ``ChainFlow`` shows as one of its steps: Flowter's `Flowtable`.
///
/// The chain sets ``step`` to the step's handle just before the screen is shown, and delivers the
/// context the previous step passed with ``update(with:)``. A screen declares the context it
/// accepts with ``Context``: `Never` (the default) accepts none, a concrete type accepts that type,
/// and `Any` accepts anything (Flowter's untyped form). A screen may also declare what it passes
/// on with ``NextContext``: then the chain's declared graph shows it, its validation checks the
/// next step takes it, and a `next(context:)` with anything else is refused.
///
/// ```swift
/// final class ProductScreen: ChainScreen {
///     var step: StepHandle?
///     private(set) var product: Product?
///     func update(with context: Product) { product = context }
///     func addToCart() throws { try step?.next(context: Cart(product!)) }
/// }
/// ```
@MainActor
public protocol ChainScreen: Screen {
    /// The type of context the screen accepts from the step before it.
    associatedtype Context = Never

    /// The type of context the screen passes on with ``StepHandle/next(context:)``: to the next
    /// step, or from the last step as the chain's result. `Never` passes none; the default,
    /// ``UndeclaredContext``, says nothing, and nothing is checked (Flowter's untyped form).
    ///
    /// ```swift
    /// extension ShippingScreen: ChainScreen {
    ///     typealias NextContext = Address
    /// }
    /// ```
    associatedtype NextContext = UndeclaredContext

    /// The handle of the step that shows this screen; `nil` outside a running chain.
    var step: StepHandle? { get set }

    /// Receives the context the previous step passed, before the screen is shown.
    func update(with context: Context)
}

/// The ``ChainScreen/NextContext`` of a screen that does not say what it passes on.
public enum UndeclaredContext {}

extension ChainScreen where Context == Never {
    /// A screen that accepts no context has nothing to update.
    public func update(with context: Never) {}
}

extension FlowError.Code {
    /// A step handle was used while its step is not the current one (a second `next` from the same
    /// step, or a handle kept after going back).
    public static let stepNotCurrent = FlowError.Code("stepNotCurrent")
    /// A change to a builder would leave the chain without steps.
    public static let emptyChain = FlowError.Code("emptyChain")
    /// An arrival or a link names a step the chain skips: ahead, one whose condition does not hold
    /// for the context it would be handed; behind, one the chain did not show on its way.
    public static let stepSkipped = FlowError.Code("stepSkipped")
}

extension ChainScreen {
    /// Shows the next step, handing it `context` of the type this screen declares it passes on
    /// (``NextContext``): a context of another type does not compile. From the last step, ends the
    /// chain with `context` as its result.
    ///
    /// ```swift
    /// extension SignInScreen: ChainScreen {
    ///     typealias NextContext = User
    /// }
    /// try signIn.next(context: user)       // compiles
    /// try signIn.next(context: "ana")      // does not: a String is not a User
    /// ```
    ///
    /// The untyped ``StepHandle/next(context:)`` stays for screens that declare nothing, and is
    /// checked when the chain runs.
    ///
    /// - Throws: what ``StepHandle/next(context:)`` throws; `flowNotStarted` when the screen is not
    ///   a step of a running chain (``step`` is `nil`). Either way nothing changes.
    public func next(context: NextContext) throws {
        try requireStep().next(context: context)
    }

    func requireStep() throws -> StepHandle {
        guard let step else { throw FlowError(.flowNotStarted, "\(displayName) is not a step of a running chain.") }
        return step
    }
}

extension ChainScreen where NextContext == Never {
    /// Shows the next step, passing nothing on, as a screen that declares it passes nothing
    /// (`NextContext == Never`) does.
    ///
    /// - Throws: what ``StepHandle/next(context:)`` throws; `flowNotStarted` when the screen is not
    ///   a step of a running chain. Either way nothing changes.
    public func next() throws {
        try requireStep().next()
    }
}
