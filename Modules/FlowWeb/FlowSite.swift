import FlowKernel
import FlowPlatform
import Foundation

/// An app's flows served as web pages, one session per visitor: what a web server hands every
/// request to (FlowWebServer's `FlowWebServer` does, on Hummingbird).
///
/// - `GET /` starts a session for a new visitor (a cookie holds its token) and sends the browser
///   to the page the app shows; a visitor with a session is sent to the page they are on.
/// - `GET /p/N` is the page of one screen; asking for a page other than the one the person sees
///   is the person moving, by the rule of ``HistoryMove``.
/// - `POST /p/N` is a form of that page: a screen's action, or its dialog's close button.
/// - `POST /` does an action of the page shown once the run has ended (``WebScreen/actions``).
/// - `POST /restart` starts the visitor's run again, once it has ended.
/// - `GET /static/…` is a file of the app's folder of static files (``staticFiles``), to anyone,
///   with no session.
///
/// Every page wears the app's ``layout``.
///
/// Security: a session is found only by its 256-bit token, sent in an `HttpOnly`, `SameSite=Lax`
/// cookie; every form carries a second token of the session's, so another site's page cannot
/// post one; a form, an address or an action that does not hold is refused with a 4xx and changes
/// nothing; every text a page shows is escaped (``HTML``).
@MainActor
public final class FlowSite {
    /// How much the site takes.
    public struct Limits: Sendable, Hashable {
        /// Sessions held at once; when one more starts, the one used longest ago ends.
        public var maximumSessions: Int
        /// The longest form body taken, in bytes.
        public var maximumBodyBytes: Int

        /// Makes limits.
        public init(maximumSessions: Int = 10_000, maximumBodyBytes: Int = 16 * 1024) {
            self.maximumSessions = maximumSessions
            self.maximumBodyBytes = maximumBodyBytes
        }
    }

    /// The session cookie's name.
    public nonisolated static let cookieName = "flowkit-session"
    /// How much the site takes.
    public nonisolated let limits: Limits
    /// Whether `GET /.flowkit/state` answers with the visitor's own session as JSON (the page, the
    /// drift check, the transcript): for tests, never for a site people use.
    public var exposesState = false
    /// The app's look around every page the site serves: FlowWeb's own by default.
    public var layout = WebLayout.standard
    /// The site's pages in other languages: a session starts in the layout — ``layout`` or one of
    /// these — whose ``WebLayout/language`` the browser prefers (`Accept-Language`), and keeps it;
    /// in ``layout`` when the browser asks for none of them.
    ///
    /// ```swift
    /// site.layout = WebLayout(language: "en")
    /// site.alternativeLayouts = [WebLayout(language: "pt", words: portuguese)]
    /// ```
    public var alternativeLayouts: [WebLayout] = []
    /// The app's folder of static files — stylesheets, images, scripts — served under its prefix
    /// (`/static/app.css`) to anyone, with no session; `nil` serves none.
    public var staticFiles: StaticFiles?
    /// Whether the cookie is marked `Secure`: set it when the site is served over HTTPS.
    public var securesCookies = false
    /// Told why, each time the ``store`` did not answer and a request got a 503: for the server's
    /// log, as the person's page says only to try again. ``onProblem`` hears of it too.
    public var storeFailed: (@MainActor (any Error) -> Void)?
    /// Told of everything that went wrong that the person's page does not explain — a store that
    /// did not answer, a session set aside with its reason, a form whose values do not make the
    /// app's type, an action whose form cannot be shown — for the server's log. FlowWebServer
    /// logs them with swift-log unless the app set its own.
    public var onProblem: (@MainActor (SiteProblem) -> Void)?
    /// The words of the page a person sees when their stored session cannot be continued.
    public var setAsidePage = SetAsidePage()
    private let start: @MainActor () throws -> WebVisit
    private var sessions: [String: (visit: WebVisit, used: Int)] = [:]
    private var clock = 0
    /// Where sessions are kept beyond this process, if anywhere; see `respond(to:) async`.
    public nonisolated let store: (any SessionStore)?
    /// How long a session lasts after its last change, in a store.
    public nonisolated let sessionLifetime: TimeInterval
    let restoreApp: (@MainActor (Data) throws -> WebVisit)?
    let now: @Sendable () -> Date
    /// What this process knows of each session it holds as the store had it when last read or
    /// written: see ``HeldSession``.
    var stored: [String: HeldSession] = [:]
    /// The requests waiting for a session another request of this process is serving.
    var waitingRequests: [SessionKey: [CheckedContinuation<Void, Never>]] = [:]

