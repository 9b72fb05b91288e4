import FlowChain
import FlowKernel
import FlowRuntime
import FlowSnapshot
import FlowStage
import FlowTestKit
import Foundation
import Testing

@testable import FlowChain

/// A sign-up's answers: what the details step hands on, and the card step after it.
struct Signup: Codable, Hashable, Sendable {
    var plan: String
    var card: String?
}

/// Takes the answers so far and hands them on.
@MainActor
final class SignupStep: ChainScreen {
    typealias Context = Signup
    typealias NextContext = Signup
    var step: StepHandle?
    let displayName: String
    private(set) var signup: Signup?
    init(_ name: String) { displayName = name }
    func update(with context: Signup) { signup = context }
}

/// Who is signed in, as an app's own state.
@MainActor
final class Session {
    var signedIn = false
}

/// The decisions of a chain whose steps apply only to some answers, as a table that needs no host.
@MainActor
@Suite("Step chain: conditional steps decided as values")
struct ConditionalPositionTests {
    @Test(
        "next shows the first step after the current one that applies, and completes when none does",
        arguments: [
            // (trail, steps that apply, the move)
            ([0], Set([1, 2]), ChainPosition.Move.show(1)),
            ([0], [2], .show(2)),
            ([0], [], .complete),
            ([0, 2], [1, 3], .show(3)),
        ] as [([Int], Set<Int>, ChainPosition.Move)])
    func next(trail: [Int], applying: Set<Int>, move: ChainPosition.Move) throws {
        let position = ChainPosition(stepCount: 4, trail: trail)
        #expect(try position.next(from: trail.last!, applies: applying.contains) == move)
    }

    @Test(
        "back over a skipped step lands on the last step shown",
        arguments: [
            // (trail, the move)
            ([0, 2], ChainPosition.Move.hide(2, revealing: 0)),
            ([0, 1, 3], .hide(3, revealing: 1)),
            ([1, 3], .hide(3, revealing: 1)),
        ])
    func back(trail: [Int], move: ChainPosition.Move) throws {
        #expect(try ChainPosition(stepCount: 4, trail: trail).back(from: trail.last!, keepsScreen: true) == move)
    }

    @Test func backFromTheFirstStepShownIsRefusedWhenTheStepsBeforeItWereSkipped() {
        let error = #expect(throws: FlowError.self) { try ChainPosition(stepCount: 4, trail: [2]).back(from: 2, keepsScreen: true) }
        #expect(error?.code == .nothingToGoBackTo)
    }

    @Test(
        "An arrival goes forward through the steps that apply, or back along the trail",
        arguments: [
            // (trail, steps that apply, target, steps shown or handed a context, forward, leaving)
            ([0], Set([2, 3]), 3, [2, 3], true, [Int]()),
            ([0, 2], [3], 3, [3], true, []),
            ([0, 2, 3], [], 0, [0], false, [3, 2]),
            ([0, 2, 3], [], 2, [2], false, [3]),
        ] as [([Int], Set<Int>, Int, [Int], Bool, [Int])])
    func arrival(trail: [Int], applying: Set<Int>, target: Int, steps: [Int], forward: Bool, leaving: [Int]) throws {
        let arrival = try ChainPosition(stepCount: 4, trail: trail).arrival(at: target, chain: "c", applies: applying.contains)
        #expect(arrival == ChainPosition.Arrival(steps: steps, forward: forward, leaving: leaving))
    }

    @Test(
        "An arrival at a step the chain skips, ahead or behind, is refused as skipped",
        arguments: [
            // (trail, steps that apply, target)
            ([0], Set([2, 3]), 1),
            ([0, 2], [3], 1),
            ([0, 2, 3], [], 1),
        ] as [([Int], Set<Int>, Int)])
    func skippedArrival(trail: [Int], applying: Set<Int>, target: Int) {
        let error = #expect(throws: FlowError.self) {
            try ChainPosition(stepCount: 4, trail: trail).arrival(at: target, chain: "c", applies: applying.contains, condition: { _ in "pro plan" })
        }
        #expect(error?.code == .stepSkipped)
    }

    @Test func theStateKeepsTheTrailItWasShownAndEndsItWhereAStepIsRevealed() {
        var state = ChainState()
        let screens = (0..<4).map { SignupStep("\($0)") }
        state.show(0, screen: screens[0], context: nil)
        state.show(2, screen: screens[2], context: Signup(plan: "free"))
        state.show(3, screen: screens[3], context: Signup(plan: "free"))
        #expect(state.trail == [0, 2, 3])
        #expect(state.handedOn.map { $0 as? Signup } == [Signup(plan: "free"), Signup(plan: "free")])

        state.reveal(0)

        #expect(state.trail == [0])
        #expect(state.current == 0)
    }
}

