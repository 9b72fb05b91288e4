import FlowKernel
import FlowStage
import FlowTestKit
import Testing

@MainActor
@Suite("Flow contract")
struct FlowContractTests {
    @Test("A lifecycle-based flow obeys every flow law", arguments: [FlowPlacement.root, .presented, .onStack("shared")])
    func probeFlowObeysTheFlowLaws(_ placement: FlowPlacement) {
        FlowLaws.check(makeHost: { InMemoryHost() }, placement: placement, make: { ProbeFlow() }) { flow in
            try flow.advance()
            try flow.complete()
        }
    }

    @Test func outcomesOfFlowsThatCompleteWithNothingCompare() {
        let done: FlowOutcome<Void> = .completed(())
        #expect(done == .completed(()))
        #expect(done != .cancelled)
        #expect(FlowOutcome<Void>.cancelled == .cancelled)
        #expect(done.isCompleted && !done.isCancelled)
        #expect(FlowOutcome<Int>.cancelled.isCompleted == false)
    }

    @Test func startingOnAnEmptyHostMakesTheRootAndOtherwisePresents() throws {
        let host = InMemoryHost()
        let first = ProbeFlow(id: "first")
        let second = ProbeFlow(id: "second")

        try first.start(on: host)
        try second.start(on: host)

        expectRendered(
            host.render(),
            equals: """
                stack probe
                  LawProbe "Step 1"
                  presents stack probe-2
                    LawProbe "Step 1"
                """)
    }

    @Test func theOutcomeCanBeAwaited() async throws {
        let host = InMemoryHost()
        let flow = ProbeFlow()
        try flow.start(on: host)
        try flow.advance()

        async let outcome = flow.finished()
        try flow.complete()

        #expect(await outcome == .completed(2))
        #expect(await flow.finished() == .completed(2))
    }

    @Test func runStartsAndWaitsForTheEnd() async throws {
        let host = InMemoryHost()
        let flow = ProbeFlow()
        let driver = Task { @MainActor in
            while flow.phase != .running { await Task.yield() }
            try flow.cancel()
        }

        let outcome = try await flow.run(on: host, placement: .root)

        try await driver.value
        #expect(outcome == .cancelled)
        #expect(host.render() == "(empty)")
    }

    @Test func aChildNamesItsParentAndHandsItTheOutcome() throws {
        let host = InMemoryHost()
        let recorder = TranscriptRecorder(observing: host)
        let parent = ProbeFlow(id: "app")
        let child = ProbeFlow(id: "signin")
        try parent.start(on: host)
        var received: FlowOutcome<Int>?

        try child.start(asChildOf: parent, on: host, placement: .onStack("probe")) { received = $0 }
        try child.advance()
        try child.complete()

        #expect(received == .completed(2))
        #expect(host.render() == "stack probe\n  LawProbe \"Step 1\"")
        expectTranscript(
            recorder.transcript.lines(of: "signin"),
            equals: [
                "[signin] push Step 1 onto [probe]",
                "[signin] start (child of app)",
                "[signin] push Step 2 onto [probe]",
                "[signin] pop Step 2, Step 1 from [probe]",
                "[signin] complete with 2",
            ])
    }

    @Test func aChildThatCannotStartAddsNoHandler() throws {
        let host = InMemoryHost()
        let parent = ProbeFlow(id: "app")
        let child = ProbeFlow(id: "signin")
        try parent.start(on: host)
        var called = false

        let error = #expect(throws: FlowError.self) {
            try child.start(asChildOf: parent, on: host, placement: .onStack("missing")) { _ in called = true }
        }

        #expect(error?.code == .notFound)
        #expect(child.phase == .ready)
        #expect(!called)
        #expect(host.render() == "stack probe\n  LawProbe \"Step 1\"")
    }
}
