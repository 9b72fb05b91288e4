/// An alert or a confirmation dialog, as a value: a title, a message, and buttons with roles.
///
/// A flow presents one over the screen that asks for it (each strategy's `present(alert:…)`), and
/// the answer — the button the person chose — goes back to whoever asked. It is shown as an
/// ``AlertScreen``, a screen of FlowKit's own that hosts and platforms recognise, so a host that
/// shows screens shows alerts with no operation of its own.
///
/// ```swift
/// let remove = FlowAlert(
///     "Remove from cart?", message: "Red shoes",
///     buttons: [.destructive("Remove"), .cancel("Keep")])
/// ```
///
/// Compare alerts by equality in a test (`#expect(host.shownAlert == remove)`).
public struct FlowAlert: Hashable, Sendable, Codable {
    /// How the alert is shown: in the middle of the screen, or as a sheet of choices from the
    /// bottom (UIKit's action sheet, SwiftUI's `confirmationDialog`).
    public enum Style: String, Hashable, Sendable, Codable {
        /// An alert.
        case alert
        /// A confirmation dialog.
        case confirmationDialog
    }

    /// One of the alert's buttons.
    public struct Button: Hashable, Sendable, Codable {
        /// What a button's role tells the platform: how to draw it, and which one the person's
        /// Back or Escape chooses.
        public enum Role: String, Hashable, Sendable, Codable {
            /// The way out: chosen by the person's Back or Escape where the platform does so.
            case cancel
            /// A button that destroys something, drawn as such.
            case destructive
        }

        /// The button's title, unique among the alert's buttons: it names the button in an
        /// answer, a transcript and a recording.
        public var title: String
        /// The button's role; `nil` for a default button.
        public var role: Role?

        /// Makes a button.
        public init(_ title: String, role: Role? = nil) {
            self.title = title
            self.role = role
        }

        /// A cancel button: the way out.
        public static func cancel(_ title: String = "Cancel") -> Button { Button(title, role: .cancel) }

        /// A destructive button.
        public static func destructive(_ title: String) -> Button { Button(title, role: .destructive) }
    }

    /// The alert's title.
    public var title: String
    /// What the alert says under its title, if anything.
    public var message: String?
    /// Its buttons, in the order they are shown.
    public var buttons: [Button]
    /// How it is shown.
    public var style: Style

    /// Makes an alert.
    public init(_ title: String, message: String? = nil, style: Style = .alert, buttons: [Button]) {
        self.title = title
        self.message = message
        self.style = style
        self.buttons = buttons
    }

    /// Its cancel button, if it has one.
    public var cancelButton: Button? { buttons.first { $0.role == .cancel } }

    /// Its button with a title, if it has one.
    public func button(titled title: String) -> Button? { buttons.first { $0.title == title } }

    /// Throws unless the alert can be shown: it has a button, no two buttons share a title, and
    /// at most one is the cancel button.
    ///
    /// - Throws: ``FlowError/Code/argumentTypeMismatch`` naming what is wrong.
    public func validate() throws {
        guard !buttons.isEmpty else {
            throw FlowError(.argumentTypeMismatch, "The alert '\(title)' has no button; give it one, a cancel button at least.")
        }
        if let repeated = buttons.map(\.title).firstRepeated {
            throw FlowError(.argumentTypeMismatch, "The alert '\(title)' has two buttons titled '\(repeated)'; a title names one button.")
        }
        guard buttons.filter({ $0.role == .cancel }).count <= 1 else {
            throw FlowError(.argumentTypeMismatch, "The alert '\(title)' has more than one cancel button.")
        }
    }
}

extension Array where Element: Hashable {
    /// The first element that comes again later, if any.
    fileprivate var firstRepeated: Element? {
        var seen: Set<Element> = []
        for element in self where !seen.insert(element).inserted { return element }
        return nil
    }
}

/// The screen an alert is shown as: a contract every host and platform recognises, so that a
/// host shows an alert as it shows any screen and a platform draws it as its own alert (UIKit's
/// `UIAlertController`, SwiftUI's `.alert`, the web's `<dialog>`). A flow's `present(alert:…)`
/// makes one (FlowRuntime's, which takes the alert away and tells whoever asked).
///
/// The person cannot swipe it away; they answer it with one of its buttons, and their Back or
/// Escape chooses its cancel button where the platform does so. A test, a CLI or an explorer
/// answers it:
///
/// ```swift
/// try (host.visibleScreen as? any AlertScreen)?.answer("Remove")
/// ```
@MainActor
public protocol AlertScreen: Screen {
    /// The alert shown.
    var alert: FlowAlert { get }
    /// Answers the alert with one of its buttons: takes it away, then tells whoever asked.
    ///
    /// - Throws: ``FlowError/Code/notFound`` for a button it does not have;
    ///   ``FlowError/Code/flowFinished`` once it was answered; what taking it away throws (a
    ///   guard's refusal). Nothing changes then.
    func answer(_ button: FlowAlert.Button) throws
}

extension AlertScreen {
    /// Answers the alert with the button of that title.
    ///
    /// - Throws: ``FlowError/Code/notFound`` for a title none of its buttons has; what
    ///   ``answer(_:)-(FlowAlert.Button)`` throws.
    public func answer(_ title: String) throws {
        guard let button = alert.button(titled: title) else {
            let titles = alert.buttons.map { "'\($0.title)'" }.joined(separator: ", ")
            throw FlowError(.notFound, "The alert '\(alert.title)' has no button '\(title)'; its buttons are \(titles).")
        }
        try answer(button)
    }
}

extension PresentationHost {
    /// The alert the person sees, if the screen on top is one.
    public var shownAlert: FlowAlert? { (visibleScreen as? any AlertScreen)?.alert }
}
