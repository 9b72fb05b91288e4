import FlowKernel
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

@MainActor
@Suite("Flow lifecycle")
struct FlowLifecycleTests {
    let host = InMemoryHost()
    let lifecycle = FlowLifecycle<String>(id: "signin")

    @Test func aNewLifecycleIsReadyAndRejectsNavigation() {
        #expect(lifecycle.phase == .ready)
        #expect(lifecycle.outcome == nil)
        let error = #expect(throws: FlowError.self) { try lifecycle.requireRunning() }
        #expect(error?.code == .flowNotStarted)
    }

    @Test func startingReportsTheParentAndMakesTheHostAvailable() throws {
        let recorder = TranscriptRecorder(observing: host)
        try lifecycle.didStart(on: host, parent: "app")

        #expect(lifecycle.phase == .running)
        #expect(lifecycle.parent == "app")
        #expect(try lifecycle.requireRunning() === host)
        #expect(recorder.transcript == ["[signin] start (child of app)"])
    }

    @Test func aSecondStartIsRejected() throws {
        try lifecycle.didStart(on: host, parent: nil)
        let error = #expect(throws: FlowError.self) { try lifecycle.didStart(on: host, parent: nil) }
        #expect(error?.code == .flowAlreadyStarted)
    }

    @Test func finishingRunsEveryHandlerOnceInOrderAfterTheOutcomeIsSet() throws {
        try lifecycle.didStart(on: host, parent: nil)
        var calls: [String] = []
        lifecycle.onFinish { outcome in calls.append("a:\(outcome.result ?? "-")") }
        lifecycle.onFinish { [lifecycle] _ in calls.append("b:\(lifecycle.outcome?.result ?? "unset")") }

        try lifecycle.finish(.completed("ana@example.com"))

        #expect(calls == ["a:ana@example.com", "b:ana@example.com"])
        #expect(lifecycle.phase == .finished)
        #expect(lifecycle.host == nil)
    }

    @Test func finishingTwiceThrowsAndRunsNoHandlerAgain() throws {
        try lifecycle.didStart(on: host, parent: nil)
        var calls = 0
        lifecycle.onFinish { _ in calls += 1 }
        try lifecycle.finish(.cancelled)

        let error = #expect(throws: FlowError.self) { try lifecycle.finish(.completed("late")) }

        #expect(error?.code == .flowFinished)
        #expect(calls == 1)
        #expect(lifecycle.outcome == .cancelled)
    }

    @Test func aHandlerAddedAfterTheEndRunsAtOnce() throws {
        try lifecycle.didStart(on: host, parent: nil)
        try lifecycle.finish(.completed("x"))
        var received: FlowOutcome<String>?
        lifecycle.onFinish { received = $0 }
        #expect(received == .completed("x"))
    }

    @Test func finishingReportsTheResultOrTheCancellation() throws {
        let recorder = TranscriptRecorder(observing: host)
        try lifecycle.didStart(on: host, parent: nil)
        try lifecycle.finish(.completed("ana"))
        let other = FlowLifecycle<Int>(id: "other")
        try other.didStart(on: host, parent: nil)
        try other.finish(.cancelled)

        #expect(recorder.transcript == ["[signin] start", "[signin] complete with ana", "[other] start", "[other] cancel"])
    }

    @Test func aFinishedLifecycleCannotStartAgain() throws {
        try lifecycle.didStart(on: host, parent: nil)
        try lifecycle.finish(.cancelled)
        let error = #expect(throws: FlowError.self) { try lifecycle.requireReady() }
        #expect(error?.code == .flowFinished)
    }

    // MARK: Ending a detached flow

    @Test func endingDetachedRemovesThenReleasesThenFinishesCancelled() throws {
        let recorder = TranscriptRecorder(observing: host)
        try lifecycle.didStart(on: host, parent: nil)
        var steps: [String] = []
        lifecycle.onFinish { outcome in steps.append("handler: \(outcome)") }

        lifecycle.endDetached(removing: { [host] given in steps.append(given === host ? "remove from its host" : "remove elsewhere") }) {
            steps.append("release")
        }

        #expect(steps == ["remove from its host", "release", "handler: cancelled"])
        #expect(lifecycle.outcome == .cancelled)
        #expect(recorder.transcript == ["[signin] start", "[signin] cancel"])
    }

    @Test func endingDetachedFinishesWhenTheHostRefusesTheRemoval() throws {
        try lifecycle.didStart(on: host, parent: nil)
        var released = false

        lifecycle.endDetached(removing: { _ in throw FlowError(.guardRefused, "unsaved changes") }) { released = true }

        #expect(released)
        #expect(lifecycle.phase == .finished)
        #expect(lifecycle.outcome == .cancelled)
    }

    @Test(arguments: [false, true])
    func endingDetachedDoesNothingUnlessTheFlowRuns(hasFinished: Bool) throws {
        if hasFinished {
            try lifecycle.didStart(on: host, parent: nil)
            try lifecycle.finish(.completed("ana"))
        }
        var steps: [String] = []

        lifecycle.endDetached(removing: { _ in steps.append("remove") }) { steps.append("release") }

        #expect(steps.isEmpty)
        #expect(lifecycle.phase == (hasFinished ? .finished : .ready))
        #expect(lifecycle.outcome == (hasFinished ? .completed("ana") : nil))
    }

    @Test func aMountsRemovalRefusalIsAskedOnlyWhileTheFlowRuns() throws {
        var mount = try FlowMount(for: "signin", at: .root, on: host)
        let guarded = GuardedProbe("Form")
        try mount.show(.screen(guarded), on: host)
        #expect(lifecycle.removalRefusal(of: mount) == nil)

        try lifecycle.didStart(on: host, parent: nil)

        #expect(lifecycle.removalRefusal(of: mount)?.reason == "unsaved changes")
        #expect(lifecycle.removalRefusal(of: nil) == nil)
        guarded.holds = false
        #expect(lifecycle.removalRefusal(of: mount) == nil)
        #expect(host.visibleScreenRef == ScreenRef(guarded))
    }
}
