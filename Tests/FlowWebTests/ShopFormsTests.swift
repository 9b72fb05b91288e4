import FlowKernel
import FlowWeb
import FlowWebTesting
import Foundation
import ShopApp
import Testing

/// The shop's forms on the web, in every strategy: what the person typed stays, with the shop's
/// message beside the field that is wrong; and the shop's own look.
@MainActor
@Suite("The shop's forms and look on the web")
struct ShopFormsTests {
    static let address = ["name": "Ana Lopez", "street": "1 Rua Augusta", "city": "Lisbon", "postcode": "1100-048", "country": "PT"]

    /// A visitor at checkout with red shoes in the cart.
    static func atCheckout(_ strategy: Strategy, site: FlowSite? = nil) -> SiteVisitor {
        var visitor = FlowSiteTests.signedIn(strategy, site: site)
        visitor.act("shoes")
        visitor.act("add")
        visitor.act("cart")
        visitor.act("checkout")
        return visitor
    }

    @Test("The cart asks before it removes an item, in a dialog answered only with its buttons", arguments: Strategy.allCases)
    func theCartAsksInADialog(_ strategy: Strategy) throws {
        var visitor = FlowSiteTests.signedIn(strategy)
        visitor.act("shoes")
        visitor.act("add")
        visitor.act("cart")

        visitor.act("remove", "")
        #expect(visitor.title == "Remove from cart?", "\(visitor.page.split(separator: "<main").last ?? "")")
        #expect(visitor.page.contains(#"<dialog open class="alert" role="alertdialog" aria-labelledby="alert-title" aria-describedby="alert-message">"#))
        #expect(visitor.page.contains(#"<p id="alert-message">Red shoes</p>"#))
        #expect(!visitor.page.contains(#"name="close""#), "an alert has no close button")
        #expect(visitor.page.contains(#"<form class="action" id="close""#), "Escape chooses Keep")

        visitor.act("Keep")
        #expect(visitor.title == "Cart")
        #expect(visitor.page.contains("Red shoes (€59)"))

        visitor.act("remove", "shoes")
        visitor.act("Remove")
        #expect(visitor.title == "Cart")
        #expect(visitor.page.contains("Your cart is empty."))
        #expect(visitor.page.contains("Removed Red shoes."))
    }

    @Test("A mistyped email at sign-in comes back with the shop's message beside it and the text still there", arguments: Strategy.allCases)
    func mistypedEmail(_ strategy: Strategy) throws {
        var visitor = SiteVisitor(ShopWeb.site(strategy))
        visitor.get("/")
        visitor.act("start")
        let transcript = FlowSiteTests.transcript(visitor)
        visitor.act("email", "ana@example")
        #expect(visitor.title == "Sign in")
        #expect(visitor.error(ofField: "text") == "\"ana@example\" is not an email address: the part after @ needs a domain like example.com.")
        #expect(visitor.value(ofField: "text") == "ana@example")
        #expect(visitor.page.contains(#"type="email""#) && visitor.page.contains(#"autocomplete="email""#))
        #expect(FlowSiteTests.transcript(visitor) == transcript, "a refused address changes nothing")
        visitor.get(visitor.address)  // a reload
        #expect(visitor.value(ofField: "text") == "ana@example")
        visitor.act("email", "ana@example.com")
        #expect(visitor.title == "Catalog")
    }

