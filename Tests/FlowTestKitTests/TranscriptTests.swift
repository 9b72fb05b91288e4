import FlowExplorer
import FlowKernel
import FlowStage
import FlowTestKit
import Testing

@MainActor
@Suite("Transcripts")
struct TranscriptTests {
    @Test func aRecorderTurnsEventsIntoOneLineEach() throws {
        let host = InMemoryHost()
        let recorder = TranscriptRecorder(observing: host)
        host.report(FlowEvent(.flowStarted(parent: nil), flow: "shop"))
        try host.setRoot(.stack("main", [.screen(LawProbe("Welcome"))]), for: "shop")
        host.report(FlowEvent(.flowCancelled, flow: "shop"))

        #expect(recorder.transcript == ["[shop] start", "[shop] root [main]", "[shop] cancel"])
        #expect(recorder.transcript.description == "[shop] start\n[shop] root [main]\n[shop] cancel")
    }

    @Test func linesCanBeFilteredByFlow() {
        let transcript: Transcript = ["[a] start", "push X onto [main]", "[b] start", "[a] cancel"]
        #expect(transcript.lines(of: "a") == ["[a] start", "[a] cancel"])
        #expect(transcript.lines(of: nil) == ["push X onto [main]"])
    }

    @Test func resetForgetsEarlierEvents() {
        let recorder = TranscriptRecorder()
        recorder.receive(FlowEvent(.flowCancelled))
        recorder.reset()
        #expect(recorder.events.isEmpty)
    }

    @Test func expectTranscriptPassesOnEqualAndRecordsADiffOtherwise() {
        #expect(expectTranscript(["a", "b"], equals: ["a", "b"]))
        let issues = CheckIssues.collected { #expect(!expectTranscript(["a", "x"], equals: ["a", "b"])) }
        #expect(issues.count == 1)
        #expect(issues.first?.contains("- b") == true && issues.first?.contains("+ x") == true, "\(issues)")
    }

    @Test func expectRenderedRecordsADiff() {
        #expect(expectRendered("stack main\n  A", equals: "stack main\n  A"))
        let issues = CheckIssues.collected { expectRendered("stack main\n  B", equals: "stack main\n  A") }
        #expect(issues.count == 1)
        #expect(issues.first?.contains("-   A") == true && issues.first?.contains("+   B") == true, "\(issues)")
    }
}

@Suite("Line diff")
struct LineDiffTests {
    @Test func equalTextsHaveNoDiff() {
        #expect(LineDiff.diff(expected: ["a", "b"], actual: ["a", "b"]) == nil)
    }

    @Test(
        "A diff keeps common lines and marks the rest",
        arguments: [
            (["a", "b", "c"], ["a", "c"], "  a\n- b\n  c"),
            (["a", "c"], ["a", "b", "c"], "  a\n+ b\n  c"),
            (["a"], ["b"], "+ b\n- a"),
            ([], ["a"], "+ a"),
            (["a"], [], "- a"),
        ])
    func diffMarksLines(expected: [String], actual: [String], diff: String) {
        #expect(LineDiff.diff(expected: expected, actual: actual) == diff)
    }
}
