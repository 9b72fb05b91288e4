import FlowKernel
import FlowRouter
import FlowRuntime
import FlowSnapshot
import FlowStage
import FlowTestKit
import Foundation
import Testing

/// Codable values the restoration screens pass.
struct Shoe: Codable, Hashable, Sendable { var name: String }
struct Size: Codable, Hashable, Sendable { var value: Int }
struct Receipt: Hashable, Sendable { var id: Int }

@MainActor final class ShoeShelf: OutputProducing {
    typealias Output = Shoe
    let route = RouteSlot()
}

@MainActor final class ShoePage: InputOutput, Instantiable {
    typealias Input = Shoe
    typealias Output = Size
    let route = RouteSlot()
}

/// Takes either a size or a receipt (not Codable), so a union's case is saved.
@MainActor final class Fitting: InputOutput, Instantiable {
    typealias Input = OneOf2<Size, Receipt>
    typealias Output = String
    let route = RouteSlot()
    static var open = true
    func shouldEnter(by origin: FlowEvent.Origin) -> GuardVerdict {
        Self.open ? .allow : .refuse(because: "the fitting room is closed")
    }
}

struct Voucher: Codable, Hashable, Sendable { var code: String }

/// Requires a voucher, which no screen produces: no declared route leads to it.
@MainActor final class Stray: InputRequiring, Instantiable {
    typealias Input = Voucher
    let route = RouteSlot()
}

/// Saving a router flow's screens with their inputs and bringing them back through its arrival
/// path.
@MainActor
@Suite("Router flow: saving and restoring", .serialized)
struct RouterRestorationTests {
    static func makeFlow(leaks: LeakTracker? = nil) throws -> RouterFlow<String> {
        let router = Router()
        try router.register(ShoePage.self) { leaks?.track(ShoePage()) ?? ShoePage() }
        try router.register(Fitting.self) { leaks?.track(Fitting()) ?? Fitting() }
        router.addTransition(to: Fitting.self, .present)
        return RouterFlow<String>("shoes", router: router) { leaks?.track(ShoeShelf()) ?? ShoeShelf() }
    }

    /// ShoeShelf, a shoe page pushed, the fitting room presented with a size.
    private func saved() throws -> NavigationSnapshot {
        let host = InMemoryHost()
        let flow = try Self.makeFlow()
        try flow.start(on: host)
        try (host.visibleScreen as? ShoeShelf)?.produce(Shoe(name: "Boots"))
        try (host.visibleScreen as? ShoePage)?.produce(Size(value: 42))
        let snapshot = host.flows.snapshot(of: host)
        host.flows.endAll()
        return try NavigationSnapshot(document: try JSONDecoder().decode(SavedValue.self, from: try JSONEncoder().encode(snapshot)))
    }

    @Test func theScreensComeBackWithTheirInputsPushedAndPresentedAsTheyWere() throws {
        let snapshot = try saved()
        #expect(
            snapshot.flows.first?.state?.description
                == #"{"screens":[{"presented":false,"screen":"ShoeShelf"},{"input":{"type":"Shoe","value":{"name":"Boots"}},"presented":false,"screen":"ShoePage"},{"input":{"type":"Size","value":{"value":42}},"presented":true,"screen":"Fitting"}]}"#
        )
        let host = InMemoryHost()
        let recorder = TranscriptRecorder(observing: host)
        let flow = try Self.makeFlow()

        let report = snapshot.restore(on: host) { _ in flow }

