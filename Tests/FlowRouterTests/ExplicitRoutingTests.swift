import FlowKernel
import FlowRouter
import FlowStage
import FlowTestKit
import Testing

protocol Message {
    var text: String { get }
}
struct Note: Message { let text: String }

/// StoryFlow's `ExplicitFlowTests` (8): typed graphs attached to a producer.
@MainActor
@Suite("StoryFlow scenarios: explicit graphs")
struct ExplicitRoutingTests {
    let stage = RouterStage()
    var host: InMemoryHost { stage.host }

    @Test func showCreatesTheScreenWithTheOutput() throws {
        let producer = Producer<Int>()
        producer.graph = .show(Taker<Int>.self)
        try stage.show(.screen(producer))
        try producer.produce(2018)
        #expect(try (stage.current as? Taker<Int>)?.input == 2018)
    }

    @Test func aProtocolTypedOutputReachesAProtocolTypedInput() throws {
        let producer = Producer<any Message>()
        producer.graph = .show(Taker<any Message>.self)
        try stage.show(.screen(producer))
        try producer.produce(Note(text: "hi"))
        #expect(try (stage.current as? Taker<any Message>)?.input.text == "hi")
    }

    @Test func aUnionOutputFollowsTheGraphOfItsCase() throws {
        let producer = Producer<OneOf2<Int, String>>()
        producer.graph = FlowGraph(.show(Taker<Int>.self), .show(Taker<String>.self))
        try stage.show(.screen(producer))
        try producer.produce(0)
        #expect(stage.current is Taker<Int>)
    }

    @Test func aCustomTransitionShowsTheScreenWithTheOutput() throws {
        let producer = Producer<Int>()
        var used = false
        producer.graph = .custom(
            Taker<Int>.self,
            .decided { context in
                used = true
                return [context.presenting()]
            })
        try stage.show(.screen(producer))
        try producer.produce(7)
        #expect(used)
        #expect(try (stage.current as? Taker<Int>)?.input == 7)
    }

    @Test func unwindReturnsToTheHandler() throws {
        let handler = Handler<Int>()
        let producer = Producer<Int>()
        producer.graph = .unwind()
        try stage.show(.screen(handler))
        try host.present(.screen(producer), over: .of(handler))
        stage.attachAll()
        try producer.produce(1)
        #expect(stage.current === handler)
    }

    @Test func unwindHandsTheHandlerTheOutput() throws {
        let handler = Handler<Int>()
        let producer = Producer<Int>()
        producer.graph = .unwind()
        try stage.show(.screen(handler))
        try host.present(.screen(producer), over: .of(handler))
        stage.attachAll()
        try producer.produce(42)
        #expect(handler.received == [42])
    }

    @Test func unwindWrapsTheOutputForAUnionHandler() throws {
        let handler = Handler<OneOf2<Int, String>>()
        let producer = Producer<Int>()
        producer.graph = .unwind()
        try stage.show(.screen(handler))
        try host.present(.screen(producer), over: .of(handler))
        stage.attachAll()
        try producer.produce(5)
        #expect(handler.received == [.t1(5)])
    }

    @Test func aComplexGraphShowsPresentsDispatchesAndUnwinds() throws {
        let start = Echo<Float>("Start")
        start.graph = .show(
            Step<Float, OneOf2<Int, String>>.self,
            FlowGraph(
                .present(Step<Int, OneOf3<Double, Bool, Float>>.self, FlowGraph(.show(Taker<Double>.self), .show(Taker<Bool>.self), .unwind())),
                .show(Taker<String>.self)
            ))
        try stage.show(.stack("nav", [.screen(start)]))

        try start.produce(1.5)
        let second = try #require(stage.current as? Step<Float, OneOf2<Int, String>>)
        try second.produce(3)
        let third = try #require(stage.current as? Step<Int, OneOf3<Double, Bool, Float>>)
        #expect(try third.input == 3)
        try third.produce(Float(3.14))

        #expect(stage.current === start)
        #expect(start.received == [3.14])
        #expect(host.render() == "stack nav\n  Echo<Float> \"Start\"")
    }
}
