import Foundation
import ShopApp
import Testing

/// Docs/Strategies.md shows each shop's transcript of one journey; it must be what the shop
/// prints now, as `flow-demo --transcript` does.
@MainActor
@Suite struct DocumentedTranscriptTests {
    @Test(arguments: Strategy.allCases)
    func theStrategiesGuideShowsTheJourneysTranscriptAsTheShopPrintsIt(_ strategy: Strategy) throws {
        let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Docs/Strategies.md")
        let text = try String(contentsOf: guide, encoding: .utf8)
        let marker = "<!-- transcript: \(strategy.rawValue) -->\n```\n"
        let start = try #require(text.range(of: marker), "Docs/Strategies.md has no transcript for \(strategy.rawValue)")
        let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        let documented = text[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)

        let session = try ShopSession(strategy: strategy)
        for typed in FlowDemoCLITests.happy.split(separator: ",") {
            #expect(session.perform(try #require(Command(String(typed)))) == nil, "\(typed)")
        }
        #expect(documented == session.log.lines, "Docs/Strategies.md shows an old transcript of the \(strategy.rawValue) shop")
    }
}