/// A sign-up chain — details, a card for the pro plan only, confirm — on a host.
@MainActor
@Suite("Step chain: conditional steps")
struct ConditionalStepTests {
    let host = InMemoryHost()
    let recorder: TranscriptRecorder
    let chain: ChainFlow<Signup>

    static func makeChain(container: ChainContainer.Kind = .stack, tracking leaks: LeakTracker? = nil) -> ChainFlow<Signup> {
        StepChain<Signup>("signup", container: container)
            .addStep { leaks?.track(SignupStep("Details")) ?? SignupStep("Details") }
            .addStep(Step { leaks?.track(SignupStep("Card")) ?? SignupStep("Card") }.when("pro plan") { $0.plan == "pro" })
            .addStep { leaks?.track(SignupStep("Confirm")) ?? SignupStep("Confirm") }
            .finish()
    }

    init() throws {
        recorder = TranscriptRecorder(observing: host)
        chain = Self.makeChain()
        try chain.start(on: host)
        recorder.reset()
    }

    private var shown: [String]? { host.entries(of: "signup")?.map(\.description) }

    @Test func aStepWhoseConditionDoesNotHoldIsNeverShownAndTheNextStepGetsTheContextGiven() throws {
        try chain.handle?.next(context: Signup(plan: "free"))

        #expect(shown == ["Details", "Confirm"])
        #expect(chain.shownSteps == [0, 2])
        #expect((chain.currentScreen as? SignupStep)?.signup == Signup(plan: "free"))
        expectTranscript(recorder.transcript, equals: ["[signup] push Confirm onto [signup]", "[signup] pass Signup to Confirm"])
    }

    @Test func aStepWhoseConditionHoldsIsShown() throws {
        try chain.handle?.next(context: Signup(plan: "pro"))
        #expect(shown == ["Details", "Card"])
        try chain.handle?.next(context: Signup(plan: "pro", card: "4242 4242 4242 4242"))
        #expect(shown == ["Details", "Card", "Confirm"])
        #expect(chain.progress! == (3, 3))
        try chain.handle?.back()
        #expect(shown == ["Details", "Card"])
    }

    @Test func backFromTheStepAfterASkippedOneLandsOnTheLastStepShown() throws {
        try chain.handle?.next(context: Signup(plan: "free"))

        try chain.handle?.back()

        #expect(shown == ["Details"])
        #expect(chain.currentStep == 0)
        #expect(chain.shownSteps == [0])
    }

    @Test func thePersonsBackOverASkippedStepLandsOnTheLastStepShown() throws {
        try chain.handle?.next(context: Signup(plan: "free"))

        try host.user.back()

        #expect(chain.currentStep == 0)
        try chain.handle?.next(context: Signup(plan: "pro"))
        #expect(shown == ["Details", "Card"])
    }

    @Test func handedOnHoldsOnlyTheAnswersOfTheStepsShownNowAfterGoingBackAndAnsweringDifferently() throws {
        try chain.handle?.next(context: Signup(plan: "pro"))
        try chain.handle?.next(context: Signup(plan: "pro", card: "4242"))
        #expect(chain.handedOn.compactMap { $0 as? Signup } == [Signup(plan: "pro"), Signup(plan: "pro", card: "4242")])

        try chain.handle?.back()
        try chain.handle?.back()
        try chain.handle?.next(context: Signup(plan: "free"))

        #expect(shown == ["Details", "Confirm"])
        #expect(chain.handedOn.compactMap { $0 as? Signup } == [Signup(plan: "free")])
    }