    /// Makes a site whose visitors each get a run of the app, their sessions in this process's
    /// memory.
    ///
    /// - Parameters:
    ///   - limits: How much the site takes.
    ///   - start: Starts the app for a new visitor.
    public init(limits: Limits = Limits(), start: @escaping @MainActor () throws -> WebVisit) {
        self.limits = limits
        self.start = start
        self.store = nil
        self.sessionLifetime = 0
        self.restoreApp = nil
        self.now = { Date() }
    }

    /// Makes a site whose sessions are kept in a store, so that they outlive this process and can
    /// be served by another process on the same store. Answer its requests with the asynchronous
    /// `respond(to:) async`.
    ///
    /// - Parameters:
    ///   - limits: How much the site takes; ``Limits/maximumSessions`` bounds the sessions held in
    ///     this process's memory, not the store.
    ///   - store: Where sessions are kept.
    ///   - sessionLifetime: How long a session lasts after its last change, in seconds.
    ///   - now: The time, for expiry: tests give their own.
    ///   - start: Starts the app for a new visitor; the visit must be made with `saving`.
    ///   - restore: Makes the app again from the state its `saving` wrote, as the visitor left it.
    ///     It throws when the state does not read or does not come back whole (a restoration report
    ///     that is not empty): the visitor is then told so and offered to start again.
    public init(
        limits: Limits = Limits(), store: any SessionStore, sessionLifetime: TimeInterval = 24 * 60 * 60, now: @escaping @Sendable () -> Date = { Date() },
        start: @escaping @MainActor () throws -> WebVisit, restore: @escaping @MainActor (Data) throws -> WebVisit
    ) {
        self.limits = limits
        self.start = start
        self.store = store
        self.sessionLifetime = sessionLifetime
        self.restoreApp = restore
        self.now = now
    }

    /// How many sessions the site holds.
    public var sessionCount: Int { sessions.count }

    /// The session a token names, if the site holds it.
    public func visit(for token: String) -> WebVisit? { sessions[token]?.visit }

    /// Answers a request from the sessions this process holds.
    ///
    /// A site with a ``store`` answers with `respond(to:) async`, which reads the session
    /// from the store first and writes it back after; this one alone neither reads nor writes it.
    public func respond(to request: WebRequest) -> WebResponse {
        answer(request)
    }

