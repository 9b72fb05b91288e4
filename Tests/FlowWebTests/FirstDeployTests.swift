import FlowKernel
import FlowRuntime
import FlowStage
import FlowWeb
import FlowWebTesting
import Foundation
import ShopApp
import Testing

/// A sign-up page whose actions each test writes.
final class SignUpPage: Screen {}

/// What a form posts: the developer meant `email`.
struct SignUp: Decodable {
    var name: String
    var email: String
}

/// The same, with the address optional: a mismatch would leave it empty without a word.
struct LooseSignUp: Decodable {
    var name: String
    var email: String?
}

@MainActor
func signUpSite(_ actions: [WebAction]) -> FlowSite {
    FlowSite {
        let host = InMemoryHost()
        try host.setRoot(.screen(SignUpPage()))
        return WebVisit(host: host, owner: host, page: { _ in WebScreen(title: "Sign up", actions: actions) }, ended: { WebScreen(title: "Done") })
    }
}

@MainActor
@Suite("FlowWeb on a first deploy")
struct FirstDeployTests {
    static let mistyped: [WebAction.Field] = [.init("name", label: "Name"), .init("e-mail", label: "Email", kind: .email)]

    @Test(arguments: ["token", "action", "screen", "revision", "close"])
    func aFieldNamedAsThePagesOwnIsNotShownAndTheServerGoesOn(_ name: String) {
        var signed = false
        let site = signUpSite([
            WebAction("join", label: "Join", fields: [.init(name, label: "Clash")]) { _ in signed = true },
            WebAction("later", label: "Later") { _ in },
        ])
        var problems: [SiteProblem] = []
        site.onProblem = { problems.append($0) }
        var visitor = SiteVisitor(site)

        visitor.get("/")

        #expect(visitor.statuses.last == 200)
        #expect(visitor.page.contains("This part of the page could not be shown."))
        #expect(visitor.page.contains("Later"))
        #expect(!visitor.page.contains("Clash"))
        #expect(problems.map(\.kind) == [.actionNotShown])
        #expect(problems.first?.detail.contains("a field named \(name)") == true)

        // A post of it anyway is refused, whichever of the page's own fields it spoils.
        visitor.act("join", fields: [name: "x"])
        #expect(visitor.statuses.count == 1 && visitor.statuses[0] >= 400)
        #expect(!signed)
        visitor.get("/")
        #expect(visitor.statuses.last == 200)
    }

    @Test func twoFieldsOfOneNameAreNotShownAndSaidInTheLog() {
        let site = signUpSite([WebAction("join", fields: [.init("name", label: "First"), .init("name", label: "Last")]) { _ in }])
        var problems: [SiteProblem] = []
        site.onProblem = { problems.append($0) }
        var visitor = SiteVisitor(site)

        visitor.get("/")

        #expect(visitor.page.contains("This part of the page could not be shown."))
        #expect(problems.first?.detail == "the action join has two fields named name")
    }

    /// Posts the mistyped form decoded as `type`: how many values the action received, the page,
    /// and what the site's log heard.
    func postMistyped<Value: Decodable>(as type: Value.Type) -> (received: Int, visitor: SiteVisitor, problems: [SiteProblem]) {
        var received = 0
        let site = signUpSite([WebAction("join", fields: Self.mistyped, as: Value.self) { _ in received += 1 }])
        var problems: [SiteProblem] = []
        site.onProblem = { problems.append($0) }
        var visitor = SiteVisitor(site)
        visitor.get("/")
        visitor.act("join", fields: ["name": "Ana", "e-mail": "ana@example.com"])
        return (received, visitor, problems)
    }

    @Test func aPropertyNoFieldFillsTellsThePersonTheFormWasNotReadAndTheLogWhichNames() {
        let (received, visitor, problems) = postMistyped(as: SignUp.self)

        #expect(received == 0)
        #expect(visitor.page.contains("This form could not be read, so nothing was done."))
        #expect(visitor.value(ofField: "e-mail") == "ana@example.com")
        #expect(problems.map(\.kind) == [.formNotRead])
        let detail = problems.first?.detail ?? ""
        #expect(detail.contains("property email has no field"))
        #expect(detail.contains("no property takes the field e-mail"))
    }

