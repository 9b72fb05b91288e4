import FlowKernel
import FlowRuntime
import FlowStack
import FlowStage
import FlowWeb
import FlowWebTesting
import Foundation
import Testing

// The code of FlowWeb's "Forms and the app's look", compiled here line for line
// (GettingStartedTests checks every block of the article appears in this file), and walked.

/// What a person fills in to join the club.
struct Membership: Decodable, Equatable {
    enum Plan: String, Decodable { case monthly, yearly }

    var name: String
    var email: String
    var age: Int
    var plan: Plan
    var newsletter: Bool
    var referrer: String?
}

final class JoinScreen: Screen {}
final class MemberScreen: Screen {
    let member: Membership
    init(member: Membership) { self.member = member }
}

/// One visitor's run: a form to join, then the member's page.
@MainActor
final class Club {
    let host = InMemoryHost()
    let navigator: StackNavigator<Membership>

    init() throws {
        let registry = ScreenRegistry { registry in
            registry.register(JoinScreen.self) { JoinScreen() }
            registry.register(MemberScreen.self, argument: Membership.self) { MemberScreen(member: $0) }
        }
        navigator = StackNavigator<Membership>("club", registry: registry, root: JoinScreen.self)
        try navigator.start(on: host)
    }

    static let joinFields: [WebAction.Field] = [
        .init("name", label: "Full name", autocomplete: "name"),
        .init("email", label: "Email", kind: .email, autocomplete: "email"),
        .init("age", label: "Age", kind: .number, check: { Int($0).map { $0 >= 16 ? nil : "Members are 16 or older." } ?? "Give your age in whole years." }),
        .init("plan", label: "Plan", kind: .choice([.init("monthly", "Monthly"), .init("yearly", "Yearly, two months free")])),
        .init("password", label: "Password", kind: .password, autocomplete: "new-password", check: { $0.count >= 8 ? nil : "Use 8 characters or more." }),
        .init("newsletter", label: "Send me the newsletter", kind: .checkbox, isRequired: false),
        .init("referrer", label: "Who sent you?", placeholder: "A member's name", isRequired: false),
    ]

    func page(for screen: any Screen) -> WebScreen {
        switch screen {
        case is JoinScreen:
            WebScreen(
                title: "Join the club",
                actions: [
                    WebAction("join", label: "Join", fields: Self.joinFields, as: Membership.self) { [navigator] member in
                        try navigator.goNext(to: MemberScreen.self, argument: member)
                    }
                ])
        case let page as MemberScreen:
            WebScreen(title: "Welcome, \(page.member.name)", content: "<p>Your \(page.member.plan.rawValue) membership starts today.</p>")
        default:
            WebScreen(title: screen.displayName)
        }
    }

    static func visit() throws -> WebVisit {
        let club = try Club()
        return WebVisit(host: club.host, owner: club, page: { club.page(for: $0) }, ended: { WebScreen(title: "See you soon") })
    }
}

/// The club's site: its pages in the club's layout, its stylesheet from its folder.
@MainActor
func clubSite(publicFolder: String) throws -> FlowSite {
    let site = FlowSite { try Club.visit() }
    site.layout = WebLayout(
        head: #"<link rel="stylesheet" href="/static/club.css">"#,
        header: #"<header class="brand"><a href="/">The Club</a></header>"#,
        footer: "<footer>Members since 1921.</footer>",
        includesStandardStyle: false)
    site.staticFiles = try StaticFiles(folder: publicFolder)
    return site
}

@MainActor
@Suite("Forms and the app's look")
struct FormsAndTheAppsLookTests {
    let folder: URL
    let site: FlowSite

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("club-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try Data("body { font-family: serif }\n".utf8).write(to: folder.appendingPathComponent("club.css"))
        try Data([0x77, 0x4F, 0x46, 0x32, 0x00, 0xFF]).write(to: folder.appendingPathComponent("fonts/club.woff2"))
        try Data("secret".utf8).write(to: folder.appendingPathComponent(".env"))
        try Data("plus".utf8).write(to: folder.appendingPathComponent("a+b c.txt"))
        site = try clubSite(publicFolder: folder.path)
    }

    static let good = [
        "name": "Ana Lopez", "email": "ana@example.com", "age": "34", "plan": "yearly", "password": "correct horse", "newsletter": "on",
    ]

    func joinPage() -> SiteVisitor {
        var visitor = SiteVisitor(site)
        visitor.get("/")
        return visitor
    }

