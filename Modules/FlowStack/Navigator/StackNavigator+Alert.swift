import FlowKernel
import FlowRuntime

extension StackNavigator {
    /// Presents an alert or a confirmation dialog over one of the navigator's screens — the
    /// screen the person sees for `nil` — and gives the button the person chooses to
    /// `onAnswer`, once the alert has gone. ``NavigatorHandle/present(alert:onAnswer:)`` asks over
    /// the screen the person sees, from the navigator or from one of its screens.
    ///
    /// ```swift
    /// let remove = FlowAlert("Remove from cart?", buttons: [.destructive("Remove"), .cancel("Keep")])
    /// try navigator.present(alert: remove) { button in
    ///     if button.role == .destructive { cart.removeLast() }
    /// }
    /// ```
    ///
    /// While the alert is up the navigator waits for its answer: its requests throw
    /// `hostRejected`, and the person cannot swipe the alert away; their Back chooses its cancel
    /// button. Ending the navigator takes the alert away with its screens, unanswered. What
    /// `onAnswer` throws goes to ``refused(_:)``.
    ///
    /// - Throws: ``/FlowKernel/FlowError`` and changes nothing: `argumentTypeMismatch` for an alert
    ///   with no button, two buttons of one title or two cancel buttons; `notFound` for a screen
    ///   that is not shown; `hostRejected` for a screen something is presented over, one that is
    ///   not the navigator's, or while its alert waits for an answer; `flowFinished`.
    public func present(alert: FlowAlert, over screen: (any Screen)?, onAnswer: @escaping @MainActor (FlowAlert.Button) throws -> Void = { _ in }) throws {
        try presentAlert(alert, over: screen, refused: { [weak self] in self?.refused($0) }, onAnswer: onAnswer)
    }
}
