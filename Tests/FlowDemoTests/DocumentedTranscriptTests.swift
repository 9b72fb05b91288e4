import FlowTestKit
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
        let documented = try documentedBlock(after: "<!-- transcript: \(strategy.rawValue) -->", in: guide).split(separator: "\n").map(String.init)

        let session = try ShopSession(strategy: strategy)
        for typed in FlowDemoCLITests.happy.split(separator: ",") {
            #expect(session.perform(try #require(Command(String(typed)))) == nil, "\(typed)")
        }
        #expect(documented == session.log.lines, "Docs/Strategies.md shows an old transcript of the \(strategy.rawValue) shop")
    }
}
