import FlowKernel
import FlowRuntime
import FlowTestKit
import FlowWeb
import FlowWebTesting
import Foundation
import ShopApp
import Testing

/// The shop as web pages, without a browser or a socket: sessions, forms, the person's moves and
/// every refusal.
@MainActor
@Suite("A flow served as web pages")
struct FlowSiteTests {
    /// A visitor signed in on the shop's catalog, in a strategy.
    static func signedIn(_ strategy: Strategy = .stack, site: FlowSite? = nil) -> SiteVisitor {
        var visitor = SiteVisitor(site ?? ShopWeb.site(strategy))
        visitor.get("/")
        visitor.act("start")
        visitor.act("email", "ana@example.com")
        return visitor
    }

    /// The visitor's model transcript.
    static func transcript(_ visitor: SiteVisitor) -> [String] { visitor.visit?.transcript?() ?? [] }

    @Test("A new visitor gets an unguessable token in an HttpOnly, SameSite cookie, and the first page")
    func newVisitor() throws {
        let site = ShopWeb.site(.stack)
        let response = site.respond(to: WebRequest(.get, "/"))
        #expect(response.status == 303)
        #expect(response.location == "/p/1")
        let cookie = try #require(response.setCookie)
        let token = String(cookie.split(separator: ";")[0].dropFirst(FlowSite.cookieName.count + 1))
        #expect(token.count == 64 && token.allSatisfy(\.isHexDigit))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"))
        #expect(site.respond(to: WebRequest(.get, "/")).setCookie != cookie, "two visitors share a token")
        #expect(site.sessionCount == 2)
    }