    // MARK: Forms

    @Test func aFormThatHoldsArrivesAsTheAppsOwnTypeAndMovesOn() throws {
        var visitor = joinPage()
        visitor.act("join", fields: Self.good)
        #expect(visitor.title == "Welcome, Ana Lopez")
        let host = try #require(visitor.visit?.host)
        let member = try #require(host.visibleScreenRef.flatMap(host.screen(for:)) as? MemberScreen).member
        #expect(member == Membership(name: "Ana Lopez", email: "ana@example.com", age: 34, plan: .yearly, newsletter: true, referrer: nil))
    }

    @Test func fieldsThatDoNotHoldComeBackWithTheirMessagesBesideThemTheTypedTextStillThereAndNothingDone() throws {
        var visitor = joinPage()
        let before = try #require(visitor.visit)
        let hierarchy = before.host.hierarchy
        let revision = visitor.hidden["revision"]
        visitor.act("join", fields: ["name": "  ", "email": "ana at example", "age": "twelve", "plan": "lifetime", "password": "short", "referrer": "Bea"])
        #expect(visitor.statuses == [303, 200])
        #expect(visitor.title == "Join the club")
        #expect(before.host.hierarchy == hierarchy)
        #expect(visitor.hidden["revision"] == revision, "a refused form is no change: other pages' forms stay good")
        #expect(visitor.error(ofField: "name") == "Full name is required.")
        #expect(visitor.error(ofField: "email") == "Email must be an email address, like name@example.com.")
        #expect(visitor.error(ofField: "age") == "Age must be a number.")
        #expect(visitor.error(ofField: "plan") == "Choose one of the options for Plan.")
        #expect(visitor.error(ofField: "password") == "Use 8 characters or more.")
        #expect(visitor.error(ofField: "referrer") == nil)
        #expect(visitor.value(ofField: "email") == "ana at example")
        #expect(visitor.value(ofField: "age") == "twelve")
        #expect(visitor.value(ofField: "referrer") == "Bea")
        #expect(visitor.value(ofField: "plan") == "", "a choice that is not offered is not shown as chosen")
        #expect(visitor.value(ofField: "password") == "", "a password is never sent back")
        #expect(!visitor.page.contains("short"))
        // The first field in error takes the focus, and each message is tied to its field.
        #expect(visitor.page.contains(#"aria-invalid="true" aria-describedby="f1-0-0-error" autofocus"#))
        #expect(visitor.page.ranges(of: "autofocus").count == 1)
    }

    @Test func theAppsOwnCheckAndTheTypeSpeakForTheField() {
        var visitor = joinPage()
        visitor.act("join", fields: Self.good.merging(["age": "15"]) { $1 })
        #expect(visitor.error(ofField: "age") == "Members are 16 or older.")
        visitor.act("join", fields: Self.good.merging(["age": "1e400"]) { $1 })
        #expect(visitor.error(ofField: "age") == "Age must be a number.")
        visitor.act("join", fields: Self.good.merging(["newsletter": "yes please"]) { $1 })
        #expect(visitor.error(ofField: "newsletter") == "Send me the newsletter is ticked or not; it takes no text.")
        #expect(visitor.title == "Join the club")
    }

    @Test func whatThePersonTypedIsShownAgainAfterAReloadAndAfterBack() throws {
        var visitor = joinPage()
        let join = visitor.address
        visitor.act("join", fields: Self.good.merging(["email": "ana@"]) { $1 })
        visitor.get(join)
        #expect(visitor.value(ofField: "email") == "ana@")
        #expect(visitor.error(ofField: "email") != nil)
        #expect(visitor.value(ofField: "newsletter") == "on")

        visitor.act("join", fields: Self.good)
        #expect(visitor.title == "Welcome, Ana Lopez")
        visitor.get(join)  // the browser's Back
        #expect(visitor.title == "Join the club")
        #expect(visitor.value(ofField: "name") == "Ana Lopez")
        #expect(visitor.value(ofField: "plan") == "yearly")
        #expect(visitor.value(ofField: "newsletter") == "on")
        #expect(visitor.value(ofField: "password") == "")
        #expect(visitor.error(ofField: "email") == nil)
    }

