import FlowKernel

/// One step of a chain: how to make its screen, and optionally how to present it, dismiss it, and
/// end the chain early from it. Flowter's `FlowStep`.
///
/// ```swift
/// Step { ProductScreen() }
///     .onPresent { screen, context in try context.container.present(screen) }
///     .onDismiss { screen, context in try context.container.dismiss(screen) }
///     .onEnd { screen, container in analytics.log("closed at product") }
/// ```
///
/// The screen is made the first time the step is shown, and the same screen is shown again if the
/// chain comes back to the step.
///
/// A step can apply only to some answers (`when(_:_:)`): the chain decides, when it reaches the
/// step, from the context the last step shown handed on, and skips a step whose condition does not
/// hold. A skipped step is never shown and never on the way back.
///
/// ```swift
/// Step { CardScreen() }.when("pro plan") { (signup: Signup) in signup.plan == .pro }
/// ```
@MainActor
public struct Step<S: ChainScreen> {
    /// Makes the step's screen, from the context handed to the step for one made with it.
    let make: (Any?) throws -> S
    /// Whether the screen is made with its context (``madeWith(_:)``), rather than handed it.
    let isMadeWithContext: Bool
    var present: ((S, StepContext) throws -> Void)?
    var dismiss: ((S, StepContext) throws -> Void)?
    var end: ((S, ChainContainer) -> Void)?
    var condition: StepCondition?
    var name: String?
    var chooser: StepChooser?

    /// Makes a step whose screen comes from a factory, called the first time the step is shown.
    public init(_ make: @escaping () throws -> S) {
        self.make = { _ in try make() }
        self.isMadeWithContext = false
    }

    private init(context make: @escaping (Any?) throws -> S) {
        self.make = make
        self.isMadeWithContext = true
    }

    /// Makes a step whose screen is made with the context handed to it, the first time the step
    /// is shown: a screen that needs its subject when it is made keeps it in a constant, with no
    /// optional field to fill later. Its ``ChainScreen/update(with:)`` is called only for a new
    /// context handed to the screen already made (a link arriving at the step with another).
    ///
    /// ```swift
    /// Step.madeWith { (order: Order) in ReceiptScreen(order) }
    /// ```
    ///
    /// A step before it that hands on no context, or one of another type, is refused with
    /// `argumentTypeMismatch`, and nothing changes.
    public static func madeWith(_ make: @escaping (S.Context) throws -> S) -> Step {
        Step(context: { context in
            guard let typed = context as? S.Context else {
                throw FlowError(
                    .argumentTypeMismatch,
                    "\(S.self) is made with a \(S.Context.self), and the step before it handed on \(context.map { "a \(type(of: $0))" } ?? "no context").",
                    types: [S.Context.self])
            }
            return try make(typed)
        })
    }

    /// Replaces how the step's screen is shown (the chain's default, else the container's built-in).
    public func onPresent(_ action: @escaping (S, StepContext) throws -> Void) -> Step {
        var step = self
        step.present = action
        return step
    }

    /// Replaces how the step's screen is taken away when it goes back.
    public func onDismiss(_ action: @escaping (S, StepContext) throws -> Void) -> Step {
        var step = self
        step.dismiss = action
        return step
    }

    /// Runs instead of the chain's end action when this step ends the chain early with
    /// ``StepHandle/endFlow()``.
    public func onEnd(_ action: @escaping (S, ChainContainer) -> Void) -> Step {
        var step = self
        step.end = action
        return step
    }

    /// The step shown only when a condition of the context handed to it holds: the chain asks it
    /// when it reaches the step — by a step's `next`, an arrival or a link — with the context the
    /// last step shown handed on, and goes on to the step after it when the condition does not
    /// hold, with that same context. A step handed no context is skipped.
    ///
    /// - Parameters:
    ///   - name: What the condition says, for people: the declared graph's branch and refusals
    ///     name it (`"pro plan"`).
    ///   - condition: Whether the step applies to the context it would be handed.
    public func when(_ name: String, _ condition: @escaping @MainActor (S.Context) -> Bool) -> Step {
        var step = self
        step.condition = StepCondition(name: name) { context in
            guard let context else { return false }
            guard let typed = context as? S.Context else {
                throw FlowError(
                    .argumentTypeMismatch, "\(S.self) accepts a context of type \(S.Context.self), not a \(type(of: context)).",
                    types: [type(of: context)])
            }
            return condition(typed)
        }
        return step
    }

    /// The step shown only when a condition of the app's own state holds (someone signed in, a
    /// feature switched on), asked when the chain reaches the step, whatever context it is handed.
    public func when(_ name: String, _ condition: @escaping @MainActor () -> Bool) -> Step {
        var step = self
        step.condition = StepCondition(name: name) { _ in condition() }
        return step
    }

    /// Names the step, so that a step before it can pick it as the one that comes next
    /// (``choosingNext(_:among:_:)``).
    public func named(_ name: String) -> Step {
        var step = self
        step.name = name
        return step
    }

