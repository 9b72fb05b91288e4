import FlowExplorer
import FlowKernel
import FlowRecording
import FlowRuntime
import Foundation
import ShopApp
import Testing

/// Random journeys through the shop in every strategy — the screens' actions with good and bad
/// arguments, the system controls, links, gestures the platform reports straight to the host, a
/// ring small enough to move on — recorded, written as JSON and replayed: every one replays
/// identically. The property behind "a bug a person hit replays as a test".
///
/// `swift test` runs 60 journeys (CI's `.ci/fuzz` 400); `FLOWKIT_REPLAY_FUZZ=<count>` runs another count, and
/// `FLOWKIT_REPLAY_SEED=<seed>` another seed.
@MainActor
@Suite("Random shop journeys, recorded and replayed")
struct RandomJourneyReplayTests {
    static var count: Int { ProcessInfo.processInfo.environment["FLOWKIT_REPLAY_FUZZ"].flatMap(Int.init) ?? 60 }
    static var seed: UInt64 { ProcessInfo.processInfo.environment["FLOWKIT_REPLAY_SEED"].flatMap(UInt64.init) ?? 28 }

    static let links = ["shop://signin", "shop://catalog", "shop://product/shoes", "shop://product/hat", "shop://cart", "shop://checkout", "shop://nowhere"]
    static let controls = [":back", ":back 2", ":back 3", ":dismiss", ":tab 1", ":tab 2", ":tab 3"]

    @Test func everyRecordedJourneyReplaysIdentically() throws {
        var random = SeededGenerator(seed: Self.seed)
        for round in 0..<Self.count {
            let strategy = Strategy.allCases[round % 4]
            let session = try ShopSession(strategy: strategy)
            // Some journeys start recording late, from a snapshot; some keep a ring of a few steps.
            let late = random.next() % 3 == 0
            let ring = random.next() % 2 == 0 ? 2 + Int(random.next() % 4) : 500
            if !late { try session.startRecording(keepingLast: ring) }
            var made: [String] = []
            for step in 0..<(1 + Int(random.next() % 30)) {
                if late, step == 3 { try session.startRecording(keepingLast: ring) }
                guard let screen = session.currentScreen else { break }
                switch random.next() % 10 {
                case 0...5:
                    guard let action = screen.actions.randomElement(using: &random) else { continue }
                    let argument = action.argument.map { _ in ["ana@example.com", "bo@example.org", "nope", ""].randomElement(using: &random)! }
                    let command = argument.map { "\(action.name) \($0)" } ?? action.name
                    if let command = Command(command) { _ = session.perform(command) }
                    made.append(command)
                case 6, 7:
                    let control = Self.controls.randomElement(using: &random)!
                    _ = session.perform(Command(control)!)
                    made.append(control)
                case 8:
                    let link = Self.links.randomElement(using: &random)!
                    _ = session.perform(Command(":open \(link)")!)
                    made.append(":open \(link)")
                default:
                    // The platform reports a gesture straight to the host.
                    try? session.host.user.back()
                    made.append("(platform back)")
                }
            }
            guard let recording = session.recording else { continue }
            let json = try JSONDecoder().decode(JourneyRecording.self, from: JSONEncoder().encode(recording))
            #expect(json == recording, "round \(round)")
            let report = try ShopReplay.replay(strategy).replay(json)
            #expect(report.matched, "round \(round), \(strategy): \(made.joined(separator: ", "))\n\(report)")
            if !report.matched { return }
        }
    }
}
