import Foundation

/// A visitor's session saved whole, as a ``SessionStore`` keeps it: the app's own state (which
/// holds its navigation snapshot), each page's number and the screen it names, the form token,
/// the form revision, a notice waiting for the next page, and the transcript.
///
/// A visit continued from it, in this process or another, gives every page the number it had, so
/// the browser's Back and forms already open stay right.
public struct SavedVisit: Codable, Hashable, Sendable {
    /// The format's version: a stored session of another version does not read.
    public static let currentVersion = 1

    /// One screen's page: the way to the screen from the root (child indexes, ``presented`` for
    /// a presentation) and its number.
    public struct Page: Codable, Hashable, Sendable {
        /// The step of a path that goes to what a node presents.
        public static let presented = -1
        /// The way to the screen from the root.
        public var path: [Int]
        /// The page's number: its address is `/p/number`.
        public var number: Int
    }

    /// The pages of the screens shown, and the number the next screen gets.
    public struct Pages: Codable, Hashable, Sendable {
        /// Every screen shown, with its number.
        public var shown: [Page]
        /// The next number: the numbers below it were given once and are not given again.
        public var next: Int
    }

    /// What the person last posted in one form, as its page shows it again: the text of each
    /// field (passwords never), and the sentence beside each field whose value did not hold.
    public struct Draft: Codable, Hashable, Sendable {
        /// The text posted, by field name.
        public var values: [String: String]
        /// Why a value did not hold, by field name; `""` names the form as a whole.
        public var errors: [String: String]
    }

    /// A saved visit that does not fit what the restored app shows.
    /// The page a visit showed once its run had ended, as it showed it: what brings a finished
    /// session back whatever the app's own restore makes of a run that has ended.
    public struct EndedPage: Codable, Hashable, Sendable {
        /// The page's title and heading.
        public var title: String
        /// What it showed, as markup the app made.
        public var content: String
        /// The label of its button that starts a new run, if it had one.
        public var startAgain: String?
        /// Where it sent the person instead, if anywhere.
        public var redirect: String?
    }

    public struct Mismatch: Error, CustomStringConvertible {
        /// What did not fit.
        public var reason: String
        public var description: String { "The saved pages do not fit what the app shows: \(reason)." }
    }

    /// The format's version.
    public var version: Int
    /// The app's own state, as the app saved it (``WebVisit/init(host:owner:transcript:page:ended:saving:)``).
    public var app: Data
    /// The pages.
    public var pages: Pages
    /// The token every form of the session carries.
    public var formToken: String
    /// How many changes the session has made: a form made before the last one is out of date.
    public var revision: Int
    /// A sentence waiting to be shown on the next page.
    public var notice: String?
    /// What the person last posted in the forms of the pages shown, by the page's number and the
    /// action's name; `nil` in a visit saved before forms were kept.
    public var drafts: [String: Draft]?
    /// The model's events as lines, when the app lets the site show them.
    public var transcript: [String]?
    /// The page the visit showed once its run had ended; `nil` while it runs.
    public var ended: EndedPage?

    /// Reads a saved visit from a store's bytes.
    ///
    /// - Throws: ``Unreadable`` when the bytes are not a saved visit of this version.
    public init(bytes: [UInt8]) throws {
        let decoded: SavedVisit
        do {
            decoded = try JSONDecoder().decode(SavedVisit.self, from: Data(bytes))
        } catch {
            throw Unreadable(reason: "\(error)")
        }
        guard decoded.version == Self.currentVersion else {
            throw Unreadable(reason: "it was saved in version \(decoded.version) of the format, and this site reads version \(Self.currentVersion)")
        }
        self = decoded
    }

    init(
        app: Data, pages: Pages, formToken: String, revision: Int, notice: String?, drafts: [String: Draft], transcript: [String]?, ended: EndedPage?
    ) {
        self.version = Self.currentVersion
        self.app = app
        self.pages = pages
        self.formToken = formToken
        self.revision = revision
        self.notice = notice
        self.drafts = drafts.isEmpty ? nil : drafts
        self.transcript = transcript
        self.ended = ended
    }

    /// The bytes a store keeps.
    public var bytes: [UInt8] {
        // Encoding plain values, strings, numbers and data cannot fail.
        (try? Array(JSONEncoder().encode(self))) ?? []
    }

    /// Stored bytes that are not a saved visit: damaged, or written by another version.
    public struct Unreadable: Error, CustomStringConvertible {
        /// Why they do not read.
        public var reason: String
        public var description: String { "The stored session does not read: \(reason)" }
    }
}
