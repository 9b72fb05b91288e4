import FlowChain
import FlowKernel
import FlowRuntime
import FlowSnapshot
import FlowStage
import FlowTestKit
import Testing

/// An order, which the receipt needs when it is made.
struct PlacedOrder: Codable, Hashable, Sendable {
    var number: Int
}

/// Takes the order and places it.
@MainActor
final class Basket: ChainScreen {
    typealias NextContext = PlacedOrder
    var step: StepHandle?
    let displayName = "Basket"
}

/// Made with its order, kept in a constant: no optional field filled later.
@MainActor
final class Receipt: ChainScreen {
    typealias Context = PlacedOrder
    var step: StepHandle?
    let order: PlacedOrder
    private(set) var updates: [PlacedOrder] = []
    init(_ order: PlacedOrder) { self.order = order }
    var displayName: String { "Receipt \(order.number)" }
    func update(with context: PlacedOrder) { updates.append(context) }
}

/// A step whose screen is made with its context (a port from outside had to make a screen first
/// and hand it its subject after, with optional fields and a hook).
@MainActor
@Suite("Step chain: a step made with its context")
struct ContextFirstStepTests {
    let host = InMemoryHost()

    static func checkout() -> ChainFlow<Void> {
        StepChain<Void>("checkout")
            .addStep { Basket() }
            .addStep(Step.madeWith { (order: PlacedOrder) in Receipt(order) })
            .finish()
    }

    @Test func theScreenIsMadeWithTheContextTheStepBeforeHandsOn() throws {
        let chain = Self.checkout()
        try chain.start(on: host)
        let recorder = TranscriptRecorder(observing: host)

        try (chain.currentScreen as? Basket)?.step?.next(context: PlacedOrder(number: 7))

        let receipt = try #require(chain.currentScreen as? Receipt)
        #expect(receipt.order == PlacedOrder(number: 7))
        #expect(receipt.updates.isEmpty)
        #expect(recorder.transcript.lines.contains("[checkout] pass PlacedOrder to Receipt 7"), "\(recorder.transcript)")
    }

    @Test func aStepBeforeThatHandsOnNothingIsRefusedAndNothingChanges() throws {
        let chain = Self.checkout()
        try chain.start(on: host)
        let before = host.render()

        let error = #expect(throws: FlowError.self) { try (chain.currentScreen as? Basket)?.step?.next() }

        #expect(error?.code == .argumentTypeMismatch)
        #expect(host.render() == before)
        #expect(chain.currentStep == 0)
    }

    @Test func aLinkArrivesAtTheStepWithItsContextAndAnotherContextIsAnUpdate() throws {
        let chain = Self.checkout()
        try chain.start(on: host)

        try chain.arrive(atStep: 1) { $0 == 1 ? PlacedOrder(number: 8) : nil }
        let receipt = try #require(chain.currentScreen as? Receipt)
        #expect(receipt.order.number == 8)

        try chain.arrive(atStep: 1) { $0 == 1 ? PlacedOrder(number: 9) : nil }
        #expect(receipt.updates == [PlacedOrder(number: 9)])
    }

    @Test func aRestoredChainMakesTheScreenWithItsSavedContext() throws {
        let chain = Self.checkout()
        try chain.start(on: host)
        try (chain.currentScreen as? Basket)?.step?.next(context: PlacedOrder(number: 7))
        let saved = host.flows.snapshot(of: host)

        let restoredHost = InMemoryHost()
        let report = saved.restore(on: restoredHost) { _ in Self.checkout() }

        #expect(report.isComplete, "\(report)")
        let receipt = try #require(restoredHost.visibleScreen as? Receipt)
        #expect(receipt.order.number == 7)
    }
}