    @Test("Each strategy's journey on the web leaves the transcript of the model alone", arguments: Strategy.allCases)
    func journey(_ strategy: Strategy) throws {
        var visitor = Self.signedIn(strategy)
        for (name, text) in [("shoes", nil), ("add", nil), ("cart", nil), ("checkout", nil), ("pay", nil), ("close", nil)] as [(String, String?)] {
            visitor.act(name, text)
            #expect(visitor.statuses.allSatisfy { $0 == 303 || $0 == 200 }, "\(name): \(visitor.statuses)")
            #expect(visitor.visit?.drifts == [])
            #expect(visitor.address == visitor.visit?.currentAddress)
        }
        let session = try ShopSession(strategy: strategy)
        for command in try Command.script("start,email ana@example.com,shoes,add,cart,checkout,pay,close") { #expect(session.perform(command) == nil) }
        #expect(Self.transcript(visitor) == session.log.lines)
        #expect(visitor.address == "/")
        #expect(visitor.page.contains("order placed"))
    }

    @Test("Back to an entry below goes back; Forward to the page left shows where the person is")
    func backAndForward() {
        var visitor = Self.signedIn()
        let catalog = visitor.address
        visitor.act("shoes")
        let product = visitor.address
        visitor.get(catalog)
        #expect(visitor.title == "Catalog" && visitor.statuses == [200])
        #expect(Self.transcript(visitor).last == "(user) pop Product: Red shoes from [shop]")
        let before = Self.transcript(visitor)
        visitor.get(product)
        #expect(visitor.statuses == [303, 200])
        #expect(visitor.address == catalog && Self.transcript(visitor) == before)
    }

    @Test("Back out of the cart swipes it down; a refused Back keeps the page and says why")
    func backOutOfTheCartAndRefusedBack() {
        var visitor = Self.signedIn(.chain)
        visitor.act("shoes")
        let product = visitor.address
        visitor.act("add")
        visitor.act("cart")
        #expect(visitor.title == "Cart" && visitor.page.contains("<dialog open"))
        visitor.get(product)
        #expect(visitor.title.hasPrefix("Product") && !visitor.page.contains("<dialog"))
        #expect(Self.transcript(visitor).contains("(user) dismiss [cart] from [shop]"))
        // The chain's confirmation refuses Back: the browser is sent to it again.
        visitor.act("cart")
        visitor.act("checkout")
        visitor.act("pay")
        let done = visitor.address
        let before = Self.transcript(visitor)
        visitor.get(product)
        #expect(visitor.address == done)
        #expect(visitor.page.contains("You cannot go there now"))
        #expect(Self.transcript(visitor).dropLast() == before[...])
        #expect(Self.transcript(visitor).last == "(user) refuse back to Product: Red shoes in [shop]: Done does not allow going back")
    }

    @Test("A reload shows the page again and changes nothing")
    func reload() {
        var visitor = Self.signedIn()
        let before = Self.transcript(visitor)
        let page = visitor.address
        visitor.get(page)
        visitor.get(page)
        #expect(visitor.statuses == [200] && visitor.title == "Catalog" && Self.transcript(visitor) == before)
    }

    @Test("A second submit of the same form (a double click, a second tab) does nothing")
    func staleForm() {
        var visitor = Self.signedIn()
        let fields = visitor.hidden
        visitor.act("shoes")
        let before = Self.transcript(visitor)
        // The catalog's form again, as a second click or the other tab sends it.
        visitor.post(fields.merging(["action": "hat"]) { $1 }, to: "/p/3")
        #expect(visitor.statuses == [303, 200])
        #expect(visitor.title == "Product" && visitor.page.contains("out of date"))
        #expect(Self.transcript(visitor) == before)
    }

    @Test("Refused with a 4xx and nothing changed: no session, a foreign token, a forged page, an action not offered, a malformed or oversized form")
    func refusals() {
        let site = ShopWeb.site(.stack, limits: FlowSite.Limits(maximumBodyBytes: 512))
        var ana = Self.signedIn(site: site)
        var bob = SiteVisitor(site)
        bob.get("/")
        let before = Self.transcript(ana)
        let page = ana.address
        var good = ana.hidden
        good["action"] = "shoes"
        func form(_ fields: [String: String]) -> String { fields.map { "\($0.key)=\($0.value)" }.joined(separator: "&") }
        let rows: [(WebRequest, Int)] = [
            (WebRequest(.post, page, body: form(good)), 403),  // no session
            (WebRequest(.post, page, body: form(good), sessionToken: bob.token), 403),  // Bob's session, Ana's form token
            (WebRequest(.post, page, body: form(good), sessionToken: String(repeating: "0", count: 64)), 403),  // a made-up session
            (WebRequest(.post, page, body: form(good.merging(["token": String(repeating: "a", count: 64)]) { $1 }), sessionToken: ana.token), 403),
            (WebRequest(.post, page, body: form(good.merging(["action": "pay"]) { $1 }), sessionToken: ana.token), 422),  // not offered here
            (WebRequest(.post, "/p/999", body: form(good), sessionToken: ana.token), 404),  // never given
            (WebRequest(.get, "/p/999", sessionToken: ana.token), 404),
            (WebRequest(.get, "/p/x", sessionToken: ana.token), 404),
            (WebRequest(.get, "/admin", sessionToken: ana.token), 404),
            (WebRequest(.post, page, body: form(good.merging(["screen": "banana"]) { $1 }), sessionToken: ana.token), 400),
            (WebRequest(.post, page, body: "token=%zz", sessionToken: ana.token), 400),
            (WebRequest(.post, page, body: form(good) + "&action=hat", sessionToken: ana.token), 400),  // a field twice
            (WebRequest(.post, page, body: form(good.merging(["text": "x"]) { $1 }), sessionToken: ana.token), 400),  // text for an action that takes none
            (WebRequest(.post, page, body: form(good) + "&pad=" + String(repeating: "x", count: 600), sessionToken: ana.token), 413),
            (WebRequest(nil, page, sessionToken: ana.token), 405),
            (WebRequest(.post, "/restart", body: "token=nope", sessionToken: ana.token), 403),
        ]
        for (request, status) in rows {
            let response = site.respond(to: request)
            #expect(response.status == status, "\(request.method?.rawValue ?? "?") \(request.path) \(request.body.prefix(60))")
            #expect(response.setCookie == nil)
        }
        // A method the site does not serve is answered with the ones it does.
        #expect(site.respond(to: WebRequest(nil, page, sessionToken: ana.token)).headers["Allow"] == "GET, HEAD, POST")
        ana.get(page)
        #expect(ana.title == "Catalog" && Self.transcript(ana) == before)
        #expect(site.sessionCount == 2)
    }

    @Test("A page of another site, or a HEAD request, cannot move the person: asking for a page below shows the current one")
    func crossSite() {
        var visitor = Self.signedIn()
        visitor.act("shoes")
        let before = Self.transcript(visitor)
        let response = visitor.site.respond(to: WebRequest(.get, "/p/3", sessionToken: visitor.token, isCrossSite: true))
        #expect(response.status == 303 && response.location == visitor.address)
        // Nor does a HEAD request, which is safe.
        #expect(visitor.site.respond(to: WebRequest(.head, "/p/3", sessionToken: visitor.token)).status == 303)
        #expect(visitor.site.respond(to: WebRequest(.head, visitor.address, sessionToken: visitor.token)).status == 200)
        #expect(Self.transcript(visitor) == before)
    }

    @Test(
        "HTML.escape writes the five characters as entities and leaves every other one, in any script, as it was",
        arguments: [
            ("", ""),
            ("plain text", "plain text"),
            ("a < b && c > d", "a &lt; b &amp;&amp; c &gt; d"),
            ("\"quoted\" and 'single'", "&quot;quoted&quot; and &#39;single&#39;"),
            ("<script>alert('é')</script>", "&lt;script&gt;alert(&#39;é&#39;)&lt;/script&gt;"),
            ("São Paulo — 東京 👩🏽‍💻 & Zürich", "São Paulo — 東京 👩🏽‍💻 &amp; Zürich"),
            ("café", "café"),
            ("&amp;", "&amp;amp;"),
        ])
    func escapeTable(_ text: String, escaped: String) {
        #expect(HTML.escape(text) == escaped)
    }

    @Test("What a person types is escaped on the page")
    func escaping() {
        var visitor = SiteVisitor(ShopWeb.site(.stack))
        visitor.get("/")
        visitor.act("start")
        visitor.act("email", "<script>alert('x')</script>")
        #expect(visitor.title == "Sign in")
        #expect(visitor.page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        #expect(!visitor.page.contains("<script>alert"))
        #expect(HTML(text: "a&b<\"'>").markup == "a&amp;b&lt;&quot;&#39;&gt;")
        let name = "<b>"
        #expect(("<p>\(name)</p>" as HTML).markup == "<p>&lt;b&gt;</p>")
    }

    @Test("Tabs are links: the tab bar's other tab selects it, and Back returns to the tab before")
    func tabs() {
        var visitor = Self.signedIn(.coordinator)
        #expect(visitor.page.contains("<nav class=\"tabs\">"))
        guard let link = visitor.page.ranges(of: "<li><a href=\"").first.map({ visitor.page[$0.upperBound...].prefix { $0 != "\"" } }) else {
            Issue.record("no link to the other tab")
            return
        }
        let catalog = visitor.address
        visitor.get(String(link))
        #expect(visitor.title == "Account" && visitor.statuses == [200])
        visitor.get(catalog)
        #expect(visitor.title == "Catalog" && visitor.statuses == [200])
        #expect(Self.transcript(visitor).suffix(2).allSatisfy { $0.hasPrefix("(user) select tab") })
    }

    @Test("Once the shop ends, the page says how, and Start again begins a new run; a full site ends its oldest session, releasing it")
    func endAndEviction() {
        let site = ShopWeb.site(.stack, limits: FlowSite.Limits(maximumSessions: 1))
        var visitor = Self.signedIn(site: site)
        for name in ["shoes", "add", "cart", "checkout", "pay", "close"] { visitor.act(name) }
        #expect(visitor.address == "/" && visitor.page.contains("Start again"))
        let leaks = LeakTracker()
        if let visit = visitor.visit {
            _ = leaks.track(visit, as: "ended visit")
            _ = leaks.track(visit.host as AnyObject, as: "its host")
        }
        visitor.post(["token": visitor.hidden["token"] ?? ""], to: "/restart")
        #expect(visitor.title == "Welcome" && site.sessionCount == 1)
        leaks.expectNoLeaks()
        // A run still going when its session ends: its flows end, and all of it is released.
        if let visit = visitor.visit {
            _ = leaks.track(visit, as: "running visit")
            _ = leaks.track(visit.host as AnyObject, as: "its host")
        }
        var other = SiteVisitor(site)
        other.get("/")
        #expect(site.sessionCount == 1)
        #expect(site.respond(to: WebRequest(.post, visitor.address, body: "token=x", sessionToken: visitor.token)).status == 403)
        site.endAll()
        #expect(site.sessionCount == 0)
        leaks.expectNoLeaks()
    }
}
