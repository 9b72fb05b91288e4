import FlowKernel

/// A screen as a web page shows it: its title, its content, and what the person can do on it.
///
/// The app makes one for each screen the browser shows (``WebVisit``'s page provider), as a UIKit
/// app makes a view controller for each screen. Content is ``HTML``, so what a screen shows that a
/// person typed is escaped; each action becomes a form the person submits.
public struct WebScreen {
    /// The page's title and heading.
    public var title: String
    /// What the screen shows.
    public var content: HTML
    /// What the person can do on the screen, as buttons, in order.
    public var actions: [WebAction]

    /// Makes a screen's page.
    public init(title: String, content: HTML = .empty, actions: [WebAction] = []) {
        self.title = title
        self.content = content
        self.actions = actions
    }
}

/// One thing a person can do on a screen's page: a button, with a field for an action that takes
/// text.
///
/// The page posts the action's ``name`` (and the field's text); the server runs it only if the
/// screen the browser shows is still the one the person sees and still offers an action of that
/// name.
public struct WebAction {
    /// A text field an action reads.
    public struct Field: Sendable, Hashable {
        /// The field's label.
        public var label: String
        /// The HTML input type: `text`, `email`, `number`.
        public var type: String
        /// Whether the action needs text.
        public var isRequired: Bool

        /// Makes a field.
        public init(label: String, type: String = "text", isRequired: Bool = true) {
            self.label = label
            self.type = type
            self.isRequired = isRequired
        }
    }

    /// The action's name, unique on its screen: what the form posts.
    public var name: String
    /// The button's text.
    public var label: String
    /// The text field, for an action that reads one.
    public var field: Field?
    /// Does the action, with the field's text (`nil` for an action without a field). A
    /// ``/FlowKernel/FlowError`` (or any error) it throws is shown to the person on the page they
    /// are on.
    public var perform: @MainActor (String?) throws -> Void

    /// Makes an action.
    public init(_ name: String, label: String? = nil, field: Field? = nil, perform: @escaping @MainActor (String?) throws -> Void) {
        self.name = name
        self.label = label ?? name
        self.field = field
        self.perform = perform
    }
}
