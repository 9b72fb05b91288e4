import FlowChain
import FlowKernel
import FlowStage
import Testing

/// The code of FlowChain's Getting Started, compiled here line for line, with the values and
/// screens the page takes for granted declared around it; a test walks the chain it builds.
@MainActor
enum FlowChainGettingStarted {
    struct Cart { var items = ["Red shoes"] }
    struct Address { let city: String }
    struct Shipment {
        let cart: Cart
        let address: Address
        init(_ cart: Cart, _ address: Address) {
            self.cart = cart
            self.address = address
        }
    }
    struct Order: Equatable { let items: [String] }
    struct User { let needsPaymentMethod: Bool }
    final class Analytics {
        private(set) var logged: [String] = []
        func log(_ line: String) { logged.append(line) }
    }

    final class CartScreen: ChainScreen {
        var step: StepHandle?
    }

    final class AddressScreen: ChainScreen {
        typealias NextContext = Shipment
        var step: StepHandle?
        private var cart = Cart()
        func update(with context: Cart) { cart = context }
        func confirm(_ address: Address) throws { try next(context: Shipment(cart, address)) }
    }

    final class PaymentScreen: ChainScreen {
        var step: StepHandle?
        private(set) var shipment: Shipment?
        func update(with context: Shipment) { shipment = context }
    }

    final class ReviewScreen: ChainScreen {
        var step: StepHandle?
        private(set) var shipment: Shipment?
        func update(with context: Shipment) { shipment = context }
    }

    static func build(for user: User, analytics: Analytics) -> ChainFlow<Order> {
        var builder = StepChain<Order>("checkout", container: .stack)
            .addStep { CartScreen() }
            .addStep { AddressScreen() }
        if user.needsPaymentMethod {
            builder = builder.addStep { PaymentScreen() }
        }
        builder = builder.addStep(
            Step { ReviewScreen() }
                .onPresent { screen, context in try context.container.present(screen) }
                .onDismiss { screen, context in try context.container.dismiss(screen) })
        let checkout = builder.finish { _ in analytics.log("checkout done") }
        return checkout
    }

    static func run(_ checkout: ChainFlow<Order>, on host: any PresentationHost) async throws -> FlowOutcome<Order> {
        checkout.onFinish { outcome in print("checkout ended:", outcome) }
        try checkout.start(on: host, placement: .presented)
        let outcome = await checkout.finished()
        return outcome
    }

    @MainActor @Suite struct Tests {
        @Test(arguments: [false, true])
        func theBuiltChainWalksToItsOrder(needsPaymentMethod: Bool) throws {
            let host = InMemoryHost()
            let analytics = Analytics()
            let checkout = build(for: User(needsPaymentMethod: needsPaymentMethod), analytics: analytics)
            try checkout.start(on: host)
            try #require(host.visibleScreen as? CartScreen).step?.next(context: Cart())
            try #require(host.visibleScreen as? AddressScreen).confirm(Address(city: "Lisbon"))
            if needsPaymentMethod {
                let payment = try #require(host.visibleScreen as? PaymentScreen)
                try payment.step?.next(context: payment.shipment)
            }
            let review = try #require(host.visibleScreen as? ReviewScreen)
            #expect(review.shipment?.address.city == "Lisbon")
            try review.step?.next(context: Order(items: review.shipment?.cart.items ?? []))
            #expect(checkout.outcome?.result == Order(items: ["Red shoes"]))
            #expect(analytics.logged == ["checkout done"])
            #expect(host.hierarchy.root == nil)
        }
    }
}
