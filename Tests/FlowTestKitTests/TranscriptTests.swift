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
        withKnownIssue {
            #expect(!expectTranscript(["a", "x"], equals: ["a", "b"]))
        }
    }

    @Test func expectRenderedRecordsADiff() {
        #expect(expectRendered("stack main\n  A", equals: "stack main\n  A"))
        withKnownIssue {
            expectRendered("stack main\n  B", equals: "stack main\n  A")
        }
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