    @Test func handedOnForgetsTheAnswersOfStepsThePersonWentBackOver() throws {
        try chain.handle?.next(context: Signup(plan: "pro"))
        try chain.handle?.next(context: Signup(plan: "pro", card: "4242"))

        try host.user.back()
        try host.user.back()
        #expect(chain.handedOn.isEmpty)
        try chain.handle?.next(context: Signup(plan: "free"))

        #expect(shown == ["Details", "Confirm"])
        #expect(chain.handedOn.compactMap { $0 as? Signup } == [Signup(plan: "free")])
    }

    @Test func changingTheAnswerOnTheWayBackDecidesAgain() throws {
        try chain.handle?.next(context: Signup(plan: "pro"))
        try chain.handle?.back()

        try chain.handle?.next(context: Signup(plan: "free"))

        #expect(shown == ["Details", "Confirm"])
        try chain.handle?.back()
        #expect(shown == ["Details"])
    }

    @Test func theChainCompletesWithTheContextTheLastShownStepGave() throws {
        let chain = StepChain<Signup>("short")
            .addStep { SignupStep("Details") }
            .addStep(Step { SignupStep("Card") }.when("pro plan") { $0.plan == "pro" })
            .finish()
        try chain.start(on: InMemoryHost())

        try chain.handle?.next(context: Signup(plan: "free"))

        #expect(chain.outcome == .completed(Signup(plan: "free")))
    }

    @Test func progressCountsTheStepsThatApply() throws {
        #expect(chain.progress! == (1, 3))
        try chain.handle?.next(context: Signup(plan: "free"))
        #expect(chain.progress! == (2, 2))
        #expect(chain.handedOn.compactMap { $0 as? Signup } == [Signup(plan: "free")])
    }

    @Test func aContextOfAnotherTypeIsRefusedAndChangesNothing() throws {
        let error = #expect(throws: FlowError.self) { try chain.handle?.next(context: "pro") }
        #expect(error?.code == .argumentTypeMismatch)
        #expect(shown == ["Details"])
        #expect(chain.currentStep == 0)
        #expect(recorder.transcript.lines.isEmpty)
    }

    /// Welcome, then Sign in while the session is signed out, then Home: started on a new host.
    static func signIn(_ session: Session) throws -> (ChainFlow<Void>, InMemoryHost) {
        let chain = StepChain<Void>("app")
            .addStep { Plain("Welcome") }
            .addStep(Step { Plain("Sign in") }.when("signed out") { !session.signedIn })
            .addStep { Plain("Home") }
            .finish()
        let host = InMemoryHost()
        try chain.start(on: host)
        return (chain, host)
    }

    @Test func aConditionOfTheAppsOwnStateIsAskedWhenTheChainReachesTheStep() throws {
        let session = Session()
        let (chain, host) = try Self.signIn(session)
        try chain.handle?.next()
        #expect(host.entries(of: "app")?.map(\.description) == ["Welcome", "Sign in"])
        try chain.handle?.back()

        session.signedIn = true
        try chain.handle?.next()

        #expect(host.entries(of: "app")?.map(\.description) == ["Welcome", "Home"])
    }

    @Test func aConditionOfTheAppsOwnStateDecidesALinkIntoItsStep() throws {
        let session = Session()
        let (chain, host) = try Self.signIn(session)
        session.signedIn = true

        let error = #expect(throws: FlowError.self) { try chain.arrive(atStep: 1) }
        #expect(error?.code == .stepSkipped)
        #expect(host.entries(of: "app")?.map(\.description) == ["Welcome"])

        session.signedIn = false
        try chain.arrive(atStep: 1)
        #expect(host.entries(of: "app")?.map(\.description) == ["Welcome", "Sign in"])
    }

    @Test func aLinkIntoAStepWhoseConditionDoesNotHoldIsRefusedAndShowsNothing() throws {
        let error = #expect(throws: FlowError.self) { try chain.arrive(atStep: 1) { _ in Signup(plan: "free") } }

        #expect(error?.code == .stepSkipped)
        #expect(error?.message.contains("pro plan") == true)
        #expect(shown == ["Details"])
        #expect(recorder.transcript.lines.isEmpty)
    }

