import FlowKernel
import FlowStack
import FlowStage
import FlowTestKit
import Testing

@MainActor
@Suite("Stack navigator: a parent ending while its child's handler cancels it")
struct EndingParentTests {
    @Test func aChildWhoseHandlerCancelsItsEndingParentLeavesTheParentEndedOnceWithItsResult() throws {
        let host = InMemoryHost()
        let recorder = TranscriptRecorder(observing: host)
        let registry = ScreenRegistry { registry in
            registry.register(First.self) { First() }
            registry.register(Second.self) { Second() }
        }
        let parent = StackNavigator<String>("parent", registry: registry, root: First.self)
        var outcomes: [FlowOutcome<String>] = []
        parent.onFinish { outcomes.append($0) }
        try parent.start(on: host)
        let child = StackNavigator<Void>("child", registry: registry, root: Second.self)
        try child.start(on: host, placement: .presented, parent: "parent")
        var refusal: FlowError?
        child.onFinish { _ in
            do { try parent.cancel() } catch { refusal = .wrapping(error) }
        }

        try parent.finish(with: "done")

        #expect(outcomes.map(\.result) == ["done"])
        #expect(recorder.transcript.lines.filter { $0.hasPrefix("[parent] c") } == ["[parent] complete with done"])
        #expect(refusal != nil)
        #expect(child.outcome?.isCancelled == true)
        #expect(host.hierarchy.root == nil)
    }
}