    @Test func anOptionalPropertyUnfilledBesideAFieldNoPropertyReadIsATypoAndRefused() {
        let (received, visitor, problems) = postMistyped(as: LooseSignUp.self)

        #expect(received == 0)
        #expect(visitor.page.contains("This form could not be read, so nothing was done."))
        #expect(problems.first?.detail.contains("property email has no field") == true)
        #expect(problems.first?.detail.contains("no property takes the field e-mail") == true)
    }

    /// A sign-up kept as one value across its steps: the card is filled on a later step.
    struct SignUpAcrossSteps: Decodable {
        var name: String
        var email: String
        var card: String?
    }

    @Test func anOptionalPropertyFilledOnALaterStepDecodesAsNilFromAFormWithoutIt() {
        var joined: [SignUpAcrossSteps] = []
        var problems: [SiteProblem] = []
        let fields: [WebAction.Field] = [.init("name", label: "Name"), .init("email", label: "Email", kind: .email)]
        let site = signUpSite([WebAction("join", fields: fields, as: SignUpAcrossSteps.self) { joined.append($0) }])
        site.onProblem = { problems.append($0) }
        var visitor = SiteVisitor(site)
        visitor.get("/")

        visitor.act("join", fields: ["name": "Ana", "email": "ana@example.com"])

        #expect(joined.map(\.email) == ["ana@example.com"])
        #expect(joined.first?.card == nil)
        #expect(problems.isEmpty)
        #expect(!visitor.page.contains("This form could not be read"))
    }

    @Test func aRequiredPropertyNoFieldFillsIsStillRefused() {
        var problems: [SiteProblem] = []
        let site = signUpSite([WebAction("join", fields: [.init("name", label: "Name")], as: SignUp.self) { _ in }])
        site.onProblem = { problems.append($0) }
        var visitor = SiteVisitor(site)
        visitor.get("/")

        visitor.act("join", fields: ["name": "Ana"])

        #expect(visitor.page.contains("This form could not be read, so nothing was done."))
        #expect(problems.first?.detail.contains("property email has no field") == true)
    }

    @Test func aFieldTheTypeDoesNotReadIsFine() {
        var joined: [SignUp] = []
        let fields: [WebAction.Field] = [
            .init("name", label: "Name"), .init("email", label: "Email", kind: .email), .init("terms", label: "I accept the terms", kind: .checkbox),
        ]
        let site = signUpSite([WebAction("join", fields: fields, as: SignUp.self) { joined.append($0) }])
        var visitor = SiteVisitor(site)
        visitor.get("/")

        visitor.act("join", fields: ["name": "Ana", "email": "ana@example.com", "terms": "on"])

        #expect(joined.map(\.email) == ["ana@example.com"])
    }

    @Test(arguments: [
        ("ana@example.com", true), ("a.b+c@mail.example.org", true), ("a@b", false), ("ana@example.com.", false), ("ana@.example.com", false),
        ("ana@example..com", false), ("@example.com", false), ("ana@@example.com", false), ("ana @example.com", false),
    ])
    func anEmailAddressHasADotInItsDomainAndNoEmptyPart(_ text: String, _ holds: Bool) {
        let field = WebAction.Field("email", label: "Email", kind: .email)
        let read = field.read(text)
        #expect((try? read.get()) != nil ? holds : !holds, "\(text)")
    }

    @Test func cookielessRequestsWriteNoRowAndABrowserThatComesBackWritesOne() async throws {
        let store = MemorySessionStore()
        let site = ShopWeb.site(.stack, store: store)
        for _ in 0..<220 {
            _ = await site.respond(to: WebRequest(.get, "/"))
        }
        #expect(await store.count == 0)

        var visitor = SiteVisitor(site)
        await visitor.get("/", through: [site])
        #expect(visitor.statuses == [303, 200])
        #expect(await store.count == 1)
    }

