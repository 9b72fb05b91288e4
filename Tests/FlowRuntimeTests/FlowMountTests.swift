import FlowKernel
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

@MainActor
@Suite("FlowMount: showing a flow and taking it away, written once")
struct FlowMountTests {
    /// A host that shows a base stack inside a tab group, so that every site has somewhere to go.
    private func baseHost() throws -> InMemoryHost {
        let host = InMemoryHost()
        try host.setRoot(.tabs("tabs", [Presentable.Tab(TabItem(title: "Home"), .stack("base", [.screen(LawProbe("Base"))]))], selected: 0))
        return host
    }

    nonisolated static let sites: [FlowMount.Site] = [.root, .presented, .onStack("base"), .tab(in: "tabs", at: 1, item: TabItem(title: "Flow"))]

    /// What the host shows once a flow at a site is gone: a root flow replaced everything.
    private func expectedAfterRemoval(at site: FlowMount.Site, before: Hierarchy) -> Hierarchy {
        site == .root ? Hierarchy(root: nil) : before
    }

    @Test("A stack flow shown at any site and removed leaves the host as it found it", arguments: sites)
    func stackFlowRemovedRestoresTheHost(_ site: FlowMount.Site) throws {
        let host = try baseHost()
        let before = expectedAfterRemoval(at: site, before: host.hierarchy)
        var mount = try FlowMount(for: "flow", at: site, on: host)

        try mount.show(.screen(LawProbe("First")), on: host)
        try mount.show(.screen(LawProbe("Second")), on: host)
        #expect(host.entries(of: try #require(mount.stack))?.suffix(2).map(\.description) == ["First", "Second"])
        #expect(mount.ownEntries(on: host).count == 2)
        try mount.remove(from: host)

        #expect(host.hierarchy == before)
        #expect(!mount.isShown(on: host))
    }

    @Test("A single-node flow shown at any site and removed leaves the host as it found it", arguments: sites)
    func singleFlowRemovedRestoresTheHost(_ site: FlowMount.Site) throws {
        let host = try baseHost()
        let before = expectedAfterRemoval(at: site, before: host.hierarchy)
        var mount = try FlowMount(for: "flow", at: site, shape: .single, on: host)
        let holder = LawProbe("Holder")

        try mount.show(.screen(holder), on: host)
        #expect(mount.node == .of(holder))
        #expect(mount.stack == nil)
        try mount.remove(from: host)

        #expect(host.hierarchy == before)
    }

    @Test(
        "A flow's first content goes to its site, the next is pushed onto its stack",
        arguments: zip(
            sites,
            [
                "set root to [flow]", "present [flow] over [tabs]", "push First onto [base]", "insert [flow] as tab 1 of [tabs]",
            ]))
    func showingDecides(_ site: FlowMount.Site, first: String) throws {
        let host = try baseHost()
        let before = host.hierarchy
        var mount = try FlowMount(for: "flow", at: site, on: host)
        let showing = try mount.showing(.screen(LawProbe("First")), on: host)
        #expect(showing.operation.description == first)
        #expect(host.hierarchy == before, "deciding changes nothing")

        try mount.show(.screen(LawProbe("First")), on: host)
        let stack = try #require(mount.stack)
        #expect(try mount.showing(.screen(LawProbe("Second")), on: host).operation.description == "push Second onto \(NodeRef.container(stack))")
    }

    @Test("A removal decided, carried out and noted leaves the host as remove(from:) does", arguments: sites)
    func removalInTwoHalvesRestoresTheHost(_ site: FlowMount.Site) throws {
        let host = try baseHost()
        let before = expectedAfterRemoval(at: site, before: host.hierarchy)
        var mount = try FlowMount(for: "flow", at: site, on: host)
        try mount.show(.screen(LawProbe("First")), on: host)
        try mount.present(.screen(LawProbe("Modal")), over: mount.node, on: host)

        let change = mount.removing(on: host)
        #expect(change.origin == .flow("flow"))
        try host.carryOut(change)
        mount.didRemove()

        #expect(host.hierarchy == before)
        #expect(!mount.isShown(on: host))
        #expect(mount.removal(on: host).isEmpty)
    }

    @Test func aStackFlowOwnsItsStackExceptOnASharedOne() throws {
        let host = try baseHost()
        #expect(try FlowMount(for: "flow", at: .root, on: host).stack == "flow")
        #expect(try FlowMount(for: "base", at: .presented, on: host).stack == "base-2")
        #expect(try FlowMount(for: "flow", at: .onStack("base"), on: host).stack == "base")
        #expect(try FlowMount(for: "flow", at: .onStack("base"), on: host).ownsStack == false)
    }

