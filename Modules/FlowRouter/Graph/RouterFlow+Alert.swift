import FlowKernel
import FlowRuntime

extension RouterFlow {
    /// Presents an alert or a confirmation dialog over one of the flow's screens — the screen the
    /// person sees by default — and gives the button the person chooses to `onAnswer`, once the
    /// alert has gone. A screen presents one over itself with ``Routable/present(alert:onAnswer:)``.
    ///
    /// While the alert is up the flow waits for its answer: its routes throw `hostRejected`, and
    /// the person cannot swipe the alert away; their Back chooses its cancel button. Ending the
    /// flow takes the alert away with its screens, unanswered. What `onAnswer` throws is reported
    /// as a `requestRefused` event and handed to ``onRefused``.
    ///
    /// - Throws: ``/FlowKernel/FlowError`` and changes nothing: `argumentTypeMismatch` for an alert
    ///   with no button, two buttons of one title or two cancel buttons; `notFound` for a screen
    ///   that is not shown; `hostRejected` for a screen something is presented over, one that is
    ///   not the flow's, or while its alert waits for an answer; `flowFinished`.
    public func present(alert: FlowAlert, over screen: (any Screen)? = nil, onAnswer: @escaping @MainActor (FlowAlert.Button) throws -> Void = { _ in }) throws
    {
        try presentAlert(alert, over: screen, refused: { [weak self] in self?.session?.refused($0) }, onAnswer: onAnswer)
    }
}

extension Routable {
    /// Presents an alert over this screen, as its flow's ``RouterFlow/present(alert:over:onAnswer:)``
    /// does: `onAnswer` gets the button the person chooses, once the alert has gone.
    ///
    /// ```swift
    /// func deleteTapped() throws {
    ///     try present(alert: FlowAlert("Delete?", buttons: [.destructive("Delete"), .cancel()])) { [self] button in
    ///         if button.role == .destructive { try produce(.t2(Deleted())) }
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: `flowNotStarted` for a screen no router flow routes (a session placed on a host by
    ///   hand presents no alerts); what the flow's throws.
    public func present(alert: FlowAlert, onAnswer: @escaping @MainActor (FlowAlert.Button) throws -> Void = { _ in }) throws {
        guard let presents = route.session?.presentsAlerts else {
            throw FlowError(.flowNotStarted, "\(ScreenRef(self)) is routed by no router flow; run it in a RouterFlow to present alerts from it.")
        }
        try presents(alert, self, onAnswer)
    }
}