    @Test func anArrivalSkipsTheStepsWhoseConditionDoesNotHold() throws {
        try chain.arrive(atStep: 2) { step in step == 2 ? Signup(plan: "free") : nil }

        #expect(shown == ["Details", "Confirm"])
        try chain.handle?.back()
        #expect(shown == ["Details"])
    }

    @Test func anArrivalAsksAConditionWithTheContextGivenForItsStep() throws {
        try chain.arrive(atStep: 2) { _ in Signup(plan: "pro", card: "4242") }

        #expect(shown == ["Details", "Card", "Confirm"])
    }

    @Test func anArrivalBackToASkippedStepIsRefused() throws {
        try chain.handle?.next(context: Signup(plan: "free"))
        recorder.reset()

        let error = #expect(throws: FlowError.self) { try chain.arrive(atStep: 1) }

        #expect(error?.code == .stepSkipped)
        #expect(shown == ["Details", "Confirm"])
        #expect(recorder.transcript.lines.isEmpty)
    }

    @Test func aSingleContainerShowsTheLastStepShownAgainOnBack() throws {
        let host = InMemoryHost()
        let chain = Self.makeChain(container: .single)
        try chain.start(on: host)
        try chain.handle?.next(context: Signup(plan: "pro"))
        try chain.handle?.back()
        try chain.handle?.next(context: Signup(plan: "free"))

        #expect(host.render() == "ContainerHolder \"signup\"\n  child SignupStep \"Confirm\"")

        try chain.handle?.back()

        #expect(host.render() == "ContainerHolder \"signup\"\n  child SignupStep \"Details\"")
    }

    @Test func aChainThatSkippedAStepComesBackWithoutItAndGoesOnAsIfUninterrupted() throws {
        try chain.handle?.next(context: Signup(plan: "free"))
        let saved = host.flows.snapshot(of: host)
        let snapshot = try NavigationSnapshot(document: try JSONDecoder().decode(SavedValue.self, from: try JSONEncoder().encode(saved)))
        #expect(snapshot.flows.first?.state?.description.contains(#""step":2"#) == true)
        host.flows.endAll()

        let restoredHost = InMemoryHost()
        let restored = Self.makeChain()
        let report = snapshot.restore(on: restoredHost) { _ in restored }

        #expect(report.isComplete, "\(report)")
        #expect(restoredHost.entries(of: "signup")?.map(\.description) == ["Details", "Confirm"])
        #expect(restored.shownSteps == [0, 2])
        #expect((restored.currentScreen as? SignupStep)?.signup == Signup(plan: "free"))
        try restored.handle?.back()
        #expect(restoredHost.entries(of: "signup")?.map(\.description) == ["Details"])
    }

