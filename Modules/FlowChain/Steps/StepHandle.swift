import FlowKernel

/// The handle a step's screen drives the chain with: Flowter's `FlowStepInfo`.
///
/// A screen never knows what comes next; it says it is done (``next(context:)``), wants to go back
/// (``back()``), or wants to leave the chain early (``endFlow()``). Only the current step's handle
/// acts; a handle of another step throws ``FlowKernel/FlowError/Code/stepNotCurrent``. The handle
/// does not keep the chain alive.
@MainActor
public struct StepHandle {
    weak var driver: (any StepDriving)?
    /// The step's position in the chain, first step 0.
    public let stepIndex: Int

    init(driver: any StepDriving, stepIndex: Int) {
        self.driver = driver
        self.stepIndex = stepIndex
    }

    /// Shows the next step, handing it `context` before it is shown; from the last step, ends the
    /// chain with `context` as its result.
    ///
    /// - Throws: ``/FlowKernel/FlowError`` and changes nothing when the next step does not accept the
    ///   context's type, the last step's context is not the chain's result type, the context is not
    ///   the one this step's screen declares it passes on (``ChainScreen/NextContext``)
    ///   (`argumentTypeMismatch`), this step is not the current one (`stepNotCurrent`), or the chain
    ///   has ended (`flowFinished`).
    public func next(context: Any? = nil) throws {
        try requireDriver().next(from: stepIndex, context: context)
    }

    /// Runs this step's dismiss action, going back to the step before.
    ///
    /// - Throws: `nothingToGoBackTo` at the first step; `stepNotCurrent`; `flowFinished`.
    public func back() throws {
        try requireDriver().back(from: stepIndex)
    }

    /// Ends the chain early, as a close button does: runs this step's end action if it has one,
    /// otherwise the chain's, and finishes the chain cancelled.
    ///
    /// - Throws: `stepNotCurrent`; `flowFinished`.
    public func endFlow() throws {
        try requireDriver().endFlow(from: stepIndex)
    }

    /// Starts a flow of any strategy — another chain, a stack navigator, a router flow —
    /// presented over this step's screen, as the chain's child: it ends when the step's screen
    /// goes or the chain ends, and `onFinish` gets its outcome once its screens are gone. The
    /// coordinator's `start(child:presented:onFinish:)`, for a chain.
    ///
    /// ```swift
    /// try step?.start(child: cartChain) { outcome in
    ///     if case .completed(let order) = outcome { try self.step?.next(context: order) }
    /// }
    /// ```
    ///
    /// `onFinish` may throw (to move the chain on, say): the child has ended either way, and the
    /// error goes to the chain's ``ChainFlow/onRefused`` after a `requestRefused` event.
    ///
    /// - Throws: `stepNotCurrent`; `flowFinished`; the child's own error if it cannot start. Nothing
    ///   changes then.
    public func start<Child: Flow>(child: Child, onFinish: (@MainActor (FlowOutcome<Child.Result>) throws -> Void)? = nil) throws {
        try requireDriver().start(child: child, from: stepIndex, onFinish: onFinish)
    }

    private func requireDriver() throws -> any StepDriving {
        guard let driver else { throw FlowError(.flowFinished, "The chain this step belonged to has ended.") }
        return driver
    }
}

/// What a step handle talks to: the running chain, whatever its result type.
@MainActor
protocol StepDriving: AnyObject {
    func next(from step: Int, context: Any?) throws
    func back(from step: Int) throws
    func endFlow(from step: Int) throws
    func start<Child: Flow>(child: Child, from step: Int, onFinish: (@MainActor (FlowOutcome<Child.Result>) throws -> Void)?) throws
    func present(alert: FlowAlert, from step: Int, onAnswer: @escaping @MainActor (FlowAlert.Button) throws -> Void) throws
}