        #expect(report.isComplete, "\(report)")
        #expect(host.hierarchy.root.map(SavedNode.init) == snapshot.hierarchy)
        #expect(try (host.visibleScreen as? Fitting)?.input == .t1(Size(value: 42)))
        #expect(
            recorder.transcript.lines == [
                "(restored) [shoes] root [shoes]",
                "(restored) [shoes] start",
                "(restored) [shoes] set [shoes] to ShoeShelf, ShoePage",
                "(restored) [shoes] present Fitting over ShoePage",
            ])
        // The restored flow routes on: the fitting room's output completes it.
        try (host.visibleScreen as? Fitting)?.produce("fits")
        #expect(flow.outcome?.result == "fits")
    }

    @Test func anInputThatIsNotCodableIsNotedAndItsScreenIsCut() throws {
        let host = InMemoryHost()
        let flow = try Self.makeFlow()
        try flow.start(on: host)
        try (host.visibleScreen as? ShoeShelf)?.produce(Shoe(name: "Boots"))
        try (host.visibleScreen as? ShoePage)?.produceDirect(Receipt(id: 1))
        let snapshot = host.flows.snapshot(of: host)
        host.flows.endAll()
        #expect(snapshot.flows.first?.state?.description.contains(#""unsaved":"Receipt is not Codable""#) == true)

        let restored = InMemoryHost()
        let report = snapshot.restore(on: restored) { _ in try? Self.makeFlow() }
        #expect(restored.visibleScreen is ShoePage)
        #expect(report.entries(.repaired).first?.reason == "cut: the input of Fitting(Receipt) was not saved: Receipt is not Codable")
    }

    @Test func aScreenAGuardRefusesIsNotRestoredAndTheReportSaysWhy() throws {
        Fitting.open = true
        defer { Fitting.open = true }
        let snapshot = try saved()
        Fitting.open = false
        let host = InMemoryHost()
        let report = snapshot.restore(on: host) { _ in try? Self.makeFlow() }
        #expect(host.visibleScreen is ShoePage)
        #expect(report.entries(.repaired).first?.reason?.contains("the fitting room is closed") == true)
    }

    @Test func aScreenTheRouterNoLongerRegistersCutsTheTail() throws {
        let snapshot = try saved()
        let router = Router()
        try router.register(Fitting.self)
        let flow = RouterFlow<String>("shoes", router: router) { ShoeShelf() }
        let host = InMemoryHost()
        let report = snapshot.restore(on: host) { _ in flow }
        #expect(host.visibleScreen is ShoeShelf)
        #expect(report.entries(.repaired).first?.reason == "cut: the router no longer registers ShoePage")
    }

    @Test func aFirstScreenOfAnotherTypeKeepsOnlyTheFirstScreen() throws {
        let snapshot = try saved()
        let flow = RouterFlow<String>("shoes", router: Router()) { ShoePage() }
        let host = InMemoryHost()
        let report = snapshot.restore(on: host) { _ in flow }
        #expect(host.visibleScreen is ShoePage)
        #expect(report.entries(.repaired).first?.reason == "cut: the flow's first screen is now ShoePage, not ShoeShelf")
    }

    @Test func aScreenNoDeclaredRouteLeadsToIsCut() throws {
        var snapshot = try saved()
        let stray: SavedValue = .object([
            "screen": .string("Stray"), "presented": .bool(false), "input": .object(["type": .string("Voucher"), "value": .object(["code": .string("x")])]),
        ])
        guard case .object(var fields)? = snapshot.flows[0].state, case .array(var screens)? = fields["screens"] else {
            Issue.record("the saved state has no screens")
            return
        }
        screens.insert(stray, at: 1)
        fields["screens"] = .array(screens)
        snapshot.flows[0].state = .object(fields)
        let router = Router()
        try router.register(ShoePage.self)
        try router.register(Fitting.self)
        try router.register(Stray.self)
        let host = InMemoryHost()
        let report = snapshot.restore(on: host) { _ in RouterFlow<String>("shoes", router: router) { ShoeShelf() } }
        #expect(host.visibleScreen is ShoeShelf)
        #expect(report.entries(.repaired).first?.reason == "cut: no declared route leads from ShoeShelf to Stray")
    }

    @Test func aStateOfAnotherShapeIsRefusedAndShowsNothing() throws {
        var snapshot = try saved()
        snapshot.flows[0].state = .object(["screens": .object([:])])
        let host = InMemoryHost()
        let report = snapshot.restore(on: host) { _ in try? Self.makeFlow() }
        #expect(report.entries.first?.outcome == .dropped)
        #expect(host.hierarchy.root == nil)
    }

    @Test func aRestoredRouterFlowEndsWithNothingLeaked() throws {
        let snapshot = try saved()
        let leaks = LeakTracker()
        do {
            let host = InMemoryHost()
            let flow = try Self.makeFlow(leaks: leaks)
            #expect(snapshot.restore(on: host) { _ in flow }.isComplete)
            try flow.cancel()
        }
        leaks.expectNoLeaks()
    }
}
