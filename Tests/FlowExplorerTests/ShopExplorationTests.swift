import FlowExplorer
import FlowKernel
import FlowTestKit
import ShopApp
import Testing

/// The shop, explored in every strategy from a fresh start: everything a user can do on each
/// screen, with good and bad email addresses, and the platform's back, swipe-down and tab bar.
@MainActor
@Suite struct ShopExplorationTests {
    @Test(arguments: Strategy.allCases)
    func exploringTheShopToDepthTwelveFindsNothingWrong(_ strategy: Strategy) throws {
        let report = try ShopBreadthFirst.report(strategy)
        expectNoFindings(report)
        // Every screen the strategy shows is reached, and every run that ended released its screens.
        #expect(Set(report.graph.nodes.keys).isSuperset(of: strategy.screenTypeNames))
        #expect(report.graph.nodes["(completed)"]?.kind == .end)
    }

    @Test(arguments: Strategy.allCases)
    func theShopsObservedGraphMatchesItsBaseline(_ strategy: Strategy) throws {
        let report = try ShopBreadthFirst.report(strategy)
        expectGraph(report.graph, matchesBaseline: "Baselines/shop-\(strategy.rawValue).txt")
    }

    @Test(arguments: Strategy.allCases)
    func aSeededRandomWalkOfTheShopFindsNothingWrongAndRepeatsItself(_ strategy: Strategy) throws {
        let explorer = ShopExploration.explorer(strategy)
        let first = try explorer.explore(.random(seed: 2026, steps: 600, depth: 30))
        let second = try explorer.explore(.random(seed: 2026, steps: 600, depth: 30))
        expectNoFindings(first)
        #expect(first.graph == second.graph)
        #expect(first.states == second.states)
        // The shop is small enough for depth twelve to see every move: a longer random walk finds
        // none that the breadth-first walk missed.
        let breadthFirst = try ShopBreadthFirst.report(strategy)
        #expect(first.graph.edges.subtracting(breadthFirst.graph.edges).sorted().map(\.label) == [])
        #expect(first.graph.edges.count > breadthFirst.graph.edges.count / 2)
    }
}
