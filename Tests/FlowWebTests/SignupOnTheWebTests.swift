import FlowKernel
import FlowWeb
import Foundation
import ShopApp
import Testing

/// The sign-up wizard on the web, in every strategy: the card for the pro plan only, the
/// browser's Back over the steps the person saw, what was typed kept and the card never.
@MainActor
@Suite("The sign-up on the web")
struct SignupOnTheWebTests {
    static let ana = ["name": "Ana", "email": "ana@example.com"]

    static func atDetails(_ strategy: Strategy) -> SiteVisitor {
        var visitor = SiteVisitor(ShopWeb.site(strategy, app: .signup))
        visitor.get("/")
        return visitor
    }

    @Test("The pro plan goes through the card to Done", arguments: Strategy.allCases)
    func pro(_ strategy: Strategy) {
        var visitor = Self.atDetails(strategy)
        #expect(visitor.title == "Details")
        #expect(visitor.page.contains("FlowKit sign-up"))
        visitor.act("details", fields: Self.ana.merging(["plan": "pro"]) { $1 })
        #expect(visitor.title == "Card")
        #expect(visitor.page.contains("data-sensitive"))
        visitor.act("card", "4242 4242 4242 4242")
        #expect(visitor.title == "Confirm")
        #expect(visitor.page.contains("Card: ending 4242"))
        visitor.act("confirm")
        #expect(visitor.title == "Done")
        visitor.act("close")
        #expect(visitor.title == "Thank you")
        #expect(visitor.page.contains("signed up Ana"))
        #expect(visitor.page.contains("pro plan, card ending 4242"))
    }

    @Test("The free plan never shows the card, and the browser's Back from Confirm shows the details as entered", arguments: Strategy.allCases)
    func free(_ strategy: Strategy) {
        var visitor = Self.atDetails(strategy)
        visitor.act("details", fields: Self.ana.merging(["plan": "free"]) { $1 })
        #expect(visitor.title == "Confirm")

        visitor.back()

        #expect(visitor.title == "Details")
        #expect(visitor.value(ofField: "name") == "Ana")
        #expect(visitor.value(ofField: "email") == "ana@example.com")
        #expect(visitor.value(ofField: "plan") == "free")
    }

    @Test("A wrong email and a 15-digit card are refused beside their field and change nothing", arguments: Strategy.allCases)
    func refusals(_ strategy: Strategy) {
        var visitor = Self.atDetails(strategy)
        let details = visitor.address
        visitor.act("details", fields: ["name": "Ana", "email": "ana", "plan": "pro"])
        #expect(visitor.address == details)
        #expect(visitor.error(ofField: "email")?.contains("is not an email address") == true)
        #expect(visitor.value(ofField: "name") == "Ana")

        visitor.act("details", fields: Self.ana.merging(["plan": "pro"]) { $1 })
        let card = visitor.address
        visitor.act("card", "4242 4242 4242 424")
        #expect(visitor.address == card)
        #expect(visitor.error(ofField: "text") == "A card number has 16 digits; this one has 15.")
        #expect(visitor.value(ofField: "text") == "", "a card number is never shown again")
    }
}
