import FlowWeb
import FlowWebTesting
import ShopApp
import Testing

/// What the page's script reads when it posts a form itself: the page the person goes to and its
/// depth, the number of Back steps from it to the first page, so it keeps one history entry per
/// step the model's Back takes.
@MainActor
@Suite("Forms the page's script posts")
struct ScriptedFormTests {
    /// Posts the page's form for an action as the script does, and returns the site's answer.
    private static func scripted(_ visitor: SiteVisitor, _ fields: [String: String]) -> WebResponse {
        let body = visitor.hidden.merging(fields) { _, new in new }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        return visitor.site.respond(to: WebRequest(.post, visitor.address, body: body, sessionToken: visitor.token, isScripted: true))
    }

    /// The depth a page says it is at.
    private static func depth(of page: String) -> Int? {
        guard let start = page.firstRange(of: "data-depth=\"")?.upperBound, let end = page[start...].firstIndex(of: "\"") else { return nil }
        return Int(page[start..<end])
    }

    @Test(
        "A page's depth is the number of the model's Back steps to the first page",
        arguments: [
            // (strategy, actions, depth)
            (Strategy.stack, ["shoes"], 3), (.stack, ["shoes", "add", "cart"], 4), (.coordinator, ["shoes"], 2),
            (.coordinator, ["shoes", "add", "cart"], 3), (.chain, [], 2), (.router, ["shoes", "cart"], 4),
        ])
    func depth(_ strategy: Strategy, actions: [String], depth: Int) throws {
        var visitor = FlowSiteTests.signedIn(strategy)
        for action in actions { visitor.act(action) }
        #expect(Self.depth(of: visitor.page) == depth)
    }

    @Test("An action answers the page it leads to and its depth, in plain text, and moves the model as a post does")
    func actionAnswersWhereToGo() throws {
        var visitor = FlowSiteTests.signedIn(.stack)
        visitor.act("shoes")
        let answer = Self.scripted(visitor, ["action": "cart"])
        #expect(answer.status == 200)
        #expect(answer.contentType.hasPrefix("text/plain"))
        let visit = try #require(visitor.visit)
        #expect(answer.body == "\(visit.backDepth) \(visit.currentAddress)")
        #expect(visit.backDepth == 4)
        #expect(visitor.site.respond(to: WebRequest(.get, visit.currentAddress, sessionToken: visitor.token)).body.contains("<h1>Cart</h1>"))
    }

    @Test("An action that stays, and one refused, answer the same page at the same depth, whose notice waits for it")
    func stayingAndRefusedActions() throws {
        var visitor = SiteVisitor(ShopWeb.site(.stack))
        visitor.get("/")
        visitor.act("start")
        let page = visitor.address
        let before = Self.depth(of: visitor.page)
        let answer = Self.scripted(visitor, ["action": "email", "text": "nope"])
        #expect(answer.body == "\(before ?? -1) \(page)")
        visitor.get(page)
        #expect(visitor.title == "Sign in")
        #expect(visitor.error(ofField: "text") != nil, "what was wrong is on the page the script asks for next")
        #expect(visitor.value(ofField: "text") == "nope")
    }

    @Test("A refused form keeps its page of refusal, and Start again answers the new session's first page with its cookie")
    func refusalsAndStartingAgain() throws {
        var visitor = FlowSiteTests.signedIn(.stack)
        let refused = Self.scripted(visitor, ["action": "no such action"])
        #expect(refused.status == 422)
        #expect(refused.contentType.hasPrefix("text/html"))

        visitor.act("shoes")
        visitor.act("add")
        visitor.act("cart")
        visitor.act("checkout")
        visitor.act("pay")
        visitor.act("close")
        #expect(visitor.address == "/")
        let body = "token=\(visitor.hidden["token"] ?? "")"
        let again = visitor.site.respond(to: WebRequest(.post, "/restart", body: body, sessionToken: visitor.token, isScripted: true))
        #expect(again.status == 200)
        #expect(again.body == "0 /p/1")
        #expect(again.setCookie?.hasPrefix(FlowSite.cookieName + "=") == true)
    }

    @Test("A form posted without script still answers with a redirect")
    func withoutScript() {
        var visitor = FlowSiteTests.signedIn(.stack)
        visitor.post(visitor.hidden.merging(["action": "shoes"]) { _, new in new })
        #expect(visitor.statuses.suffix(2) == [303, 200])
        #expect(visitor.title.hasPrefix("Product"))
    }
}
