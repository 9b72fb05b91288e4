import FlowWeb

/// A browser without a window, for tests of a site: it keeps the session's cookie, follows
/// redirects, reads the hidden fields of the page's forms, and acts by an action's name, as a
/// person's browser does — with no server and no socket.
///
/// ```swift
/// var visitor = SiteVisitor(site)
/// visitor.get("/")
/// visitor.act("start")
/// visitor.act("email", "nope")
/// #expect(visitor.title == "Sign in")
/// #expect(visitor.value(ofField: "text") == "nope")
/// #expect(visitor.error(ofField: "text") != nil)
/// ```
@MainActor
public struct SiteVisitor {
    /// The site visited.
    public let site: FlowSite
    /// The session cookie's value as the site last set it: the session's token, and after it, on
    /// a site with a store, the revision of the session the visitor was last shown (`TOKEN.7`).
    /// Every request sends it, as a browser does.
    public var cookie: String?
    /// The session's token, once the site has set one: what ``/FlowWeb/SessionKey/init(token:)`` hashes.
    /// Setting it sets ``cookie`` to the token alone.
    public var token: String? {
        get { cookie.map { FlowSite.session(inCookie: $0).token } }
        set { cookie = newValue }
    }
    /// The address of the page shown, after any redirects.
    public private(set) var address = ""
    /// The HTML of the page shown.
    public private(set) var page = ""
    /// The statuses of the requests the last step made, redirects included, first first.
    public private(set) var statuses: [Int] = []

    /// The most redirects one step follows, as a browser gives up on a loop.
    public static let maximumRedirects = 20

    /// The addresses of the pages shown, oldest first, as a browser's history holds them: a step
    /// that shows another page adds it after the one shown, dropping the pages Back left ahead
    /// of it; ``back()`` and ``forward()`` move along it.
    public private(set) var history: [String] = []
    /// Where in ``history`` the page shown is; `-1` before the first page.
    public private(set) var historyIndex = -1
    /// Whether the step under way moves along the history rather than adding to it.
    private var isTraversing = false

    /// A visitor with no cookie yet.
    public init(_ site: FlowSite) { self.site = site }

    /// Asks for a page, following redirects, as the address bar, Back, Forward and reload do.
    public mutating func get(_ path: String) {
        statuses = []
        follow(site.respond(to: WebRequest(.get, path, sessionToken: cookie)), from: path)
    }

    /// Submits a form to `path` (the page shown by default) with these fields, as typed: they are
    /// sent form-encoded, as a browser sends them.
    public mutating func post(_ fields: [String: String], to path: String? = nil) {
        statuses = []
        let path = path ?? address
        follow(site.respond(to: WebRequest(.post, path, body: Self.formBody(fields), sessionToken: cookie)), from: path)
    }

    /// Does an action of the page shown, by the name its form posts, with the text typed into its
    /// field if it has one; the page's hidden fields go with it.
    public mutating func act(_ name: String, _ text: String? = nil) {
        var fields = hidden
        fields["action"] = name
        if let text { fields["text"] = text }
        post(fields)
    }

    /// Fills in an action's form and submits it: each field's text by its name (a ticked box is
    /// `on`); the page's hidden fields go with it.
    public mutating func act(_ name: String, fields: [String: String]) {
        var posted = hidden.merging(fields) { $1 }
        posted["action"] = name
        post(posted)
    }

    /// Presses **Start again** on the page shown once the run has ended: a new run from the site's
    /// start.
    public mutating func startAgain() {
        post(["token": value(of: "token")], to: "/restart")
    }

    // MARK: Back and forward

    /// Presses the browser's Back: asks again for the page before the one shown in ``history``,
    /// as a browser does, which the site reads as the person's move back. Does nothing on the
    /// first page.
    public mutating func back() {
        guard historyIndex > 0 else { return }
        traverse(to: historyIndex - 1) { $0.get($1) }
    }

    /// Presses the browser's Forward, after ``back()``: asks again for the page after the one
    /// shown in ``history``. Does nothing on the last page.
    public mutating func forward() {
        guard historyIndex + 1 < history.count else { return }
        traverse(to: historyIndex + 1) { $0.get($1) }
    }

    /// Follows the page's own back link (`a.back`, "‹ Catalog") to the page below. Does nothing
    /// on a page without one.
    public mutating func followBackLink() {
        guard let link = page.firstRange(of: "<a class=\"back\" rel=\"prev\" href=\""), let end = page[link.upperBound...].firstIndex(of: "\"")
        else { return }
        get(Self.unescape(page[link.upperBound..<end]))
    }

