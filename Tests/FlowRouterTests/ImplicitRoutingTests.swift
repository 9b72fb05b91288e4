import FlowKernel
import FlowRouter
import FlowStage
import FlowTestKit
import Testing

/// StoryFlow's `ImplicitFlowTests` (33), on the in-memory host with a router value per test.
@MainActor
@Suite("StoryFlow scenarios: implicit routing")
struct ImplicitRoutingTests {
    let stage = RouterStage()
    var host: InMemoryHost { stage.host }
    var router: Router { stage.router }

    // MARK: Destination lookup

    @Test func destinationIsNilWhenNoScreenRequiresTheType() throws {
        #expect(try router.destination(for: T1()) == nil)
    }

    @Test func destinationIsTheScreenWithTheValueInjected() throws {
        try router.register(Taker<T1>.self)
        let value = T1()
        let destination = try #require(try router.destination(for: value) as? Taker<T1>)
        #expect(try destination.input === value)
    }

    // MARK: Showing the screen that requires the value

    @Test func produceShowsTheScreenThatRequiresTheValue() throws {
        try router.register(Taker<T1>.self)
        let producer = Producer<T1>()
        try stage.show(.screen(producer))
        let value = T1()

        try producer.produce(value)

        let shown = try #require(stage.current as? Taker<T1>)
        #expect(try shown.input === value)
    }

    @Test func aUnionOutputIsRoutedByTheCaseProduced() throws {
        try router.register(Taker<T1>.self)
        try router.register(Taker<T2>.self)
        let producer = Producer<OneOf2<T1, T2>>()
        try stage.show(.screen(producer))
        try producer.produce(T1())
        #expect(stage.current is Taker<T1>)
    }

    @Test func aUnionInputTakesAnyOfItsCases() throws {
        try router.register(Taker<OneOf2<T1, T2>>.self)
        let producer = Producer<T1>()
        try stage.show(.screen(producer))
        let value = T1()

        try producer.produce(value)

        let shown = try #require(stage.current as? Taker<OneOf2<T1, T2>>)
        #expect(try shown.input == .t1(value))
    }

    @Test func aNestedUnionOutputIsUnwrappedToItsPayload() throws {
        try router.register(Taker<T1>.self)
        let producer = Producer<OneOf2<OneOf2<T1, T2>, T3>>()
        try stage.show(.screen(producer))
        try producer.produce(.value(.value(T1())))
        #expect(stage.current is Taker<T1>)
    }

    @Test func inAStackTheScreenIsPushed() throws {
        try router.register(Taker<T1>.self)
        let producer = Producer<T1>()
        try stage.show(.stack("nav", [.screen(Dummy("1")), .screen(Dummy("2")), .screen(producer)]))
        try producer.produce(T1())
        #expect(stage.current is Taker<T1>)
        #expect(host.hierarchy.screens(in: "nav").count == 4)
    }

    @Test func inATabTheScreenIsPresentedOverTheProducer() throws {
        try router.register(Taker<T1>.self)
        let producer = Producer<T1>()
        try stage.show(.tabs("tabs", [Presentable.Tab(TabItem(title: "P"), .screen(producer))], selected: 0))
        try producer.produce(T1())
        #expect(stage.current is Taker<T1>)
    }

    @Test func overAProducerThatPresentsTheScreenGoesOnTop() throws {
        // StoryFlow waited for an in-flight dismissal; with synchronous hosts nothing is in flight,
        // so the screen goes over what the producer already presents.
        try router.register(Taker<T1>.self)
        let producer = Producer<T1>()
        try stage.show(.screen(producer))
        try host.present(.screen(Dummy("sheet")), over: .of(producer))
        try producer.produce(T1())
        #expect(stage.current is Taker<T1>)
    }

    // MARK: Unwinding to a shown handler

    @Test func unwindingDismissesTheProducerAndDeliversTheValue() throws {
        let handler = Handler<T1>()
        let producer = Producer<T1>()
        try stage.show(.screen(handler))
        try host.present(.screen(producer), over: .of(handler))
        stage.attachAll()
        let value = T1()

        try producer.produce(value)

        #expect(stage.current === handler)
        #expect(handler.received == [value])
    }