    /// A site whose one action ends the run, with the ended page given.
    func endingSite(_ ended: WebScreen) -> FlowSite {
        FlowSite {
            let host = InMemoryHost()
            try host.setRoot(.screen(SignUpPage()))
            return WebVisit(
                host: host, owner: host, page: { _ in WebScreen(title: "Sign up", actions: [WebAction("done") { _ in try host.setRoot(nil) }]) },
                ended: { ended })
        }
    }

    @Test func theEndedPageStartsAgainUnderTheAppsLabelOrNotAtAll() {
        var visitor = SiteVisitor(endingSite(WebScreen(title: "You're in", startAgain: "Sign up someone else")))
        visitor.get("/")
        visitor.act("done")
        #expect(visitor.title == "You're in")
        #expect(visitor.page.contains("<button>Sign up someone else</button>"))

        var without = SiteVisitor(endingSite(WebScreen(title: "You're in", startAgain: nil)))
        without.get("/")
        without.act("done")
        #expect(without.title == "You're in")
        #expect(!without.page.contains("/restart"))
    }

    @Test func theEndedPageOffersTheAppsOwnActionsCheckedAndRunOnce() {
        final class Receipts { var sent: [String] = [] }
        let receipts = Receipts()
        let ended = WebScreen(
            title: "You're in",
            actions: [
                WebAction("receipt", label: "Email me a receipt", fields: [.init("email", label: "Email", kind: .email)]) { values in
                    receipts.sent.append(values["email"] ?? "")
                }
            ])
        var visitor = SiteVisitor(endingSite(ended))
        visitor.get("/")
        visitor.act("done")
        #expect(visitor.page.contains("<button>Email me a receipt</button>"))
        #expect(visitor.page.contains("<button>Start again</button>"))

        // A value that does not hold is shown beside its field, with what was typed; nothing runs.
        visitor.act("receipt", fields: ["email": "ana@example"])
        #expect(receipts.sent.isEmpty)
        #expect(visitor.error(ofField: "email") != nil)
        #expect(visitor.value(ofField: "email") == "ana@example")

        let page = visitor.hidden
        visitor.act("receipt", fields: ["email": "ana@example.com"])
        #expect(receipts.sent == ["ana@example.com"])
        #expect(visitor.title == "You're in")
        #expect(visitor.address == "/")

        // The same form again, from the page before (a double click): out of date, nothing runs.
        visitor.post(page.merging(["action": "receipt", "email": "ana@example.com"]) { $1 })
        #expect(receipts.sent == ["ana@example.com"])
        #expect(visitor.notice == "That page was out of date, so nothing was done. This is where you are.")

        visitor.act("unknown")
        #expect(visitor.statuses.first == 422)
        #expect(receipts.sent == ["ana@example.com"])
    }

    @Test func theEndedPagesFormIsRefusedWhileARunIsShownOrWithoutASession() {
        var visitor = SiteVisitor(endingSite(WebScreen(title: "You're in", actions: [WebAction("receipt") { _ in Issue.record("It ran") }])))
        visitor.get("/")
        visitor.post(visitor.hidden.merging(["action": "receipt"]) { $1 }, to: "/")
        #expect(visitor.notice == "That page was out of date, so nothing was done. This is where you are.")
        #expect(visitor.title == "Sign up")

        var stranger = SiteVisitor(endingSite(WebScreen(title: "You're in")))
        stranger.post(["action": "receipt"], to: "/")
        #expect(stranger.statuses == [403])
    }

    @Test func theEndedPageCanSendThePersonOn() {
        var visitor = SiteVisitor(endingSite(WebScreen(title: "You're in", redirect: "/account")))
        visitor.get("/")

        visitor.act("done")

        // The post, then `/` that sends the person to the app's own route, which FlowSite does
        // not serve (a route of the app's server does).
        #expect(visitor.statuses == [303, 303, 404])
        #expect(visitor.address == "/account")
    }