    /// Answers a request from the sessions this process holds: both `respond`s' one core.
    func answer(_ request: WebRequest) -> WebResponse {
        if let file = staticFiles?.answer(request) { return file }
        guard let method = request.method else {
            var refused = refusal(405, \.methodNotAllowed, for: request)
            refused.headers["Allow"] = "GET, HEAD, POST"
            return refused
        }
        guard request.body.utf8.count <= limits.maximumBodyBytes else { return refusal(413, \.formTooLong, for: request) }
        let token = request.sessionToken.flatMap { sessions[$0] != nil ? $0 : nil }
        let path = request.path
        switch (method, path) {
        case (.get, "/"), (.head, "/"):
            guard let token, let visit = use(token) else { return startSession(for: request) }
            guard visit.host.visibleScreenRef == nil else { return .seeOther(visit.currentAddress) }
            // The run has ended: its page, or where the app sends the person instead.
            if let redirect = visit.ended().redirect { return .seeOther(redirect) }
            return WebResponse(status: 200, body: visit.render())
        case (.get, "/.flowkit/state") where exposesState:
            guard let token, let visit = use(token) else { return refusal(404, \.noSession, for: request) }
            return WebResponse(status: 200, contentType: "application/json", body: state(of: visit))
        case (.post, "/"):
            // An action of the page shown once the run has ended.
            guard let token, let visit = use(token) else { return refusal(403, \.noSessionForForm, for: request) }
            guard let form = WebForm(request.body) else { return refusal(400, \.formUnreadable, for: request) }
            return scripted(visit.postEnded(form: form), for: request)
        case (.post, "/restart"):
            guard let token, let visit = use(token) else { return refusal(403, \.noSessionToRestart, for: request) }
            guard let form = WebForm(request.body), let sent = form["token"], Token.same(sent, visit.formToken) else {
                return refusal(403, \.formNotFromSite, for: request)
            }
            end(token)
            return scripted(startSession(for: request), for: request)
        default:
            guard let number = Self.pageNumber(in: path) else { return refusal(404, \.noSuchPage, for: request) }
            switch method {
            case .get, .head:
                guard let token, let visit = use(token) else { return startSession(for: request) }
                // HEAD is safe, and another site's page may not move the person: neither is a move.
                return visit.get(page: number, moves: method == .get && !request.isCrossSite)
            case .post:
                guard let token, let visit = use(token) else { return refusal(403, \.noSessionForForm, for: request) }
                guard let form = WebForm(request.body) else { return refusal(400, \.formUnreadable, for: request) }
                return scripted(visit.post(page: number, form: form), for: request)
            }
        }
    }

    /// Ends every session: their flows stop being shown, and what they made is released.
    public func endAll() {
        for token in Array(sessions.keys) { end(token) }
    }

    /// A form's answer as the page's script reads it: a redirect becomes the page and its depth;
    /// a refusal stays the page that says why.
    func scripted(_ response: WebResponse, for request: WebRequest) -> WebResponse {
        guard request.isScripted, response.status == 303, let location = response.location else { return response }
        let token = response.setCookie.flatMap { Self.token(inCookie: $0) } ?? request.sessionToken
        let depth = token.flatMap { sessions[$0]?.visit.backDepth } ?? 0
        var answer = WebResponse.scriptedMove(to: location, depth: depth)
        answer.setCookie = response.setCookie
        return answer
    }

    /// The session token a `Set-Cookie` value sets.
    static func token(inCookie cookie: String) -> String? {
        guard cookie.hasPrefix(cookieName + "="), let end = cookie.firstIndex(of: ";") else { return nil }
        return session(inCookie: String(cookie[cookie.index(cookie.startIndex, offsetBy: cookieName.count + 1)..<end])).token
    }

    /// The session token a cookie's value names, and the revision of the stored session the
    /// browser last saw, which a site with a store writes after the token (`TOKEN.7`).
    package static func session(inCookie value: String) -> (token: String, seen: Int?) {
        guard let dot = value.firstIndex(of: ".") else { return (value, nil) }
        let seen = Int(value[value.index(after: dot)...]).flatMap { $0 > 0 ? $0 : nil }
        return (String(value[..<dot]), seen)
    }

    // MARK: Sessions

    private func startSession(for request: WebRequest) -> WebResponse {
        let visit: WebVisit
        do { visit = try start() } catch { return refusal(500, \.appCouldNotStart, for: request) }
        var token = Token.make()
        while sessions[token] != nil { token = Token.make() }
        hold(visit, as: token, for: request)
        var response = WebResponse.seeOther(visit.currentAddress)
        response.setCookie = sessionCookie(token)
        return response
    }

    /// The `Set-Cookie` value that gives the browser a session cookie's value.
    func sessionCookie(_ value: String) -> String {
        "\(Self.cookieName)=\(value); Path=/; HttpOnly; SameSite=Lax" + (securesCookies ? "; Secure" : "")
    }