    @Test func aNestedUnionUpdateReceivesTheValueWrappedWhereItsTypeIs() throws {
        let handler = Handler<OneOf2<T1, OneOf2<T3, OneOf2<T2, T3>>>>()
        let producer = Producer<T2>()
        try stage.show(.screen(handler))
        try host.present(.screen(producer), over: .of(handler))
        stage.attachAll()

        try producer.produce(T2(tag: "x"))

        #expect(handler.received == [.t2(.t2(.t1(T2(tag: "x"))))])
    }

    @Test func aUnionUpdateReceivesItsCase() throws {
        let handler = Handler<OneOf2<T1, T2>>()
        let producer = Producer<T1>()
        try stage.show(.screen(handler))
        try host.present(.screen(producer), over: .of(handler))
        stage.attachAll()
        let value = T1()
        try producer.produce(value)
        #expect(handler.received == [.t1(value)])
    }

    @Test func aChildHandlerOfTheContainerThatPresentedTheProducerReceives() throws {
        let container = Dummy("Container")
        let child = Handler<T1>()
        let producer = Producer<T1>()
        try stage.show(.screen(container))
        try host.apply(.addChild(.screen(child), to: .of(container)), for: nil)
        try host.present(.screen(producer), over: .of(container))
        stage.attachAll()

        try producer.produce(T1())

        #expect(stage.current === container)
        #expect(child.received.count == 1)
    }

    @Test func unwindingBeatsCreating() throws {
        try router.register(Taker<T1>.self)
        let handler = Handler<T1>()
        let producer = Producer<T1>()
        try stage.show(.screen(handler))
        try host.present(.screen(producer), over: .of(handler))
        stage.attachAll()
        try producer.produce(T1())
        #expect(stage.current === handler)
    }

    @Test func unwindingPopsBackToTheHandlerInItsStack() throws {
        let handler = Handler<T1>()
        let producer = Producer<T1>()
        try stage.show(.stack("nav", [.screen(handler), .screen(Dummy()), .screen(producer)]))
        try producer.produce(T1())
        #expect(host.hierarchy.entries(of: "nav") == [.of(handler)])
    }

    @Test func aProducerContainedInItsHandlerUnwindsToIt() throws {
        let handler = Handler<T1>()
        let producer = Producer<T1>()
        try stage.show(.screen(handler))
        try host.apply(.addChild(.screen(producer), to: .of(handler)), for: nil)
        stage.attachAll()
        try producer.produce(T1())
        #expect(stage.current === handler)
        #expect(handler.received.count == 1)
    }

    @Test func aPresentationTheHandlerStartsWhileHandlingStays() throws {
        let handler = Handler<T1>()
        let producer = Producer<T1>()
        let alert = Dummy("Alert")
        handler.onHandle = { [host] handler in try? host.present(.screen(alert), over: .of(handler)) }
        try stage.show(.screen(handler))
        try host.apply(.addChild(.screen(producer), to: .of(handler)), for: nil)
        stage.attachAll()

        try producer.produce(T1())

        #expect(stage.current === alert)
        #expect(handler.received.count == 1)
    }

    @Test func aPresentationTheHandlerStartsWhileUnwindingInAStackStays() throws {
        let handler = Handler<T1>()
        let producer = Producer<T1>()
        let alert = Dummy("Alert")
        handler.onHandle = { [host] handler in try? host.present(.screen(alert), over: .of(handler)) }
        try stage.show(.stack("nav", [.screen(handler), .screen(producer)]))

        try producer.produce(T1())

        #expect(stage.current === alert)
        #expect(host.hierarchy.entries(of: "nav") == [.of(handler)])
    }

    @Test func aProducerNeverHandlesItsOwnOutputButAnEarlierTwinDoes() throws {
        let lower = Echo<T2>("lower")
        let upper = Echo<T2>("upper")
        try stage.show(.stack("nav", [.screen(lower), .screen(upper)]))

        try upper.produce(T2())

        #expect(lower.received == [T2()])
        #expect(upper.received == [])
        #expect(stage.current === lower)
    }

    @Test func unwindingSwitchesToTheHandlersTab() throws {
        let producer = Producer<T1>()
        let handler = Handler<T1>()
        try stage.show(
            .tabs(
                "tabs",
                [
                    Presentable.Tab(TabItem(title: "P"), .screen(producer)),
                    Presentable.Tab(TabItem(title: "H"), .screen(handler)),
                ], selected: 0))

        try producer.produce(T1())

        #expect(stage.current === handler)
        #expect(handler.received.count == 1)
    }

