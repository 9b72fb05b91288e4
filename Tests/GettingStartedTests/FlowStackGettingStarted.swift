import FlowKernel
import FlowStack
import FlowStage
import FlowTestKit
import Testing

/// The code of FlowStack's Getting Started, compiled here line for line; the types the page
/// takes for granted (screens, a product, an order) are declared around it. ``GettingStartedTests``
/// checks that every block of the page appears in this file.
@MainActor
enum FlowStackGettingStarted {
    struct Product { let name: String }
    struct Order: CustomStringConvertible {
        let number: Int
        var description: String { "Order #\(number)" }
    }
    final class WelcomeScreen: Screen {}
    final class ProductScreen: Screen {
        let product: Product
        init(product: Product) { self.product = product }
    }
    final class CartScreen: Screen {}
    final class Analytics {
        private(set) var logged: [String] = []
        func log(_ line: String) { logged.append(line) }
    }

    static func register() -> ScreenRegistry {
        let registry = ScreenRegistry { registry in
            registry.register(WelcomeScreen.self) { WelcomeScreen() }
            registry.register(CatalogScreen.self) { CatalogScreen() }
            registry.register(ProductScreen.self, argument: Product.self) { ProductScreen(product: $0) }
            registry.register(CartScreen.self) { CartScreen() }.inScope(.strong)
        }
        return registry
    }

    static func walk(_ registry: ScreenRegistry, on host: InMemoryHost, shoes: Product, order: Order, analytics: Analytics) throws -> StackNavigator<Order> {
        let navigator = StackNavigator<Order>("shop", registry: registry, root: WelcomeScreen.self)
        try navigator.start(on: host)
        try navigator.goNext()  // Catalog, the next registration
        try navigator.goNext(to: ProductScreen.self, argument: shoes)
        try navigator.goNextAsModal(to: CartScreen.self, whenDismissed: { analytics.log("cart closed") })
        try navigator.getBack(.modal)
        try navigator.getBack(.popTo(CatalogScreen.self))
        try navigator.finish(with: order)
        return navigator
    }

    final class CatalogScreen: StackScreen {
        weak var navigator: (any NavigatorHandle)?
        func didPick(_ product: Product) throws {
            try navigator?.goNext(to: ProductScreen.self, argument: product)
        }
    }

    final class DoneScreen: StackScreen {
        weak var navigator: (any NavigatorHandle)?
        func close(_ order: Order) throws {
            try navigator?.finish(with: order)  // checked against the navigator's result type
        }
    }

    static func receive(from navigator: StackNavigator<Order>, analytics: Analytics) async -> FlowOutcome<Order> {
        navigator.onFinish { outcome in analytics.log("shop ended: \(outcome)") }  // by callback
        let outcome = await navigator.finished()  // or by await
        return outcome
    }

    @MainActor @Suite struct Tests {
        @Test @MainActor func aShortJourney() throws {
            let host = InMemoryHost()
            let recorder = TranscriptRecorder(observing: host)
            let leaks = LeakTracker()
            let registry = ScreenRegistry { registry in
                registry.register(WelcomeScreen.self) { leaks.track(WelcomeScreen()) }
                registry.register(CartScreen.self) { leaks.track(CartScreen()) }
            }
            let navigator = StackNavigator<Order>("shop", registry: registry, root: WelcomeScreen.self)
            try navigator.start(on: host)
            try navigator.goNextAsModal(to: CartScreen.self)
            try navigator.getBack(.modal)
            try navigator.finish(with: Order(number: 1))

            expectTranscript(
                recorder.transcript,
                equals: [
                    "[shop] root [shop]",
                    "[shop] start",
                    "[shop] present CartScreen over [shop]",
                    "[shop] dismiss CartScreen from [shop]",
                    "[shop] root cleared",
                    "[shop] complete with Order #1",
                ])
            leaks.expectNoLeaks()
        }

        @Test func theWalkOnThePageEndsWithTheOrderAndTheCartClosed() throws {
            let host = InMemoryHost()
            let analytics = Analytics()
            let navigator = try walk(register(), on: host, shoes: Product(name: "Red shoes"), order: Order(number: 7), analytics: analytics)
            #expect(analytics.logged == ["cart closed"])
            #expect(navigator.outcome?.result?.number == 7)
            #expect(host.hierarchy.root == nil)
        }

        @Test func aScreenFinishesTheFlowWithATypedResult() throws {
            let host = InMemoryHost()
            let registry = ScreenRegistry { registry in
                registry.register(DoneScreen.self) { DoneScreen() }
            }
            let navigator = StackNavigator<Order>("shop", registry: registry, root: DoneScreen.self)
            try navigator.start(on: host)
            let done = try #require(host.visibleScreen as? DoneScreen)
            try done.close(Order(number: 3))
            #expect(navigator.outcome?.result?.number == 3)
        }

        @Test func theResultArrivesByAwait() async throws {
            let host = InMemoryHost()
            let registry = ScreenRegistry { registry in
                registry.register(DoneScreen.self) { DoneScreen() }
            }
            let navigator = StackNavigator<Order>("shop", registry: registry, root: DoneScreen.self)
            try navigator.start(on: host)
            try (host.visibleScreen as? DoneScreen)?.close(Order(number: 4))
            let analytics = Analytics()
            #expect(await receive(from: navigator, analytics: analytics).result?.number == 4)
            #expect(analytics.logged == ["shop ended: completed(Order #4)"])
        }
    }
}