    @Test func theDeclaredGraphShowsTheBranchLabelledWithTheCondition() {
        let edges = chain.declaredGraph.edges.map { "\($0.from) -> \($0.to): \($0.label)" }

        #expect(edges.contains("SignupStep -> SignupStep: next with Signup, when pro plan"))
        #expect(
            Set(edges.filter { $0.contains("unless") }) == ["SignupStep -> SignupStep: next with Signup, unless pro plan"])
    }

    @Test func afterTheEndNoScreenOfAChainThatSkippedAStepIsAlive() throws {
        let leaks = LeakTracker()
        do {
            let chain = Self.makeChain(tracking: leaks)
            try chain.start(on: InMemoryHost())
            try chain.handle?.next(context: Signup(plan: "pro"))
            try chain.handle?.back()
            try chain.handle?.next(context: Signup(plan: "free"))
            try chain.handle?.next(context: Signup(plan: "free"))
            #expect(chain.outcome == .completed(Signup(plan: "free")))
        }
        leaks.expectNoLeaks()
    }

    /// Payment picks the step that comes next: the card or the invoice; both go on to Confirm.
    static func payment(container: ChainContainer.Kind = .stack) -> ChainFlow<Signup> {
        StepChain<Signup>("payment", container: container)
            .addStep(
                Step { SignupStep("Payment") }.choosingNext("by plan", among: ["card", "invoice"]) { (signup: Signup) in
                    signup.plan == "pro" ? "card" : signup.plan == "business" ? "invoice" : nil
                }
            )
            .addStep(Step { SignupStep("Card") }.named("card").choosingNext("to confirm", among: ["confirm"]) { _ in "confirm" })
            .addStep(Step { SignupStep("Invoice") }.named("invoice"))
            .addStep(Step { SignupStep("Confirm") }.named("confirm"))
            .finish()
    }

    @Test(
        "A step that picks the one after it shows the step picked, skips the ones between, and Back returns to it",
        arguments: [("pro", ["Payment", "Card", "Confirm"]), ("business", ["Payment", "Invoice", "Confirm"]), ("free", ["Payment", "Card", "Confirm"])])
    func picking(plan: String, road: [String]) throws {
        let host = InMemoryHost()
        let chain = Self.payment()
        try chain.start(on: host)
        try chain.handle?.next(context: Signup(plan: plan))
        try chain.handle?.next(context: Signup(plan: plan))

        #expect(host.entries(of: "payment")?.map(\.description) == road)
        try chain.handle?.back()
        try chain.handle?.back()
        #expect(host.entries(of: "payment")?.map(\.description) == ["Payment"])
    }

    @Test func aPickOfAStepItMayNotPickIsRefusedAndChangesNothing() throws {
        let host = InMemoryHost()
        let chain = StepChain<Signup>("bad")
            .addStep(Step { SignupStep("Payment") }.choosingNext("by plan", among: ["card"]) { _ in "invoice" })
            .addStep(Step { SignupStep("Card") }.named("card"))
            .addStep(Step { SignupStep("Invoice") }.named("invoice"))
            .finish()
        try chain.start(on: host)

        let error = #expect(throws: FlowError.self) { try chain.handle?.next(context: Signup(plan: "pro")) }

        #expect(error?.code == .notFound)
        #expect(host.entries(of: "bad")?.map(\.description) == ["Payment"])
        #expect(chain.currentStep == 0)
    }

    @Test func anArrivalTakesTheRoadAStepOnTheWayPicks() throws {
        let host = InMemoryHost()
        let chain = Self.payment()
        try chain.start(on: host)

        try chain.arrive(atStep: 3) { _ in Signup(plan: "business") }

        #expect(host.entries(of: "payment")?.map(\.description) == ["Payment", "Invoice", "Confirm"])
        let error = #expect(throws: FlowError.self) { try chain.arrive(atStep: 1) }
        #expect(error?.code == .stepSkipped)
    }

    @Test func aPickedRoadComesBackFromASnapshotAndThePersonsBackRetracesIt() throws {
        let host = InMemoryHost()
        let chain = Self.payment()
        try chain.start(on: host)
        try chain.handle?.next(context: Signup(plan: "business"))
        let data = try JSONEncoder().encode(host.flows.snapshot(of: host))
        host.flows.endAll()
        let again = InMemoryHost()
        let restored = Self.payment()

        let report = try JSONDecoder().decode(NavigationSnapshot.self, from: data).restore(on: again) { _ in restored }

        #expect(report.isComplete, "\(report)")
        #expect(again.entries(of: "payment")?.map(\.description) == ["Payment", "Invoice"])
        try again.user.back()
        #expect(restored.shownSteps == [0])
        try restored.handle?.next(context: Signup(plan: "pro"))
        #expect(again.entries(of: "payment")?.map(\.description) == ["Payment", "Card"])
    }

    @Test func theDeclaredGraphDrawsARoadToEachStepAStepMayPick() {
        let edges = Set(Self.payment().declaredGraph.edges.map { "\($0.from) -> \($0.to): \($0.label)" })

        #expect(edges.contains("SignupStep -> SignupStep: next with Signup, when by plan picks card"))
        #expect(edges.contains("SignupStep -> SignupStep: next with Signup, when by plan picks invoice"))
        #expect(edges.contains("SignupStep -> SignupStep: next with Signup, when to confirm picks confirm"))
    }
}
