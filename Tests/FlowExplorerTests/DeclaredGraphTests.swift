import FlowExplorer
import FlowKernel
import FlowTestKit
import ShopApp
import Testing

@MainActor
@Suite struct DeclaredGraphTests {
    @Test(arguments: [Strategy.stack, .chain, .router])
    func theShopsDeclaredGraphMatchesItsBaselineAndHasNoFindings(_ strategy: Strategy) throws {
        let graph = try #require(try ShopSession(strategy: strategy).declaredGraph)
        expectGraph(graph, matchesBaseline: "Baselines/shop-\(strategy.rawValue)-declared.txt")
        #expect(graph.findings == [])
    }

    @Test func theCoordinatorDeclaresNoGraph() throws {
        #expect(try ShopSession(strategy: .coordinator).declaredGraph == nil)
    }

    /// What the router declares, the explorer sees: every declared move between two screens is a
    /// move the explorer made (labels differ: the type produced, the action that produced it).
    @Test func everyMoveTheRouterDeclaresIsAMoveTheExplorerObserves() throws {
        let declared = try #require(try ShopSession(strategy: .router).declaredGraph)
        let observed = try ShopExploration.explorer(.router).explore(.breadthFirst(depth: 12)).graph
        let observedMoves = Set(observed.edges.map { "\($0.from) -> \($0.to) \($0.kind)" })
        let declaredMoves = Set(declared.edges.map { "\($0.from) -> \($0.to) \($0.kind)" })
        #expect(declaredMoves.subtracting(observedMoves).sorted() == [])
    }
}
