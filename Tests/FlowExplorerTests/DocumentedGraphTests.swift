import FlowExplorer
import FlowTestKit
import Foundation
import ShopApp
import Testing

/// Docs/Strategies.md draws each shop's navigation; its Mermaid must be what the explorer sees now.
@MainActor
@Suite struct DocumentedGraphTests {
    @Test(arguments: Strategy.allCases)
    func theStrategiesGuideShowsTheShopsCurrentGraph(_ strategy: Strategy) throws {
        let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Docs/Strategies.md")
        let documented = try documentedBlock(after: "<!-- graph: \(strategy.rawValue) -->", in: guide)
        let current = try ShopBreadthFirst.report(strategy).graph.mermaid
        #expect(documented == current, "Docs/Strategies.md shows an old graph of the \(strategy.rawValue) shop: run Scripts/render-graphs.sh")
    }
}
