import FlowChain
import FlowExplorer
import FlowKernel
import FlowStage
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

@MainActor
@Suite struct ChainDeclaredGraphTests {
    final class Intro: ChainScreen {
        var step: StepHandle?
    }

    final class Details: ChainScreen {
        var step: StepHandle?
        func update(with context: Int) {}
    }

    @Test func aSingleContainerChainReplacesItsChildAndAVoidChainEndsWithNext() {
        let chain = StepChain<Void>("wizard", container: .single).addStep { Intro() }.addStep { Details() }.finish()
        #expect(chain.declaredGraph.text == """
            start Intro
            node (completed) (end)
            node Details takes Int
            node Intro
            edge Details -> (completed) finish "next"
            edge Details -> Intro unwind "back"
            edge Intro -> Details replace "next with Int"
            """)
    }

    @Test func theDeclaredGraphOutlivesTheChainsRun() throws {
        let chain = StepChain<Void>("wizard").addStep { Intro() }.addStep { Details() }.finish()
        let before = chain.declaredGraph
        try chain.start(on: InMemoryHost())
        try chain.cancel()
        #expect(chain.stepCount == 0)
        #expect(chain.declaredGraph == before)
        #expect(before.edges(from: "Intro").map(\.kind) == [.push])
    }
}
