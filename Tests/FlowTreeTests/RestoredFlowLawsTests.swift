import FlowChain
import FlowCoordinator
import FlowKernel
import FlowRouter
import FlowRuntime
import FlowSnapshot
import FlowStack
import FlowStage
import FlowTestKit
import Testing

/// A flow whose start is a restore: FlowLaws start it as any flow, and it comes back from a
/// saved state instead, so the laws hold restored flows to the flow contract.
@MainActor
final class Restored<Inner: Flow & RestorableFlow>: Flow {
    let inner: Inner
    private let saved: SavedFlow

    init(_ inner: Inner, from saved: SavedFlow) {
        self.inner = inner
        self.saved = saved
    }

    var id: FlowID { inner.id }
    var phase: FlowPhase { inner.phase }
    var outcome: FlowOutcome<Inner.Result>? { inner.outcome }
    func onFinish(_ handler: @escaping @MainActor (FlowOutcome<Inner.Result>) -> Void) { inner.onFinish(handler) }
    func cancel() throws { try inner.cancel() }

    /// Restores the saved state at the laws' placement; a restore that cuts anything is a failure.
    func start(on host: any PresentationHost, placement: FlowPlacement, parent: FlowID?) throws {
        var saved = saved
        saved.placement = SavedPlacement(FlowMount.Site(placement))
        let report = try inner.restore(saved, on: host.requireFlowHost(for: id), parent: parent)
        guard report.allSatisfy({ $0.outcome == .restored }) else {
            throw FlowError(.invalidSnapshot, "The restore was not whole: \(report)")
        }
    }
}

/// A coordinator that makes its first page when it starts (PageCoordinator keeps it), saving its
/// pages by name.
final class FreshCoordinator: StackCoordinator<Void> {
    override func start() throws { try move(to: Page("\(id.name) start")) }
    override func save(_ screen: any Screen) -> SavedValue? { (screen as? Page).map { .string($0.name) } }
    override func restoreScreen(from saved: SavedValue) throws -> (any Screen)? { Page(try saved.decode(String.self)) }
}

@MainActor
@Suite("Restored flows obey the flow laws")
struct RestoredFlowLawsTests {
    /// The saved state of a flow after some steps.
    static func saved<F: RestorableFlow>(_ flow: F, _ steps: (F, InMemoryHost) throws -> Void) throws -> SavedFlow {
        let host = InMemoryHost()
        try host.setRoot(.stack("base", [.screen(LawProbe("Base"))]))
        try (flow as? any Flow)?.start(on: host, placement: .presented, parent: nil)
        try steps(flow, host)
        let snapshot = host.flows.snapshot(of: host)
        host.flows.endAll()
        return try #require(snapshot.flows.first)
    }

    @Test func aRestoredNavigator() throws {
        let saved = try Self.saved(Make.navigator("stack")) { navigator, _ in try navigator.goNext(to: Detail.self) }
        FlowLaws.check(makeHost: { InMemoryHost() }, make: { Restored(Make.navigator("stack"), from: saved) }) { flow in
            try flow.inner.finish(with: ())
        }
    }

    @Test func aRestoredChain() throws {
        let saved = try Self.saved(Make.chain("chain", steps: 3)) { chain, _ in try (chain.currentScreen as? Step)?.step?.next() }
        FlowLaws.check(makeHost: { InMemoryHost() }, make: { Restored(Make.chain("chain", steps: 3), from: saved) }) { flow in
            try (flow.inner.currentScreen as? Step)?.step?.next()
            try (flow.inner.currentScreen as? Step)?.step?.next()
        }
    }

    @Test func aRestoredRouterFlow() throws {
        let saved = try Self.saved(try Make.router("router")) { _, host in try (host.visibleScreen as? Picker)?.produce(1) }
        FlowLaws.check(makeHost: { InMemoryHost() }, make: { Restored(try! Make.router("router"), from: saved) }) { flow in
            guard let host = flow.inner.session?.host else { return }
            try (host.visibleScreen as? Taker)?.produce("done")
        }
    }

    @Test func aRestoredCoordinator() throws {
        let saved = try Self.saved(FreshCoordinator("coordinator")) { coordinator, _ in try coordinator.move(to: Page("coordinator page")) }
        FlowLaws.check(makeHost: { InMemoryHost() }, make: { Restored(FreshCoordinator("coordinator"), from: saved) }) { flow in
            try flow.inner.finish(with: ())
        }
    }
}
