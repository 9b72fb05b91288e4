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
@MainActor
public struct Step<S: ChainScreen> {
    let make: () throws -> S
    var present: ((S, StepContext) throws -> Void)?
    var dismiss: ((S, StepContext) throws -> Void)?
    var end: ((S, ChainContainer) -> Void)?

    /// Makes a step whose screen comes from a factory, called the first time the step is shown.
    public init(_ make: @escaping () throws -> S) {
        self.make = make
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
    let make: () throws -> any Screen
    let accepts: (Any) -> Bool
    let attach: (any Screen, StepHandle?) -> Void
    let deliver: (any Screen, Any) -> Void
    let present: StepAction?
    let dismiss: StepAction?
    let end: ((any Screen, ChainContainer) -> Void)?

    init<S: ChainScreen>(_ step: Step<S>) {
        screenType = ScreenType(S.self)
        contextTypeName = String(describing: S.Context.self)
        contextType = S.Context.self
        make = step.make
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

    /// A typed step action as one any step can hold; the chain only hands it its own step's screen.
    private static func erase<S: ChainScreen>(_ action: ((S, StepContext) throws -> Void)?) -> StepAction? {
        guard let action else { return nil }
        return { context in
            guard let screen = context.screen as? S else { return }
            try action(screen, context)
        }
    }
}
