import FlowKernel
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

/// A screen that writes down each time its guards are asked, and refuses what it is told to.
@MainActor
private final class Voter: Screen {
    let displayName: String
    var refusesToLeave = false
    var refusesToEnter = false
    let ballot: Ballot

    init(_ name: String, _ ballot: Ballot) {
        displayName = name
        self.ballot = ballot
    }

    func shouldLeave(by origin: FlowEvent.Origin) -> GuardVerdict {
        ballot.asked.append("leave \(displayName)")
        return refusesToLeave ? .refuse(because: "\(displayName) stays") : .allow
    }

    func shouldEnter(by origin: FlowEvent.Origin) -> GuardVerdict {
        ballot.asked.append("enter \(displayName)")
        return refusesToEnter ? .refuse(because: "\(displayName) is locked") : .allow
    }
}

@MainActor
private final class Ballot {
    var asked: [String] = []
}

/// A host's nodes of its own, as small as the walk allows: each node a screen or a stack, what it
/// holds and what it presents, by index into one list.
@MainActor
private struct OwnNodes: GuardWalkNodes {
    typealias Node = Int
    struct Entry {
        var ref: NodeRef
        var screen: (any Screen)?
        var held: [Int] = []
        var presents: Int?
    }
    var list: [Entry] = []

    mutating func add(_ screen: any Screen, holding held: [Int] = [], presenting presents: Int? = nil) -> Int {
        list.append(Entry(ref: .of(screen), screen: screen, held: held, presents: presents))
        return list.count - 1
    }

    mutating func addStack(_ id: ContainerID, holding held: [Int]) -> Int {
        list.append(Entry(ref: .container(id), screen: nil, held: held))
        return list.count - 1
    }

    func ref(of node: Int) -> NodeRef { list[node].ref }
    func screen(at node: Int) -> (any Screen)? { list[node].screen }
    func child(_ index: Int, of node: Int) -> Int? { index < list[node].held.count ? list[node].held[index] : nil }
    func presented(by node: Int) -> Int? { list[node].presents }
}

/// Any host's nodes read through its queries, as a host of your own would hand them to the walk.
@MainActor
private struct QueryNodes: GuardWalkNodes {
    let host: any PresentationHost
    func ref(of node: NodeRef) -> NodeRef { node }
    func screen(at node: NodeRef) -> (any Screen)? { node.screen.flatMap(host.screen(for:)) }
    func child(_ index: Int, of node: NodeRef) -> NodeRef? { host.child(at: index, of: node) }
    func presented(by node: NodeRef) -> NodeRef? { host.presented(by: node) }
}

@MainActor
@Suite("The one guard walk")
struct GuardWalkTests {
    /// A stack of two screens; the first holds a child and presents a sheet.
    private func tree(_ ballot: Ballot) -> (nodes: OwnNodes, stack: Int, voters: [String: Voter]) {
        let voters = Dictionary(uniqueKeysWithValues: ["Home", "Badge", "Sheet", "Detail"].map { ($0, Voter($0, ballot)) })
        var nodes = OwnNodes()
        let badge = nodes.add(voters["Badge"]!)
        let sheet = nodes.add(voters["Sheet"]!)
        let home = nodes.add(voters["Home"]!, holding: [badge], presenting: sheet)
        let detail = nodes.add(voters["Detail"]!)
        let stack = nodes.addStack("main", holding: [home, detail])
        return (nodes, stack, voters)
    }

    @Test("Leaving asks the node first, then what it holds, then what it presents")
    func leavingAsksInOrder() {
        let ballot = Ballot()
        let (nodes, stack, _) = tree(ballot)
        #expect(GuardWalk.leavingRefusal(stack, in: nodes, origin: .user) == nil)
        #expect(ballot.asked == ["leave Home", "leave Badge", "leave Sheet", "leave Detail"])
    }

    @Test("The first refusal stops the walk, naming the screen, the way and the reason")
    func firstRefusalStops() throws {
        let ballot = Ballot()
        let (nodes, stack, voters) = tree(ballot)
        voters["Sheet"]!.refusesToLeave = true
        voters["Detail"]!.refusesToLeave = true
        let refusal = try #require(GuardWalk.leavingRefusal(stack, in: nodes, origin: .user))
        #expect(refusal == GuardRefusal(screen: ScreenRef(voters["Sheet"]!), direction: .leaving, reason: "Sheet stays"))
        #expect(ballot.asked == ["leave Home", "leave Badge", "leave Sheet"])
    }

    @Test("Screens a change shows again are not asked to leave")
    func stayingScreensAreNotAsked() {
        let ballot = Ballot()
        let (nodes, stack, voters) = tree(ballot)
        voters["Home"]!.refusesToLeave = true
        let staying: Set<ScreenRef> = [ScreenRef(voters["Home"]!)]
        #expect(GuardWalk.leavingRefusal(stack, in: nodes, staying: staying, origin: .user) == nil)
        #expect(ballot.asked == ["leave Badge", "leave Sheet", "leave Detail"])
    }

    @Test("Entering asks every screen of the content in order, and none that is shown already")
    func enteringSkipsShownScreens() throws {
        let ballot = Ballot()
        let first = Voter("First", ballot)
        let kept = Voter("Kept", ballot)
        let locked = Voter("Locked", ballot)
        locked.refusesToEnter = true
        kept.refusesToEnter = true
        let content = Presentable.stack("wizard", [.screen(first), .screen(kept), .screen(locked)])
        let refusal = try #require(GuardWalk.enteringRefusal(content, origin: .user) { $0 === kept })
        #expect(refusal == GuardRefusal(screen: ScreenRef(locked), direction: .entering, reason: "Locked is locked"))
        #expect(ballot.asked == ["enter First", "enter Locked"])
    }

