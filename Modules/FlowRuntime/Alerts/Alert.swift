import FlowKernel

/// The alert screen a flow's run presents: it takes the alert away through the run, then tells
/// whoever asked. Named `Alert` for people: hierarchies and graphs show `Alert "Remove from cart?"`.
@MainActor
package final class Alert: AlertScreen {
    package let alert: FlowAlert
    /// The button chosen, once the alert is answered.
    package private(set) var chosen: FlowAlert.Button?
    /// What answering does, set by the flow that presents the alert: it takes the alert away and
    /// tells whoever asked.
    package var respond: ((FlowAlert.Button) throws -> Void)?

    package init(_ alert: FlowAlert) {
        self.alert = alert
    }

    /// The alert's title.
    package var displayName: String { alert.title }
    /// `false`: the person's Back answers the alert's cancel button instead (`UserGestures`).
    package var allowsInteractiveBack: Bool { false }
    /// `false`: an alert cannot be swiped away.
    package var allowsInteractiveDismissal: Bool { false }

    package func answer(_ button: FlowAlert.Button) throws {
        guard alert.buttons.contains(button) else {
            throw FlowError(.notFound, "The alert '\(alert.title)' has no button '\(button.title)'.")
        }
        guard chosen == nil else {
            throw FlowError(.flowFinished, "The alert '\(alert.title)' was answered already ('\(chosen?.title ?? "")').")
        }
        guard let respond else {
            throw FlowError(.flowNotStarted, "The alert '\(alert.title)' is not presented by a flow; nothing takes its answer.")
        }
        try respond(button)
        chosen = button
        self.respond = nil
    }
}
