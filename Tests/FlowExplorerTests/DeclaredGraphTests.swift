import FlowChain
import FlowExplorer
import FlowKernel
import FlowRuntime
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
        let observed = try ShopBreadthFirst.report(.router).graph
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
        #expect(
            chain.declaredGraph.text == """
                start Intro
                node (completed) (end)
                node Details takes Int
                node Intro
                edge Details -> (completed) finish "next"
                edge Details -> Intro unwind "back"
                edge Intro -> Details replace "next with Int"
                """)
    }

    final class Shipping: ChainScreen {
        typealias NextContext = String
        var step: StepHandle?
    }

    final class Payment: ChainScreen {
        typealias NextContext = Never
        var step: StepHandle?
        private(set) var received: [Int] = []
        func update(with context: Int) { received.append(context) }
    }

    @Test func aStepThatPassesWhatTheNextStepDoesNotTakeIsAFinding() {
        let chain = StepChain<Void>("checkout").addStep { Shipping() }.addStep { Payment() }.finish()
        #expect(chain.declaredGraph.edges(from: "Shipping").map(\.label) == ["next with String"])
        #expect(
            chain.declaredGraph.findings == [
                GraphFinding(.handsOverWhatIsNotTaken(from: "Shipping", passes: ["String"], to: "Payment", takes: ["Int"]))
            ])
    }

    @Test func aLastStepThatPassesWhatIsNotTheChainsResultIsAFinding() {
        let chain = StepChain<Int>("checkout").addStep { Shipping() }.finish()
        #expect(
            chain.declaredGraph.findings == [
                GraphFinding(.handsOverWhatIsNotTaken(from: "Shipping", passes: ["String"], to: "(completed)", takes: ["Int"]))
            ])
    }

    @Test func aStepThatDeclaresNothingIsNotChecked() {
        let chain = StepChain<Int>("checkout").addStep { Intro() }.addStep { Details() }.finish()
        #expect(chain.declaredGraph.findings == [])
        #expect(chain.declaredGraph.nodes["Intro"]?.produces == [])
    }

    @Test func aContextOtherThanTheDeclaredOneIsRefusedAndChangesNothing() throws {
        let host = InMemoryHost()
        let chain = StepChain<Void>("checkout").addStep { Shipping() }.addStep { Payment() }.finish()
        try chain.start(on: host)
        let shipping = try #require(chain.currentScreen as? Shipping)
        let before = host.render()

        let refused = #expect(throws: FlowError.self) { try shipping.step?.next(context: 42) }
        #expect(refused?.message == "Shipping declares it passes a context of type String, not a Int.")
        #expect(chain.currentStep == 0)
        #expect(host.render() == before)

        // What it declares it passes goes on, and is then refused by the step that takes an Int.
        let error = #expect(throws: FlowError.self) { try shipping.step?.next(context: "Main Street 1") }
        #expect(error?.code == .argumentTypeMismatch)
        #expect(chain.currentStep == 0)
        #expect(host.render() == before)
    }

    @Test func aStepThatDeclaresItPassesNothingIsRefusedAContext() throws {
        let host = InMemoryHost()
        let chain = StepChain<Void>("pay").addStep { Payment() }.finish()
        try chain.start(on: host)
        let payment = try #require(chain.currentScreen as? Payment)
        let error = #expect(throws: FlowError.self) { try payment.step?.next(context: 5) }
        #expect(error?.message.contains("declares it passes no context") == true)
        #expect(chain.phase == .running)
        try payment.step?.next()
        #expect(chain.phase == .finished)
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
