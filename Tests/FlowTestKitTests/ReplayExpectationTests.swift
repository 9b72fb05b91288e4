import FlowExplorer
import FlowKernel
import FlowRecording
import FlowRuntime
import FlowTestKit
import Foundation
import ShopApp
import Testing

@MainActor
@Suite("expectReplay")
struct ReplayExpectationTests {
    static func recording(_ script: String, in strategy: Strategy) throws -> JourneyRecording {
        let session = try ShopSession(strategy: strategy)
        try session.startRecording()
        for command in try Command.script(script) { _ = session.perform(command) }
        return try #require(session.recording)
    }

    @Test func aRecordingThatReplaysRecordsNoIssue() throws {
        let recording = try Self.recording("start,email ana@example.com,shoes,add,cart,checkout,pay,close", in: .router)
        var passed = false
        let issues = CheckIssues.collected { passed = expectReplay(recording, on: ShopReplay.replay(.router)) }
        #expect(issues.isEmpty)
        #expect(passed)
    }

    @Test func aRecordingThatNoLongerReplaysRecordsItsDiffAndShortestReproduction() throws {
        let recording = try Self.recording("start,email ana@example.com,hat,:back,shoes,add,cart,checkout,pay,:back", in: .chain)
        var passed = true
        let issues = CheckIssues.collected { passed = expectReplay(recording, on: ShopReplay.replay(.chain, protectsPlacedOrder: false)) }
        #expect(!passed)
        #expect(issues.count == 1)
        let message = try #require(issues.first)
        #expect(message.hasPrefix("The replay differs from the recording at step 10 (:back): the recording says the step was refused (gestureRefused)"))
        #expect(message.contains("-- hierarchy --"))
        #expect(message.contains("-- shortest reproduction (8 steps) --\nstart, email someone@example.com, shoes, add, cart, checkout, pay, :back"))
    }

    @Test func aRecordingFileBesideTheTestReplaysInOneLine() throws {
        let recording = try Self.recording("start,:back,start", in: .stack)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try recording.write(to: folder.appendingPathComponent("back.json"))
        let beside = folder.appendingPathComponent("ThisTest.swift").path
        #expect(CheckIssues.collected { expectReplay("back.json", besides: beside, on: ShopReplay.replay(.stack)) }.isEmpty)
        let missing = CheckIssues.collected { expectReplay("missing.json", besides: beside, on: ShopReplay.replay(.stack)) }
        #expect(missing.count == 1)
        #expect(missing.first?.hasPrefix("The recording missing.json could not be read:") == true)
    }

    @Test func anExplorersFindingIsSavedAsARecordingThatReplaysIt() throws {
        let explorer = ShopExploration.explorer(.stack, protectsPlacedOrder: false)
        let report = try explorer.explore(.breadthFirst(depth: 12))
        let twice = try #require(report.findings.first { if case .happenedTwice = $0.kind { true } else { false } })
        let recording = try explorer.recording(of: twice)
        #expect(recording.start == .app)
        #expect(recording.labels == twice.reproduction)
        // The recording pins what the unprotected shop does; the protected one differs.
        #expect(try ShopReplay.replay(.stack, protectsPlacedOrder: false).replay(recording).matched)
        #expect(try !ShopReplay.replay(.stack).replay(recording).matched)
    }
}