    @Test func theVisitorPressesBackAndForwardAndTheBackLinkAsABrowserDoes() {
        let site = ShopWeb.site(.stack)
        site.exposesState = true
        var visitor = SiteVisitor(site)
        visitor.get("/")
        visitor.act("start")
        #expect(visitor.history == ["/p/1", "/p/2"])

        visitor.back()

        #expect(visitor.title == "Welcome")
        #expect(visitor.historyIndex == 0)
        let state = visitor.state()
        #expect(state?.page == "/p/1")
        #expect(state?.agrees == true)
        #expect(state?.transcript.last == "(user) pop Sign in from [shop]")

        // Sign in left with Back: Forward finds it gone, and the site keeps the person where they are.
        visitor.forward()
        #expect(visitor.statuses == [303, 200])
        #expect(visitor.address == "/p/1")

        visitor.act("start")
        visitor.act("email", "ana@example.com")
        #expect(visitor.title == "Catalog")
        visitor.followBackLink()
        #expect(visitor.title == "Sign in")
        #expect(visitor.history.last == visitor.address)
    }

    @Test func theStateEndpointAnswersOnlyASiteThatExposesIt() {
        var visitor = SiteVisitor(ShopWeb.site(.stack))
        visitor.get("/")
        #expect(visitor.state() == nil)
    }

    /// A pro plan's payment: a name, and a card number that is kept nowhere — said by the app, or,
    /// with `nil`, by the field's autofill hint alone.
    static func payment(sensitive: Bool?) -> [WebAction.Field] {
        [
            .init("name", label: "Name on the card"),
            .init(
                "card", label: "Card number", autocomplete: "cc-number", isSensitive: sensitive,
                check: { $0.count == 16 ? nil : "A card number has 16 digits." }),
        ]
    }

    @Test("A sensitive field is kept neither in the store nor on the page nor for the script", arguments: [true, nil] as [Bool?])
    func aSensitiveFieldIsKeptNeitherInTheStoreNorOnThePageNorForTheScript(_ sensitive: Bool?) async throws {
        let store = MemorySessionStore()
        var paid: [String] = []
        func server() -> FlowSite {
            FlowSite(
                store: store,
                start: {
                    let host = InMemoryHost()
                    try host.setRoot(.screen(SignUpPage()))
                    return WebVisit(
                        host: host, owner: host,
                        page: { _ in
                            WebScreen(title: "Pay", actions: [WebAction("pay", fields: Self.payment(sensitive: sensitive)) { paid.append($0["card"] ?? "") }])
                        },
                        ended: { WebScreen(title: "Done") }, saving: { Data() })
                },
                restore: { _ in throw FlowError(.invalidSnapshot, "not needed here") })
        }
        let site = server()
        var visitor = SiteVisitor(site)
        await visitor.get("/", through: [site])
        #expect(visitor.page.contains("data-sensitive"))

        // Refused for the name left empty: the name's message, and the card typed is not shown again.
        await visitor.act("pay", fields: ["name": "", "card": "4242424242424242"], through: [site])

        #expect(visitor.error(ofField: "name") != nil)
        #expect(visitor.value(ofField: "card") == "")
        #expect(!visitor.page.contains("4242424242424242"))
        let token = try #require(visitor.token)
        let stored = try #require(try await store.load(SessionKey(token: token), now: Date()))
        #expect(!String(decoding: stored.data, as: UTF8.self).contains("4242424242424242"))
        #expect(String(decoding: stored.data, as: UTF8.self).contains("A card number") == false)

        await visitor.act("pay", fields: ["name": "Ana", "card": "4242424242424242"], through: [site])
        #expect(paid == ["4242424242424242"])
    }

