import FlowKernel

/// The screen an alert is shown as: FlowKit's own, which a host shows as it shows any screen and a
/// platform draws as its alert (UIKit's `UIAlertController`, SwiftUI's `.alert`, the web's
/// `<dialog>`).
///
/// The person cannot swipe it away; they answer it with one of its buttons, and their Back or
/// Escape chooses its cancel button where the platform does so. A flow's `present(alert:…)`
/// makes one; a test, a CLI or an explorer answers it:
///
/// ```swift
/// try (host.visibleScreen as? AlertScreen)?.answer("Remove")
/// ```
@MainActor
public final class AlertScreen: Screen {
    /// The alert shown.
    public let alert: FlowAlert
    /// The button chosen, once the alert is answered.
    public private(set) var chosen: FlowAlert.Button?
    /// What answering does, set by the flow that presents the alert: it takes the alert away and
    /// tells whoever asked.
    package var respond: ((FlowAlert.Button) throws -> Void)?

    /// Makes the screen of an alert.
    public init(_ alert: FlowAlert) {
        self.alert = alert
    }

    /// The alert's title.
    public var displayName: String { alert.title }
    /// `false`: the person's Back answers the alert's cancel button instead (`UserGestures`).
    public var allowsInteractiveBack: Bool { false }
    /// `false`: an alert cannot be swiped away.
    public var allowsInteractiveDismissal: Bool { false }

    /// Answers the alert with the button of that title.
    ///
    /// - Throws: ``/FlowKernel/FlowError/Code/notFound`` for a title none of its buttons has;
    ///   ``/FlowKernel/FlowError/Code/flowFinished`` once it was answered; what taking it away throws (a
    ///   guard's refusal). Nothing changes then.
    public func answer(_ title: String) throws {
        guard let button = alert.button(titled: title) else {
            let titles = alert.buttons.map { "'\($0.title)'" }.joined(separator: ", ")
            throw FlowError(.notFound, "The alert '\(alert.title)' has no button '\(title)'; its buttons are \(titles).")
        }
        try answer(button)
    }

    /// Answers the alert with one of its buttons.
    ///
    /// - Throws: as ``answer(_:)-(String)``.
    public func answer(_ button: FlowAlert.Button) throws {
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

extension PresentationHost {
    /// The alert the person sees, if the screen on top is one.
    public var shownAlert: FlowAlert? { (visibleScreen as? AlertScreen)?.alert }
}
