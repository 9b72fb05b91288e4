import FlowExplorer
import FlowKernel
import FlowRecording
import FlowRuntime
import FlowSnapshot
import FlowStage
import FlowTestKit
import Foundation
import ShopApp
import Testing

/// The shop's journeys recorded as a person makes them and replayed on a fresh shop, in every
/// strategy: through JSON, step for step, the same transcript.
@MainActor
@Suite("The shop, recorded and replayed")
struct ShopReplayTests {
    /// The happy path; the person's gestures (Back, the back menu, the sheet swiped down, the
    /// tab bar, a wrong address); links, one parked behind sign-in.
    nonisolated static let journeys = [
        "start,email ana@example.com,shoes,add,cart,checkout,pay,close",
        "start,:back,start,email nope,email ana@example.com,hat,:back,shoes,add,cart,:dismiss,:tab 2,:tab 1,:back,scarf,:back 2,email ana@example.com,cart,checkout,pay,close",
        ":open shop://product/hat,email ana@example.com,add,:open shop://cart,:dismiss,:open shop://checkout,pay,close",
    ]

    /// A session's recording, written as JSON and read back, as a bug report carries it.
    static func throughJSON(_ recording: JourneyRecording) throws -> JourneyRecording {
        try JSONDecoder().decode(JourneyRecording.self, from: try JSONEncoder().encode(recording))
    }

