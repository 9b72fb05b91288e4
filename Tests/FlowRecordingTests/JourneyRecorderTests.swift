import FlowExplorer
import FlowKernel
import FlowRuntime
import FlowStage
import Foundation
import ShopApp
import Testing

@testable import FlowRecording

@MainActor
@Suite("The journey recorder")
struct JourneyRecorderTests {
    @Test func aLimitBelowOneIsRefused() {
        let host = InMemoryHost()
        #expect(throws: FlowError.self) { try JourneyRecorder(on: host, keepingLast: 0) }
    }

    @Test func aRecorderOnAHostWithNothingRunningStartsFromTheAppsStart() throws {
        let host = InMemoryHost()
        let recorder = try JourneyRecorder(on: host)
        #expect(recorder.recording.start == .app)
        #expect(recorder.recording.steps.isEmpty)
        #expect(recorder.recording.ending == "(nothing shown)")
    }

    @Test func gesturesThePlatformReportsAreRecordedFromTheHostsEvents() throws {
        let session = try ShopSession(strategy: .stack)
        try session.startRecording()
        try session.run(Command("start")!)
        // The platform reports the back button straight to the host, not through the recorder.
        try session.host.user.back()
        let recording = try #require(session.recording)
        #expect(recording.labels == ["start", ":back"])
        #expect(recording.steps[1].screen == nil)
        #expect(recording.steps[1].lines == ["(user) pop Sign in from [shop]"])
        #expect(try ShopReplay.replay(.stack).replay(recording).matched)
    }

    @Test(arguments: [Strategy.chain, .router])
    func aGestureTheScreensRefuseIsRecordedWithItsCode(_ strategy: Strategy) throws {
        let session = try ShopSession(strategy: strategy)
        try session.startRecording()
        for command in try Command.script("start,email ana@example.com,shoes,add,cart,checkout,pay") { try session.run(command) }
        #expect(session.perform(Command(":back")!) != nil)
        #expect(throws: FlowError.self) { try session.host.user.back() }
        let recording = try #require(session.recording)
        #expect(recording.steps.suffix(2).map(\.refusal) == ["gestureRefused", "gestureRefused"])
        #expect(recording.steps.last?.lines.first?.hasPrefix("(user) refuse back to Checkout") == true)
        #expect(try ShopReplay.replay(strategy).replay(recording).matched)
    }

    @Test func aStepMadeInsideAnotherIsPartOfIt() throws {
        let host = InMemoryHost()
        let recorder = try JourneyRecorder(on: host)
        recorder.record(.link("shop://cart")) {
            recorder.record(.action("cart", argument: nil)) {}
        }
        #expect(recorder.recording.labels == [":open shop://cart"])
    }

    @Test func aCheckpointWhileAStepRunsIsRefusedAndChangesNothing() throws {
        let session = try ShopSession(strategy: .router)
        let recorder = try JourneyRecorder(on: session.host)
        var refusal: FlowError?
        recorder.record(.action("start", argument: nil)) {
            do { try recorder.checkpoint() } catch { refusal = error as? FlowError }
        }
        #expect(refusal?.code == .reentrantNavigation)
        #expect(recorder.recording.labels == ["start"])
    }

    @Test func aRefusedStepKeepsTheCodeOfItsErrorAndRethrows() throws {
        let recorder = try JourneyRecorder(on: InMemoryHost())
        struct Broken: Error {}
        #expect(throws: Broken.self) { try recorder.record(.link("x")) { throw Broken() } }
        #expect(throws: FlowError.self) { try recorder.record(.link("y")) { throw FlowError(FlowError.Code("noRoute"), "no") } }
        #expect(recorder.recording.steps.map(\.refusal) == ["Broken", "noRoute"])
    }

    @Test(arguments: [
        ("ana", "Banana ana ana@x (ana)", "Banana X X@x (X)"),
        ("a@b.co", "complete with a@b.co: hat", "complete with X: hat"),
        ("x", "", ""),
    ])
    func redactionReplacesTheTextOnlyWhereItStandsAlone(_ original: String, _ line: String, _ expected: String) {
        #expect(JourneyRecorder.replacingWhole(original, with: "X", in: line) == expected)
    }

    @Test func anAddressTypedBeforeRecordingBeganIsRedactedInTheSnapshotToo() throws {
        let session = try ShopSession(strategy: .chain)
        for command in try Command.script("start,email bo@example.org,hat") { try session.run(command) }
        try session.startRecording()
        try session.run(Command("add")!)
        let data = try JSONEncoder().encode(try #require(session.recording))
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("bo@example.org"))
        #expect(text.contains("someone@example.com"))
    }

    @Test func aFullRingThatMeetsOnlyPlatformGesturesStopsKeepingAndSaysHowMany() throws {
        let session = try ShopSession(strategy: .coordinator)
        for command in try Command.script("start,email ana@example.com") { try session.run(command) }
        try session.startRecording(keepingLast: 1)
        for index in [1, 0, 1, 0] { try session.host.user.selectTab(index) }
        var recording = try #require(session.recording)
        #expect(recording.steps.count == 2)
        #expect(recording.unkept == 2)
        #expect(recording.ending == nil)
        // The next step made through the recorder is a quiet moment: a checkpoint, and the ring
        // is whole again from there.
        try session.run(Command("hat")!)
        recording = try #require(session.recording)
        #expect(recording.unkept == 0)
        #expect(recording.labels == ["hat"])
        #expect(try ShopReplay.replay(.coordinator).replay(recording).matched)
    }

    @Test func aStoppedRecorderKeepsWhatItHadAndHearsNoMore() throws {
        let session = try ShopSession(strategy: .stack)
        try session.startRecording()
        try session.run(Command("start")!)
        session.recorder?.stop()
        try session.host.user.back()
        #expect(session.recording?.labels == ["start"])
    }

    @Test func aRecorderDoesNotKeepItsHostAlive() throws {
        weak var weakHost: InMemoryHost?
        var recorder: JourneyRecorder?
        do {
            let host = InMemoryHost()
            weakHost = host
            recorder = try JourneyRecorder(on: host)
        }
        #expect(weakHost == nil)
        #expect(throws: FlowError.self) { try recorder?.checkpoint() }
        #expect(throws: FlowError.self) { try recorder?.perform(.swipeDown) }
    }
}
