import FlowKernel
import FlowRuntime

extension ChainFlow {
    /// Presents an alert or a confirmation dialog over one of the chain's screens — the step the
    /// person sees by default — and gives the button the person chooses to `onAnswer`, once the
    /// alert has gone. A step presents one with ``StepHandle/present(alert:onAnswer:)``.
    ///
    /// While the alert is up the chain waits for its answer: its requests throw `hostRejected`,
    /// and the person cannot swipe the alert away; their Back chooses its cancel button. Ending
    /// the chain takes the alert away with its screens, unanswered. What `onAnswer` throws goes to
    /// ``onRefused`` after a `requestRefused` event.
    ///
    /// - Throws: ``/FlowKernel/FlowError`` and changes nothing: `argumentTypeMismatch` for an alert
    ///   with no button, two buttons of one title or two cancel buttons; `notFound` for a screen
    ///   that is not shown; `hostRejected` for a screen something is presented over, one that is
    ///   not the chain's, or while its alert waits for an answer; `flowFinished`.
    public func present(alert: FlowAlert, over screen: (any Screen)? = nil, onAnswer: @escaping @MainActor (FlowAlert.Button) throws -> Void = { _ in }) throws
    {
        try presentAlert(alert, over: screen, refused: { [weak self] in self?.refused($0) }, onAnswer: onAnswer)
    }

    /// A step's alert: over its screen, once it is the step the person sees.
    func present(alert: FlowAlert, from step: Int, onAnswer: @escaping @MainActor (FlowAlert.Button) throws -> Void) throws {
        switch phase {
        case .ready: throw FlowError(.flowNotStarted, "The chain '\(id)' has not been started.")
        case .finished: throw FlowError(.flowFinished, "The chain '\(id)' has ended.")
        case .running: break
        }
        try state.position(stepCount: stepCount).requireCurrent(step)
        try present(alert: alert, over: state.screens[step], onAnswer: onAnswer)
    }
}

extension StepHandle {
    /// Presents an alert over this step's screen, as the chain's
    /// ``ChainFlow/present(alert:over:onAnswer:)`` does: `onAnswer` gets the button the person
    /// chooses, once the alert has gone.
    ///
    /// ```swift
    /// try step?.present(alert: FlowAlert("Discard your details?", buttons: [.destructive("Discard"), .cancel()])) {
    ///     if $0.role == .destructive { try self.step?.endFlow() }
    /// }
    /// ```
    ///
    /// - Throws: `stepNotCurrent` unless this step is the one the person sees; what the chain's
    ///   throws.
    public func present(alert: FlowAlert, onAnswer: @escaping @MainActor (FlowAlert.Button) throws -> Void = { _ in }) throws {
        guard let driver else { throw FlowError(.flowFinished, "The chain this step belonged to has ended.") }
        try driver.present(alert: alert, from: stepIndex, onAnswer: onAnswer)
    }
}
