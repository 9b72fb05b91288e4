import FlowCoordinator
import FlowKernel
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

/// A child written on the kernel alone that pushes two screens onto its parent's stack and, when
/// it finishes, takes away only the top one: a child that leaves one of its screens behind.
@MainActor
final class LeavesOneBehind: Flow {
    let id: FlowID = "leaves"
    private(set) var phase: FlowPhase = .ready
    private(set) var outcome: FlowOutcome<Void>?
    private var handlers: [@MainActor (FlowOutcome<Void>) -> Void] = []
    private var host: (any PresentationHost)?
    private var stack: ContainerID?

    func start(on host: any PresentationHost, placement: FlowPlacement, parent: FlowID?) throws {
        guard case .onStack(let stack) = placement else { throw FlowError(.hostRejected, "This child runs on its parent's stack.") }
        try host.push(Page("left behind"), onto: stack, for: id)
        try host.push(Page("taken away"), onto: stack, for: id)
        (self.host, self.stack, phase) = (host, stack, .running)
    }

    /// Pops its top screen only, then finishes.
    func finishLeavingOne() throws {
        if let host, let stack { try host.pop(stack, for: id) }
        end(.completed(()))
    }

    func cancel() throws { end(.cancelled) }

    func onFinish(_ handler: @escaping @MainActor (FlowOutcome<Void>) -> Void) {
        if let outcome { handler(outcome) } else { handlers.append(handler) }
    }

    private func end(_ outcome: FlowOutcome<Void>) {
        (phase, self.outcome, host) = (.finished, outcome, nil)
        let pending = handlers
        handlers = []
        for handler in pending { handler(outcome) }
    }
}

@MainActor
@Suite("Coordinator: what a finished child leaves on the stack")
struct ChildLeftoverTests {
    @Test func aChildThatLeavesExactlyOneScreenBehindDoesNotKeepItOnTop() throws {
        let host = InMemoryHost()
        let parent = PageCoordinator("main")
        try parent.start(on: host)
        let child = LeavesOneBehind()
        try parent.start(child: child)
        #expect(host.names(in: "main") == ["main start", "left behind", "taken away"])

        try child.finishLeavingOne()

        #expect(host.names(in: "main") == ["main start"])
        #expect(host.visibleScreen?.displayName == "main start")
        #expect(parent.topNode == host.hierarchy.entries(of: "main")?.last)
        #expect(parent.child == nil)
    }

    @Test func aChildWhoseHandlerCancelsItsEndingParentLeavesTheParentEndedOnceWithItsOwnOutcome() throws {
        let host = InMemoryHost()
        let recorder = TranscriptRecorder()
        host.addObserver(recorder)
        let parent = PageCoordinator("main")
        var outcomes: [FlowOutcome<String>] = []
        parent.onFinish { outcomes.append($0) }
        try parent.start(on: host)
        var refusals: [FlowError] = []
        let child = PageCoordinator("child")
        try parent.start(child: child) { _ in
            do { try parent.cancel() } catch { refusals.append(.wrapping(error)) }
        }

        try parent.finish(with: "done")

        #expect(outcomes.map(\.result) == ["done"])
        #expect(recorder.transcript.lines.filter { $0.hasPrefix("[main] complete") || $0.hasPrefix("[main] cancel") } == ["[main] complete with done"])
        #expect(refusals.count == 1, "\(refusals)")
        #expect(host.hierarchy.root == nil)
    }
}
