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
    /// What the person can do on the screen, as forms, in order. On the page shown once the run
    /// has ended, the app's own actions besides starting again (send a receipt, rate the visit):
    /// each runs the app's code and shows the ended page again. They are code, so an ended page
    /// brought back from a store without the app's own restore of its ended run shows none.
    public var actions: [WebAction]
    /// On the page shown once the run has ended (a ``WebVisit``'s `ended`): the label of the
    /// button that starts a new run, or `nil` for no such button. By default ``startAgainDefault``,
    /// which the page says in the site's words (``WebWords/startAgain``).
    public var startAgain: String?
    /// On the page shown once the run has ended: where the site sends the person instead of
    /// showing the page — the app's own route, such as `/account` — or `nil` to show it.
    public var redirect: String?

    /// Makes a screen's page.
    ///
    /// - Parameters:
    ///   - title: The page's title and heading.
    ///   - content: What the screen shows.
    ///   - actions: What the person can do on it.
    ///   - startAgain: For the ended page: the label of the button that starts a new run; `nil`
    ///     shows none.
    ///   - redirect: For the ended page: where the person is sent instead.
    public init(title: String, content: HTML = .empty, actions: [WebAction] = [], startAgain: String? = startAgainDefault, redirect: String? = nil) {
        self.title = title
        self.content = content
        self.actions = actions
        self.startAgain = startAgain
        self.redirect = redirect
    }

    /// The start-again button's label unless the app gives its own: FlowWeb's "Start again",
    /// written on the page in the site's words (``WebWords/startAgain``).
    public static let startAgainDefault = "Start again"
}

/// One thing a person can do on a screen's page: a form with a button, and the fields the action
/// reads.
///
/// The page posts the action's ``name`` and its fields; the server runs it only if the screen the
/// browser shows is still the one the person sees, still offers an action of that name, and every
/// field holds what it asks for. A field that does not is shown again with its message beside it
/// and what the person typed still in it, and nothing changes.
///
/// ```swift
/// WebAction("ship", label: "Ship here", fields: [
///     .init("name", label: "Full name", autocomplete: "name"),
///     .init("postcode", label: "Postcode", autocomplete: "postal-code", check: { $0.count < 9 ? nil : "That postcode is too long." }),
///     .init("country", label: "Country", kind: .choice([.init("pt", "Portugal"), .init("es", "Spain")])),
/// ], as: Address.self) { address in try onShip(address) }
/// ```
public struct WebAction {
    /// One field of an action's form: what it is called, what kind of value it takes, and what
    /// it starts with.
    public struct Field: Sendable {
        /// What a field takes.
        public enum Kind: Sendable, Hashable {
            /// A line of text.
            case text
            /// An email address: a name, one `@` and a domain with a dot in it (`name@example.com`;
            /// not `a@b`, not `name@example.com.`), no spaces, unless the field's own
            /// ``WebAction/Field/check`` decides what an address is.
            case email
            /// A number, whole or decimal.
            case number
            /// A password: never shown again, never kept (a password field ``WebAction/Field/isSensitive``).
            case password
            /// One of a list of options, as a drop-down.
            case choice([Choice])
            /// A box ticked or not; it posts `on` when ticked. Required means it must be ticked.
            case checkbox
        }

        /// One option of a ``Kind/choice(_:)`` field.
        public struct Choice: Sendable, Hashable {
            /// What the form posts.
            public var value: String
            /// What the person reads.
            public var label: String

            /// Makes an option.
            public init(_ value: String, _ label: String? = nil) {
                self.value = value
                self.label = label ?? value
            }
        }

