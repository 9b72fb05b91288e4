import FlowExplorer
import FlowRecording
import Foundation
import ShopApp
import Testing

/// `flow-demo --record FILE` and `flow-demo replay FILE`: what a person did round-trips in every
/// strategy, replays in another strategy saying where they differ, and a recording that no longer
/// matches fails with its diff.
@Suite("flow-demo: recording and replaying")
struct RecordReplayCLITests {
    typealias Folder = SaveRestoreCLITests.Folder

    @Test(arguments: Strategy.allCases)
    func aRecordedRunReplaysWithoutADifference(_ strategy: Strategy) async throws {
        let folder = try Folder()
        let file = folder.file("journey.json")
        let script = "start,:back,start,email ana@example.com,hat,:back,shoes,add,cart,:dismiss,:open shop://checkout,pay,close"
        let recorded = try await FlowDemo.run(["--strategy", strategy.rawValue, "--record", file, "--script", script])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdout.hasSuffix("* Recorded 13 steps to \(file.echoed); flow-demo replay \(file.echoed) replays them.\n"))
        // The address the person typed stays out of the file.
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!text.contains("ana@example.com"))

        let replayed = try await FlowDemo.run(["replay", file])
        #expect(replayed.status == 0, "\(replayed.stdout)\(replayed.stderr)")
        #expect(replayed.stdout == "Replaying 13 steps from the shop's start in the \(strategy.rawValue) shop.\nReplayed 13 of 13 steps: no difference.\n")
    }

    @Test func aRunThatFailsIsStillRecordedUpToItsFailure() async throws {
        let folder = try Folder()
        let file = folder.file("journey.json")
        let run = try await FlowDemo.run(["--strategy", "router", "--record", file, "--script", "start,email ana@example.com,pay"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("* Recorded 2 steps to "))
        #expect(try await FlowDemo.run(["replay", file]).status == 0)
    }

    @Test func aRecordingReplayedInAnotherStrategySaysWhereTheyDiffer() async throws {
        let folder = try Folder()
        let file = folder.file("tabs.json")
        _ = try await FlowDemo.run(["--strategy", "coordinator", "--record", file, "--script", "start,email ana@example.com,:tab 2,:tab 1"])
        let run = try await FlowDemo.run(["replay", file, "--strategy", "chain"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("* Recorded in coordinator: comparing the screens the person saw, not transcripts"))
        #expect(run.stdout.contains("the replay differs at step 3 (:tab 2): the recording says the step was done; the replay's was refused (notFound)."))
        #expect(run.stdout.contains("-- hierarchy --"))
        #expect(run.stdout.contains("* This is where the coordinator and chain shops differ."))
        #expect(run.stderr == "flow-demo: the replay differs from the recording at step 3.\n")
    }

    @Test func aRecordingThatNoLongerMatchesFailsWithItsDiffAndIsMinimised() async throws {
        let folder = try Folder()
        let file = folder.file("journey.json")
        let short = folder.file("short.json")
        _ = try await FlowDemo.run(["--strategy", "stack", "--record", file, "--script", "start,email ana@example.com,hat,:back,shoes,add"])
        // The recording, edited as a changed app would answer: adding the shoes pushed the cart.
        var recording = try JourneyRecording(contentsOf: URL(fileURLWithPath: file))
        recording.steps[5].lines.append("[shop] push Cart onto [shop]")
        try recording.write(to: URL(fileURLWithPath: file))

        let run = try await FlowDemo.run(["replay", file, "--minimise", short])
        #expect(run.status == 1)
        #expect(
            run.stdout.contains(
                "Replayed 5 of 6 steps; the replay differs at step 6 (add): the step produced other transcript lines.\n- [shop] push Cart onto [shop]"))
        #expect(run.stdout.contains("* The shortest reproduction (4 steps), written to \(short.echoed):\n  start,email someone@example.com,shoes,add\n"))
        #expect(try await FlowDemo.run(["replay", short]).status == 1)
    }

    @Test func aFileThatIsNotARecordingIsRefusedWithStatusTwo() async throws {
        let folder = try Folder()
        let file = folder.file("broken.json")
        try Data(#"{"version":1,"start":{"from":"app"},"steps":[{"gesture":":fly","lines":[]}]}"#.utf8).write(to: URL(fileURLWithPath: file))
        let broken = try await FlowDemo.run(["replay", file, "--strategy", "stack"])
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("could not be replayed: \":fly\" is not a gesture; gestures are :back, :back <n>, :dismiss and :tab <n>."))
        let missing = try await FlowDemo.run(["replay", folder.file("nothing.json")])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("could not be replayed: there is no such file."))
        try Data(#"{"version":1,"start":{"from":"app"},"steps":[]}"#.utf8).write(to: URL(fileURLWithPath: file))
        let untagged = try await FlowDemo.run(["replay", file])
        #expect(untagged.status == 2)
        #expect(untagged.stderr.contains("does not say which strategy recorded it; choose one with --strategy."))
    }
}