    /// Runs a script in a recording session: the session, its recording, and the commands that
    /// were steps — done, or refused by the shop — rather than words naming nothing possible.
    static func record(_ script: String, in strategy: Strategy) throws -> (session: ShopSession, recording: JourneyRecording, steps: [Command]) {
        let session = try ShopSession(strategy: strategy)
        try session.startRecording()
        var steps: [Command] = []
        for command in try Command.script(script) {
            do {
                try session.run(command)
                steps.append(command)
            } catch is CommandRefused {
            } catch {
                steps.append(command)
            }
        }
        return (session, try throughJSON(try #require(session.recording)), steps)
    }

    @Test(arguments: Strategy.allCases, journeys.indices)
    func aRecordedJourneyReplaysIdentically(_ strategy: Strategy, journey: Int) throws {
        let (session, recording, steps) = try Self.record(Self.journeys[journey], in: strategy)
        #expect(recording.start == .app)
        // The address is kept as a stand-in that signs in (or does not) as the person's did.
        let typed = steps.map {
            $0.text.replacing("ana@example.com", with: "someone@example.com").replacing("email nope", with: "email not-an-address")
        }
        #expect(recording.labels == typed)
        // Every line the session saw after its start is in exactly one step, the address redacted.
        let startLines = session.log.lines.count - recording.steps.map(\.lines.count).reduce(0, +)
        let seen = session.log.lines.dropFirst(startLines).map { $0.replacing("ana@example.com", with: "someone@example.com") }
        #expect(seen == recording.steps.flatMap(\.lines))
        let report = try ShopReplay.replay(strategy).replay(recording)
        #expect(report.matched, "\(strategy), journey \(journey): \(report)")
        #expect(report.replayed == recording.steps.count)
    }
}

@MainActor
@Suite("The shop's recordings: restoration, the ring, other strategies, regressions")
struct ShopReplayCasesTests {
    @Test(arguments: Strategy.allCases)
    func aRecordingStartedOnARestoredShopStartsFromItsSnapshotAndReplays(_ strategy: Strategy) throws {
        let before = try ShopSession(strategy: strategy)
        for command in try Command.script("start,email ana@example.com,shoes,add") { try before.run(command) }
        let restored = try ShopSession(strategy: strategy, restoring: before.save())
        try restored.startRecording()
        for command in try Command.script("cart,checkout,:back,checkout,pay,close") { _ = restored.perform(command) }
        let recording = try ShopReplayTests.throughJSON(try #require(restored.recording))
        guard case .snapshot(_, let app?) = recording.start else {
            Issue.record("\(strategy): the recording should start from a snapshot, not \(recording.start)")
            return
        }
        // The address is private: the model saved beside the snapshot has the stand-in.
        #expect(try app.decode(ShopState.self).model.user?.email == "someone@example.com")
        let report = try ShopReplay.replay(strategy).replay(recording)
        #expect(report.matched, "\(strategy): \(report)")
        before.host.flows.endAll()
    }

    @Test(arguments: Strategy.allCases)
    func aRingOfThreeStepsKeepsTheLastStretchFromACheckpointAndReplaysIt(_ strategy: Strategy) throws {
        let session = try ShopSession(strategy: strategy)
        try session.startRecording(keepingLast: 3)
        for command in try Command.script(ShopReplayTests.journeys[1]) { _ = session.perform(command) }
        let recording = try ShopReplayTests.throughJSON(try #require(session.recording))
        #expect((3...6).contains(recording.steps.count), "\(strategy): \(recording.steps.count) steps kept")
        guard case .snapshot = recording.start else {
            Issue.record("\(strategy): a ring that moved on starts from a checkpoint")
            return
        }
        let report = try ShopReplay.replay(strategy).replay(recording)
        #expect(report.matched, "\(strategy): \(report)")
    }

    @Test(arguments: Strategy.allCases, Strategy.allCases)
    func theHappyPathRecordedInOneStrategyShowsTheSameScreensInAnother(_ recorded: Strategy, replayed: Strategy) throws {
        let recording = try ShopReplayTests.record(ShopReplayTests.journeys[0], in: recorded).recording
        let report = try ShopReplay.replay(replayed, comparing: .screens).replay(recording)
        #expect(report.matched, "\(recorded) in \(replayed): \(report)")
    }

    @Test func aJourneyThroughTheTabBarSaysWhereAnotherStrategyDiffers() throws {
        let recording = try ShopReplayTests.record("start,email ana@example.com,:tab 2,:tab 1,hat", in: .coordinator).recording
        let report = try ShopReplay.replay(.stack, comparing: .screens).replay(recording)
        let divergence = try #require(report.divergence)
        #expect(divergence.step == 3)
        #expect(divergence.label == ":tab 2")
        #expect(divergence.kind == .refusal)
        #expect(divergence.reason == "the recording says the step was done; the replay's was refused (notFound).")
    }

    /// The protection that keeps a placed order from being placed twice, left out: a regression
    /// planted in every strategy. The journey's detour (the hat looked at and left) is not part
    /// of the failure, and minimising drops it.
    @Test(arguments: Strategy.allCases)
    func aPlantedRegressionIsCaughtWithADiffAndMinimisedToItsShortestReproduction(_ strategy: Strategy) throws {
        let journey = "start,email ana@example.com,hat,:back,shoes,add,cart,:dismiss,cart,checkout,pay,:back"
        let recording = try ShopReplayTests.record(journey, in: strategy).recording
        #expect(try ShopReplay.replay(strategy).replay(recording).matched)

        let regressed = ShopReplay.replay(strategy, protectsPlacedOrder: false)
        let divergence = try #require(try regressed.replay(recording).divergence, "\(strategy)")
        // Every strategy's confirmation refuses the Back after it; without that, Back is taken.
        let expected = ":back"
        #expect(divergence.label == expected)
        #expect(divergence.step.map { recording.steps[$0 - 1].label } == expected)
        #expect(divergence.description.contains("-- hierarchy --"))
        #expect(divergence.diff.contains("+ "), "\(strategy): \(divergence)")

        let shortest = try #require(try regressed.minimise(recording))
        #expect(shortest.recording.labels.count < recording.steps.count)
        #expect(!shortest.recording.labels.contains("hat"), "\(strategy): \(shortest.recording.labels)")
        #expect(shortest.recording.labels.last == expected)
        #expect(shortest.divergence.isSameFailure(as: divergence))
        // The shortest reproduction is a regression test: it passes on the shop that protects.
        #expect(try ShopReplay.replay(strategy).replay(shortest.recording).matched, "\(strategy): \(shortest.recording.labels)")
    }

    @Test func aRecordingThatReplaysCleanlyHasNothingToMinimise() throws {
        let recording = try ShopReplayTests.record(ShopReplayTests.journeys[0], in: .router).recording
        #expect(try ShopReplay.replay(.router).minimise(recording) == nil)
    }

    @Test func aStepTheScreenNoLongerOffersIsADivergenceNotACrash() throws {
        var recording = try ShopReplayTests.record("start,email ana@example.com,shoes", in: .stack).recording
        recording.steps[2].input = .action("gloves", argument: nil)
        recording.steps[2].lines = []
        let divergence = try #require(try ShopReplay.replay(.stack).replay(recording).divergence)
        #expect(divergence.kind == .notOffered)
        #expect(divergence.reason.hasPrefix("Catalog does not offer 'gloves'; it offers shoes, hat, scarf, cart"))
    }

    @Test func anArgumentOfTheWrongTypeIsRefusedAndSaysSo() throws {
        var recording = try ShopReplayTests.record("start,email ana@example.com", in: .chain).recording
        recording.steps[1].input = .action("email", argument: .int(42))
        let divergence = try #require(try ShopReplay.replay(.chain).replay(recording).divergence)
        #expect(divergence.kind == .refusal)
        #expect(divergence.reason.contains("argumentTypeMismatch"))
    }

    @Test func aStepMadeOnAnotherScreenThanTheReplayShowsIsADivergence() throws {
        var recording = try ShopReplayTests.record("start,email ana@example.com,shoes", in: .router).recording
        recording.steps[2].screen = "Account"
        let divergence = try #require(try ShopReplay.replay(.router).replay(recording).divergence)
        #expect(divergence.kind == .screen)
        #expect(divergence.reason == "the step was made on Account, but the replay shows Catalog.")
        #expect(divergence.expected == ["Account"] && divergence.actual == ["Catalog"])
    }

    @Test func aJourneyThatEndsOnAnotherScreenDivergesAtTheEndAndMinimisesToNoStepsItDoesNotNeed() throws {
        var recording = try ShopReplayTests.record("start,:back,start,email ana@example.com", in: .stack).recording
        recording.ending = "Cart"
        let report = try ShopReplay.replay(.stack).replay(recording)
        let divergence = try #require(report.divergence)
        #expect(divergence.kind == .ending && divergence.step == nil)
        #expect(report.replayed == recording.steps.count)
        #expect(divergence.reason == "the journey ends on Catalog, not on Cart.")
        // Every step is needed to end on Catalog: none may go.
        let shortest = try #require(try ShopReplay.replay(.stack).minimise(recording))
        #expect(shortest.recording.labels == ["start", "email someone@example.com"])
        #expect(shortest.divergence.isSameFailure(as: divergence))
    }

    @Test func aLinkInARunThatOpensNoLinksCannotBeMade() throws {
        let recording = try ShopReplayTests.record(":open shop://signin", in: .chain).recording
        let replay = JourneyReplay { _ in
            let session = try ShopSession(strategy: .chain)
            return ExplorationRun(host: session.host, flow: session.flow, keeping: session, actions: { session.actions(on: $0) })
        }
        let divergence = try #require(try replay.replay(recording).divergence)
        #expect(divergence.kind == .notOffered)
        #expect(divergence.reason == "the replay's run opens no links.")
    }

    @Test func aRecordingOfANewerFormatIsRefusedByTheReplay() throws {
        var recording = try ShopReplayTests.record("start", in: .stack).recording
        recording.version = 2
        #expect(throws: FlowError.self) { try ShopReplay.replay(.stack).replay(recording) }
    }
}
