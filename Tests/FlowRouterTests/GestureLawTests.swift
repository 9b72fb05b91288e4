import FlowKernel
import FlowRouter
import FlowStage
import FlowTestKit
import Testing

@MainActor
@Suite("Router flow: the gesture law")
struct RouterGestureLawTests {
    /// What the screen the user sees produces.
    static func legal(on host: InMemoryHost) -> [GestureLaws.Request] {
        switch host.visibleScreen {
        case let catalog as Echo<T3>:
            [GestureLaws.Request("catalog produces 7") { try catalog.produceDirect(7) }]
        case let product as Step<Int, OneOf2<T2, Order>>:
            [
                GestureLaws.Request("product produces T2") { try product.produce(T2()) },
                GestureLaws.Request("product produces an order") { try product.produce(Order(id: 1)) },
            ]
        case let cart as Step<T2, T3>:
            [GestureLaws.Request("cart produces T3") { try cart.produce(T3()) }]
        default:
            []
        }
    }

    @Test(
        "The router flow follows random gestures between its screens' values",
        arguments: [
            (FlowPlacement.presented, UInt64(300)), (.onStack("base"), 100), (.root, 100),
        ])
    func gestureLaw(_ placement: FlowPlacement, _ seeds: UInt64) throws {
        let router = try Shop.router()
        var host = InMemoryHost()
        GestureLaws.check(
            seeds: 1...GestureLaws.seedCount(default: seeds), placement: placement,
            makeHost: {
                host = InMemoryHost()
                return host
            },
            make: {
                RouterFlow<Order>("shop", router: router) { Echo<T3>("Catalog") }
            }, legalRequests: { _ in Self.legal(on: host) })
    }
}