    @Test func typedTextIsEscapedWhereverItIsShownAgain() {
        var visitor = joinPage()
        visitor.act("join", fields: ["name": #""><script>alert(1)</script>"#, "email": "<b>@x", "referrer": "a'b&c"])
        #expect(!visitor.page.contains("<script>alert"))
        #expect(visitor.page.contains(#"value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;""#))
        #expect(visitor.value(ofField: "name") == #""><script>alert(1)</script>"#)
        #expect(visitor.value(ofField: "referrer") == "a'b&c")
    }

    @Test func theFormTellsTheBrowserWhatEachFieldIsAndLeavesTheChecksToTheSite() {
        let visitor = joinPage()
        let page = visitor.page
        #expect(page.contains("novalidate"))
        #expect(page.contains(#"<label for="f1-0-1">Email</label><input type="email" value="" id="f1-0-1" name="email" required autocomplete="email">"#))
        #expect(page.contains(#"<select id="f1-0-3" name="plan" required><option value="">Choose…</option><option value="monthly">Monthly</option>"#))
        #expect(page.contains(#"<input type="checkbox" value="on" id="f1-0-5" name="newsletter"> <label for="f1-0-5">Send me the newsletter</label>"#))
        #expect(page.contains(#"<label for="f1-0-6">Who sent you? <span class="optional">(optional)</span></label>"#))
        #expect(page.contains(#"placeholder="A member&#39;s name""#))
        #expect(page.contains(#"type="password" value="" id="f1-0-4" name="password" required autocomplete="new-password""#))
    }

    @Test(arguments: [
        ("name=Ana&name=Bea", 400),  // a field twice
        ("name=%ZZ", 400),  // a broken escape
        ("name=%FF%FE", 400),  // bytes that are not UTF-8
    ])
    func aFormThatDoesNotReadIsRefusedAndChangesNothing(body: String, status: Int) throws {
        let visitor = joinPage()
        let hidden = visitor.hidden.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        let response = site.respond(to: WebRequest(.post, visitor.address, body: "\(hidden)&action=join&\(body)", sessionToken: visitor.token))
        #expect(response.status == status)
        var again = visitor
        again.get(visitor.address)
        #expect(again.error(ofField: "name") == nil && again.value(ofField: "name") == "")
    }

    @Test func aFieldReadsWhatItsKindTakes() {
        // What the field is, what was posted, and what the site makes of it: "= the value the
        // action receives", "none", or "! the message beside the field".
        let cases: [(WebAction.Field, String?, String)] = [
            (.init("a", label: "A"), nil, "! A is required."),
            (.init("a", label: "A"), " \t", "! A is required."),
            (.init("a", label: "A", isRequired: false), "", "none"),
            (.init("a", label: "A"), " kept as typed ", "=  kept as typed "),
            (.init("a", label: "A", kind: .email), " ana@example.com ", "= ana@example.com"),
            (.init("a", label: "A", kind: .email), "a@b@c", "! A must be an email address, like name@example.com."),
            (.init("a", label: "A", kind: .email, check: { $0.hasSuffix(".org") ? nil : "Use your .org address." }), "a@b", "! Use your .org address."),
            (.init("a", label: "A", kind: .number), "-2.5", "= -2.5"),
            (.init("a", label: "A", kind: .number), "nan", "! A must be a number."),
            (.init("a", label: "A", kind: .number), "0x10", "! A must be a number."),
            (.init("a", label: "A", kind: .password), "  ", "=   "),
            (.init("a", label: "A", kind: .choice([.init("x")])), "x", "= x"),
            (.init("a", label: "A", kind: .choice([.init("x")])), "X", "! Choose one of the options for A."),
            (.init("a", label: "A", kind: .checkbox), nil, "! A must be ticked."),
            (.init("a", label: "A", kind: .checkbox, isRequired: false), nil, "none"),
            (.init("a", label: "A", kind: .checkbox, isRequired: false), "on", "= on"),
        ]
        for (field, posted, expected) in cases {
            let read =
                switch field.read(posted) {
                case .success(let value): value.map { "= \($0)" } ?? "none"
                case .failure(let invalid): "! \(invalid.message)"
                }
            #expect(read == expected, "\(field.name) \(field.kind) given \(posted ?? "nothing")")
        }
    }

    @Test func valuesDecodeIntoTheAppsTypeOrNameTheFieldThatDoesNot() throws {
        let values = WebFormValues(["name": "Ana", "email": "a@b", "age": "34", "plan": "monthly"])
        #expect(try values.decode(Membership.self) == Membership(name: "Ana", email: "a@b", age: 34, plan: .monthly, newsletter: false))
        let cases: [([String: String], String)] = [
            (["name": "Ana", "email": "a@b", "age": "34.5", "plan": "monthly"], "age"),
            (["name": "Ana", "email": "a@b", "age": "99999999999999999999", "plan": "monthly"], "age"),
            (["name": "Ana", "email": "a@b", "age": "34", "plan": "weekly"], "plan"),
            (["email": "a@b", "age": "34", "plan": "monthly"], "name"),
        ]
        for (texts, field) in cases {
            #expect(throws: WebFormValues.Invalid.self) { try WebFormValues(texts).decode(Membership.self) }
            do {
                _ = try WebFormValues(texts).decode(Membership.self)
            } catch {
                #expect(error.field == field)
            }
        }
    }

    @Test func aTypeAFormCannotMakeIsRefusedForTheWholeFormInPlainWords() {
        #expect(throws: WebFormValues.Invalid(field: "", message: "This form could not be taken as it stands.")) {
            try WebFormValues(["items": "shoes"]).decode([String].self)
        }
    }

    // MARK: The app's look

    @Test func everyPageWearsTheAppsLayoutAroundWhatFlowWebRenders() {
        let visitor = joinPage()
        let page = visitor.page
        #expect(page.contains(#"<title>Join the club</title><link rel="stylesheet" href="/static/club.css"></head>"#))
        #expect(page.contains(#"<header class="brand"><a href="/">The Club</a></header><main>"#))
        #expect(page.contains("</main><footer>Members since 1921.</footer>"))
        #expect(!page.contains("<style>"), "the app said it brings its own styles")
        #expect(page.contains("<script>") && page.contains("data-depth="), "the history script and the page's attributes stay FlowWeb's")
        let refusal = site.respond(to: WebRequest(.get, "/p/99", sessionToken: visitor.token))
        #expect(refusal.status == 404)
        #expect(refusal.body.contains("club.css") && refusal.body.contains("Members since 1921."))
    }

    @Test func withoutALayoutPagesKeepFlowWebsOwnLook() {
        var visitor = SiteVisitor(FlowSite { try Club.visit() })
        visitor.get("/")
        #expect(visitor.page.contains("<style>body{font:16px/1.5 system-ui"))
        #expect(!visitor.page.contains("<header"))
    }

    // MARK: Static files

    @Test func aStaticFileIsServedWithItsTypeAndCachingWithoutASession() throws {
        let css = site.respond(to: WebRequest(.get, "/static/club.css"))
        #expect(css.status == 200)
        #expect(css.contentType == "text/css; charset=utf-8")
        #expect(css.bytes == Array("body { font-family: serif }\n".utf8))
        #expect(css.headers["Cache-Control"] == "public, max-age=3600")
        #expect(css.setCookie == nil && site.sessionCount == 0)
        let tag = try #require(css.headers["ETag"])
        let again = site.respond(to: WebRequest(.get, "/static/club.css", ifNoneMatch: tag))
        #expect(again.status == 304 && again.bytes == nil)
        let font = site.respond(to: WebRequest(.get, "/static/fonts/club.woff2"))
        #expect(font.contentType == "font/woff2" && font.bytes == [0x77, 0x4F, 0x46, 0x32, 0x00, 0xFF])
        let posted = site.respond(to: WebRequest(.post, "/static/club.css"))
        #expect(posted.status == 405 && posted.headers["Allow"] == "GET, HEAD")
        // A path's `+` is a plus, not a space as in a form; its escapes are read.
        #expect(site.respond(to: WebRequest(.get, "/static/a+b%20c.txt")).bytes == Array("plus".utf8))
    }

    @Test(arguments: [
        "/static/../Package.swift", "/static/%2e%2e/Package.swift", "/static/fonts/../../Package.swift", "/static/..%2FPackage.swift",
        "/static/.env", "/static/%2eenv", "/static//club.css", "/static/", "/static", "/static/fonts", "/static/fonts/", "/static/club.css%00.png",
        "/static/missing.css", "/static/%ZZ", "/static/outside",
    ])
    func aPathThatIsNotAFileInsideTheFolderIsRefused(_ path: String) throws {
        try? FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("outside").path, withDestinationPath: "/etc/hostname")
        let response = site.respond(to: WebRequest(.get, path))
        #expect(response.status == 404)
        #expect(response.bytes == nil)
    }

    @Test func aFolderThatIsNotThereIsSaidAtOnce() {
        #expect(throws: StaticFiles.Unavailable.self) { try StaticFiles(folder: folder.appendingPathComponent("nowhere").path) }
    }
}
