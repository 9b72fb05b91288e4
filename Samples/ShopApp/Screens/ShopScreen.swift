import FlowExplorer
import FlowKernel

/// One part of an action's argument, as a form shows it: a field of its own. An argument of
/// several parts is typed with its parts separated by `;`.
public struct ArgumentPart: Sendable {
    /// What the part takes.
    public enum Kind: Sendable {
        /// A line of text.
        case text
        /// An email address.
        case email
        /// One of a list: the value typed and the name a person reads.
        case choice([(value: String, label: String)])
    }

    /// The part's name: the form's field.
    public let name: String
    /// The part's label.
    public let label: String
    /// What it takes.
    public let kind: Kind
    /// What it holds now: the form shows it.
    public let value: String
    /// The browser's autofill hint: `email`, `postal-code`.
    public let autocomplete: String?
    /// Whether what is typed is kept nowhere — not in a form shown again, not in the browser (a
    /// card number).
    public let isSensitive: Bool
    /// The problem with a value, for people; `nil` when it will do.
    public let check: @Sendable (String) -> String?

    init(
        _ name: String, _ label: String, kind: Kind = .text, value: String = "", autocomplete: String? = nil, sensitive: Bool = false,
        check: @escaping @Sendable (String) -> String?
    ) {
        self.name = name
        self.label = label
        self.kind = kind
        self.value = value
        self.autocomplete = autocomplete
        self.isSensitive = sensitive
        self.check = check
    }
}

/// One thing a user can do on a screen: typed by name (with an argument for some), or by number.
@MainActor
public struct ShopAction {
    /// What the user types: `shoes`, `email`.
    public let name: String
    /// What the argument is, for actions that take one: `<address>`; in brackets for one that
    /// may be left out: `[<product>]`.
    public let argument: String?

    /// Whether the argument may be left out: it is written in brackets.
    public var isArgumentOptional: Bool { argument?.hasPrefix("[") == true }
    /// The argument's parts as a form's fields show them; empty for an argument of one part a
    /// form shows as one line of text.
    public let parts: [ArgumentPart]
    /// What it does, for people.
    public let summary: String
    /// Arguments to try it with, for the explorer: good ones, which it must take, and bad ones,
    /// which it must refuse or ignore.
    let samples: (valid: [String], invalid: [String])
    /// The stand-in a recording keeps instead of a private argument (an email address).
    let redact: (@MainActor (String) -> String)?
    let run: (String?) throws -> Void

    init(
        _ name: String, argument: String? = nil, parts: [ArgumentPart] = [], samples: (valid: [String], invalid: [String]) = ([], []),
        redact: (@MainActor (String) -> String)? = nil, _ summary: String, run: @escaping (String?) throws -> Void
    ) {
        self.name = name
        self.argument = argument
        self.parts = parts
        self.samples = samples
        self.redact = redact
        self.summary = summary
        self.run = run
    }

    /// The action as the explorer tries it and a recording replays it: once, or once per sample
    /// argument; `body` does it (the action's own run, by default).
    func explored(_ body: (@MainActor (ShopAction, String?) throws -> Void)? = nil) -> ScreenAction {
        let perform = { [self] (argument: String?) throws in
            if let body { try body(self, argument) } else { try run(argument) }
        }
        guard argument != nil else { return ScreenAction(name) { try perform(nil) } }
        // An argument that may be left out is tried left out too, as an empty one.
        let optional = isArgumentOptional
        return ScreenAction(name, valid: samples.valid, invalid: samples.invalid, redacting: redact) { (argument: String) in
            try perform(optional && argument.isEmpty ? nil : argument)
        }
    }
}

/// The base of the shop's screens: a title, what the screen shows, a message for the user, and the
/// actions the strategy that shows it has wired.
///
/// Screens hold no navigation code. Each exposes its intents as closures (`onPick`, `onBack`, ...);
/// a strategy's app wires them to its own verbs, and only wired intents become actions. Protocol
/// storage a strategy needs on a screen (a step handle, a route slot) lives in ``attachments``,
/// declared by that strategy's extension.
@MainActor
open class ShopScreen: ExplorableScreen {
    /// The screen's title.
    public let title: String
    /// What the last action did that the screen itself does not show, shown once, marked `*`.
    public var message: String?
    /// Why the screen refused what the person typed (an address that is not one), shown once,
    /// marked `!`; a script that meets one ends with status 3.
    public var problem: String?
    /// Storage strategies attach to the screen, keyed by what they store.
    public var attachments: [String: Any] = [:]

    init(title: String) { self.title = title }

    /// The screen's name in hierarchies and transcripts.
    public var displayName: String { title }

    /// Whether the person may go back from the screen with the platform's back button, its menu
    /// and the edge swipe: yes, unless a screen says otherwise.
    open var allowsInteractiveBack: Bool { true }

    /// The screen's leave guard: it may leave, unless a screen says otherwise.
    open func shouldLeave(by origin: FlowEvent.Origin) -> GuardVerdict { .allow }

    /// What the screen shows, one line each.
    open var lines: [String] { [] }

    /// The actions wired by the strategy that shows the screen, in the order they are offered.
    open var actions: [ShopAction] { [] }

    /// The actions as ``/FlowExplorer/NavigationExplorer`` tries them.
    public var explorationActions: [ScreenAction] { actions.map { $0.explored() } }
    /// What the screen shows, as the side-by-side comparison of the strategies compares it.
    public var explorationText: [String] { lines }
}

/// Makes an action only when its intent is wired.
@MainActor
func action(_ name: String, argument: String? = nil, _ summary: String, _ intent: (() throws -> Void)?) -> ShopAction? {
    intent.map { intent in ShopAction(name, argument: argument, summary) { _ in try intent() } }
}