    /// Presses Back as ``back()`` does, through servers that share a store.
    public mutating func back(through servers: [FlowSite]) async {
        guard historyIndex > 0 else { return }
        let index = historyIndex - 1
        isTraversing = true
        await get(history[index], through: servers)
        isTraversing = false
        arrived(traversingTo: index)
    }

    private mutating func traverse(to index: Int, _ load: (inout SiteVisitor, String) -> Void) {
        isTraversing = true
        load(&self, history[index])
        isTraversing = false
        arrived(traversingTo: index)
    }

    /// Notes the page a step showed in the history: a traversal replaces its entry with where the
    /// site sent it, any other step adds it.
    private mutating func arrived(traversingTo index: Int? = nil) {
        if let index {
            historyIndex = index
            history[index] = address
            return
        }
        guard !isTraversing else { return }
        if historyIndex + 1 < history.count { history.removeSubrange((historyIndex + 1)...) }
        if history.last != address { history.append(address) }
        historyIndex = history.count - 1
    }

    // MARK: What the site says of the session

    /// The visitor's session as the site's state endpoint tells it (`GET /.flowkit/state`, on a
    /// site that ``/FlowWeb/FlowSite/exposesState``), without moving: `nil` when the site does not answer it.
    public func state() -> SiteState? {
        SiteState(site.respond(to: WebRequest(.get, "/.flowkit/state", sessionToken: cookie)))
    }

    /// The visitor's session as ``state()`` reads it, from the next of `servers`.
    public func state(through servers: [FlowSite]) async -> SiteState? {
        guard let server = servers.first else { return nil }
        return SiteState(await server.respond(to: WebRequest(.get, "/.flowkit/state", sessionToken: cookie)))
    }

    // MARK: Through servers that share a store

    /// Asks for a page as ``get(_:)`` does, each request (redirects included) answered by the next
    /// of `servers` in turn, with their asynchronous `respond`, as a load balancer without
    /// stickiness spreads them: servers whose sites share one ``/FlowWeb/SessionStore``.
    public mutating func get(_ path: String, through servers: [FlowSite]) async {
        statuses = []
        await follow(WebRequest(.get, path, sessionToken: cookie), through: servers)
    }

    /// Submits a form as ``post(_:to:)`` does, through servers that share a store.
    public mutating func post(_ fields: [String: String], to path: String? = nil, through servers: [FlowSite]) async {
        statuses = []
        await follow(WebRequest(.post, path ?? address, body: Self.formBody(fields), sessionToken: cookie), through: servers)
    }

    /// Does an action of the page shown as ``act(_:_:)`` does, through servers that share a store.
    public mutating func act(_ name: String, _ text: String? = nil, through servers: [FlowSite]) async {
        var fields = hidden
        fields["action"] = name
        if let text { fields["text"] = text }
        await post(fields, through: servers)
    }

    /// Fills in an action's form and submits it as ``act(_:fields:)`` does, through servers that
    /// share a store.
    public mutating func act(_ name: String, fields: [String: String], through servers: [FlowSite]) async {
        var posted = hidden.merging(fields) { $1 }
        posted["action"] = name
        await post(posted, through: servers)
    }

    /// Presses **Start again** as ``startAgain()`` does, through servers that share a store.
    public mutating func startAgain(through servers: [FlowSite]) async {
        await post(["token": value(of: "token")], to: "/restart", through: servers)
    }

    /// How many requests went through servers that share a store: the next goes to this one,
    /// modulo their count.
    public private(set) var requestsThroughServers = 0

    private mutating func follow(_ first: WebRequest, through servers: [FlowSite]) async {
        precondition(!servers.isEmpty, "A visitor needs at least one server to go through.")
        var request = first
        while true {
            let server = servers[requestsThroughServers % servers.count]
            requestsThroughServers += 1
            let response = await server.respond(to: request)
            statuses.append(response.status)
            if let cookie = response.setCookie, let value = cookie.split(separator: ";").first?.split(separator: "=", omittingEmptySubsequences: false).last {
                self.cookie = value.isEmpty ? nil : String(value)
            }
            guard response.status == 303, let location = response.location, statuses.count <= Self.maximumRedirects else {
                address = request.path
                page = response.body
                arrived()
                return
            }
            request = WebRequest(.get, location, sessionToken: cookie)
        }
    }

    /// The hidden fields the page's forms carry: the form token, the revision, the screen.
    public var hidden: [String: String] {
        ["token": value(of: "token"), "revision": value(of: "revision"), "screen": value(of: "screen")]
    }

