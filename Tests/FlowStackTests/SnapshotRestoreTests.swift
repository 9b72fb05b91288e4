import FlowKernel
import FlowRuntime
import FlowSnapshot
import FlowStack
import FlowStage
import FlowTestKit
import Foundation
import Testing

/// The rules a restore applies to the saved flows as a whole: parents first, each flow made by
/// the app, nothing dropped without a line in the report.
@MainActor
@Suite("Restoring a snapshot of several flows")
struct SnapshotRestoreTests {
    let registry = StackRestorationTests.registry()

    /// A shop, with a sign-in navigator presented over it as its child.
    private func savedParentAndChild() throws -> NavigationSnapshot {
        let host = InMemoryHost()
        let shop = StackNavigator<Int>("shop", registry: registry, root: First.self)
        try shop.start(on: host)
        try shop.goNext(to: Second.self)
        let signIn = StackNavigator<Int>("signin", registry: StackRestorationTests.registry(), root: First.self)
        try signIn.start(asChildOf: shop, on: host, placement: .presented) { _ in }
        try signIn.goNext(to: ProductPage.self, argument: SavedProduct(name: "Hat", price: 5))
        let snapshot = host.flows.snapshot(of: host)
        host.flows.endAll()
        return snapshot
    }

    private func make(_ saved: SavedFlow) -> StackNavigator<Int> {
        StackNavigator<Int>(FlowID(saved.id), registry: StackRestorationTests.registry())
    }

    @Test func aParentAndItsChildComeBackWithTheirLineage() throws {
        let snapshot = try savedParentAndChild()
        #expect(snapshot.flows.map(\.id) == ["shop", "signin"])
        #expect(snapshot.flows.map(\.parent) == [nil, "shop"])
        let host = InMemoryHost()

        let report = snapshot.restore(on: host) { make($0) }

        #expect(report.isComplete, "\(report)")
        #expect(host.hierarchy.root.map(SavedNode.init) == snapshot.hierarchy)
        let child = try #require(host.flows.flow(named: "signin"))
        #expect(host.flows.parent(of: child)?.id == "shop")
        // The child stands on what its parent shows: the parent's end ends it first.
        try #require(host.flows.flow(named: "shop") as? StackNavigator<Int>).cancel()
        #expect(child.phase == .finished)
        #expect(host.hierarchy.root == nil)
    }

    @Test func aChildWhoseParentWasNotRestoredIsDroppedAndSaysWhy() throws {
        let snapshot = try savedParentAndChild()
        let host = InMemoryHost()
        let report = snapshot.restore(on: host) { saved in saved.id == "signin" ? make(saved) : nil }
        #expect(
            report.entries.map(\.description) == [
                "[shop] dropped: the flow (the app made no flow for it)",
                "[signin] dropped: the flow (its parent 'shop' was not restored before it)",
                "[host] repaired: the hierarchy (it differs from the saved one, as the lines above explain)",
            ])
        #expect(host.hierarchy.root == nil)
        #expect(host.flows.isEmpty)
    }

    @Test func aCycleOrAParentListedAfterItsChildDropsBoth() throws {
        var snapshot = try savedParentAndChild()
        snapshot.flows[0].parent = "signin"
        let report = snapshot.restore(on: InMemoryHost()) { make($0) }
        #expect(report.entries(.dropped).map(\.flow) == ["shop", "signin"])
        #expect(report.entries(.restored).isEmpty)
    }

    @Test func aFlowOfAnotherStrategyOrNameIsDropped() throws {
        var snapshot = try savedParentAndChild()
        snapshot.flows.removeLast()
        snapshot.flows[0].strategy = "chain"
        let report = snapshot.restore(on: InMemoryHost()) { make($0) }
        #expect(report.entries.first?.reason == "the app made the stack flow 'shop' for the chain flow 'shop'")

        snapshot.flows[0].strategy = "stack"
        let renamed = snapshot.restore(on: InMemoryHost()) { _ in StackNavigator<Int>("other", registry: registry) }
        #expect(renamed.entries.first?.reason == "the app made the stack flow 'other' for the stack flow 'shop'")
    }

    @Test func aFlowThatDoesNotSaveItselfIsWrittenAsSuchAndReportedWhenRestored() throws {
        let host = InMemoryHost()
        let probe = LawProbe("Probe")
        try host.setRoot(.stack("main", [.screen(probe)]))
        let flow = ProbeFlowStub()
        try flow.start(on: host, placement: .presented, parent: nil)
        let snapshot = host.flows.snapshot(of: host)
        #expect(snapshot.flows.first?.unsaved == "ProbeFlowStub does not save itself (it does not adopt RestorableFlow)")
        let report = snapshot.restore(on: InMemoryHost()) { _ in nil }
        #expect(report.entries.first?.description == "[probe] dropped: the flow (ProbeFlowStub does not save itself (it does not adopt RestorableFlow))")
        host.flows.endAll()
    }

    @Test func aSecondFlowSavedAtTheRootIsDroppedRatherThanTakingTheFirstsScreens() throws {
        var snapshot = try savedParentAndChild()
        var second = snapshot.flows[0]
        second.id = "other"
        snapshot.flows.append(second)
        let host = InMemoryHost()
        let report = snapshot.restore(on: host) { make($0) }
        #expect(
            report.entries(.dropped).map(\.description) == [
                "[other] dropped: the flow (the flow 'shop' already shows the host's root; a snapshot has one flow there)"
            ])
        #expect(host.flows.flow(named: "shop")?.phase == .running)
        host.flows.endAll()
    }

    @Test func twoFlowsOfOneNameComeBackAsTheyWereSaved() throws {
        let host = InMemoryHost()
        let first = StackNavigator<Int>("wizard", registry: registry, root: First.self)
        try first.start(on: host)
        let second = StackNavigator<Int>("wizard", registry: StackRestorationTests.registry(), root: Second.self)
        try second.start(asChildOf: first, on: host, placement: .presented) { _ in }
        let snapshot = host.flows.snapshot(of: host)
        host.flows.endAll()

        let restored = InMemoryHost()
        let report = snapshot.restore(on: restored) { make($0) }
        #expect(report.isComplete, "\(report)")
        #expect(restored.flows.count == 2)
    }
}

/// A flow of one screen that does not adopt `RestorableFlow`.
@MainActor
final class ProbeFlowStub: FlowFrontDoor {
    let run = FlowRun<Void>(id: "probe")
    private(set) var mount: FlowMount?
    var id: FlowID { run.id }
    var phase: FlowPhase { run.phase }
    var outcome: FlowOutcome<Void>? { run.outcome }
    var baseNode: NodeRef? { mount?.firstEntry }

    func onFinish(_ handler: @escaping @MainActor (FlowOutcome<Void>) -> Void) { run.onFinish(handler) }

    func start(on host: any PresentationHost, placement: FlowPlacement, parent: FlowID?) throws {
        let host = try host.requireFlowHost(for: id)
        try run.begin(self, at: placement, on: host, parent: parent, origin: nil, first: { (LawProbe("Step"), ()) }) { mount, _, _ in
            self.mount = mount
        }
    }

    func cancel() throws { endDetached() }

    func releaseEverything() { mount?.didRemove() }
}
