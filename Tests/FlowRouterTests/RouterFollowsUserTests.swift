import FlowKernel
import FlowRouter
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

extension Shop {
    /// A running shop flow on a host, with its product shown and its cart presented over it.
    static func openCart(on host: InMemoryHost) throws -> (RouterFlow<Order>, catalog: Echo<T3>, cart: Step<T2, T3>) {
        let catalog = Echo<T3>("Catalog")
        let flow = RouterFlow<Order>("shop", router: try router()) { catalog }
        try flow.start(on: host)
        try catalog.produceDirect(7)
        let product = try #require(host.visibleScreen as? Step<Int, OneOf2<T2, Order>>)
        try product.produce(T2())
        return (flow, catalog, try #require(host.visibleScreen as? Step<T2, T3>))
    }
}

@MainActor
@Suite("Router flow follows the user")
struct RouterFollowsUserTests {
    let host = InMemoryHost()

    @Test func aScreenTheUserSwipedDownNeitherProducesNorReceivesUpdates() throws {
        let (flow, catalog, cart) = try Shop.openCart(on: host)

        try host.user.swipeDown()
        try host.user.back()

        let before = host.hierarchy
        let error = #expect(throws: FlowError.self) { try cart.produce(T3(tag: "late")) }
        #expect(error?.code == .notFound)
        #expect(catalog.received.isEmpty)
        #expect(host.hierarchy == before)
        // The flow goes on from what the user sees.
        try catalog.produceDirect(8)
        #expect(host.visibleScreen is Step<Int, OneOf2<T2, Order>>)
        #expect(flow.phase == .running)
    }

    @Test func aPresentedRouterFlowTheUserSwipesDownEndsCancelledOnce() throws {
        try host.setRoot(.stack("app", [.screen(Producer<Int>("Home"))]))
        var outcomes: [FlowOutcome<Order>] = []
        let flow = RouterFlow<Order>("shop", router: try Shop.router()) { Producer<Int>("Catalog") }
        flow.onFinish { outcomes.append($0) }
        try flow.start(on: host, placement: .presented)
        try host.user.swipeDown()
        #expect(outcomes == [.cancelled])
        #expect(throws: FlowError.self) { try flow.cancel() }
    }

    @Test func poppingBelowARouterFlowOnASharedStackEndsItCancelled() throws {
        try host.setRoot(.stack("app", [.screen(Producer<Int>("Home"))]))
        let catalog = Producer<Int>("Catalog")
        let flow = RouterFlow<Order>("shop", router: try Shop.router()) { catalog }
        try flow.start(on: host, placement: .onStack("app"))
        try catalog.produce(7)
        try host.user.back()
        #expect(flow.phase == .running)
        try host.user.back()
        #expect(flow.outcome == .cancelled)
    }
}

@MainActor
@Suite("Router flow: requests from an observer")
struct RouterDuringDeliveryTests {
    let host = InMemoryHost()

    @Test func aValueProducedFromAnObserverIsRefusedBeforeAnyUpdateIsDelivered() throws {
        let (flow, catalog, cart) = try Shop.openCart(on: host)
        let before = host.hierarchy

        let outcome = DuringDelivery.run(on: host) { try cart.produce(T3(tag: "from an observer")) }

        let error = #expect(throws: FlowError.self) { try outcome.get() }
        #expect(error?.code == .reentrantNavigation)
        #expect(catalog.received.isEmpty)
        #expect(host.hierarchy == before)
        // Once the delivery is over, the same value routes.
        try cart.produce(T3(tag: "afterwards"))
        #expect(catalog.received == [T3(tag: "afterwards")])
        #expect(flow.phase == .running)
    }
}
