import FlowExplorer
import FlowKernel
import FlowWeb
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
        let runs = Int(ProcessInfo.processInfo.environment["FLOWKIT_WEB_FUZZ"] ?? "") ?? 15
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
                    visitor.act(name, name == "email" ? ["ana@example.com", "nope"].randomElement(using: &random) : nil)
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

    /// The names of the actions a page offers on its top layer.
    static func actions(on page: String) -> [String] {
        page.components(separatedBy: "name=\"action\" value=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }
}
