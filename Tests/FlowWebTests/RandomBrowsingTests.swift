import FlowExplorer
import FlowKernel
import FlowWeb
import FlowWebTesting
import Foundation
import ShopApp
import Testing

/// Random browsing of the shop on the web: actions, the browser's moves to any page seen before
/// (Back, Forward, the history menu, bookmarks), reloads and stale forms, interleaved; after every
/// step the browser shows the page the model says the person sees and nothing drifted.
@MainActor
@Suite("Random browsing")
struct RandomBrowsingTests {
    @Test("Random moves in every strategy never leave the browser and the model apart", arguments: Strategy.allCases)
    func randomBrowsing(_ strategy: Strategy) {
        let runs = Int(ProcessInfo.processInfo.environment["FLOWKIT_WEB_FUZZ"] ?? "") ?? 3
        let seed = UInt64(ProcessInfo.processInfo.environment["FLOWKIT_WEB_FUZZ_SEED"] ?? "") ?? 29
        var random = SeededGenerator(seed: seed &+ UInt64(Strategy.allCases.firstIndex(of: strategy) ?? 0))
        for run in 0..<runs {
            var visitor = SiteVisitor(ShopWeb.site(strategy))
            visitor.get("/")
            var seen: [String] = [visitor.address]
            var stale: (page: String, fields: [String: String])?
            for step in 0..<30 {
                let names = Self.actions(on: visitor.page)
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<5 where !names.isEmpty:
                    stale = (visitor.address, visitor.hidden)
                    let name = names.randomElement(using: &random)!
                    if name == "address" {
                        fillInTheAddress(&visitor, using: &random, run: run, step: step)
                    } else {
                        let text = name == "email" ? ["ana@example.com", "nope"].randomElement(using: &random) : nil
                        visitor.act(name, text)
                        if text == "nope" { #expect(visitor.value(ofField: "text") == "nope", "run \(run) step \(step): the mistyped address is gone") }
                    }
                case 5..<8:
                    visitor.get(seen.randomElement(using: &random)!)
                case 8 where stale != nil:
                    let name = names.randomElement(using: &random) ?? "start"
                    visitor.post(stale!.fields.merging(["action": name]) { $1 }, to: stale!.page)
                default:
                    visitor.get(visitor.address)
                }
                if visitor.address == "/", visitor.page.contains("Start again") {
                    visitor.post(["token": visitor.hidden["token"] ?? ""], to: "/restart")
                    seen = []
                    // The ended session's forms went with it.
                    stale = nil
                }
                if !seen.contains(visitor.address) { seen.append(visitor.address) }
                guard let visit = visitor.visit else {
                    Issue.record("run \(run) step \(step): the session is gone")
                    return
                }
                let agrees = visit.drifts.isEmpty && visitor.address == visit.currentAddress && visit.platform.hierarchy == visit.host.hierarchy
                let answered = visitor.statuses.allSatisfy { [200, 303, 422].contains($0) }
                #expect(
                    agrees && answered,
                    "run \(run) (seed \(seed)) step \(step): \(visitor.statuses) at \(visitor.address), model at \(visit.currentAddress), drifts \(visit.drifts), last lines \(visit.transcript?().suffix(4) ?? [])"
                )
                if !(agrees && answered) { return }
            }
        }
    }

    @Test("With the page's script, random actions and Back presses keep one history entry per step of the model's Back", arguments: Strategy.allCases)
    func scriptedHistory(_ strategy: Strategy) throws {
        let runs = Int(ProcessInfo.processInfo.environment["FLOWKIT_WEB_FUZZ"] ?? "") ?? 3
        let seed = UInt64(ProcessInfo.processInfo.environment["FLOWKIT_WEB_FUZZ_SEED"] ?? "") ?? 31
        var random = SeededGenerator(seed: seed &+ UInt64(Strategy.allCases.firstIndex(of: strategy) ?? 0))
        for run in 0..<runs {
            var browser = ScriptedBrowser(ShopWeb.site(strategy))
            // Until a Back the model refuses replaces an entry with the page the person is on, the
            // history is the model's Back path, one entry per step.
            var aligned = true
            for step in 0..<30 {
                let names = Self.actions(on: browser.visitor.page)
                if names.isEmpty || browser.index > 0 && Int.random(in: 0..<3, using: &random) == 0 {
                    aligned = browser.back() && aligned
                } else {
                    let name = names.randomElement(using: &random)!
                    browser.act(name, name == "email" ? ["ana@example.com", "nope"].randomElement(using: &random) : nil)
                }
                if browser.visitor.address == "/", browser.visitor.page.contains("Start again") { browser = ScriptedBrowser(ShopWeb.site(strategy)) }
                let visit = try #require(browser.visitor.visit, "run \(run) step \(step): the session is gone")
                let shown = browser.visitor.address == visit.currentAddress && visit.drifts.isEmpty
                let oneEntryPerStep = !aligned || browser.index == visit.backDepth
                #expect(
                    shown && oneEntryPerStep,
                    "run \(run) (seed \(seed)) step \(step): the browser at \(browser.visitor.address), entry \(browser.index) of \(browser.entries), the model at \(visit.currentAddress), depth \(visit.backDepth), last lines \(visit.transcript?().suffix(4) ?? [])"
                )
                if !(shown && oneEntryPerStep) { return }
            }
        }
    }

    /// Fills in checkout's address with parts good and bad: a form with a bad part is shown again
    /// with every part as typed and changes nothing; a good one ships there.
    private func fillInTheAddress(_ visitor: inout SiteVisitor, using random: inout SeededGenerator, run: Int, step: Int) {
        let fields = [
            "name": ["Ana Lopez", "", "O'Brien <b>"].randomElement(using: &random)!, "street": "1 Rua Augusta", "city": "Lisbon",
            "postcode": ["1100-048", "11;00", "AB1 2CD"].randomElement(using: &random)!, "country": ["PT", "XX", "DE"].randomElement(using: &random)!,
        ]
        let holds = !fields["name"]!.isEmpty && !fields["postcode"]!.contains(";") && fields["country"] != "XX"
        let before = visitor.visit?.host.hierarchy
        let revision = visitor.hidden["revision"]
        visitor.act("address", fields: fields)
        if holds {
            #expect(visitor.page.contains("Shipping to"), "run \(run) step \(step): a good address was not taken")
        } else {
            let kept = ["name", "street", "postcode"].allSatisfy { visitor.value(ofField: $0) == fields[$0] }
            #expect(
                kept && visitor.visit?.host.hierarchy == before && visitor.hidden["revision"] == revision,
                "run \(run) step \(step): a refused address lost what was typed or changed something")
        }
    }

    /// The names of the actions a page offers on its top layer.
    static func actions(on page: String) -> [String] {
        page.components(separatedBy: "name=\"action\" value=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }
}

/// A browser with the page's script: its history as entries of addresses, forms posted as the
/// script posts them and the answer turned into history as the script does.
@MainActor
struct ScriptedBrowser {
    var visitor: SiteVisitor
    private(set) var entries: [String] = []
    private(set) var index = 0

    init(_ site: FlowSite) {
        visitor = SiteVisitor(site)
        visitor.get("/")
        entries = [visitor.address]
    }

    /// Posts an action's form as the script does and follows the answer.
    mutating func act(_ name: String, _ text: String?) {
        var fields = visitor.hidden
        fields["action"] = name
        if let text { fields["text"] = text }
        let body = fields.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        let answer = visitor.site.respond(to: WebRequest(.post, visitor.address, body: body, sessionToken: visitor.token, isScripted: true))
        let parts = answer.body.split(separator: " ")
        guard answer.status == 200, parts.count == 2, let there = Int(parts[0]) else { return }
        let here = index
        let to = String(parts[1])
        if there > here {
            entries = Array(entries.prefix(index + 1)) + [to]
            index += 1
            load(to)
        } else if there < here {
            _ = go(back: here - there)
        } else {
            load(to)
        }
    }

    /// The browser's Back; whether the page shown is the entry's (not one the model refused to
    /// go back to, which replaces the entry).
    mutating func back() -> Bool { go(back: 1) }

    private mutating func go(back steps: Int) -> Bool {
        guard index >= steps else { return true }
        index -= steps
        let asked = entries[index]
        load(asked)
        return visitor.address == asked
    }

    /// Loads an entry's page; a redirect replaces the entry's address, as a browser's does.
    private mutating func load(_ address: String) {
        visitor.get(address)
        entries[index] = visitor.address
    }
}