        /// The name the form posts the field's value under; unique in its action, and none of the
        /// names the page's own hidden fields use (``reservedNames``). An action that breaks
        /// either is not shown: its page says that part could not be shown, and the site tells
        /// its ``FlowSite/onProblem`` which field it was.
        public var name: String
        /// The field's label, bound to it.
        public var label: String
        /// What the field takes.
        public var kind: Kind
        /// What the field holds when the page first shows it: `on` ticks a checkbox.
        public var value: String
        /// A hint shown in the empty field.
        public var placeholder: String?
        /// The browser's autofill hint: `email`, `name`, `postal-code`, `new-password`.
        public var autocomplete: String?
        /// Whether the action needs a value (a ticked box, for a checkbox).
        public var isRequired: Bool
        /// Whether what the person types is kept nowhere: not in the session's drafts, so not in a
        /// store; not shown again on the page after a refusal or Back; not in the browser's session
        /// storage, where the page's script keeps what is typed in other fields. The action still
        /// receives it. A password always is, and so is, unless the app says otherwise, a field
        /// whose ``autocomplete`` names payment card data or a one-time code
        /// (``sensitiveAutocomplete``).
        public var isSensitive: Bool
        /// Checks a value the field's kind accepts, returning the sentence to show beside the field
        /// when it is not right, `nil` when it is. Not asked for an empty field.
        public var check: (@Sendable (String) -> String?)?

        /// The names a page's forms use themselves, which no field may take: an action with a field
        /// of one of these names is not shown (``SiteProblem/Kind/actionNotShown``).
        public static let reservedNames: Set<String> = ["token", "revision", "screen", "action", "close"]

        /// The autofill hints that make a field sensitive unless the app says otherwise: a card's
        /// number, security code and expiry (PCI DSS: a card's security code is never stored),
        /// and a one-time code.
        public static let sensitiveAutocomplete: Set<String> = ["cc-number", "cc-csc", "cc-exp", "cc-exp-month", "cc-exp-year", "one-time-code"]

        /// Whether an autofill hint names what ``sensitiveAutocomplete`` holds, read as browsers
        /// read it: its last token (`billing cc-number`), in any case.
        static func namesSensitiveData(_ autocomplete: String?) -> Bool {
            guard let last = autocomplete?.split(separator: " ").last else { return false }
            return sensitiveAutocomplete.contains(last.lowercased())
        }

        /// Makes a field.
        ///
        /// - Parameters:
        ///   - name: The name the form posts its value under.
        ///   - label: The label, shown beside it.
        ///   - kind: What it takes.
        ///   - value: What it holds when the page first shows it.
        ///   - placeholder: A hint shown in the empty field.
        ///   - autocomplete: The browser's autofill hint.
        ///   - isRequired: Whether the action needs a value.
        ///   - isSensitive: Whether what is typed is kept nowhere. A password always is; by
        ///     default, so is a field whose `autocomplete` names card data or a one-time code.
        ///   - check: Checks a value beyond its kind; returns the sentence to show when it is wrong.
        public init(
            _ name: String, label: String, kind: Kind = .text, value: String = "", placeholder: String? = nil, autocomplete: String? = nil,
            isRequired: Bool = true, isSensitive: Bool? = nil, check: (@Sendable (String) -> String?)? = nil
        ) {
            self.name = name
            self.label = label
            self.kind = kind
            self.value = value
            self.placeholder = placeholder
            self.autocomplete = autocomplete
            self.isRequired = isRequired
            self.isSensitive = kind == .password || (isSensitive ?? Self.namesSensitiveData(autocomplete))
            self.check = check
        }

        /// Makes the one field of an action that reads a line of text, posted as `text`.
        ///
        /// - Parameters:
        ///   - label: The label.
        ///   - type: The HTML input type: `text`, `email`, `number`, `password`.
        ///   - isRequired: Whether the action needs text.
        public init(label: String, type: String = "text", isRequired: Bool = true) {
            let kinds: [String: Kind] = ["email": .email, "number": .number, "password": .password]
            self.init("text", label: label, kind: kinds[type] ?? .text, isRequired: isRequired)
        }

        /// The HTML input type the field is shown with.
        public var type: String {
            switch kind {
            case .text, .choice: "text"
            case .email: "email"
            case .number: "number"
            case .password: "password"
            case .checkbox: "checkbox"
            }
        }
    }

    /// The action's name, unique on its screen: what the form posts.
    public var name: String
    /// The button's text.
    public var label: String
    /// The fields the action reads, in order.
    public var fields: [Field]
    /// Does the action, with the values of its fields, checked. A ``/FlowKernel/FlowError`` (or
    /// any error) it throws is shown to the person on the page they are on.
    public var perform: @MainActor (WebFormValues) throws -> Void

    /// The first field, for an action that reads one.
    public var field: Field? { fields.first }