    private func use(_ token: String) -> WebVisit? {
        clock += 1
        sessions[token]?.used = clock
        return sessions[token]?.visit
    }

    /// Holds a visit under its session's token, letting go of the session used longest ago when
    /// the site holds as many as it takes.
    func hold(_ visit: WebVisit, as token: String, for request: WebRequest) {
        if sessions.count >= limits.maximumSessions, let oldest = sessions.min(by: { $0.value.used < $1.value.used })?.key { end(oldest) }
        clock += 1
        visit.layout = preferredLayout(for: request)
        visit.problems = { [weak self] in self?.tell($0) }
        sessions[token] = (visit, clock)
    }

    /// Lets go of this process's copy of a session (the store keeps it): its flows end and what
    /// they made is released.
    func forget(_ token: String) {
        end(token)
    }

    private func end(_ token: String) {
        stored[token] = nil
        sessions.removeValue(forKey: token)?.visit.end()
    }

    /// Tells ``onProblem`` of a problem.
    func tell(_ problem: SiteProblem) {
        onProblem?(problem)
    }

    // MARK: Answers

    /// `/p/12` → 12; `nil` for any other path.
    static func pageNumber(in path: String) -> Int? {
        guard path.hasPrefix("/p/") else { return nil }
        let digits = path.dropFirst(3)
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits)
    }

    /// A refusal's page: its status, and a sentence for the person, with a way back, in the
    /// layout's words.
    static func refusal(_ status: Int, _ sentence: KeyPath<WebWords, String>, layout: WebLayout = .standard) -> WebResponse {
        refusal(status, saying: layout.words[keyPath: sentence], layout: layout)
    }

    /// A refusal's page saying a sentence already in the layout's words.
    static func refusal(_ status: Int, saying sentence: String, layout: WebLayout) -> WebResponse {
        WebResponse(
            status: status,
            body: layout.document(
                title: sentence, body: "<main><h1>\(sentence)</h1><p><a href=\"/\">\(layout.words.backToWhereYouWere)</a></p></main>"))
    }

    /// The layout a request's pages wear: its session's, when the site holds it; else the one the
    /// browser prefers.
    func layout(for request: WebRequest) -> WebLayout {
        if let token = request.sessionToken, let visit = sessions[token]?.visit { return visit.layout }
        return preferredLayout(for: request)
    }

    /// The layout among ``layout`` and ``alternativeLayouts`` whose language the browser prefers:
    /// the language itself (`pt-br`), else one of its family (`pt`); ``layout`` when none is asked
    /// for.
    func preferredLayout(for request: WebRequest) -> WebLayout {
        guard !alternativeLayouts.isEmpty else { return layout }
        let layouts = [layout] + alternativeLayouts
        func family(_ tag: String) -> Substring { tag.lowercased().split(separator: "-").first ?? "" }
        for wanted in request.preferredLanguages {
            if let exact = layouts.first(where: { $0.language.lowercased() == wanted }) { return exact }
            if let kin = layouts.first(where: { family($0.language) == family(wanted) }) { return kin }
        }
        return layout
    }

    /// A refusal's page in the layout a request's pages wear (``layout(for:)``).
    func refusal(_ status: Int, _ sentence: KeyPath<WebWords, String>, for request: WebRequest) -> WebResponse {
        Self.refusal(status, sentence, layout: layout(for: request))
    }

    private func state(of visit: WebVisit) -> String {
        func quoted(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case _ where scalar.value < 0x20:
                    out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        let agrees = visit.driver.isCaughtUp && visit.platform.hierarchy == visit.host.hierarchy
        let lines = (visit.transcriptLines ?? []).map(quoted).joined(separator: ",")
        let drifts = visit.drifts.map(quoted).joined(separator: ",")
        return "{\"page\":\(quoted(visit.currentAddress)),\"agrees\":\(agrees),\"drifts\":[\(drifts)],\"transcript\":[\(lines)]}"
    }
}
