/// Something that went wrong on a site that the person is not shown in detail: what a developer
/// reads in the server's log, as the person's page says only what they can do.
///
/// A ``FlowSite`` tells its ``FlowSite/onProblem`` of each one. FlowWebServer logs them with
/// swift-log; an app that answers requests itself logs them as it logs anything.
///
/// ```swift
/// site.onProblem = { problem in logger.error("\(problem)") }
/// ```
public struct SiteProblem: Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public struct Kind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The kind's name in a log line.
        public var rawValue: String
        /// Names a kind.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The store of sessions did not answer; the person was asked to try again (503).
        public static let storeFailed = Kind(rawValue: "storeFailed")
        /// A stored session could not be brought back whole, and was set aside; the person was
        /// offered a new start (409).
        public static let sessionSetAside = Kind(rawValue: "sessionSetAside")
        /// A form's values do not make the app's type: a field no property takes, a property no
        /// field fills. The person was told the form could not be read.
        public static let formNotRead = Kind(rawValue: "formNotRead")
        /// An action's form could not be shown: a field named as one of the page's own
        /// (``WebAction/Field/reservedNames``), or two fields of one name.
        public static let actionNotShown = Kind(rawValue: "actionNotShown")

        public var description: String { rawValue }
    }

    /// What went wrong.
    public var kind: Kind
    /// What went wrong, for the developer: which field, which property, the restore's report, the
    /// error. Never shown to the person.
    public var detail: String

    /// Makes a problem.
    public init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }

    /// `formNotRead: the property email has no field …`.
    public var description: String { "\(kind): \(detail)" }
}

/// The words of the page a person sees when their stored session cannot be continued: the
/// app's own, since the reason is the developer's (``SiteProblem/Kind/sessionSetAside``).
public struct SetAsidePage: Sendable, Hashable {
    /// The page's title and heading.
    public var title: String
    /// What happened, in the person's terms.
    public var explanation: String
    /// The link that starts a new session.
    public var startAgain: String

    /// Makes the page's words; the defaults name no product and show nothing of the session.
    public init(
        title: String = "Your session could not be continued",
        explanation: String = "What you had done could not be read back, so it was set aside rather than shown differently.",
        startAgain: String = "Start again"
    ) {
        self.title = title
        self.explanation = explanation
        self.startAgain = startAgain
    }
}