    /// Makes an action whose form has these fields; it receives their values.
    ///
    /// - Parameters:
    ///   - name: The name its form posts, unique on its screen.
    ///   - label: The button's text; the name by default.
    ///   - fields: What the form asks for, in order.
    ///   - perform: Does the action.
    public init(_ name: String, label: String? = nil, fields: [Field], perform: @escaping @MainActor (WebFormValues) throws -> Void) {
        self.name = name
        self.label = label ?? name
        self.fields = fields
        self.perform = perform
    }

    /// Makes an action whose form's values arrive as one value of the app's own type, decoded
    /// field by field: a `String` property from a text field, an `Int` or `Double` from a number,
    /// a `Bool` from a checkbox, an optional from a field that may be left empty, an enum of
    /// strings from a choice.
    ///
    /// A value that does not decode is refused with a message beside its field, as any field that
    /// does not hold is. Fields and properties are read as `Codable` reads keys: an optional
    /// property no field fills is `nil` (a type that holds a sign-up across steps, its card filled
    /// on a later step, decodes from the first step's form). A required property no field fills
    /// is the developer's mistake, and so is a field no property read while a property stayed
    /// unfilled — a typo's signature (a field `e-mail` beside a property `email`): the person is
    /// told the form could not be read, and the site tells its ``FlowSite/onProblem`` the
    /// property and the fields no property took. A field the type does not read (a password
    /// checked and not kept, a box to accept the terms) is fine.
    public init<Value: Decodable>(
        _ name: String, label: String? = nil, fields: [Field], as type: Value.Type, perform: @escaping @MainActor (Value) throws -> Void
    ) {
        self.init(name, label: label, fields: fields) { values in try perform(try values.decode(Value.self)) }
        let names = fields.map(\.name)
        decodes = { values in
            let (value, asked) = values.decodeNoting(Value.self)
            let listed = "the form's fields are \(names.joined(separator: ", "))"
            switch value {
            case .failure(let invalid) where invalid.field.isEmpty:
                return ([:], "\(Value.self) asks for what a form cannot hold (a list, or a value inside a value); \(listed)")
            case .failure(let invalid) where !names.contains(invalid.field):
                let unread = names.filter { !asked.contains($0) }
                let also = unread.isEmpty ? "" : "; no property takes the field \(unread.joined(separator: ", "))"
                return ([:], "\(Value.self)'s property \(invalid.field) has no field (\(listed))\(also)")
            case .failure(let invalid):
                return ([invalid.field: invalid.message], nil)
            case .success:
                // Optional properties no field filled are nil, as Codable leaves them; beside a
                // field no property read, they are a typo.
                let unfilled = asked.subtracting(names).sorted()
                let unread = names.filter { !asked.contains($0) }
                guard !unfilled.isEmpty, !unread.isEmpty else { return ([:], nil) }
                return (
                    [:],
                    "\(Value.self)'s property \(unfilled.joined(separator: ", ")) has no field (\(listed)); no property takes the field \(unread.joined(separator: ", "))"
                )
            }
        }
    }

    /// Makes an action with at most one field, posted as `text`: it receives the text typed
    /// (`nil` for an action without a field).
    public init(_ name: String, label: String? = nil, field: Field? = nil, perform: @escaping @MainActor (String?) throws -> Void) {
        let hasField = field != nil
        self.init(name, label: label, fields: field.map { [$0] } ?? []) { values in try perform(hasField ? values["text"] : nil) }
    }

    /// Checks that the values decode as the action's type, before anything is done: the messages
    /// by field name, and what the developer is told of fields and properties that do not match.
    var decodes: (WebFormValues) -> (errors: [String: String], problem: String?) = { _ in ([:], nil) }

    /// Why the action's form cannot be shown — a field named as one of the page's own fields, or
    /// two fields of one name — or `nil`.
    var misnaming: String? {
        if let reserved = fields.first(where: { Field.reservedNames.contains($0.name) }) {
            return "the action \(name) has a field named \(reserved.name), a name the page's own forms post; rename the field"
        }
        var seen: Set<String> = []
        for field in fields where !seen.insert(field.name).inserted {
            return "the action \(name) has two fields named \(field.name)"
        }
        return nil
    }
}