    /// The step picks which of several steps after it comes next, from the context it hands on:
    /// the chain shows the step it names and skips the ones between (a decision state). `nil`
    /// goes on in order. The step picked still applies only when its own condition holds.
    ///
    /// ```swift
    /// Step { PaymentScreen() }.choosingNext("by payment", among: ["card", "invoice"]) { (order: Order) in
    ///     order.paysByCard ? "card" : "invoice"
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: What the choice is, for people: the declared graph labels its roads with it.
    ///   - steps: The names of the steps it may pick (``named(_:)``), each after this one; the
    ///     declared graph draws a road to each.
    ///   - choose: The step that comes next, by name, or `nil` for the next in order. A name not
    ///     among `steps` is refused with `notFound`, and the step's `next` changes nothing.
    public func choosingNext(_ name: String, among steps: [String], _ choose: @escaping @MainActor (S.NextContext) -> String?) -> Step {
        var step = self
        step.chooser = StepChooser(name: name, among: steps) { context in
            guard let typed = context as? S.NextContext else {
                throw FlowError(
                    .argumentTypeMismatch,
                    "\(S.self) picks the next step from a \(S.NextContext.self), not from \(context.map { "a \(type(of: $0))" } ?? "no context").")
            }
            return choose(typed)
        }
        return step
    }

    /// The step with its screen type erased, as a chain keeps it.
    var erased: AnyStep {
        AnyStep(self)
    }
}

/// What every step's action receives: the step's screen, the container, and the screen of the step
/// before it (shown before this one, and shown again when this one goes back).
@MainActor
public struct StepContext {
    /// The screen of the step being presented or dismissed.
    public let screen: any Screen
    /// The chain's container.
    public let container: ChainContainer
    /// The screen of the step before, if this is not the first step.
    public let previousScreen: (any Screen)?
}

/// An action a chain runs for any step: a flow-wide default present or dismiss.
public typealias StepAction = @MainActor (StepContext) throws -> Void

/// How a step picks the step that comes next: the choice's name, the names it may pick, and the
/// pick, from the context the step hands on.
@MainActor
struct StepChooser {
    let name: String
    let among: [String]
    let choose: (Any?) throws -> String?
}

/// When a step applies: its name, and whether it holds for the context the step would be handed.
@MainActor
struct StepCondition {
    /// What the condition says, for people.
    let name: String
    /// Whether the step applies; throws `argumentTypeMismatch` for a context of a type the step
    /// does not accept.
    let holds: (Any?) throws -> Bool
}

/// A step with its screen type erased: closures that know the type.
@MainActor
final class AnyStep {
    let screenType: ScreenType
    let contextTypeName: String
    /// The type of context the step's screen accepts: a restore reads a saved context back as it.
    let contextType: Any.Type
    /// What the step's screen declares it passes on.
    let passing: ChainGraph.Passing
    /// Whether a context is one the screen may pass on (always, when it declares nothing).
    let mayPass: (Any) -> Bool
    let make: (Any?) throws -> any Screen
    /// Whether the screen is made with its context rather than handed it.
    let isMadeWithContext: Bool
    let accepts: (Any) -> Bool
    let attach: (any Screen, StepHandle?) -> Void
    let deliver: (any Screen, Any) -> Void
    let present: StepAction?
    let dismiss: StepAction?
    let end: ((any Screen, ChainContainer) -> Void)?
    /// When the step applies; `nil` for a step that always does.
    let condition: StepCondition?
    /// The step's name, for a step before it to pick.
    let name: String?
    /// How the step picks the one after it; `nil` for the next in order.
    let chooser: StepChooser?

    init<S: ChainScreen>(_ step: Step<S>) {
        screenType = ScreenType(S.self)
        condition = step.condition
        name = step.name
        chooser = step.chooser
        contextTypeName = String(describing: S.Context.self)
        contextType = S.Context.self
        make = step.make
        isMadeWithContext = step.isMadeWithContext
        accepts = { $0 is S.Context }
        passing =
            if S.NextContext.self == UndeclaredContext.self {
                .undeclared
            } else if S.NextContext.self == Never.self {
                .nothing
            } else {
                .type(String(describing: S.NextContext.self))
            }
        mayPass = S.NextContext.self == UndeclaredContext.self ? { _ in true } : { $0 is S.NextContext }
        attach = { screen, handle in (screen as? S)?.step = handle }
        deliver = { screen, context in
            if let screen = screen as? S, let context = context as? S.Context { screen.update(with: context) }
        }
        present = Self.erase(step.present)
        dismiss = Self.erase(step.dismiss)
        end = step.end.map { action in
            { screen, container in
                guard let screen = screen as? S else { return }
                action(screen, container)
            }
        }
    }

    /// Whether the step applies to a context it would be handed.
    ///
    /// - Throws: `argumentTypeMismatch` for a context its condition cannot be asked of.
    func applies(to context: Any?) throws -> Bool {
        try condition?.holds(context) ?? true
    }

    /// A typed step action as one any step can hold; the chain only hands it its own step's screen.
    private static func erase<S: ChainScreen>(_ action: ((S, StepContext) throws -> Void)?) -> StepAction? {
        guard let action else { return nil }
        return { context in
            guard let screen = context.screen as? S else { return }
            try action(screen, context)
        }
    }
}