    @Test func aPasswordFieldIsAlwaysSensitive() {
        #expect(WebAction.Field("secret", label: "Password", kind: .password).isSensitive)
        #expect(WebAction.Field("secret", label: "Password", kind: .password, isSensitive: false).isSensitive)
        #expect(!WebAction.Field("name", label: "Name").isSensitive)
    }

    @Test(
        "A field whose autofill hint names card data or a one-time code is sensitive unless the app says otherwise",
        arguments: [
            ("cc-number", nil, true), ("cc-csc", nil, true), ("cc-exp", nil, true), ("cc-exp-month", nil, true), ("cc-exp-year", nil, true),
            ("one-time-code", nil, true), ("billing CC-Number", nil, true), ("cc-number", false, false), ("cc-name", nil, false),
            ("postal-code", nil, false), ("name", true, true),
        ] as [(String, Bool?, Bool)])
    func aFieldsAutofillHintMakesItSensitive(autocomplete: String, said: Bool?, sensitive: Bool) {
        #expect(WebAction.Field("field", label: "Field", autocomplete: autocomplete, isSensitive: said).isSensitive == sensitive)
    }

    @Test(arguments: Strategy.allCases)
    func aSecondSubmitOfAnActionThatStaysOnItsPageDoesNothingAndSaysSo(_ strategy: Strategy) {
        var visitor = SiteVisitor(ShopWeb.site(strategy))
        visitor.get("/")
        visitor.act("start")
        visitor.act("email", "ana@example.com")
        visitor.act("shoes")
        let product = (fields: visitor.hidden.merging(["action": "add"]) { $1 }, address: visitor.address)

        let price = visitor.page.firstMatch(of: /Red shoes, €(\d+)\./).map { String($0.1) }

        visitor.post(product.fields, to: product.address)
        #expect(visitor.address == product.address)
        // The same form again, as a second click sends it.
        visitor.post(product.fields, to: product.address)

        #expect(visitor.notice == "That page was out of date, so nothing was done. This is where you are.")
        #expect(visitor.address == product.address)
        visitor.act("cart")
        #expect(visitor.title == "Cart")
        #expect(price != nil && visitor.page.contains("Total: €\(price ?? "")"), "one pair of shoes in the cart")
    }

    /// A store without a watch, counting how it is read.
    @Test func aReloadOfASessionThisProcessHoldsReadsOnlyItsRevision() async throws {
        let store = CountingSessionStore(MemorySessionStore(), passingOnChanges: false)
        let site = ShopWeb.site(.stack, store: store)
        var visitor = SiteVisitor(site)
        await visitor.get("/", through: [site])
        await visitor.act("start", through: [site])
        let loads = await store.loads

        for _ in 0..<5 { await visitor.get(visitor.address, through: [site]) }

        #expect(await store.loads == loads)
        #expect(await store.revisionReads >= 5)
        #expect(visitor.title == "Sign in")
        // Another server moves the session on: this one reads it whole again and follows.
        let other = ShopWeb.site(.stack, store: store)
        await visitor.act("email", "ana@example.com", through: [other])
        await visitor.get(visitor.address, through: [site])
        #expect(visitor.title == "Catalog")
        #expect(await store.loads > loads)
        // The browser's Back, through the servers: the person is back on sign-in.
        await visitor.back(through: [other])
        #expect(visitor.title == "Sign in")
    }

    @Test func theSetAsidePageIsInTheAppsWords() async throws {
        let store = MemorySessionStore()
        var visitor = SiteVisitor(ShopWeb.site(.stack, store: store))
        await visitor.get("/", through: [ShopWeb.site(.stack, store: store)])
        let other = ShopWeb.site(.router, store: store)
        other.setAsidePage = SetAsidePage(title: "We lost your place", explanation: "Sorry about that.", startAgain: "Begin anew")

        await visitor.get(visitor.address, through: [other])

        #expect(visitor.statuses == [409])
        #expect(visitor.title == "We lost your place")
        #expect(visitor.page.contains("Begin anew"))
    }
}
