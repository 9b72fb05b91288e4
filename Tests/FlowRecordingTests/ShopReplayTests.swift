import FlowExplorer
import FlowKernel
import FlowRecording
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
