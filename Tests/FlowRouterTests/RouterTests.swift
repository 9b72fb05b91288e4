import FlowKernel
import FlowRouter
import FlowStage
import FlowTestKit
import Foundation
import Testing

@MainActor class Base: InputRequiring, Instantiable {
    typealias Input = T1
    let route = RouteSlot()
    required init() {}
}
@MainActor final class Derived: Base {}
@MainActor final class Rival: InputRequiring, Instantiable {
    typealias Input = T1
    let route = RouteSlot()
    init() {}
}

@MainActor
@Suite("Router")
struct RouterTests {
    let stage = RouterStage()

    @Test("The most derived registration wins, in either order", arguments: [true, false])
    func mostDerivedWins(baseFirst: Bool) throws {
        let router = Router()
        if baseFirst {
            try router.register(Base.self)
            try router.register(Derived.self)
        } else {
            try router.register(Derived.self)
            try router.register(Base.self)
        }
        #expect(try router.destination(for: T1()) is Derived)
    }

    @Test func twoUnrelatedScreensForOneInputAreRejectedAtRegistration() throws {
        let router = Router()
        try router.register(Base.self)
        let error = #expect(throws: FlowError.self) { try router.register(Rival.self) }
        #expect(error?.code == .ambiguousRoute)
        #expect(try router.destination(for: T1()) is Base)
        #expect(router.registeredScreens == [ScreenType(Base.self)])
    }

    @Test func aUnionInputOverlappingAnotherScreensInputIsAmbiguous() throws {
        let router = Router()
        try router.register(Taker<T2>.self)
        let error = #expect(throws: FlowError.self) { try router.register(Taker<OneOf2<T1, T2>>.self) }
        #expect(error?.code == .ambiguousRoute)
        #expect(try router.destination(for: T1()) == nil)
    }

    @Test func twoRoutersDoNotSeeEachOthersRegistrations() throws {
        let one = Router()
        let two = Router()
        try one.register(Taker<Int>.self)
        one.addTransform { (value: String) in value.count }
        #expect(try one.destination(for: 3) != nil)
        #expect(try two.destination(for: 3) == nil)
        #expect(try two.destination(for: "abc") == nil)
        #expect(try (one.destination(for: "abc") as? Taker<Int>)?.input == 3)
    }

    @Test func aFactoryMakesTheRegisteredScreen() throws {
        let router = Router()
        var made = 0
        try router.register(Taker<Int>.self) {
            made += 1
            return Taker<Int>()
        }
        _ = try router.destination(for: 1)
        #expect(made == 1)
    }

    @Test func aFactoryCanBuildTheScreenFromItsInput() throws {
        let router = Router()
        var built: [OneOf2<Int, String>] = []
        try router.register(Taker<OneOf2<Int, String>>.self) { (input: OneOf2<Int, String>) in
            built.append(input)
            return Taker()
        }
        let screen = try #require(try router.destination(for: "x") as? Taker<OneOf2<Int, String>>)
        #expect(built == [.t2("x")])
        #expect(try screen.input == .t2("x"))
    }

    @Test func produceDirectRoutesByTheValuesDynamicType() throws {
        try stage.router.register(Taker<T2>.self)
        let producer = Producer<T1>()
        try stage.show(.screen(producer))
        try producer.produceDirect(T2(tag: "direct"))
        #expect(try (stage.current as? Taker<T2>)?.input == T2(tag: "direct"))
    }

    @Test func produceDirectNeverPairsTheValueWithTheDeclaredOutput() throws {
        // StoryFlow tried the declared output type first and crashed on the mismatch.
        try stage.router.register(Taker<T1>.self)
        try stage.router.register(Taker<T2>.self)
        let producer = Producer<T1>()
        try stage.show(.screen(producer))
        try producer.produceDirect(T2())
        #expect(stage.current is Taker<T2>)
    }

    @Test func everyCaseOfAUnionOutputCanBeProducedByItsPayload() throws {
        try stage.router.register(Taker<T3>.self)
        let producer = Producer<OneOf3<T1, T2, T3>>()
        try stage.show(.screen(producer))
        try producer.produce(T3(tag: "third"))
        #expect(try (stage.current as? Taker<T3>)?.input == T3(tag: "third"))
    }

    @Test func aValueAHandlerProducesWhileHandlingIsRoutedOnceTheDeliveryIsDone() throws {
        let handler = Echo<Int>("Echo")
        let producer = Producer<Int>()
        let relay = Handler<Int>("Relay")
        var produced: Result<Void, any Error>?
        relay.onHandle = { relay in
            guard relay.received == [5] else { return }
            produced = Result { try handler.produce(1) }
        }
        try stage.show(.stack("nav", [.screen(handler), .screen(relay), .screen(producer)]))
        let recorder = TranscriptRecorder(observing: stage.host)

        try producer.produce(5)

        #expect(throws: Never.self) { try produced?.get() }
        #expect(relay.received == [5, 1])
        #expect(recorder.events.first?.change == .delivered(ScreenType(anyType: Int.self), to: [relay.ref], as: .update))
        #expect(
            recorder.transcript.lines == [
                "deliver Int to Relay", "pop Producer from [nav]", "deliver Int to Relay",
            ])
    }

    @Test func aScreenThatIsNotShownCannotProduce() throws {
        let producer = Producer<Int>()
        stage.session.attach(producer)
        let error = #expect(throws: FlowError.self) { try producer.produce(1) }
        #expect(error?.code == .notFound)
    }
}

@Suite("Unions")
struct UnionTests {
    @Test func valueWrapsIntoTheCaseOfItsType() {
        #expect(OneOf3<Int, String, Bool>.value("a") == .t2("a"))
        #expect(OneOf3<Int, String, Bool>.value(true) == .t3(true))
    }

    @Test func caseTypesFlattenThroughNestedUnions() {
        let types = OneOf2<OneOf2<Int, String>, Bool>.flattenedCaseTypes.map { String(describing: $0) }
        #expect(types == ["Int", "String", "Bool"])
    }

    @Test func thePayloadIsTheInnermostValueWithItsCaseType() {
        let value = OneOf2<OneOf2<Int, String>, Bool>.t1(.t2("x"))
        #expect(value.payload.value as? String == "x")
        #expect(ObjectIdentifier(value.payload.type) == ObjectIdentifier(String.self))
    }

    @Test func wrappingFindsTheFirstCaseOfTheTypeDepthFirst() {
        let wrapped = OneOf2<OneOf2<Int, String>, String>.wrapping("x", as: String.self)
        #expect(wrapped == .t1(.t2("x")))
        #expect(OneOf2<Int, Bool>.wrapping("x", as: String.self) == nil)
    }

    @Test func unionsAreHashableAndCodableWhenTheirPayloadsAre() throws {
        let values: Set<OneOf2<Int, String>> = [.t1(1), .t2("a"), .t1(1)]
        #expect(values.count == 2)
        let value = OneOf8<Int, String, Bool, Double, Int8, Int16, Int32, Int64>.t6(7)
        let decoded = try JSONDecoder().decode(type(of: value), from: JSONEncoder().encode(value))
        #expect(decoded == value)
    }

    @Test func theLargestUnionRoutesItsLastCase() {
        let value = OneOf8<Int, String, Bool, Double, Int8, Int16, Int32, UInt>.value(UInt(9))
        #expect(ObjectIdentifier(value.payload.type) == ObjectIdentifier(UInt.self))
    }
}
