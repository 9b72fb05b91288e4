import FlowChain
import FlowKernel
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

/// A step screen that takes a `String` and can refuse to leave or to be shown.
@MainActor
final class GuardedStep: ChainScreen {
    var step: StepHandle?
    let displayName: String
    var leaving: GuardVerdict = .allow
    var entering: GuardVerdict = .allow
    private(set) var received: [String] = []
    /// Each guard asked, in order: `leave`, `enter`.
    var asked: [String] = []
    init(_ name: String) { displayName = name }
    func update(with context: String) { received.append(context) }
    func shouldLeave(by origin: FlowEvent.Origin) -> GuardVerdict {
        asked.append("leave")
        return leaving
    }
    func shouldEnter(by origin: FlowEvent.Origin) -> GuardVerdict {
        asked.append("enter")
        return entering
    }
}

/// Screens' guards in a chain: back, next with a context, arrivals, the user's back and the end
/// are refused whole, with the chain at the step it was on and no context passed.
@MainActor
@Suite("Step chain: screens' guards")
struct ChainGuardTests {
    let host = InMemoryHost()
    let recorder: TranscriptRecorder
    let chain: ChainFlow<Void>
    let draft = GuardedStep("Draft"), review = GuardedStep("Review")

    init() throws {
        recorder = TranscriptRecorder(observing: host)
        chain = StepChain<Void>("chain")
            .addStep { Plain("Start") }
            .addStep { [draft] in draft }
            .addStep { [review] in review }
            .finish()
        try chain.start(on: host)
        try chain.handle?.next()
        recorder.reset()
    }

    @Test func nextAsksTheStepsGuardOnceThoughTheChainAsksBeforeItHandsTheContext() throws {
        review.asked = []
        try chain.handle?.next(context: "notes")
        #expect(review.asked == ["enter"])
        #expect(review.received == ["notes"])
    }

    @Test func anArrivalBackAsksEachLeavingStepOnce() throws {
        try chain.handle?.next(context: "notes")
        draft.asked = []
        review.asked = []
        try chain.arrive(atStep: 0)
        #expect(draft.asked == ["leave"])
        #expect(review.asked == ["leave"])
        #expect(host.entries(of: "chain")?.map(\.description) == ["Start"])
    }

    @Test func backFromAStepThatRefusesToLeaveKeepsTheChainOnIt() throws {
        draft.leaving = .refuse(because: "unsaved changes")
        let error = #expect(throws: FlowError.self) { try chain.handle?.back() }
        #expect(error?.code == .guardRefused)
        #expect(chain.currentStep == 1)
        #expect(host.entries(of: "chain")?.map(\.description) == ["Start", "Draft"])
        expectTranscript(recorder.transcript, equals: ["[chain] refuse leaving Draft: unsaved changes"])

        draft.leaving = .allow
        try chain.handle?.back()
        #expect(chain.currentStep == 0)
    }

    @Test func nextToAStepThatRefusesToBeShownPassesNoContext() throws {
        review.entering = .refuse(because: "sign in first")
        let error = #expect(throws: FlowError.self) { try chain.handle?.next(context: "notes") }
        #expect(error?.code == .guardRefused)
        #expect(review.received.isEmpty)
        #expect(chain.currentStep == 1)
        expectTranscript(recorder.transcript, equals: ["[chain] refuse showing Review: sign in first"])

        review.entering = .allow
        try chain.handle?.next(context: "notes")
        #expect(review.received == ["notes"])
        #expect(chain.currentStep == 2)
    }

    @Test func anArrivalIsRefusedWholeByAGuardOnTheWay() throws {
        try chain.arrive(atStep: 0)
        recorder.reset()
        draft.entering = .refuse(because: "not yet")
        #expect(throws: FlowError.self) { try chain.arrive(atStep: 2) { _ in "from the link" } }
        #expect(chain.currentStep == 0)
        #expect(host.entries(of: "chain")?.map(\.description) == ["Start"])
        #expect(draft.received.isEmpty && review.received.isEmpty)

        draft.entering = .allow
        try chain.arrive(atStep: 2)
        review.leaving = .refuse(because: "under review")
        recorder.reset()
        #expect(throws: FlowError.self) { try chain.arrive(atStep: 0) }
        #expect(chain.currentStep == 2)
        expectTranscript(recorder.transcript, equals: ["(link) [chain] refuse leaving Review: under review"])
    }

    @Test func theUsersBackIsRefusedAndTheChainStaysOnTheStep() throws {
        draft.leaving = .refuse(because: "unsaved changes")
        #expect(throws: FlowError.self) { try host.user.back() }
        #expect(chain.currentStep == 1)
        try chain.handle?.next()
        #expect(chain.currentStep == 2)
    }

    @Test func cancellingIsRefusedWhileAStepRefusesToLeave() throws {
        draft.leaving = .refuse(because: "unsaved changes")
        #expect(throws: FlowError.self) { try chain.cancel() }
        #expect(chain.phase == .running)
        #expect(chain.currentStep == 1)
        draft.leaving = .allow
        try chain.cancel()
        #expect(host.hierarchy.root == nil)
    }

    @Test func aSingleContainerKeepsItsChildWhenTheChildRefusesToLeave() throws {
        let box = GuardedStep("Box A")
        let single = StepChain<Void>("box", container: .single).addStep { box }.addStep { Plain("Box B") }.finish()
        let other = InMemoryHost()
        try single.start(on: other)
        box.leaving = .refuse(because: "busy")
        let before = other.hierarchy
        #expect(throws: FlowError.self) { try single.handle?.next() }
        #expect(other.hierarchy == before)
        #expect(single.currentStep == 0)
    }
}
