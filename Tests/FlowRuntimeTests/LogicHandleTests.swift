import FlowKernel
import FlowRuntime
import FlowSnapshot
import FlowStage
import FlowTestKit
import Foundation
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

/// A quiz that remembers its answers beside its path: Back shows the question again, and the
/// answers given stay.
@MainActor
struct Quiz: FlowLogic {
    typealias Memory = [String]
    typealias Result = [String]
    var initialMemory: [String] { [] }
    func start() -> Int { 1 }
    func screen(for question: Int) -> any Screen { HandledScreen("Question \(question)") }
    func answer(_ answer: String, _ path: FlowPath<Int>, _ answers: inout [String]) -> FlowDecision<Int, [String]> {
        answers.append(answer)
        return path.count < 2 ? .show(path.pushing(path.count + 1)) : .complete(answers)
    }
}

@MainActor
@Suite("LogicFlow: what a logic remembers beside its path")
struct LogicMemoryTests {
    let host = InMemoryHost()
    let quiz = LogicFlow("quiz", logic: Quiz())

    init() throws {
        try quiz.start(on: host, placement: .root, parent: nil)
    }

    @Test func aRequestChangesWhatTheLogicRemembersWithTheHostChange() throws {
        try quiz.requestRemembering { logic, path, answers in logic.answer("yes", path, &answers) }

        #expect(quiz.memory == ["yes"])
        #expect(quiz.path.entries == [1, 2])
    }

    @Test func thePersonsBackDoesNotRewindWhatTheLogicRemembers() throws {
        try quiz.requestRemembering { logic, path, answers in logic.answer("yes", path, &answers) }

        try host.user.back()

        #expect(quiz.path.entries == [1])
        #expect(quiz.memory == ["yes"])
    }

    @Test func aRefusedRequestLeavesWhatTheLogicRemembersAsItWas() throws {
        let error = #expect(throws: FlowError.self) {
            try quiz.requestRemembering { _, path, answers in
                answers.append("lost")
                return .show(path.dropping())
            }
        }

        #expect(error != nil)
        #expect(quiz.memory.isEmpty)
        #expect(quiz.path.entries == [1])
    }

    @Test func aSnapshotKeepsWhatTheLogicRemembers() throws {
        try quiz.requestRemembering { logic, path, answers in logic.answer("yes", path, &answers) }
        let data = try JSONEncoder().encode(host.flows.snapshot(of: host))
        let snapshot = try JSONDecoder().decode(NavigationSnapshot.self, from: data)
        let restoredHost = InMemoryHost()
        let restored = LogicFlow("quiz", logic: Quiz())

        let report = snapshot.restore(on: restoredHost) { _ in restored }

        #expect(report.isComplete)
        #expect(restored.memory == ["yes"])
        #expect(restored.path.entries == [1, 2])
        try restored.requestRemembering { logic, path, answers in logic.answer("no", path, &answers) }
        #expect(restored.outcome?.result == ["yes", "no"])
    }
}

/// The quiz of a later version, which remembers a count where the quiz remembered its answers.
@MainActor
struct RecountedQuiz: FlowLogic {
    typealias Memory = Int
    var strategy: String { "Quiz" }
    var initialMemory: Int { 0 }
    func start() -> Int { 1 }
    func screen(for question: Int) -> any Screen { HandledScreen("Question \(question)") }
}

@MainActor
@Suite("LogicFlow: what a logic remembers, restored by another version")
struct LogicMemoryRestoreTests {
    @Test func aMemoryThatNoLongerReadsStartsAfreshAndTheReportSaysWhy() throws {
        let host = InMemoryHost()
        let quiz = LogicFlow("quiz", logic: Quiz())
        try quiz.start(on: host, placement: .root, parent: nil)
        try quiz.requestRemembering { logic, path, answers in logic.answer("yes", path, &answers) }
        let snapshot = host.flows.snapshot(of: host)
        let restored = LogicFlow("quiz", logic: RecountedQuiz())

        let report = snapshot.restore(on: InMemoryHost()) { _ in restored }

        #expect(restored.path.entries == [1, 2])
        #expect(restored.memory == 0)
        #expect(!report.isComplete)
        let line = try #require(report.entries.first { $0.subject == "what the logic remembers" })
        #expect(line.outcome == .repaired)
        #expect(line.reason?.contains("started afresh") == true)
    }
}
