import FlowWeb
import FlowWebTesting
import ShopApp
import Testing

/// The test client an app tests its site with: what it keeps and what it reads.
@MainActor
@Suite("Site visitor")
struct SiteVisitorTests {
    @Test func itKeepsTheSessionsCookieAndFollowsRedirectsToThePageTheyName() {
        var visitor = SiteVisitor(ShopWeb.site(.stack))
        #expect(visitor.token == nil && visitor.visit == nil)
        visitor.get("/")
        let token = visitor.token
        #expect(token != nil && visitor.visit != nil)
        #expect(visitor.statuses.last == 200)
        visitor.act("start")
        #expect(visitor.statuses == [303, 200])
        #expect(visitor.title == "Sign in" && visitor.address != "/")
        #expect(visitor.token == token)
        #expect(visitor.notice == nil)
    }

    @Test func itReadsTheTitleAFieldsValueAndItsMessageAsTextThoughThePageEscapesThem() {
        var visitor = SiteVisitor(ShopWeb.site(.stack))
        visitor.get("/")
        visitor.act("start")
        visitor.act("email", "<b>&'\"")
        #expect(visitor.title == "Sign in")
        #expect(visitor.page.contains("&lt;b&gt;&amp;"))
        #expect(visitor.error(ofField: "text") == "\"<b>&'\"\" is not an email address: it needs exactly one @.")
        #expect(visitor.value(ofField: "text") == "<b>&'\"")
        #expect(visitor.notice == nil)
    }

    @Test func itReadsTheSitesNoticeAfterAFormThatWasOutOfDate() {
        var visitor = SiteVisitor(ShopWeb.site(.stack))
        visitor.get("/")
        let welcome = visitor.hidden
        visitor.act("start")
        visitor.post(welcome.merging(["action": "start"]) { $1 }, to: "/p/1")
        #expect(visitor.notice == "That page was out of date, so nothing was done. This is where you are.")
        #expect(visitor.problem == nil)
    }
}
