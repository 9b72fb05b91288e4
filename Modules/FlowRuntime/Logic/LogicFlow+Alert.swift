import FlowKernel

extension LogicFlow {
    /// Presents an alert or a confirmation dialog over one of the flow's screens — the screen the
    /// person sees by default — and gives the button the person chooses to `onAnswer`, once the
    /// alert has gone. A screen presents one over itself with ``LogicHandle/present(alert:onAnswer:)``.
    ///
    /// While the alert is up the flow waits for its answer: its requests throw `hostRejected`,
    /// and the person cannot swipe the alert away; their Back chooses its cancel button. Ending
    /// the flow takes the alert away with its screens, unanswered. What `onAnswer` throws is
    /// reported as a `requestRefused` event.
    ///
    /// - Throws: ``/FlowKernel/FlowError`` and changes nothing: `argumentTypeMismatch` for an alert
    ///   with no button, two buttons of one title or two cancel buttons; `notFound` for a screen
    ///   that is not shown; `hostRejected` for a screen something is presented over, one that is
    ///   not the flow's, or while its alert waits for an answer; `flowFinished`.
    public func present(alert: FlowAlert, over screen: (any Screen)? = nil, onAnswer: @escaping @MainActor (FlowAlert.Button) throws -> Void = { _ in }) throws
    {
        try presentAlert(
            alert, over: screen, refused: { [weak self] error in self?.run.host?.report(FlowEvent(.requestRefused(error), flow: self?.id)) },
            onAnswer: onAnswer)
    }
}

extension LogicHandle {
    /// Presents an alert over the handle's screen, as the flow's
    /// ``LogicFlow/present(alert:over:onAnswer:)`` does.
    ///
    /// - Throws: ``FlowKernel/FlowError/Code/screenNotCurrent`` when the screen is not the flow's
    ///   entry the person sees; `flowFinished`; what the flow's throws.
    public func present(alert: FlowAlert, onAnswer: @escaping @MainActor (FlowAlert.Button) throws -> Void = { _ in }) throws {
        guard let flow else { throw FlowError(.flowFinished, "The flow that showed \(screen) has ended.") }
        guard let host = flow.run.host, host.visibleScreenRef == screen else {
            throw FlowError(.screenNotCurrent, "\(screen) is not the screen the person sees in the flow '\(flow.id)'; only that screen presents an alert.")
        }
        try flow.present(alert: alert, over: host.screen(for: screen), onAnswer: onAnswer)
    }
}
