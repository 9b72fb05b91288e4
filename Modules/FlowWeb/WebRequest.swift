/// A browser's request, as the server hands it to a ``FlowSite``: only what the site reads.
public struct WebRequest: Sendable, Hashable {
    /// The request's method.
    public enum Method: String, Sendable, Hashable {
        /// Asks for a page.
        case get = "GET"
        /// Submits a form.
        case post = "POST"
        /// Asks for a page's headers only.
        case head = "HEAD"
    }

    /// The method; `nil` for one the site does not serve.
    public var method: Method?
    /// The path, without the query: `/p/3`.
    public var path: String
    /// The body of a form post, `application/x-www-form-urlencoded`, as sent.
    public var body: String
    /// The session cookie's value, if the browser sent one: the session's token and, on a site
    /// with a store, after a dot, the revision of the session the browser was last shown
    /// (`TOKEN.7`). The server passes it as the browser sent it.
    public var sessionToken: String?
    /// Whether the browser says the request comes from another site's page (`Sec-Fetch-Site:
    /// cross-site`): such a request never moves the person's pages.
    public var isCrossSite: Bool
    /// Whether the page's own script posted the form (`FlowKit-Script: 1`) and reads where the
    /// person goes from the answer, rather than following a redirect: the answer then names the
    /// page and how many of the person's Back steps lead from it to the first page
    /// (``WebResponse/scriptedMove(to:depth:)``), so the script keeps one history entry per step.
    public var isScripted: Bool
    /// The `If-None-Match` header: the entity tags of a file the browser already holds.
    public var ifNoneMatch: String?
    /// The `Accept-Language` header: the languages the person reads, most wanted first.
    public var acceptLanguage: String?

    /// The request header a page's script sends with a form it posts itself.
    public static let scriptHeader = "FlowKit-Script"

    /// Makes a request.
    public init(
        _ method: Method?, _ path: String, body: String = "", sessionToken: String? = nil, isCrossSite: Bool = false, isScripted: Bool = false,
        ifNoneMatch: String? = nil, acceptLanguage: String? = nil
    ) {
        self.ifNoneMatch = ifNoneMatch
        self.acceptLanguage = acceptLanguage
        self.method = method
        self.path = path
        self.body = body
        self.sessionToken = sessionToken
        self.isCrossSite = isCrossSite
        self.isScripted = isScripted
    }
}

extension WebRequest {
    /// The languages `Accept-Language` names, lowercased, most wanted first (by their `q`, then
    /// in the order written); those with `q=0` and `*` left out.
    public var preferredLanguages: [String] {
        guard let acceptLanguage else { return [] }
        var weighted: [(tag: String, q: Double)] = []
        for part in acceptLanguage.split(separator: ",") {
            let pieces = part.split(separator: ";").map { String($0).trimmedSpaces }
            guard let tag = pieces.first?.lowercased(), !tag.isEmpty, tag != "*" else { continue }
            var q = 1.0
            for setting in pieces.dropFirst() where setting.hasPrefix("q=") { q = Double(setting.dropFirst(2)) ?? 0 }
            if q > 0 { weighted.append((tag, q)) }
        }
        // A stable sort by weight: among equals, the order written.
        return weighted.enumerated().sorted { $0.element.q != $1.element.q ? $0.element.q > $1.element.q : $0.offset < $1.offset }.map(\.element.tag)
    }
}

/// What a ``FlowSite`` answers: a page, a redirect or an error, with the session cookie to set.
public struct WebResponse: Sendable, Hashable {
    /// The HTTP status.
    public var status: Int
    /// Where a redirect sends the browser.
    public var location: String?
    /// A `Set-Cookie` header's value, when the site starts a session.
    public var setCookie: String?
    /// The body's media type.
    public var contentType: String
    /// The body.
    public var body: String
    /// The body as bytes, for a file: sent instead of ``body`` when set.
    public var bytes: [UInt8]?
    /// Headers of this answer beyond the site's ``securityHeaders``, which they override: a static
    /// file's `Cache-Control` and `ETag`.
    public var headers: [String: String]

    /// Makes a response.
    public init(
        status: Int, location: String? = nil, setCookie: String? = nil, contentType: String = "text/html; charset=utf-8", body: String = "",
        bytes: [UInt8]? = nil, headers: [String: String] = [:]
    ) {
        self.status = status
        self.location = location
        self.setCookie = setCookie
        self.contentType = contentType
        self.body = body
        self.bytes = bytes
        self.headers = headers
    }

    /// A `303 See Other` to a path: where a form post, or a page the browser may not stay on,
    /// sends the browser next.
    public static func seeOther(_ path: String) -> WebResponse { WebResponse(status: 303, location: path) }

    /// The answer to a form the page's script posted: the page the person goes to and its depth,
    /// the number of Back steps from it to the first page, as `3 /p/12` in plain text.
    public static func scriptedMove(to path: String, depth: Int) -> WebResponse {
        WebResponse(status: 200, contentType: "text/plain; charset=utf-8", body: "\(depth) \(path)")
    }

    /// The headers the site sets on every response: the page cannot be framed by another site, its
    /// scripts, styles and images are the site's own (inline, or files it serves), and a page is
    /// never served from a cache, so Back asks the site what it means. A static file's own
    /// ``headers`` replace the `Cache-Control`.
    public static let securityHeaders: [(name: String, value: String)] = [
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "same-origin"),
        (
            "Content-Security-Policy",
            "default-src 'self'; style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'"
        ),
    ]
}

/// A form post's fields, decoded from `application/x-www-form-urlencoded`.
struct WebForm: Equatable {
    private(set) var fields: [String: String] = [:]

    /// Decodes a body; `nil` for one that is not a form (a bad escape, a field twice, text that
    /// is not UTF-8).
    init?(_ body: String) {
        guard !body.isEmpty else { return }
        for pair in body.split(separator: "&", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), let value = Self.decode(parts.count > 1 ? parts[1] : ""), fields[name] == nil else { return nil }
            fields[name] = value
        }
    }

    subscript(name: String) -> String? { fields[name] }

    /// `+` as a space, `%XX` as a byte; `nil` for a broken escape or bytes that are not UTF-8.
    private static func decode(_ text: Substring) -> String? { percentDecoded(text, plusIsSpace: true) }

    /// Text with its `%XX` escapes as bytes (and `+` as a space, in a form); `nil` for a broken
    /// escape or bytes that are not UTF-8. A form's fields and a path's parts read alike.
    static func percentDecoded(_ text: Substring, plusIsSpace: Bool) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+") where plusIsSpace: bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