    @Test("A flow that stands on what leaves answers for its own screens, unless what it stands on stays")
    func treeRefusalAsksTheFlowsThatEnd() throws {
        let host = InMemoryHost()
        let parent = TreeProbeFlow("parent")
        try parent.start(on: host, placement: .root, parent: nil)
        let child = TreeProbeFlow("child")
        try child.start(on: host, placement: .presented, parent: parent.id)
        let editor = GuardedProbe("Editor")
        try host.push(editor, onto: "child", for: child.id)
        let root = try #require(host.hierarchy.root?.ref)
        let shown = QueryNodes(host: host)

        let refusal = GuardWalk.treeRefusal(leaving: [root], in: shown, flows: host.flows, origin: .system)
        #expect(refusal == GuardRefusal(screen: ScreenRef(editor), direction: .leaving, reason: "unsaved changes"))
        var everything: Set<NodeRef> = []
        GuardWalkTests.collect(root, in: host, into: &everything)
        #expect(GuardWalk.treeRefusal(leaving: [root], in: shown, staying: everything, flows: host.flows, origin: .system) == nil)
        editor.holds = false
        #expect(GuardWalk.treeRefusal(leaving: [root], in: shown, flows: host.flows, origin: .system) == nil)
        #expect([parent.phase, child.phase] == [.running, .running])
    }

    private static func collect(_ node: NodeRef, in host: InMemoryHost, into refs: inout Set<NodeRef>) {
        refs.insert(node)
        var index = 0
        while let child = host.child(at: index, of: node) {
            collect(child, in: host, into: &refs)
            index += 1
        }
        if let presented = host.presented(by: node) { collect(presented, in: host, into: &refs) }
    }

    @Test("The in-memory host's walk over its nodes and the runtime's over its queries refuse alike")
    func hostWalksAgree() throws {
        let ballot = Ballot()
        let home = Voter("Home", ballot)
        let detail = Voter("Detail", ballot)
        let sheet = Voter("Sheet", ballot)
        let host = InMemoryHost()
        try host.apply(.setRoot(.stack("main", [.screen(home), .screen(detail)])), origin: .system)
        try host.apply(.present(.screen(sheet), over: .of(detail)), origin: .system)
        sheet.refusesToLeave = true
        ballot.asked = []

        let asked = try #require(host.guardRefusal(of: .pop("main"), origin: .user))
        #expect(ballot.asked == ["leave Detail", "leave Sheet"])
        ballot.asked = []
        let before = host.hierarchy
        #expect(throws: FlowError.self) { try host.apply(.pop("main"), origin: .user) }
        #expect(ballot.asked == ["leave Detail", "leave Sheet"])
        #expect(host.hierarchy == before)
        #expect(asked == GuardRefusal(screen: ScreenRef(sheet), direction: .leaving, reason: "Sheet stays"))
    }
}

@MainActor
@Suite("A guard answers once per request")
struct GuardAnswersOncePerRequestTests {
    let host = InMemoryHost()

    @Test("Outside a request each ask asks the guard")
    func outsideARequestEveryAskAsks() {
        let probe = GuardProbe("Probe")
        _ = host.flows.answer(of: probe, .leaving, origin: .user)
        _ = host.flows.answer(of: probe, .leaving, origin: .user)
        #expect(probe.asked == ["leave user", "leave user"])
    }

    @Test("Inside a request an allowing guard answers once for each way, until the outermost request returns")
    func insideARequestAnAllowAnswersOnce() {
        let probe = GuardProbe("Probe")
        host.flows.request(on: host) {
            #expect(host.flows.answer(of: probe, .leaving, origin: .flow("a")) == .allow)
            host.flows.request(on: host) {
                #expect(host.flows.answer(of: probe, .leaving, origin: .flow("b")) == .allow)
                #expect(host.flows.answer(of: probe, .entering, origin: .flow("b")) == .allow)
            }
            #expect(host.flows.answer(of: probe, .entering, origin: .flow("a")) == .allow)
        }
        #expect(probe.asked == ["leave a", "enter b"])
        host.flows.request(on: host) { _ = host.flows.answer(of: probe, .leaving, origin: .flow("c")) }
        #expect(probe.asked == ["leave a", "enter b", "leave c"])
    }

    @Test("A refusal is not remembered: the guard is asked again, and may allow")
    func aRefusalIsAskedAgain() {
        let probe = GuardProbe("Probe", leaving: .refuse(because: "unsaved"))
        host.flows.request(on: host) {
            #expect(host.flows.answer(of: probe, .leaving, origin: .user) == .refuse(because: "unsaved"))
            probe.leaving = .allow
            #expect(host.flows.answer(of: probe, .leaving, origin: .user) == .allow)
        }
        #expect(probe.asked == ["leave user", "leave user"])
    }

    @Test("The screens whose answers a request remembers are let go of when it returns")
    func rememberedScreensAreReleased() {
        let leaks = LeakTracker()
        host.flows.request(on: host) {
            let probe = leaks.track(GuardProbe("Probe"))
            _ = host.flows.answer(of: probe, .entering, origin: .user)
        }
        #expect(leaks.expectNoLeaks())
    }
}
