import FlowChain
import FlowKernel
import FlowStage
import FlowTestKit
import Testing

@MainActor
@Suite("Step chain lifetimes and laws")
struct ChainLifetimeTests {
    final class Analytics {}

    @Test func afterTheEndNoStepScreenOrCapturedObjectIsAlive() throws {
        let host = InMemoryHost()
        let leaks = LeakTracker()
        weak var weakChain: ChainFlow<Void>?
        do {
            let analytics = leaks.track(Analytics())
            let chain = StepChain<Void>(
                "flow",
                defaultPresent: {
                    _ = analytics
                    try $0.container.show($0.screen)
                }
            )
            .addStep { leaks.track(Plain("A")) }
            .addStep(Step { leaks.track(Labelled("B")) }.onEnd { _, _ in _ = analytics })
            .addStep { leaks.track(Plain("C")) }
            .finish { _ in _ = analytics }
            leaks.track(chain, as: "chain")
            weakChain = chain
            try chain.start(on: host)
            try chain.handle?.next(context: "hi")
            try chain.handle?.next()
            try chain.handle?.back()
            try chain.handle?.endFlow()
            #expect(chain.phase == .finished)
        }
        #expect(leaks.trackedCount == 5)
        leaks.expectNoLeaks()
        #expect(weakChain == nil)
    }

    @Test func aFinishedChainThatIsStillHeldKeepsNothingAlive() throws {
        let host = InMemoryHost()
        let leaks = LeakTracker()
        let captured = leaks.track(Analytics())
        let chain = StepChain<Void>("flow").addStep { leaks.track(Plain("A")) }.finish { _ in _ = captured }
        try chain.start(on: host)
        try chain.handle?.next()
        withExtendedLifetime(chain) {
            #expect(leaks.survivors == ["Analytics"])
        }
    }

    @Test(
        "A chain obeys every flow law",
        arguments: [
            (FlowPlacement.root, ChainContainer.Kind.stack),
            (.presented, .stack),
            (.onStack("base"), .stack),
            (.root, .single),
            (.presented, .single),
            (.onStack("base"), .single),
        ])
    func chainObeysTheFlowLaws(_ placement: FlowPlacement, kind: ChainContainer.Kind) {
        FlowLaws.check(
            makeHost: { InMemoryHost() },
            placement: placement,
            make: { StepChain<String>("laws", container: kind).addStep { Plain("A") }.addStep { Labelled("B") }.finish() }
        ) { chain in
            try chain.handle?.next(context: "to B")
            try chain.handle?.next(context: "done")
        }
    }
}