    @Test("Checkout's address keeps what was typed: a wrong part is named beside it, and the address comes back after Back", arguments: Strategy.allCases)
    func checkoutAddress(_ strategy: Strategy) throws {
        var visitor = Self.atCheckout(strategy)
        #expect(visitor.title == "Checkout")
        let checkout = visitor.address
        visitor.act("address", fields: Self.address.merging(["postcode": "11;00", "country": "XX"]) { $1 })
        #expect(visitor.address == checkout)
        #expect(visitor.error(ofField: "postcode") == "Postcode cannot hold a ;.")
        #expect(visitor.error(ofField: "country") == "Choose one of the options for Country.")
        #expect(visitor.error(ofField: "city") == nil)
        #expect(visitor.value(ofField: "street") == "1 Rua Augusta")
        #expect(visitor.value(ofField: "postcode") == "11;00")

        visitor.act("address", fields: Self.address)
        #expect(visitor.page.contains("Shipping to Ana Lopez, 1 Rua Augusta, 1100-048 Lisbon, Portugal."))
        #expect(visitor.value(ofField: "country") == "PT")

        // Back, and to checkout again: the address the person gave is there.
        visitor.act("back")
        #expect(visitor.title != "Checkout")
        if visitor.title == "Product" || visitor.title == "Catalog" { visitor.act("cart") }
        visitor.act("checkout")
        #expect(visitor.title == "Checkout")
        for (field, value) in Self.address { #expect(visitor.value(ofField: field) == value, "\(field)") }
        visitor.act("pay")
        #expect(visitor.title == "Done")
        #expect(visitor.page.contains("shipped to Ana Lopez, 1 Rua Augusta, 1100-048 Lisbon, Portugal"))
    }

    @Test("What the person typed outlives the process that took it", arguments: [Strategy.stack, .coordinator])
    func typedTextInTheStore(_ strategy: Strategy) async throws {
        let store = MemorySessionStore()
        let servers = [SessionStoreTests.server(strategy, store), SessionStoreTests.server(strategy, store)]
        var visitor = SiteVisitor(servers[0])
        await visitor.get("/", through: servers)
        await visitor.act("start", through: servers)
        await visitor.act("email", "ana@", through: servers)
        await visitor.get(visitor.address, through: [servers[1]])
        #expect(visitor.value(ofField: "text") == "ana@")
        #expect(visitor.error(ofField: "text") != nil)
        await visitor.get(visitor.address, through: [servers[0]])
        #expect(visitor.value(ofField: "text") == "ana@")
    }

    @Test func whatWasTypedOnAStepComesBackAfterBackAndForwardUntilTheRunEnds() async throws {
        let store = MemorySessionStore()
        let server = SessionStoreTests.server(.stack, store)
        var visitor = SiteVisitor(server)
        await SessionStoreTests.signIn(&visitor, through: [server])
        for action in ["shoes", "add", "cart", "checkout"] { await visitor.act(action, through: [server]) }
        await visitor.post(visitor.hidden.merging(Self.address.merging(["action": "address", "country": "XX"]) { $1 }) { $1 }, through: [server])
        func drafts() async throws -> [String: SavedVisit.Draft] {
            let token = try #require(visitor.token)
            let stored = try #require(try await store.load(SessionKey(token: token), now: .distantPast))
            return try SavedVisit(bytes: stored.data).drafts ?? [:]
        }
        let kept = try await drafts()
        #expect(kept.values.contains { $0.values["country"] == "XX" && $0.errors["country"] != nil })
        // Back from checkout: its page is gone with its draft and its messages; the step keeps
        // what was typed, as a wizard's step does.
        await visitor.act("back", through: [server])
        let afterBack = try await drafts()
        #expect(afterBack.filter { !$0.key.hasPrefix("step:") }.values.allSatisfy { $0.values["country"] == nil })
        #expect(afterBack.values.allSatisfy { $0.errors.isEmpty })
        // On to checkout again, on a screen made anew: what was typed is back, without the message.
        #expect(visitor.title == "Product")
        await visitor.act("cart", through: [server])
        await visitor.act("checkout", through: [server])
        #expect(visitor.title == "Checkout")
        #expect(visitor.value(ofField: "street") == "1 Rua Augusta")
        #expect(visitor.value(ofField: "city") == "Lisbon")
        #expect(visitor.error(ofField: "country") == nil)
        // Once the run ends, nothing typed is kept.
        await visitor.post(visitor.hidden.merging(Self.address.merging(["action": "address"]) { $1 }) { $1 }, through: [server])
        await visitor.act("pay", through: [server])
        #expect(visitor.title == "Done")
        await visitor.act("close", through: [server])
        #expect(visitor.visit?.host.hierarchy.root == nil)
        #expect(try await drafts().isEmpty)
    }

    @Test func aPasswordIsNeitherShownAgainNorKept() throws {
        let site = FlowSite {
            let app = try Club()
            return WebVisit(host: app.host, owner: app, page: { app.page(for: $0) }, ended: { WebScreen(title: "Bye") }, saving: { Data() })
        }
        var visitor = SiteVisitor(site)
        visitor.get("/")
        visitor.act("join", fields: FormsAndTheAppsLookTests.good.merging(["age": "12"]) { $1 })
        let saved = try #require(try visitor.visit?.save())
        #expect(saved.drafts?.values.first?.values["password"] == nil)
        #expect(saved.drafts?.values.first?.values["age"] == "12")
        #expect(!String(decoding: saved.bytes, as: UTF8.self).contains("correct horse"))
        #expect(!visitor.page.contains("correct horse"))
    }

    @Test func theShopsPagesUseItsStylesheetFromItsStaticFolder() throws {
        let site = ShopWeb.site(.router)
        var visitor = SiteVisitor(site)
        visitor.get("/")
        #expect(visitor.page.contains(#"<link rel="stylesheet" href="/static/shop.css">"#))
        #expect(visitor.page.contains(#"<header class="shop-header">"#))
        let css = site.respond(to: WebRequest(.get, "/static/shop.css"))
        #expect(css.status == 200 && css.contentType == "text/css; charset=utf-8")
        #expect(String(decoding: css.bytes ?? [], as: UTF8.self).contains(".shop-header"))
        #expect(site.respond(to: WebRequest(.get, "/static/favicon.svg")).contentType == "image/svg+xml")
        #expect(site.respond(to: WebRequest(.get, "/static/../Package.swift")).status == 404)
    }
}
