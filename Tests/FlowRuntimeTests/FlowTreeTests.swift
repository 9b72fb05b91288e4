import FlowKernel
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

/// The smallest front door on a run that joins the host's tree: a stack of probe screens, shown
/// through its mount, every request a decree the run carries out.
@MainActor
final class TreeProbeFlow: FlowFrontDoor {
    let run: FlowRun<Void>
    private(set) var mount: FlowMount?
    private(set) var followed: [String] = []
    /// Runs each time the flow follows a change.
    var onFollow: (() -> Void)?

    init(_ id: FlowID) { run = FlowRun(id: id) }

    var id: FlowID { run.id }
    var phase: FlowPhase { run.phase }
    var outcome: FlowOutcome<Void>? { run.outcome }
    func onFinish(_ handler: @escaping @MainActor (FlowOutcome<Void>) -> Void) { run.onFinish(handler) }
    var baseNode: NodeRef? { mount?.firstEntry }

    func start(on host: any PresentationHost, placement: FlowPlacement, parent: FlowID?) throws {
        let host = try host.requireFlowHost(for: id)
        try run.begin(self, at: placement, on: host, parent: parent, origin: nil, first: { (LawProbe("\(id.name) 0"), ()) }) { mount, _, _ in
            self.mount = mount
        }
    }

    func push(_ name: String) throws {
        try decide { _, _ in
            guard let stack = self.mount?.stack else { return .refuse(FlowError(.flowFinished, "gone")) }
            return .change(FlowChange(HostChange(.push(.screen(LawProbe(name)), onto: stack), origin: .flow(self.id)), state: ()))
        }
    }

    func pop() throws {
        try decide { _, _ in
            guard let stack = self.mount?.stack else { return .refuse(FlowError(.flowFinished, "gone")) }
            return .change(FlowChange(HostChange(.pop(stack), origin: .flow(self.id)), state: ()))
        }
    }

    func cancel() throws { try end(.cancelled) }

    func hostDidChange(by origin: FlowEvent.Origin) {
        followed.append(origin.description)
        onFollow?()
        guard let host = run.followingHost, mount?.isGone(on: host) == true else { return }
        endDetached()
    }

    func releaseEverything() { mount?.didRemove() }
}

@MainActor
@Suite("The host's flow tree")
struct FlowTreeTests {
    let host = InMemoryHost()
    let transcript = TranscriptRecorder()

    init() { host.addObserver(transcript) }

    @Test func aRunningFlowNobodyElseKeepsRunsUntilItEndsAndIsThenReleased() throws {
        weak var weakFlow: TreeProbeFlow?
        do {
            let flow = TreeProbeFlow("alone")
            weakFlow = flow
            try flow.start(on: host, placement: .root, parent: nil)
        }
        #expect(weakFlow?.phase == .running)
        #expect(host.flows.count == 1)

        try weakFlow?.cancel()

        #expect(weakFlow == nil)
        #expect(host.flows.isEmpty)
    }

    @Test func aChildStandsOnTheScreenItsParentShowedAndEndsWhenItsParentsOwnRequestTakesItAway() throws {
        let parent = TreeProbeFlow("parent")
        try parent.start(on: host, placement: .root, parent: nil)
        try parent.push("parent 1")
        let child = TreeProbeFlow("child")
        try child.start(on: host, placement: .presented, parent: parent.id)
        #expect(host.flows.anchor(of: child) == host.child(at: 1, of: .container("parent")))
        #expect(host.flows.parent(of: child) === parent)

        try parent.pop()

        #expect(child.outcome?.isCancelled == true)
        #expect(transcript.transcript.lines.suffix(3) == ["[parent] pop parent 1 from [parent]", "[child] dismiss [child] from [parent]", "[child] cancel"])
        #expect(parent.followed.isEmpty, "a flow never follows its own change")
        #expect(host.flows.children(of: parent).isEmpty)
    }

    @Test func aChangeMadeInsideARequestIsFollowedOnceTheRequestReturns() throws {
        let parent = TreeProbeFlow("parent")
        try parent.start(on: host, placement: .root, parent: nil)
        let child = TreeProbeFlow("child")
        try child.start(on: host, placement: .onStack("parent"), parent: parent.id)
        try child.push("child 1")

        try host.flows.request(on: host) {
            try host.pop("parent")
            #expect(child.followed.isEmpty, "no flow sees a request half made")
            #expect(child.phase == .running)
        }

        #expect(child.followed == ["system"])
        #expect(child.phase == .running)
    }