    @Test func unwindingSwitchesTabAndPopsTheHandlersStack() throws {
        let producer = Producer<T1>()
        let handler = Handler<T1>()
        try stage.show(
            .tabs(
                "tabs",
                [
                    Presentable.Tab(TabItem(title: "P"), .stack("nav0", [.screen(producer)])),
                    Presentable.Tab(TabItem(title: "H"), .stack("nav1", [.screen(handler), .screen(Dummy())])),
                ], selected: 0))

        try producer.produce(T1())

        #expect(stage.current === handler)
        #expect(host.hierarchy.entries(of: "nav1") == [.of(handler)])
    }

    @Test func unwindingAcrossAModalTabsAndStacks() throws {
        let handler = Handler<T1>()
        let producer = Producer<T1>()
        try stage.show(
            .tabs(
                "tabs",
                [
                    Presentable.Tab(TabItem(title: "H"), .stack("nav0", [.screen(handler), .screen(Dummy("cover"))])),
                    Presentable.Tab(TabItem(title: "O"), .stack("nav1", [.screen(Dummy("other"))])),
                ], selected: 1))
        try host.presentOnTop(.stack("modal", [.screen(Dummy("modal root")), .screen(producer)]))
        stage.attachAll()

        try producer.produce(T1())

        #expect(stage.current === handler)
        expectRendered(
            host.render(),
            equals: """
                tabs tabs
                  * tab 0 "H": stack nav0
                    Handler<T1> "Handler"
                  - tab 1 "O": stack nav1
                    Dummy "other"
                """)
    }

    // MARK: Custom transitions

    @Test func aRawTransitionAttemptIsConsulted() throws {
        try router.register(Taker<T1>.self)
        var consulted: [Bool] = []
        router.addTransition { context in
            consulted.append(context.isUnwind)
            try context.show()
            return true
        }
        let producer = Producer<T1>()
        try stage.show(.screen(producer))
        try producer.produce(T1())
        #expect(consulted == [false])
        #expect(stage.current is Taker<T1>)
    }

    @Test func transitionsAreTriedInTheOrderTheyWereAddedAndTheFirstToAcceptWins() throws {
        try router.register(Taker<T1>.self)
        var tried: [String] = []
        router.addTransition { _ in
            tried.append("declines")
            return false
        }
        router.addTransition { context in
            tried.append("accepts")
            try context.present()
            return true
        }
        router.addTransition { _ in
            tried.append("never asked")
            return true
        }
        let producer = Producer<T1>()
        try stage.show(.stack("nav", [.screen(producer)]))
        try producer.produce(T1())
        #expect(tried == ["declines", "accepts"])
        #expect(host.hierarchy.presenter(of: .of(stage.current!))?.ref == .of(producer))
    }

    @Test func aTransitionForTheDestinationTypeIsUsed() throws {
        try router.register(Taker<T1>.self)
        var used = false
        router.addTransition(
            to: Taker<T1>.self,
            .decided { context in
                used = true
                return [context.presenting()]
            })
        let producer = Producer<T1>()
        try stage.show(.stack("nav", [.screen(producer)]))
        try producer.produce(T1())
        #expect(used)
        #expect(host.hierarchy.presenter(of: host.hierarchy.topmost!.ref)?.ref == .of(producer))
    }

    @Test func aTransitionForTheSourceAndDestinationTypesIsUsed() throws {
        try router.register(Taker<T1>.self)
        var used = false
        router.addTransition(
            from: Dummy.self, to: Taker<T1>.self,
            .decided { _ in
                Issue.record("wrong source")
                return []
            })
        router.addTransition(
            from: Producer<T1>.self, to: Taker<T1>.self,
            .decided { context in
                used = true
                return [context.showing()]
            })
        let producer = Producer<T1>()
        try stage.show(.screen(producer))
        try producer.produce(T1())
        #expect(used)
    }

    @Test func aTransitionForTheProducedTypeIsUsed() throws {
        try router.register(Taker<T2>.self)
        router.addTransform { (_: T1) in T2() }
        var used = false
        router.addTransition(
            forProduced: T1.self,
            .decided { context in
                used = true
                return [context.showing()]
            })
        let producer = Producer<T1>()
        try stage.show(.screen(producer))
        try producer.produce(T1())
        #expect(used)
        #expect(stage.current is Taker<T2>)
    }

