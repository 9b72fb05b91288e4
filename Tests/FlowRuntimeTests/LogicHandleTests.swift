import FlowKernel
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

/// A screen that keeps the handle its flow gave it.
@MainActor
final class HandledScreen: Screen {
    let displayName: String
    var handle: LogicHandle<Steps>?
    init(_ name: String) { displayName = name }
}

/// Numbered steps; each screen gets its handle, and what the person's Back takes away is noted.
@MainActor
struct Steps: FlowLogic {
    final class Notes {
        var left: [[Int]] = []
    }
    let notes = Notes()

    func start() -> Int { 1 }
    func screen(for step: Int) -> any Screen { HandledScreen("Step \(step)") }
    func attach(_ handle: LogicHandle<Steps>, to screen: any Screen) { (screen as? HandledScreen)?.handle = handle }
    func next(_ path: FlowPath<Int>) -> FlowDecision<Int, Int> {
        path.count < 3 ? .show(path.pushing(path.count + 1)) : .complete(path.count)
    }
    func follow(_ path: FlowPath<Int>, leaving left: [Int]) -> FlowDecision<Int, Int>? {
        notes.left.append(left)
        return nil
    }
}

@MainActor
@Suite("LogicFlow: a screen's handle, and what the person took away")
struct LogicHandleTests {
    let host = InMemoryHost()
    let flow = LogicFlow("steps", logic: Steps())

    init() throws {
        try flow.start(on: host, placement: .root, parent: nil)
    }

    var screen: HandledScreen? { flow.currentScreen as? HandledScreen }

    @Test func theScreenThePersonSeesMovesTheFlowWithItsHandle() throws {
        try screen?.handle?.request { steps, path in steps.next(path) }

        #expect(flow.path.entries == [1, 2])
        #expect(screen?.displayName == "Step 2")
    }

    @Test func aSecondTapOnAScreenAlreadyLeftIsRefusedAndChangesNothing() throws {
        let first = try #require(screen)
        try first.handle?.request { steps, path in steps.next(path) }
        let recorder = TranscriptRecorder(observing: host)
        let before = host.hierarchy

        let error = #expect(throws: FlowError.self) { try first.handle?.request { steps, path in steps.next(path) } }

        #expect(error?.code == .screenNotCurrent)
        #expect(flow.path.entries == [1, 2])
        #expect(host.hierarchy == before)
        #expect(recorder.transcript.lines.isEmpty)
    }

    @Test func aHandleOfAScreenThePersonWentBackFromIsRefused() throws {
        try screen?.handle?.request { steps, path in steps.next(path) }
        let second = try #require(screen)
        try host.user.back()

        let error = #expect(throws: FlowError.self) { try second.handle?.request { steps, path in steps.next(path) } }

        #expect(error?.code == .screenNotCurrent)
        #expect(flow.path.entries == [1])
    }

    @Test func aHandleOutlivingItsFlowIsRefusedAsFinished() throws {
        let first = try #require(screen)
        try flow.cancel()

        let error = #expect(throws: FlowError.self) { try first.handle?.request { steps, path in steps.next(path) } }

        #expect(error?.code == .flowFinished)
    }

    @Test func theLogicIsToldWhatThePersonsBackTookAway() throws {
        try screen?.handle?.request { steps, path in steps.next(path) }
        try screen?.handle?.request { steps, path in steps.next(path) }

        try host.user.back()

        #expect(flow.logic.notes.left == [[3]])
        #expect(flow.path.entries == [1, 2])
    }

    @Test func theHandleMovesTheFlowToItsEndAndItsScreensAreReleased() throws {
        let tracker = LeakTracker()
        for _ in 0..<3 {
            _ = tracker.track(try #require(screen), as: screen?.displayName)
            try screen?.handle?.request { steps, path in steps.next(path) }
        }

        #expect(flow.outcome?.result == 3)
        #expect(tracker.expectNoLeaks())
    }
}
