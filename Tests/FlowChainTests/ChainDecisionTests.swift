import FlowKernel
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

@testable import FlowChain

/// A screen that can refuse to be shown.
@MainActor
final class Doorway: Screen {
    let displayName: String
    var entering: GuardVerdict = .allow
    init(_ name: String) { displayName = name }
    func shouldEnter(by origin: FlowEvent.Origin) -> GuardVerdict { entering }
}

/// The state a chain keeps, as a value: what each decision changes of it, read with no host.
@MainActor
@Suite("Chain state")
struct ChainStateTests {
    @Test(
        "A step shown is current and keeps its screen and the context it was handed; one handed none keeps the one it had",
        arguments: [
            // (the step shown, the context it is handed, the contexts kept after)
            (1, "card" as String?, [0: "plan", 1: "card"]),
            (1, nil, [0: "plan"]),
            (0, "free", [0: "free"]),
        ])
    func show(step: Int, context: String?, kept: [Int: String]) {
        var state = ChainState()
        state.show(0, screen: Plain("Details"), context: "plan")
        let screen = Plain("Card")
        state.show(step, screen: screen, context: context)
        #expect(state.current == step)
        #expect(state.screens[step] === screen)
        #expect(state.contexts.mapValues { $0 as? String } == kept)
    }

    @Test(
        "Going back keeps the screens above the step revealed, to be shown again; letting go drops them and their contexts",
        arguments: [
            // (the steps let go of, the steps kept after)
            ([] as [Int], [0, 1, 2]),
            ([2], [0, 1]),
            ([1, 2], [0]),
        ])
    func revealAndRelease(released: [Int], kept: [Int]) {
        var state = ChainState()
        for step in 0..<3 { state.show(step, screen: Plain("\(step)"), context: "\(step)") }
        state.reveal(0)
        #expect(state.current == 0)
        #expect(state.screens.keys.sorted() == [0, 1, 2])
        let letGo = state.release(released)
        #expect(letGo.map(\.step) == released)
        #expect(state.screens.keys.sorted() == kept)
        #expect(state.contexts.keys.sorted() == kept)
        #expect(state.position(stepCount: 3) == ChainPosition(stepCount: 3, current: 0))
    }
}

/// A chain's request is one decision: the changes its step actions ask of the container are
/// made whole, once the request has decided, or none is.
@MainActor
@Suite("Step chain: one change per request")
struct ChainOneChangeTests {
    let host = InMemoryHost()

    @Test func aStepActionsSecondChangeRefusedLeavesItsFirstUnmadeAndTheChainWhereItWas() throws {
        let help = Doorway("Help")
        help.entering = .refuse(because: "not yet")
        let card = Plain("Card")
        let chain = StepChain<Void>("wizard")
            .addStep { Plain("Details") }
            .addStep(
                Step { card }.onPresent { screen, context in
                    try context.container.show(screen)
                    try context.container.present(help)
                }
            )
            .finish()
        try chain.start(on: host)
        let recorder = TranscriptRecorder(observing: host)

        let error = #expect(throws: FlowError.self) { try chain.handle?.next() }

        #expect(error?.code == .guardRefused)
        #expect(host.entries(of: "wizard")?.map(\.description) == ["Details"])
        #expect(host.presented(by: .container("wizard")) == nil)
        #expect(chain.currentStep == 0)
        #expect(card.step == nil)
        expectTranscript(recorder.transcript, equals: ["[wizard] refuse showing Help: not yet"])

        help.entering = .allow
        try chain.handle?.next()
        #expect(host.entries(of: "wizard")?.map(\.description) == ["Details", "Card"])
        #expect(host.presented(by: .container("wizard")) == .of(help))
        #expect(chain.currentStep == 1)
    }