    @Test func aRawAttemptIsConsultedForAnUnwind() throws {
        var unwinds = 0
        router.addTransition { context in
            guard context.isUnwind else { return false }
            unwinds += 1
            try context.make([.dismiss(presentedBy: .of(context.to))])
            return true
        }
        let handler = Handler<T1>()
        let producer = Producer<T1>()
        try stage.show(.screen(handler))
        try host.present(.screen(producer), over: .of(handler))
        stage.attachAll()
        try producer.produce(T1())
        #expect(unwinds == 1)
        #expect(stage.current === handler)
    }

    @Test func anUnwindTransitionForTheSourceAndDestinationTypesIsUsed() throws {
        var used = false
        router.addUnwindTransition(from: Producer<T1>.self, to: Handler<T1>.self) { context in
            used = true
            try context.make([.dismiss(presentedBy: .of(context.to))])
        }
        let handler = Handler<T1>()
        let producer = Producer<T1>()
        try stage.show(.screen(handler))
        try host.present(.screen(producer), over: .of(handler))
        stage.attachAll()
        try producer.produce(T1())
        #expect(used)
    }

    // MARK: Output transforms

    @Test func destinationUsesATransformedOutput() throws {
        try router.register(Taker<T2>.self)
        router.addTransform { (value: T1) in T2(tag: value.tag) }
        let destination = try #require(try router.destination(for: T1("moved")) as? Taker<T2>)
        #expect(try destination.input == T2(tag: "moved"))
    }

    @Test func produceUsesATransformedOutput() throws {
        try router.register(Taker<T2>.self)
        router.addTransform { (value: T1) in T2(tag: value.tag) }
        let producer = Producer<T1>()
        try stage.show(.screen(producer))
        try producer.produce(T1("moved"))
        #expect(try (stage.current as? Taker<T2>)?.input == T2(tag: "moved"))
    }

    @Test func onlyTheFirstMatchingTransformApplies() throws {
        try router.register(Taker<T2>.self)
        try router.register(Taker<String>.self)
        router.addTransform { (_: T1) in T2() }
        router.addTransform { (_: T2) in "chained" }
        let producer = Producer<T1>()
        try stage.show(.screen(producer))
        try producer.produce(T1())
        #expect(stage.current is Taker<T2>)
    }

    @Test func aTransformToAUnionRoutesByItsCase() throws {
        try router.register(Taker<T2>.self)
        router.addTransform { (_: T1) -> OneOf2<T1, T2> in .t2(T2(tag: "split")) }
        let producer = Producer<T1>()
        try stage.show(.screen(producer))
        try producer.produce(T1())
        #expect(try (stage.current as? Taker<T2>)?.input == T2(tag: "split"))
    }

    @Test func aUnionOutputIsUnwrappedBeforeItIsTransformed() throws {
        try router.register(Taker<T2>.self)
        router.addTransform { (_: T1) -> OneOf2<T1, T2> in .t2(T2(tag: "split")) }
        let producer = Producer<OneOf2<T2, T1>>()
        try stage.show(.screen(producer))
        try producer.produce(T1())
        #expect(try (stage.current as? Taker<T2>)?.input == T2(tag: "split"))
    }
}

/// Transitions written against the API before the run made their changes: `.custom` and
/// `TransitionContext.host` are deprecated, and still work for the apps that use them.
@MainActor
@Suite("Router transitions written the earlier way")
struct DeprecatedTransitionTests {
    let host = InMemoryHost()

    @available(*, deprecated, message: "Pins the deprecated .custom and TransitionContext.host.")
    @Test func aCustomTransitionThatChangesTheHostItselfStillShowsTheScreen() throws {
        let router = Router()
        try router.register(Taker<T1>.self)
        router.addTransition(
            to: Taker<T1>.self, .custom { context in try context.host.present(.screen(context.to), over: .of(context.from), for: context.flow) })
        let producer = Producer<T1>()
        try host.setRoot(.stack("nav", [.screen(producer)]), for: nil)
        let session = RouterSession(router: router, host: host)
        session.attach(producer)
        try producer.produce(T1())
        #expect(host.hierarchy.presenter(of: host.hierarchy.topmost!.ref)?.ref == .of(producer))
        #expect(host.topmost?.screen?.type == ScreenType(Taker<T1>.self))
    }
}