    /// The page's heading, of the layer on top (a dialog's over its page), as text.
    public var title: String {
        // `<h1>`, or `<h1 id="…">` (an alert's heading, which names its dialog).
        guard let open = page.ranges(of: "<h1").last?.upperBound, let start = page[open...].firstRange(of: ">")?.upperBound,
            let end = page[start...].firstRange(of: "</h1>")?.lowerBound
        else { return "" }
        return Self.unescape(page[start..<end])
    }

    /// The notice the site shows over the page (a refusal, a page that was out of date), as text;
    /// `nil` if none.
    public var notice: String? { paragraph(ofClass: "notice") }

    /// What the screen itself says is wrong (a paragraph of class `problem`), as text; `nil` if
    /// nothing. A field's own message is ``error(ofField:)``.
    public var problem: String? { paragraph(ofClass: "problem") }

    /// What the page's first field of this name holds, as text: the `value` of an input, the
    /// selected option of a choice, `on` for a ticked box and `""` for one not ticked; `nil` when
    /// the page has no such field.
    public func value(ofField name: String) -> String? {
        guard let element = field(named: name) else { return nil }
        if element.hasPrefix("<select") {
            guard let selected = element.firstRange(of: " selected>")?.lowerBound, let open = element[..<selected].ranges(of: "<option value=\"").last
            else { return "" }
            return Self.unescape(element[open.upperBound...].prefix { $0 != "\"" })
        }
        if element.contains("type=\"checkbox\"") { return element.contains(" checked") ? "on" : "" }
        return attribute("value", of: element) ?? ""
    }

    /// The message shown beside the page's first field of this name, as text; `nil` when the
    /// field holds what it asks for (or the page has no such field).
    public func error(ofField name: String) -> String? {
        guard let element = field(named: name), let id = attribute("aria-describedby", of: element),
            let open = page.firstRange(of: "<p class=\"error\" id=\"\(id)\">"), let end = page[open.upperBound...].firstRange(of: "</p>")?.lowerBound
        else { return nil }
        return Self.unescape(page[open.upperBound..<end])
    }

    /// The opening tag of the page's first input or choice posted under a name; for a choice, up
    /// to its end, options included.
    private func field(named name: String) -> Substring? {
        var rest = page[...]
        while let found = rest.firstRange(of: " name=\"\(name)\"") {
            guard let start = page[..<found.lowerBound].lastIndex(of: "<") else { return nil }
            let tag = page[start...]
            if tag.hasPrefix("<select"), let end = tag.firstRange(of: "</select>") { return page[start..<end.upperBound] }
            if tag.hasPrefix("<input"), !tag.hasPrefix("<input type=\"hidden\""), let end = tag.firstIndex(of: ">") { return page[start...end] }
            rest = page[found.upperBound...]
        }
        return nil
    }

    private func attribute(_ attribute: String, of element: Substring) -> String? {
        guard let open = element.firstRange(of: " \(attribute)=\"") else { return nil }
        return Self.unescape(element[open.upperBound...].prefix { $0 != "\"" })
    }

    private func paragraph(ofClass name: String) -> String? {
        guard let open = page.firstRange(of: "<p class=\"\(name)\""), let start = page[open.upperBound...].firstRange(of: ">")?.upperBound,
            let end = page[start...].firstRange(of: "</p>")?.lowerBound
        else { return nil }
        return Self.unescape(page[start..<end])
    }

    /// The session the visitor's cookie names, while the site keeps it.
    public var visit: WebVisit? { token.flatMap(site.visit(for:)) }

    private func value(of field: String) -> String {
        guard let name = page.firstRange(of: "name=\"\(field)\" value=\""), let end = page[name.upperBound...].firstIndex(of: "\"") else { return "" }
        return Self.unescape(page[name.upperBound..<end])
    }

    private mutating func follow(_ first: WebResponse, from path: String) {
        var response = first
        var path = path
        while true {
            statuses.append(response.status)
            if let cookie = response.setCookie, let value = cookie.split(separator: ";").first?.split(separator: "=").last { self.cookie = String(value) }
            guard response.status == 303, let location = response.location, statuses.count <= Self.maximumRedirects else { break }
            path = location
            response = site.respond(to: WebRequest(.get, location, sessionToken: cookie))
        }
        address = path
        page = response.body
        arrived()
    }

    /// Fields form-encoded, as a browser posts them.
    private static func formBody(_ fields: [String: String]) -> String {
        fields.map { "\(encode($0.key))=\(encode($0.value))" }.joined(separator: "&")
    }

    /// Form encoding: letters, digits and `.` as they are, every other byte as `%XX`.
    private static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// Text that ``/FlowWeb/HTML/escape(_:)`` escaped, as it was.
    private static func unescape(_ html: Substring) -> String {
        var text = String(html)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacing(entity, with: character)
        }
        return text
    }
}
