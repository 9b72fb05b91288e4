import FlowKernel

/// An empty chain: the start of Flowter's builder. Add a step to get a ``FilledStepChain``, the only
/// builder that can be finished, so an empty chain cannot run.
///
/// ```swift
/// let checkout = StepChain<Order>("checkout", container: .stack)
///     .addStep(Step { CartScreen() })
///     .addStep(Step { AddressScreen() })
///     .addStep(Step { PaymentScreen() })
///     .finish()
/// try checkout.start(on: host)
/// ```
///
/// Builders are values: each `addStep` returns a new builder and leaves the one it was called on as
/// it was, so keeping an intermediate builder never changes what another one holds.
@MainActor
public struct StepChain<Result> {
    let id: FlowID
    let kind: ChainContainer.Kind
    let defaultPresent: StepAction?
    let defaultDismiss: StepAction?

    /// Starts a chain.
    ///
    /// - Parameters:
    ///   - id: The flow's name in events, and its container's name on the host.
    ///   - container: A navigation stack, or a single-child container.
    ///   - defaultPresent: How every step without its own present action is shown; the container's
    ///     built-in (push, or replace the child) when `nil`.
    ///   - defaultDismiss: How every step without its own dismiss action goes back; the container's
    ///     built-in (pop, or show the previous child) when `nil`.
    public init(_ id: FlowID = "chain", container: ChainContainer.Kind = .stack, defaultPresent: StepAction? = nil, defaultDismiss: StepAction? = nil) {
        self.id = id
        self.kind = container
        self.defaultPresent = defaultPresent
        self.defaultDismiss = defaultDismiss
    }

    /// Adds the first step.
    public func addStep<S: ChainScreen>(_ step: Step<S>) -> FilledStepChain<Result> {
        FilledStepChain(chain: self, steps: [step.erased])
    }

    /// Adds the first step, made by a factory.
    public func addStep<S: ChainScreen>(_ make: @escaping () throws -> S) -> FilledStepChain<Result> {
        addStep(Step(make))
    }
}

/// A chain with at least one step: Flowter's `FilledFlowter`. Add, insert and remove steps, then
/// ``finish(onEnd:)`` it into a runnable ``ChainFlow``.
@MainActor
public struct FilledStepChain<Result> {
    let chain: StepChain<Result>
    var steps: [AnyStep]

    /// How many steps the chain has.
    public var count: Int { steps.count }

    /// The type of each step's screen, in order.
    public var screenTypes: [ScreenType] { steps.map(\.screenType) }

    /// A builder with one more step at the end; this builder is left as it was.
    public func addStep<S: ChainScreen>(_ step: Step<S>) -> FilledStepChain {
        var copy = self
        copy.steps.append(step.erased)
        return copy
    }

    /// A builder with one more step, made by a factory, at the end.
    public func addStep<S: ChainScreen>(_ make: @escaping () throws -> S) -> FilledStepChain {
        addStep(Step(make))
    }

    /// Inserts a step at a position; a position past the end appends.
    ///
    /// - Throws: ``/FlowKernel/FlowError/Code/indexOutOfRange`` for a negative position; nothing changes.
    public mutating func insert<S: ChainScreen>(_ step: Step<S>, at index: Int) throws {
        guard index >= 0 else {
            throw FlowError(.indexOutOfRange, "A step cannot be inserted at \(index); positions start at 0.")
        }
        steps.insert(step.erased, at: min(index, steps.count))
    }

    /// Removes the step at a position.
    ///
    /// - Throws: ``/FlowKernel/FlowError/Code/indexOutOfRange`` for a position with no step;
    ///   ``FlowKernel/FlowError/Code/emptyChain`` for the only step. Nothing changes then.
    public mutating func remove(at index: Int) throws {
        guard steps.indices.contains(index) else {
            throw FlowError(.indexOutOfRange, "The chain has \(steps.count) steps; there is no step \(index) to remove.")
        }
        guard steps.count > 1 else {
            throw FlowError(.emptyChain, "Removing the only step would leave the chain empty.")
        }
        steps.remove(at: index)
    }

    /// Finishes the builder into a runnable chain.
    ///
    /// - Parameter onEnd: Runs once when the last step calls `next`, and when a step without its own
    ///   end action calls `endFlow()`, before the chain takes its container off the host.
    public func finish(onEnd: ((ChainContainer) -> Void)? = nil) -> ChainFlow<Result> {
        ChainFlow(
            id: chain.id, kind: chain.kind, steps: steps,
            defaultPresent: chain.defaultPresent, defaultDismiss: chain.defaultDismiss, onEnd: onEnd
        )
    }
}
