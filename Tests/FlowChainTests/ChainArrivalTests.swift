import FlowChain
import FlowKernel
import FlowStage
import FlowTestKit
import Testing

/// Running a chain to a step for a deep link: forward with the contexts given, back through the
/// steps' own dismiss actions, everything checked before anything changes.
@MainActor
@Suite("Step chain: arriving at a link's step")
struct ChainArrivalTests {
    let host = InMemoryHost()
    let recorder: TranscriptRecorder
    let chain: ChainFlow<Greeting>
    let second = Labelled("B")

    init() throws {
        recorder = TranscriptRecorder(observing: host)
        chain = StepChain<Greeting>("chain")
            .addStep { Plain("A") }
            .addStep { [second] in second }
            .addStep { Plain("C") }
            .addStep { Greeted() }
            .finish()
        try chain.start(on: host)
        recorder.reset()
    }

    @Test func forwardEachStepOnTheWayIsShownWithTheContextGivenForIt() throws {
        try chain.arrive(atStep: 3) { step in step == 1 ? "from the link" : step == 3 ? Greeting(text: "hi") : nil }

        #expect(chain.currentStep == 3)
        #expect(host.entries(of: "chain")?.map(\.description) == ["A", "B", "C", "Greeted"])
        #expect(second.received == ["from the link"])
        #expect((chain.currentScreen as? Greeted)?.greeting == Greeting(text: "hi"))
        expectTranscript(
            recorder.transcript,
            equals: [
                "(link) [chain] push B onto [chain]",
                "(link) [chain] pass String to B",
                "(link) [chain] push C onto [chain]",
                "(link) [chain] push Greeted onto [chain]",
                "(link) [chain] pass Greeting to Greeted",
            ])
        try chain.handle?.back()
        #expect(chain.currentStep == 2)
    }

    @Test func backwardTheStepsAboveAreDismissedAndTheStepGetsItsNewContext() throws {
        try chain.arrive(atStep: 3)
        recorder.reset()

        try chain.arrive(atStep: 1) { _ in "again" }

        #expect(chain.currentStep == 1)
        #expect(host.entries(of: "chain")?.map(\.description) == ["A", "B"])
        #expect(second.received == ["again"])
        expectTranscript(
            recorder.transcript,
            equals: [
                "(link) [chain] pop Greeted from [chain]",
                "(link) [chain] pop C from [chain]",
                "(link) [chain] pass String to B",
            ])
    }

    @Test func theCurrentStepGetsItsNewContextAndNothingMoves() throws {
        try chain.arrive(atStep: 1) { _ in "first" }
        try chain.arrive(atStep: 1) { _ in "second" }
        #expect(second.received == ["first", "second"])
        #expect(host.entries(of: "chain")?.count == 2)
    }

    typealias Bad = (name: String, code: FlowError.Code, request: @MainActor (ChainFlow<Greeting>) throws -> Void)

    static let badArrivals: [Bad] = [
        ("a step past the end", .indexOutOfRange, { try $0.arrive(atStep: 4) }),
        ("a negative step", .indexOutOfRange, { try $0.arrive(atStep: -1) }),
        ("a context a step on the way does not accept", .argumentTypeMismatch, { try $0.arrive(atStep: 3) { $0 == 1 ? 42 : nil } }),
        ("a context the step arrived at does not accept", .argumentTypeMismatch, { try $0.arrive(atStep: 3) { $0 == 3 ? "not a greeting" : nil } }),
    ]

    @Test func everyBadArrivalThrowsItsCodeAndChangesNothing() throws {
        for bad in Self.badArrivals {
            let before = host.hierarchy
            let step = chain.currentStep
            recorder.reset()
            let error = #expect(throws: FlowError.self, "\(bad.name)") { try bad.request(chain) }
            #expect(error?.code == bad.code, "\(bad.name)")
            #expect(host.hierarchy == before, "\(bad.name)")
            #expect(chain.currentStep == step, "\(bad.name)")
            #expect(recorder.events.isEmpty, "\(bad.name)")
            #expect(second.received.isEmpty, "\(bad.name)")
        }
    }

    @Test func someoneElsesPresentationOverTheChainIsNotTakenAway() throws {
        try host.present(.screen(Plain("Other")), over: .of(try #require(chain.currentScreen)), for: nil)
        let covered = host.hierarchy

        let error = #expect(throws: FlowError.self) { try chain.arrive(atStep: 2) }

        #expect(error?.code == .hostRejected)
        #expect(host.hierarchy == covered)
    }

    @Test func arrivingFromInsideADeliveryOrAfterTheEndIsRefused() throws {
        let before = host.hierarchy
        let outcome = DuringDelivery.run(on: host) { try chain.arrive(atStep: 2) }
        #expect(throws: FlowError.self) { try outcome.get() }
        #expect(host.hierarchy == before)
        try chain.cancel()
        let error = #expect(throws: FlowError.self) { try chain.arrive(atStep: 2) }
        #expect(error?.code == .flowFinished)
    }

    @Test func theScreensOfAChainThatArrivedAreReleasedWhenItEnds() throws {
        let leaks = LeakTracker()
        try chain.arrive(atStep: 3) { $0 == 3 ? Greeting(text: "bye") : nil }
        leaks.track(try #require(chain.currentScreen as? Greeted))
        try chain.cancel()
        leaks.expectNoLeaks()
    }
}
