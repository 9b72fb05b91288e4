import FlowKernel
import FlowStage
import FlowTestKit
import Testing

@MainActor
@Suite("In-memory host: changes during a delivery")
struct DeliveryTests {
    let host = InMemoryHost()

    init() throws {
        try host.setRoot(.stack("main", [.screen(Welcome())]))
    }

    @Test func theHostSaysItIsChangingOnlyWhileItDeliversAnEvent() throws {
        var seen: [Bool] = []
        DuringDelivery.run(on: host) { seen.append(host.isChanging) }
        try host.push(Catalog(), onto: "main")
        let probe = DuringDelivery { seen.append(host.isChanging) }
        host.addObserver(probe)
        try host.pop("main")
        #expect(seen == [true, true])
        #expect(!host.isChanging)
    }

    @Test func aChangeAskedWhileAFlowsOwnEventIsDeliveredIsRefusedAndChangesNothing() throws {
        let before = host.hierarchy
        let outcome = DuringDelivery.run(on: host) { try host.push(Cart(), onto: "main") }
        let error = #expect(throws: FlowError.self) { try outcome.get() }
        #expect(error?.code == .reentrantNavigation)
        #expect(host.hierarchy == before)
    }
}