    @Test func aFlowsEndEndsItsChildrenFirstInnermostFirst() throws {
        let outer = TreeProbeFlow("outer")
        let middle = TreeProbeFlow("middle")
        let inner = TreeProbeFlow("inner")
        try outer.start(on: host, placement: .root, parent: nil)
        try middle.start(on: host, placement: .presented, parent: outer.id)
        try inner.start(on: host, placement: .presented, parent: middle.id)
        var order: [String] = []
        for flow in [outer, middle, inner] { flow.onFinish { _ in order.append(flow.id.name) } }

        try outer.cancel()

        #expect(order == ["inner", "middle", "outer"])
        #expect(transcript.transcript.lines.filter { $0.hasSuffix("cancel") } == ["[inner] cancel", "[middle] cancel", "[outer] cancel"])
        #expect(host.render() == "(empty)")
    }

    @Test func aChildWhoseGuardRefusesMakesItsParentsEndRefuseWholeAndChangeNothing() throws {
        let parent = TreeProbeFlow("parent")
        try parent.start(on: host, placement: .root, parent: nil)
        let child = TreeProbeFlow("child")
        try child.start(on: host, placement: .presented, parent: parent.id)
        let editor = GuardedProbe("Editor")
        try host.push(editor, onto: "child", for: child.id)
        let before = host.hierarchy

        let error = #expect(throws: FlowError.self) { try parent.cancel() }

        #expect(error?.code == .guardRefused)
        #expect(host.hierarchy == before)
        #expect([parent.phase, child.phase] == [.running, .running])
        editor.holds = false
        try parent.cancel()
        #expect(child.phase == .finished)
    }

    @Test func endAllEndsEveryFlowInnermostFirstSoTheHostCanBeLetGoOf() throws {
        let outer = TreeProbeFlow("outer")
        let inner = TreeProbeFlow("inner")
        try outer.start(on: host, placement: .root, parent: nil)
        try inner.start(on: host, placement: .presented, parent: outer.id)

        host.flows.endAll()

        #expect(transcript.transcript.lines.filter { $0.hasSuffix("cancel") } == ["[inner] cancel", "[outer] cancel"])
        #expect(host.flows.isEmpty)
        #expect(host.render() == "(empty)")
    }

    @Test func theTreeListsItsFlowsParentsFirst() throws {
        let outer = TreeProbeFlow("outer")
        let inner = TreeProbeFlow("inner")
        try outer.start(on: host, placement: .root, parent: nil)
        try inner.start(on: host, placement: .presented, parent: outer.id)
        #expect(host.flows.flows.map(\.id) == ["outer", "inner"])
        #expect(host.flows.flow(named: "inner") === inner)
    }

    @Test func aHostThatCannotNameWhatLeftHasEveryOtherFlowFollow() throws {
        let outer = TreeProbeFlow("outer")
        let inner = TreeProbeFlow("inner")
        try outer.start(on: host, placement: .root, parent: nil)
        try inner.start(on: host, placement: .presented, parent: outer.id)

        host.flows.didChange(by: .flow("outer"))
        host.flows.settle(on: host)

        #expect(outer.followed.isEmpty, "a flow never follows its own change")
        #expect(inner.followed == ["outer"])
    }

    @Test func flowsThatAnswerEachOthersChangesForEverAreStoppedAndReported() throws {
        let flow = TreeProbeFlow("restless")
        try flow.start(on: host, placement: .root, parent: nil)
        // Each answer notes another change, as two flows that undo each other's would.
        flow.onFollow = { [host] in host.flows.didChange(by: .system) }

        host.flows.didChange(by: .system)
        host.flows.settle(on: host)

        #expect(flow.followed.count == 1_000)
        let last = try #require(transcript.events.last)
        guard case .requestRefused(let error) = last.change else {
            Issue.record("expected a requestRefused event, got \(last)")
            return
        }
        #expect(error.code == .reentrantNavigation)
        #expect(flow.phase == .running)
    }

    @Test func aStartThatFailsLeavesNothingInTheTree() throws {
        let flow = TreeProbeFlow("nowhere")
        #expect(throws: FlowError.self) { try flow.start(on: host, placement: .onStack("missing"), parent: nil) }
        #expect(host.flows.isEmpty)
        #expect(flow.phase == .ready)
    }

    @Test func theHostNamesWhichFlowMadeEachNode() throws {
        let flow = TreeProbeFlow("maker")
        try flow.start(on: host, placement: .root, parent: nil)
        try host.push(LawProbe("Loose"), onto: "maker")
        #expect(host.maker(of: .container("maker")) == "maker")
        #expect(host.maker(of: try #require(host.child(at: 0, of: .container("maker")))) == "maker")
        #expect(host.maker(of: try #require(host.child(at: 1, of: .container("maker")))) == nil)
    }
}

/// A probe screen whose guard refuses to leave while it holds.
@MainActor
final class GuardedProbe: Screen {
    let displayName: String
    var holds = true
    init(_ name: String) { displayName = name }
    func shouldLeave(by origin: FlowEvent.Origin) -> GuardVerdict {
        holds ? .refuse(because: "unsaved changes") : .allow
    }
}
