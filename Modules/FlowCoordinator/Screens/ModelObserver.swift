import FlowKernel
import Observation
import Synchronization

/// Observes properties of `@Observable` models for a screen: UIFlow's `UIFlowViewController`
/// observation, with the Observation framework in place of Combine.
///
/// ```swift
/// final class CartScreen: Screen {
///     let observer = ModelObserver()
///     init(model: CartModel) {
///         observer.observe(model, \.count) { [weak self] count in self?.badge = "\(count)" }
///     }
/// }
/// ```
///
/// The action receives the current value at once, then the value after every change. Changes are
/// delivered on the main actor after the change completes; several changes before a delivery are
/// coalesced into one with the latest value. Observation stops with ``removeObservers()``, when the
/// observer (usually with its screen) is released, or when the model is.
///
/// Tests need not wait for a delivery: ``deliverPendingChanges()`` delivers every change made so
/// far at once, and the delivery that was scheduled for it then finds nothing to deliver.
@MainActor
public final class ModelObserver {
    /// One observation. Observation's change callback holds it weakly and only hops to the main
    /// actor, where the token reads the new value and tracks the next change; releasing or
    /// cancelling the token ends the observation.
    @MainActor
    final class Token {
        var isCancelled = false
        /// Delivers the current value and tracks the next change; `nil` once the model is gone.
        var deliverAndTrack: (() -> Void)?
        /// Set when the model changed, wherever it changed; cleared by the delivery that takes it.
        nonisolated let isPending = Atomic<Bool>(false)

        /// Delivers a change that has not been delivered yet, once.
        func deliverIfPending() {
            guard isPending.exchange(false, ordering: .acquiringAndReleasing), !isCancelled else { return }
            deliverAndTrack?()
        }
    }

    private var tokens: [Token] = []

    /// Makes an observer with nothing observed.
    public init() {}

    /// How many observations are active.
    public var count: Int { tokens.count }

    /// Observes a property: calls `action` with its value now, and after every change.
    public func observe<Model: Observable & AnyObject, Value>(
        _ model: Model,
        _ keyPath: KeyPath<Model, Value>,
        _ action: @escaping @MainActor (Value) -> Void
    ) {
        let token = Token()
        tokens.append(token)
        token.deliverAndTrack = { [weak token, weak model] in
            guard let token, let model else { return }
            action(model[keyPath: keyPath])
            Self.trackNextChange(of: model, keyPath, token: token)
        }
        action(model[keyPath: keyPath])
        Self.trackNextChange(of: model, keyPath, token: token)
    }

    /// Delivers at once, on the main actor, every change made so far that has not been delivered
    /// yet: what a test calls after changing a model, instead of waiting for the delivery.
    public func deliverPendingChanges() {
        for token in tokens { token.deliverIfPending() }
    }

    /// Stops every observation.
    public func removeObservers() {
        for token in tokens { token.isCancelled = true }
        tokens.removeAll()
    }

    private static func trackNextChange<Model: Observable & AnyObject, Value>(of model: Model, _ keyPath: KeyPath<Model, Value>, token: Token) {
        withObservationTracking {
            _ = model[keyPath: keyPath]
        } onChange: { [weak token] in
            // This runs before the new value is stored; the token reads it once the change is done.
            token?.isPending.store(true, ordering: .releasing)
            Task { @MainActor in token?.deliverIfPending() }
        }
    }
}