    @Test func anArrivalWhoseThirdActionThrowsShowsNoStepOnTheWay() throws {
        var failing = true
        let chain = StepChain<Void>("wizard")
            .addStep { Plain("Details") }
            .addStep { Labelled("Plan") }
            .addStep { Plain("Card") }
            .addStep(
                Step { Plain("Confirm") }.onPresent { screen, context in
                    if failing { throw Broken() }
                    try context.container.show(screen)
                }
            )
            .finish()
        try chain.start(on: host)
        let recorder = TranscriptRecorder(observing: host)

        #expect(throws: Broken.self) { try chain.arrive(atStep: 3) { $0 == 1 ? "pro" : nil } }

        #expect(host.entries(of: "wizard")?.map(\.description) == ["Details"])
        #expect(chain.currentStep == 0)
        #expect(recorder.transcript.lines.isEmpty)

        failing = false
        try chain.arrive(atStep: 3) { $0 == 1 ? "pro" : nil }
        #expect(host.entries(of: "wizard")?.map(\.description) == ["Details", "Plan", "Card", "Confirm"])
        #expect(chain.currentStep == 3)
        expectTranscript(
            recorder.transcript,
            equals: [
                "(link) [wizard] push Plan onto [wizard]",
                "(link) [wizard] pass String to Plan",
                "(link) [wizard] push Card onto [wizard]",
                "(link) [wizard] push Confirm onto [wizard]",
            ])
    }

    @Test func twoPresentationsInOneActionGoOneOverTheOther() throws {
        let terms = Plain("Terms")
        let summary = Plain("Summary")
        let chain = StepChain<Void>("wizard")
            .addStep { Plain("Details") }
            .addStep(
                Step { terms }.onPresent { screen, context in
                    try context.container.present(screen)
                    try context.container.present(summary)
                }
            )
            .finish()
        try chain.start(on: host)
        try chain.handle?.next()
        #expect(host.presented(by: .container("wizard")) == .of(terms))
        #expect(host.presented(by: .of(terms)) == .of(summary))
        #expect(chain.currentStep == 1)
    }

    @Test func backInASingleContainerToAStepPresentedByItsOwnActionLeavesItPresented() throws {
        let details = Plain("Details")
        let terms = Plain("Terms")
        let confirm = Plain("Confirm")
        let chain = StepChain<Void>("wizard", container: .single)
            .addStep { details }
            .addStep(
                Step { terms }.onPresent { screen, context in try context.container.present(screen) }
                    .onDismiss { screen, context in try context.container.dismiss(screen) }
            )
            .addStep { confirm }
            .finish()
        try chain.start(on: host)
        try chain.handle?.next()
        try chain.handle?.next()
        #expect(host.presented(by: .of(details)) == nil)

        // Back from Confirm: Confirm leaves the container; Terms, presented, stays as it is.
        try chain.handle?.back()
        #expect(chain.currentStep == 1)
        #expect(host.contains(.of(terms)))
        #expect(!host.contains(.of(confirm)))

        try chain.handle?.back()
        #expect(chain.currentStep == 0)
        #expect(!host.contains(.of(terms)))
        #expect(host.contains(.of(details)))
    }

    @Test func theContainerCalledOutsideAStepsActionMakesARequestOfItsOwn() throws {
        let chain = StepChain<Void>("wizard").addStep { Plain("Details") }.addStep { Plain("Card") }.finish()
        try chain.start(on: host)
        let container = try #require(chain.container)
        let help = Plain("Help")

        try container.present(help)
        #expect(host.presented(by: .container("wizard")) == .of(help))
        #expect(chain.currentStep == 0)

        // From inside the host's delivery, it is refused as any request is.
        let outcome = DuringDelivery.run(on: host) { try container.dismiss(help) }
        #expect((try? outcome.get()) == nil)
        #expect(host.presented(by: .container("wizard")) == .of(help))

        try chain.cancel()
        let error = #expect(throws: FlowError.self) { try container.show(Plain("Late")) }
        #expect(error?.code == .flowFinished)
        #expect(host.entries(of: "wizard") == nil)
    }
}
