import FlowKernel
import FlowStage
import FlowTestKit
import Testing

@testable import FlowRouter

/// StoryFlow's `FailureTests` (5), each a `fatalError` there and a `FlowError` here, and its
/// `TestabilityTests` (3).
@MainActor
@Suite("StoryFlow scenarios: failures and testability")
struct FailureAndTestabilityTests {
    let stage = RouterStage()

    @Test func readingAnInputThatWasNeverSetThrows() {
        let error = #expect(throws: FlowError.self) { try Taker<Int>().input }
        #expect(error?.code == .notFound)
    }

    @Test func anInputOfAnotherTypeIsRejected() {
        // Registrations are keyed by their input types, so routing never hands a screen a value of
        // another type; the injection still checks.
        let error = #expect(throws: FlowError.self) { try Router.input("text", matched: String.self, for: Taker<Int>.self) }
        #expect(error?.code == .argumentTypeMismatch)
    }

    @Test func aValueNoUnionCaseFitsIsRejected() {
        let error = #expect(throws: FlowError.self) { try Router.input(T3(), matched: T3.self, for: Taker<OneOf2<T1, T2>>.self) }
        #expect(error?.code == .argumentTypeMismatch)
    }

    @Test func anExplicitUnwindWithNoHandlerThrowsAndChangesNothing() throws {
        let producer = Producer<Int>()
        producer.graph = .unwind()
        try stage.show(.stack("nav", [.screen(Dummy()), .screen(producer)]))
        let before = stage.host.render()

        let error = #expect(throws: FlowError.self) { try producer.produce(1) }

        #expect(error?.code == .noRoute)
        #expect(stage.host.render() == before)
    }

    @Test func aProducedValueNothingTakesThrowsAndChangesNothing() throws {
        try stage.router.register(Taker<OneOf2<T1, T2>>.self)
        let producer = Producer<T3>()
        try stage.show(.stack("nav", [.screen(producer)]))
        let before = stage.host.render()

        let error = #expect(throws: FlowError.self) { try producer.produce(T3()) }

        #expect(error?.code == .noRoute)
        #expect(stage.host.render() == before)
    }

    @Test func theInputInitialiserStoresTheInput() throws {
        #expect(try Taker<Int>(input: 9).input == 9)
    }

    @Test func aCapturingStubRecordsTheOutputAndDoesNotNavigate() throws {
        var captured: [Int] = []
        let screen = Step<String, Int>(input: "x") { captured.append($0) }
        try screen.produce(4)
        #expect(captured == [4])
        #expect(try screen.input == "x")
    }

    @Test func aStubCanReplaceTheOutputItRoutes() throws {
        try stage.router.register(Taker<Int>.self)
        let producer = Producer<Int>()
        producer.stubProduce { $0 * 10 }
        try stage.show(.screen(producer))
        try producer.produce(4)
        #expect(try (stage.current as? Taker<Int>)?.input == 40)
    }

    @Test func aStubReturningNilSwallowsTheOutput() throws {
        let producer = Producer<Int>()
        // Without a stub, a screen no session shows has nowhere to produce to...
        let error = #expect(throws: FlowError.self) { try producer.produce(4) }
        #expect(error?.code == .notFound)
        // ...with a swallowing stub, nothing is routed at all.
        producer.stubProduce { _ in nil }
        #expect(throws: Never.self) { try producer.produce(4) }
    }
}
