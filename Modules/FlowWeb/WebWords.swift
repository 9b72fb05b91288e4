import Foundation

/// Every word FlowWeb itself writes on a page or in an answer — a field's message, a notice, a
/// refusal, the page a store could not reach — in one value the site can replace, so that a site
/// in another language shows none of FlowWeb's English.
///
/// A layout carries the words its pages use (``WebLayout/words``), beside their language:
///
/// ```swift
/// var words = WebWords.english
/// words.required = "{label} é obrigatório."
/// words.pageOutOfDate = "Essa página estava desatualizada, por isso nada foi feito. Está aqui."
/// site.layout = WebLayout(language: "pt", words: words)
/// ```
///
/// A phrase that names something holds a placeholder in braces, filled in as the phrase is used:
/// `{label}` (a field's label), `{message}` (what the app's error says), `{reason}` (what a guard
/// said). The app's own words — its screens, its actions, its fields' labels, the messages of its
/// own checks — are the app's, and never go through here.
public struct WebWords: Sendable, Hashable {
    // MARK: A field's message

    /// A required field left empty: `{label} is required.`
    public var required = "{label} is required."
    /// A required checkbox not ticked: `{label} must be ticked.`
    public var mustBeTicked = "{label} must be ticked."
    /// An email field whose text is no address: `{label} must be an email address, like name@example.com.`
    public var mustBeEmail = "{label} must be an email address, like name@example.com."
    /// A number field whose text is no number, or a property that takes a number: `{label} must be a number.`
    public var mustBeNumber = "{label} must be a number."
    /// A property that takes a whole number, given another: `{label} must be a whole number in range.`
    public var mustBeWholeNumber = "{label} must be a whole number in range."
    /// A choice whose value is none of its options: `Choose one of the options for {label}.`
    public var chooseAnOption = "Choose one of the options for {label}."
    /// A property of a fixed set of values given another: `{label} must be one of the options offered.`
    public var mustBeAnOption = "{label} must be one of the options offered."
    /// A checkbox posted with text of its own: `{label} is ticked or not; it takes no text.`
    public var tickedTakesNoText = "{label} is ticked or not; it takes no text."
    /// A property the app's type reads that its form left empty: `{label} must be filled in.`
    public var mustBeFilledIn = "{label} must be filled in."
    /// A property that takes one value, given more: `{label} must be a single value.`
    public var mustBeSingleValue = "{label} must be a single value."
    /// A form whose fields do not make the app's type, shown above the form.
    public var formNotRead = "This form could not be read, so nothing was done."
    /// A form the app's type asks of what a form cannot hold, shown above the form.
    public var formNotTaken = "This form could not be taken as it stands."

    // MARK: A notice above the page

    /// A form sent from a page the person had moved on from.
    public var pageOutOfDate = "That page was out of date, so nothing was done. This is where you are."
    /// An action the app refused: `That did not work: {message}`.
    public var didNotWork = "That did not work: {message}"
    /// A step a guard refused: `You cannot go there now: {reason}`.
    public var cannotGoThere = "You cannot go there now: {reason}"

    // MARK: The page's own parts

    /// The button of the page shown once a run has ended, when its screen keeps FlowWeb's default.
    public var startAgain = "Start again"
    /// What a dialog's close button says to a screen reader.
    public var close = "Close"
    /// Beside the label of a field that may be left empty.
    public var optional = "(optional)"
    /// A choice's first option, while nothing is chosen.
    public var choose = "Choose…"
    /// In place of a part of a screen that could not be shown.
    public var partNotShown = "This part of the page could not be shown."

    // MARK: A refusal's page

    /// The link on a refusal's page back to the person's page.
    public var backToWhereYouWere = "Back to where you were"
    /// A request of a method the site does not serve.
    public var methodNotAllowed = "The site answers GET, HEAD and POST only."
    /// A form longer than the site takes.
    public var formTooLong = "The form is too long."
    /// A request for the state of a session the site does not hold.
    public var noSession = "There is no session."
    /// A form sent for a session the site does not hold.
    public var noSessionForForm = "There is no session for this form; it may have ended."
    /// A start again sent for a session the site does not hold.
    public var noSessionToRestart = "There is no session to start again."
    /// A body that is no form.
    public var formUnreadable = "The form could not be read."
    /// A form without the page's token.
    public var formNotFromSite = "The form did not come from this site's page."
    /// A form without the page's revision or screen.
    public var formIncomplete = "The form is missing what it needs."
    /// A page the session never showed.
    public var noSuchPage = "There is no such page."
    /// A close sent for a page that shows no dialog.
    public var noDialogToClose = "There is no dialog to close there."
    /// A form that names no action.
    public var noAction = "The form names no action."
    /// A form naming an action the page does not offer.
    public var noActionOfThatName = "This page offers no action of that name."
    /// An action the app declared in a way it cannot take.
    public var cannotBeDoneHere = "This could not be done here."
    /// Text sent to an action of no field: `{label} takes no text.`
    public var takesNoText = "{label} takes no text."
    /// The app's start threw.
    public var appCouldNotStart = "The app could not start."
    /// A session that could not be written to the store after an action.
    public var notSaved = "The site could not save what you did, so it was not kept. Try again."
    /// A new session the app could not save.
    public var sessionNotSaved = "The app could not save its session."
    /// A new session the store did not take.
    public var sessionNotStarted = "The session could not be started; try again."
    /// A session the site could not read back after writing it.
    public var sessionNotReadAgain = "The session could not be read again."

    // MARK: The store's pages

    /// The title of the page when the store does not answer (503).
    public var unavailableTitle = "Try again in a moment"
    /// What that page says.
    public var unavailableExplanation = "The site could not reach where it keeps your session, so nothing was done."
    /// Its link to the same page.
    public var tryAgain = "Try again"
    /// The page for a stored session that cannot be continued, unless the site says its own
    /// (``FlowSite/setAsidePage``).
    public var setAside = SetAsidePage()

    /// FlowWeb's own English.
    public static let english = WebWords()

    /// Makes FlowWeb's English, to change phrase by phrase.
    public init() {}

    /// A phrase with its placeholder filled: `fill(required, "label", "Email")`.
    static func fill(_ phrase: String, _ name: String, _ value: String) -> String {
        phrase.replacingOccurrences(of: "{\(name)}", with: value)
    }

    /// A field's message naming its label.
    func about(_ label: String, _ phrase: KeyPath<WebWords, String>) -> String {
        Self.fill(self[keyPath: phrase], "label", label)
    }
}
