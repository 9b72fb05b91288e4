/// A screen that asks with alerts and takes their answers again after a restore.
///
/// A flow's `present(alert:…)` is given its answer's handler as code, which a snapshot cannot
/// save. A snapshot saves the alert the flow waits on; the restore shows it again over the screen
/// the person sees, and asks that screen for the handler:
///
/// ```swift
/// extension CartScreen: AlertAnswering {
///     func answerHandler(for alert: FlowAlert) -> (@MainActor (FlowAlert.Button) throws -> Void)? {
///         guard alert.title == "Remove from cart?", let product = product(named: alert.message) else { return nil }
///         return { [weak self] button in if button.role == .destructive { self?.remove(product) } }
///     }
/// }
/// ```
///
/// A screen that does not adopt it, or gives no handler, leaves the restored alert answered by
/// nobody, and the restore's report says so.
@MainActor
public protocol AlertAnswering: Screen {
    /// What takes the answer to `alert`, asked of the screen under it when a restore shows the
    /// alert again; `nil` for an alert the screen does not answer.
    func answerHandler(for alert: FlowAlert) -> (@MainActor (FlowAlert.Button) throws -> Void)?
}
