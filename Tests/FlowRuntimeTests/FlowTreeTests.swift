import FlowKernel
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

/// The smallest flow of one's own that joins the host's tree: a stack of probe screens, shown with
/// a ``FlowMount``, every request inside ``FlowLifecycle/navigate(_:)``.
@MainActor
final class TreeProbeFlow: Flow, RunningFlow {
    let lifecycle: FlowLifecycle<Void>
    private var mount: FlowMount?
    private(set) var followed: [String] = []
    /// Runs each time the flow follows a change.
    var onFollow: (() -> Void)?

    init(_ id: FlowID) { lifecycle = FlowLifecycle(id: id) }

    var id: FlowID { lifecycle.id }
    var phase: FlowPhase { lifecycle.phase }
    var outcome: FlowOutcome<Void>? { lifecycle.outcome }
    func onFinish(_ handler: @escaping @MainActor (FlowOutcome<Void>) -> Void) { lifecycle.onFinish(handler) }

    func start(on host: any PresentationHost, placement: FlowPlacement, parent: FlowID?) throws {
        let host = try host.requireFlowHost(for: id)
        var mount = try FlowMount(for: id, at: FlowMount.Site(placement), on: host)
        try lifecycle.start(self, on: host, parent: parent) {
            try mount.show(.screen(LawProbe("\(id.name) 0")), on: host)
            self.mount = mount
            try lifecycle.didStart(on: host, parent: parent)
        }
    }

    func push(_ name: String) throws {
        try lifecycle.navigate { host in try mount?.show(.screen(LawProbe(name)), on: host) }
    }

    func pop() throws {
        try lifecycle.navigate { host in
            guard let stack = mount?.stack else { return }
            try host.pop(stack, for: id)
        }
    }

    func cancel() throws {
        try lifecycle.navigate { host in
            try lifecycle.checkChildrenGuards(on: host)
            try mount?.remove(from: host)
        }
        try lifecycle.finish(.cancelled)
    }

    var baseNode: NodeRef? { mount?.firstEntry }

    func hostDidChange(by origin: FlowEvent.Origin) {
        followed.append(origin.description)
        onFollow?()
        guard let host = lifecycle.host, mount?.isGone(on: host) == true else { return }
        endDetached()
    }

    func endDetached() {
        guard phase == .running, let host = lifecycle.host else { return }
        host.flows.request(on: host) { try? mount?.remove(from: host) }
        try? lifecycle.finish(.cancelled)
    }

    func endRefusal() -> GuardRefusal? {
        lifecycle.host.flatMap { mount?.removalRefusal(on: $0) }
    }
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
