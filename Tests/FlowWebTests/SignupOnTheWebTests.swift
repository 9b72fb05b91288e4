import FlowExplorer
import FlowKernel
import FlowWeb
import FlowWebTesting
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

    @Test("Cancel asks in a dialog: Keep editing stays on the step, Discard ends the sign-up without an account", arguments: Strategy.allCases)
    func cancelAsksFirst(_ strategy: Strategy) {
        var visitor = Self.atDetails(strategy)
        visitor.act("details", fields: Self.ana.merging(["plan": "pro"]) { $1 })
        visitor.act("cancel")
        #expect(visitor.title == "Discard your details?")
        #expect(visitor.page.contains(#"role="alertdialog""#))
        #expect(visitor.page.contains(#"<p id="alert-message">The sign-up ends without an account.</p>"#))
        visitor.act("Keep editing")
        #expect(visitor.title == "Card")

        visitor.act("card", "4242 4242 4242 4242")
        visitor.act("cancel")
        visitor.act("Discard")
        #expect(visitor.title == "Thank you")
        #expect(visitor.page.contains("cancelled without an account"), "\(visitor.page.split(separator: "<main").last ?? "")")
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

    @Test("Random moves through the sign-up never leave the browser and the model apart, and make one account per confirmation", arguments: Strategy.allCases)
    func staysTogetherUnderRandomBrowsing(_ strategy: Strategy) {
        let runs = Int(ProcessInfo.processInfo.environment["FLOWKIT_WEB_FUZZ"] ?? "") ?? 3
        let seed = UInt64(ProcessInfo.processInfo.environment["FLOWKIT_WEB_FUZZ_SEED"] ?? "") ?? 37
        var random = SeededGenerator(seed: seed &+ UInt64(Strategy.allCases.firstIndex(of: strategy) ?? 0))
        for run in 0..<runs {
            var visitor = Self.atDetails(strategy)
            var seen: [String] = [visitor.address]
            // The browser's history holds the pages of a session that ended, once it restarted.
            var restarted = false
            for step in 0..<25 {
                let names = RandomBrowsingTests.actions(on: visitor.page)
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<6 where !names.isEmpty:
                    switch names.randomElement(using: &random)! {
                    case "details":
                        let email = ["ana@example.com", "ana"].randomElement(using: &random)!
                        visitor.act("details", fields: ["name": "Ana", "email": email, "plan": ["free", "pro"].randomElement(using: &random)!])
                    case "card": visitor.act("card", ["4242 4242 4242 4242", "4242 4242 4242 424"].randomElement(using: &random)!)
                    case let name: visitor.act(name)
                    }
                case 6..<9:
                    visitor.get(seen.randomElement(using: &random)!)
                default:
                    if restarted { visitor.get(seen.randomElement(using: &random)!) } else { visitor.back() }
                }
                if visitor.address == "/", visitor.page.contains("Start again") {
                    visitor.post(["token": visitor.hidden["token"] ?? ""], to: "/restart")
                    seen = []
                    restarted = true
                }
                if !seen.contains(visitor.address) { seen.append(visitor.address) }
                guard let visit = visitor.visit else {
                    Issue.record("run \(run) step \(step): the session is gone")
                    return
                }
                let agrees = visit.drifts.isEmpty && visitor.address == visit.currentAddress && visit.platform.hierarchy == visit.host.hierarchy
                let answered = visitor.statuses.allSatisfy { [200, 303, 422].contains($0) }
                // A confirmation is shown once per account: Done never follows a second Confirm of one sign-up.
                let accounts = (visit.transcript?() ?? []).filter { $0.contains("push Done") || $0.contains("replace") && $0.contains("Done") }.count
                #expect(
                    agrees && answered && accounts <= 1,
                    "run \(run) (seed \(seed)) step \(step): \(visitor.statuses) at \(visitor.address), model at \(visit.currentAddress), drifts \(visit.drifts)"
                )
                if !(agrees && answered) { return }
            }
        }
    }
}
