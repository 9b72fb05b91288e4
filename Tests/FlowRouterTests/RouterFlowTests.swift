import FlowKernel
import FlowRouter
import FlowStage
import FlowTestKit
import Testing

struct Order: Equatable, CustomStringConvertible {
    let id: Int
    var description: String { "order #\(id)" }
}

/// A shop in type-matched routing: the catalog produces a product number, the product screen a
/// cart request (presented) or an order that nobody takes, which completes the flow.
@MainActor
enum Shop {
    static func router() throws -> Router {
        let router = Router()
        try router.register(Step<Int, OneOf2<T2, Order>>.self)
        try router.register(Step<T2, T3>.self)
        router.addTransition(to: Step<T2, T3>.self, .present)
        return router
    }
}

@MainActor
@Suite("Router flow")
struct RouterFlowTests {
    let host = InMemoryHost()

    @Test func aValueOfTheResultTypeThatNothingTakesCompletesTheFlow() throws {
        let recorder = TranscriptRecorder(observing: host)
        let catalog = Producer<Int>("Catalog")
        let flow = RouterFlow<Order>("shop", router: try Shop.router()) { catalog }
        try flow.start(on: host)
        try catalog.produce(7)
        let product = try #require(host.visibleScreen as? Step<Int, OneOf2<T2, Order>>)

        try product.produce(Order(id: 1))

        #expect(flow.outcome == .completed(Order(id: 1)))
        #expect(host.render() == "(empty)")
        expectTranscript(
            recorder.transcript,
            equals: [
                "[shop] root [shop]",
                "[shop] start",
                "[shop] push Step<Int, OneOf2<T2, Order>> onto [shop]",
                "[shop] root cleared",
                "[shop] complete with order #1",
            ])
    }

    @Test func aPresentedScreenUnwindsBackAndTheFlowGoesOn() throws {
        let catalog = Echo<T3>("Catalog")
        let flow = RouterFlow<Order>("shop", router: try Shop.router()) { catalog }
        try flow.start(on: host)
        try catalog.produceDirect(7)
        let product = try #require(host.visibleScreen as? Step<Int, OneOf2<T2, Order>>)
        try product.produce(T2())
        let cart = try #require(host.visibleScreen as? Step<T2, T3>)

        try cart.produce(T3(tag: "checked out"))

        #expect(catalog.received == [T3(tag: "checked out")])
        #expect(host.visibleScreen === catalog)
        #expect(flow.phase == .running)
    }

    @Test func afterUnwindingAndAfterEndingNothingIsAlive() throws {
        let leaks = LeakTracker()
        let router = Router()
        try router.register(Taker<Int>.self) { leaks.track(Taker<Int>(), as: "taker") }
        try router.register(Step<T2, T3>.self) { leaks.track(Step<T2, T3>(), as: "step") }
        router.addTransition(to: Step<T2, T3>.self, .present)
        var flow: RouterFlow<Order>? = RouterFlow("shop", router: router) { leaks.track(Echo<T3>("root"), as: "root") }
        try flow?.start(on: host)
        do {
            let root = try #require(host.visibleScreen as? Echo<T3>)
            try root.produceDirect(T2())
            #expect(host.hierarchy.presenter(of: host.hierarchy.topmost!.ref) != nil, "the step is presented")
            try (host.visibleScreen as? Step<T2, T3>)?.produce(T3())  // unwinding dismisses it
            #expect(leaks.survivors == ["root"])
            try root.produceDirect(5)
        }
        try flow?.cancel()
        flow = nil

        leaks.expectNoLeaks()
    }

    @Test("A router flow obeys every flow law", arguments: [FlowPlacement.root, .presented, .onStack("base")])
    func routerFlowObeysTheFlowLaws(_ placement: FlowPlacement) throws {
        let router = try Shop.router()
        FlowLaws.check(makeHost: { InMemoryHost() }, placement: placement, make: { RouterFlow<Order>("laws", router: router) { Producer<Int>("Catalog") } }) {
            flow in
            let catalog = try #require(
                flow.session.flatMap { session in session.host.hierarchy.allScreens.compactMap { session.host.screen(for: $0) as? Producer<Int> }.first })
            try catalog.produce(3)
            let product = try #require(flow.session?.host.visibleScreen as? Step<Int, OneOf2<T2, Order>>)
            try product.produce(Order(id: 3))
        }
    }

    typealias Case = BadRequest<RouterFlowFixture>

    nonisolated static let cases: [Case] = [
        Case("a value nothing takes", .noRoute) { try $0.catalog.produce(99) },
        Case("producing after the flow ended", .flowFinished, setUp: { try $0.flow.cancel() }) { try $0.catalog.produce(1) },
        Case("cancelling twice", .flowFinished, setUp: { try $0.flow.cancel() }) { try $0.flow.cancel() },
        Case("a second start", .flowAlreadyStarted) { try $0.flow.start(on: InMemoryHost()) },
        Case("an explicit unwind with no handler", .noRoute, setUp: { $0.catalog.graph = .unwind() }) { try $0.catalog.produce(1) },
    ]

    @Test("A bad request throws its code and changes nothing", arguments: cases)
    func badRequestChangesNothing(_ bad: Case) throws {
        let fixture = try RouterFlowFixture()
        try bad.check(on: fixture) { [fixture.host.render(), "\(fixture.recorder.events.count)", "\(fixture.flow.phase)"] }
    }
}

/// A router flow with an empty router, whose root produces numbers that nothing takes.
@MainActor
final class RouterFlowFixture {
    let host = InMemoryHost()
    let recorder: TranscriptRecorder
    let catalog = Producer<Int>("Catalog")
    let flow: RouterFlow<Order>

    init() throws {
        recorder = TranscriptRecorder(observing: host)
        let catalog = catalog
        flow = RouterFlow("shop", router: Router()) { catalog }
        try flow.start(on: host)
    }
}