    @Test func onASharedStackOnlyTheFlowsOwnEntriesCount() throws {
        let host = try baseHost()
        var mount = try FlowMount(for: "flow", at: .onStack("base"), on: host)
        #expect(mount.ownEntries(on: host).isEmpty)

        let first = LawProbe("First")
        try mount.show(.screen(first), on: host)

        #expect(mount.ownEntries(on: host) == 1..<2)
        #expect(mount.node == .of(first))
    }

    @Test func whatTheFlowPresentedOverASharedStackLeavesWithIt() throws {
        let host = try baseHost()
        let before = host.hierarchy
        var mount = try FlowMount(for: "flow", at: .onStack("base"), on: host)
        try mount.show(.screen(LawProbe("First")), on: host)
        try mount.present(.screen(LawProbe("Sheet")), over: .container("base"), on: host)

        try mount.remove(from: host)

        #expect(host.hierarchy == before)
    }

    @Test func aScreenOncePresentedAndNowPushedStaysWhenTheFlowLeaves() throws {
        let host = try baseHost()
        var mount = try FlowMount(for: "flow", at: .onStack("base"), on: host)
        let sheet = LawProbe("Sheet")
        try mount.show(.screen(LawProbe("First")), on: host)
        try mount.present(.screen(sheet), over: .container("base"), on: host)
        try host.dismiss(.of(sheet))
        try host.push(sheet, onto: "base")
        try host.push(LawProbe("Above"), onto: "base")

        try mount.remove(from: host)

        #expect(host.entries(of: "base")?.map(\.description) == ["Base"])
    }

    @Test func aMountWhoseSiteIsMissingIsRefusedAndNothingChanges() throws {
        let host = try baseHost()
        let before = host.hierarchy

        #expect(throws: FlowError.self) { try FlowMount(for: "flow", at: .onStack("missing"), on: host) }
        #expect(throws: FlowError.self) { try FlowMount(for: "flow", at: .onStack("tabs"), on: host) }
        #expect(throws: FlowError.self) { try FlowMount(for: "flow", at: .tab(in: "base", at: 0, item: TabItem(title: "X")), on: host) }
        #expect(host.hierarchy == before)
    }

    @Test func aSingleNodeMountPushesNothing() throws {
        let host = try baseHost()
        var mount = try FlowMount(for: "flow", at: .presented, shape: .single, on: host)
        try mount.show(.screen(LawProbe("Holder")), on: host)
        let before = host.hierarchy

        let error = #expect(throws: FlowError.self) { try mount.show(.screen(LawProbe("Other")), on: host) }

        #expect(error?.code == .hostRejected)
        #expect(host.hierarchy == before)
    }

    @Test func aFlowTheUserTookAwayIsGoneAndRemovingItDoesNothing() throws {
        let host = try baseHost()
        var mount = try FlowMount(for: "flow", at: .presented, on: host)
        #expect(!mount.isGone(on: host))
        try mount.show(.screen(LawProbe("First")), on: host)

        try host.user.swipeDown()
        let after = host.hierarchy

        #expect(mount.isGone(on: host))
        try mount.remove(from: host)
        #expect(host.hierarchy == after)
    }

    @Test func aRefusedFirstShowChangesNothing() throws {
        let host = try baseHost()
        let shown = LawProbe("Shown")
        try host.push(shown, onto: "base")
        let before = host.hierarchy
        var mount = try FlowMount(for: "flow", at: .presented, on: host)

        #expect(throws: FlowError.self) { try mount.show(.screen(shown), on: host) }

        #expect(host.hierarchy == before)
        #expect(mount.firstEntry == nil)
    }

    @Test func removingAsksEveryGuardBeforeTheFirstChangeSoARefusalLeavesEverythingShown() throws {
        let host = try baseHost()
        var mount = try FlowMount(for: "flow", at: .onStack("base"), on: host)
        let editor = GuardProbe("Editor", leaving: .refuse(because: "unsaved changes"))
        try mount.show(.screen(editor), on: host)
        try mount.present(.screen(LawProbe("Sheet")), over: .container("base"), on: host)
        let recorder = TranscriptRecorder(observing: host)
        let before = host.hierarchy

        let error = #expect(throws: FlowError.self) { try mount.remove(from: host) }
        #expect(error?.code == .guardRefused)
        #expect(host.hierarchy == before)
        expectTranscript(recorder.transcript, equals: ["[flow] refuse leaving Editor: unsaved changes"])

        editor.leaving = .allow
        try mount.checkGuardsForRemoval(from: host)
        try mount.remove(from: host)
        #expect(host.entries(of: "base")?.map(\.description) == ["Base"])
        #expect(host.presented(by: .container("base")) == nil)
    }
}
