import FlowChain
import FlowKernel
import FlowStage
import FlowTestKit
import Testing

@MainActor
@Suite("Step chain: the gesture law")
struct ChainGestureLawTests {
    static func chain(_ kind: ChainContainer.Kind, modal: Bool = false) -> ChainFlow<Void> {
        // With `modal`, the middle step is presented and dismissed by actions of its own, whose
        // changes the container adds to the request's one decision.
        let middle =
            modal
            ? Step { Plain("B") }.onPresent { screen, context in try context.container.present(screen) }
                .onDismiss { screen, context in try context.container.dismiss(screen) }
            : Step { Plain("B") }
        return StepChain<Void>("chain", container: kind).addStep { Plain("A") }.addStep(middle).addStep { Plain("C") }.finish()
    }

    /// A chain whose middle step applies every other time the chain reaches it: its trail has
    /// gaps, so Back, the person's gestures and the end meet skipped steps.
    static func conditional(_ kind: ChainContainer.Kind) -> ChainFlow<Void> {
        let turns = Turns()
        return StepChain<Void>("chain", container: kind)
            .addStep { Plain("A") }
            .addStep(Step { Plain("B") }.when("every other time") { turns.next() })
            .addStep { Plain("C") }
            .addStep(Step { Plain("D") }.when("every other time") { turns.next() })
            .finish()
    }

    /// Says yes and no in turn.
    final class Turns {
        private var count = 0
        func next() -> Bool {
            count += 1
            return count.isMultiple(of: 2)
        }
    }

    /// The current step's moves.
    static func legal(_ chain: ChainFlow<Void>) -> [GestureLaws.Request] {
        guard let handle = chain.handle else { return [] }
        var requests = [
            GestureLaws.Request("next") { try handle.next() },
            GestureLaws.Request("endFlow") { try handle.endFlow() },
        ]
        if handle.stepIndex > 0 { requests.append(GestureLaws.Request("back") { try handle.back() }) }
        return requests
    }

    @Test(
        "The chain follows random gestures between its own requests",
        arguments: [
            (FlowPlacement.presented, ChainContainer.Kind.stack, UInt64(300)), (.onStack("base"), .stack, 100),
            (.root, .stack, 100), (.presented, .single, 100),
        ])
    func gestureLaw(_ placement: FlowPlacement, _ kind: ChainContainer.Kind, _ seeds: UInt64) {
        GestureLaws.check(
            seeds: 1...GestureLaws.seedCount(default: seeds), placement: placement, makeHost: { InMemoryHost() }, make: { Self.chain(kind) },
            legalRequests: Self.legal)
    }

    @Test(
        "A chain whose step is presented by its own actions follows random gestures too",
        arguments: [(FlowPlacement.presented, ChainContainer.Kind.stack), (.onStack("base"), .stack), (.root, .single)])
    func gestureLawWithOwnActions(_ placement: FlowPlacement, _ kind: ChainContainer.Kind) {
        GestureLaws.check(
            seeds: 1...GestureLaws.seedCount(default: 100), placement: placement, makeHost: { InMemoryHost() }, make: { Self.chain(kind, modal: true) },
            legalRequests: Self.legal)
    }

    @Test(
        "A chain that skips steps follows random gestures too",
        arguments: [(FlowPlacement.presented, ChainContainer.Kind.stack), (.onStack("base"), .stack), (.root, .single)])
    func gestureLawWithSkippedSteps(_ placement: FlowPlacement, _ kind: ChainContainer.Kind) {
        GestureLaws.check(
            seeds: 1...GestureLaws.seedCount(default: 100), placement: placement, makeHost: { InMemoryHost() }, make: { Self.conditional(kind) },
            legalRequests: Self.legal)
    }
}
