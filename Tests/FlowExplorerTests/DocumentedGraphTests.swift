import FlowExplorer
import Foundation
import ShopApp
import Testing

/// Docs/Strategies.md draws each shop's navigation; its Mermaid must be what the explorer sees now.
@MainActor
@Suite struct DocumentedGraphTests {
    @Test(arguments: Strategy.allCases)
    func theStrategiesGuideShowsTheShopsCurrentGraph(_ strategy: Strategy) throws {
        let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Docs/Strategies.md")
        let text = try String(contentsOf: guide, encoding: .utf8)
        let marker = "<!-- graph: \(strategy.rawValue) -->\n```mermaid\n"
        let start = try #require(text.range(of: marker), "Docs/Strategies.md has no Mermaid block for \(strategy.rawValue)")
        let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        let documented = String(text[start.upperBound..<end.lowerBound])
        let current = try ShopExploration.explorer(strategy).explore(.breadthFirst(depth: 12)).graph.mermaid
        #expect(documented == current, "Docs/Strategies.md shows an old graph of the \(strategy.rawValue) shop: run Scripts/render-graphs.sh")
    }
}
