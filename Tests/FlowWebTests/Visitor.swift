import FlowWeb
import Foundation
import ShopApp

/// A browser without a window: keeps the session cookie, follows redirects and reads the forms of
/// the page it shows, as Chromium does in the browser tests.
@MainActor
struct Visitor {
    let site: FlowSite
    var token: String?
    /// The page the visitor shows: its address and its HTML.
    var address = ""
    var page = ""
    /// The statuses of the requests the last step made, redirects included.
    var statuses: [Int] = []

    init(_ site: FlowSite) { self.site = site }

    /// Asks for a page, following redirects, as the address bar, Back, Forward and reload do.
    mutating func get(_ path: String) {
        statuses = []
        follow(site.respond(to: WebRequest(.get, path, sessionToken: token)), from: path)
    }

    /// Submits a form of the page shown, with its hidden fields and what the person typed.
    mutating func post(_ fields: [String: String], to path: String? = nil) {
        statuses = []
        let body = fields.map { "\($0.key)=\(Self.encode($0.value))" }.joined(separator: "&")
        let path = path ?? address
        follow(site.respond(to: WebRequest(.post, path, body: body, sessionToken: token)), from: path)
    }

    /// Does a screen's action, by the name its form posts.
    mutating func act(_ name: String, _ text: String? = nil) {
        var fields = hidden
        fields["action"] = name
        if let text { fields["text"] = text }
        post(fields)
    }

    /// The hidden fields the page's forms carry: the form token, the revision, the screen.
    var hidden: [String: String] {
        ["token": value(of: "token"), "revision": value(of: "revision"), "screen": value(of: "screen")]
    }

    /// The page's heading, of the layer on top.
    var title: String {
        guard let start = page.ranges(of: "<h1>").last?.upperBound, let end = page[start...].range(of: "</h1>")?.lowerBound else { return "" }
        return String(page[start..<end])
    }

    var visit: WebVisit? { token.flatMap(site.visit(for:)) }

    private func value(of field: String) -> String {
        guard let name = page.range(of: "name=\"\(field)\" value=\""), let end = page[name.upperBound...].firstIndex(of: "\"") else { return "" }
        return String(page[name.upperBound..<end])
    }

    private mutating func follow(_ first: WebResponse, from path: String) {
        var response = first
        var path = path
        while true {
            statuses.append(response.status)
            if let cookie = response.setCookie, let value = cookie.split(separator: ";").first?.split(separator: "=").last { token = String(value) }
            guard response.status == 303, let location = response.location else { break }
            path = location
            response = site.respond(to: WebRequest(.get, location, sessionToken: token))
        }
        address = path
        page = response.body
    }

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
}
