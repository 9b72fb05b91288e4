import FlowKernel
import FlowRouter
import FlowStage
import FlowTestKit
import Testing

/// Arriving at the screen that requires a value, with the back stack the declarations describe.
@MainActor
@Suite("Router flow: arriving at a link's destination")
struct RouterArrivalTests {
    struct Unproduced {}

    let host = InMemoryHost()
    let recorder: TranscriptRecorder
    let flow: RouterFlow<Order>

    /// Home produces a T1; T1 → T2 → (Int or T3); an Int is taken at the end of the stack; a T3 is
    /// presented and produces a String, taken by a screen shown over it.
    init() throws {
        let router = Router()
        try router.register(Step<T1, T2>.self)
        try router.register(Step<T2, OneOf2<Int, T3>>.self)
        try router.register(Taker<Int>.self)
        try router.register(Step<T3, String>.self)
        try router.register(Taker<String>.self)
        try router.register(Taker<Unproduced>.self)
        router.addTransition(to: Step<T3, String>.self, .present)
        flow = RouterFlow("shop", router: router) { Producer<T1>("Home") }
        try flow.start(on: host)
        recorder = TranscriptRecorder(observing: host)
    }

    static func resolve(_ type: Any.Type) -> Any? {
        if type == T1.self { return T1("resolved") }
        if type == T2.self { return T2(tag: "resolved") }
        if type == T3.self { return T3(tag: "resolved") }
        return nil
    }

    @Test func theBackStackIsTheChainOfProducersFromTheFirstScreen() throws {
        try flow.arrive(at: 5, resolving: Self.resolve)

        expectRendered(
            host.render(),
            equals: """
                stack shop
                  Producer<T1> "Home"
                  Step<T1, T2>
                  Step<T2, OneOf2<Int, T3>>
                  Taker<Int>
                """)
        #expect(recorder.transcript.lines == ["(link) [shop] set [shop] to Home, Step<T1, T2>, Step<T2, OneOf2<Int, T3>>, Taker<Int>"])
        #expect(try (host.visibleScreen as? Taker<Int>)?.input == 5)
        let middle = try #require(host.entries(of: "shop")?[1].screen.flatMap(host.screen(for:)) as? Step<T1, T2>)
        #expect(try middle.input.tag == "resolved")
    }

    @Test func aStepDeclaredPresentedIsPresentedAndWhatFollowsItGoesOverIt() throws {
        try flow.arrive(at: "hello", resolving: Self.resolve)

        expectRendered(
            host.render(),
            equals: """
                stack shop
                  Producer<T1> "Home"
                  Step<T1, T2>
                  Step<T2, OneOf2<Int, T3>>
                    presents Step<T3, String>
                      presents Taker<String>
                """)
        // The screens arrived at route as if a person had tapped through: the last one produces on.
        let top = try #require(host.topEntry(of: "shop"))
        let presented = try #require(host.presented(by: top))
        let step = try #require(presented.screen.flatMap(host.screen(for:)) as? Step<T3, String>)
        #expect(try step.input.tag == "resolved")
    }

    @Test func whatWasShownGivesWayToTheLink() throws {
        try flow.arrive(at: "hello", resolving: Self.resolve)
        recorder.reset()

        try flow.arrive(at: 7, resolving: Self.resolve)

        #expect(
            recorder.transcript.lines == [
                "(link) [shop] dismiss Step<T3, String> from Step<T2, OneOf2<Int, T3>>",
                "(link) [shop] set [shop] to Home, Step<T1, T2>, Step<T2, OneOf2<Int, T3>>, Taker<Int>",
            ])
        #expect(try (host.visibleScreen as? Taker<Int>)?.input == 7)
    }

    @Test func theScreensLeftBehindAreReleased() throws {
        let leaks = LeakTracker()
        try flow.arrive(at: "hello", resolving: Self.resolve)
        leaks.track(try #require(host.visibleScreen as? Taker<String>))
        try flow.arrive(at: T2(), resolving: Self.resolve)
        leaks.expectNoLeaks()
    }

    typealias Bad = (name: String, code: FlowError.Code, message: String, request: @MainActor (RouterFlow<Order>) throws -> Void)

    static let badArrivals: [Bad] = [
        ("a value nothing requires", .noRoute, "No registered screen requires a Double", { try $0.arrive(at: 2.5, resolving: resolve) }),
        (
            "a screen no declared way leads to", .noRoute, "No declared route leads from Producer<T1> to Taker<Unproduced>",
            { try $0.arrive(at: Unproduced(), resolving: resolve) }
        ),
        (
            "a value the way needs and nothing resolves", .noRoute, "passes Step<T2, OneOf2<Int, T3>>, which needs a T2; nothing resolved one",
            { try $0.arrive(at: 3) { $0 == T1.self ? T1() : nil } }
        ),
    ]

    @Test func everyBadArrivalThrowsItsCodeAndChangesNothing() throws {
        try flow.arrive(at: "hello", resolving: Self.resolve)
        for bad in Self.badArrivals {
            let before = host.hierarchy
            let error = #expect(throws: FlowError.self, "\(bad.name)") { try bad.request(flow) }
            #expect(error?.code == bad.code, "\(bad.name)")
            #expect(error?.message.contains(bad.message) == true, "\(bad.name): \(error?.message ?? "")")
            #expect(host.hierarchy == before, "\(bad.name)")
        }
    }

    @Test func someoneElsesPresentationOverTheFlowIsNotTakenAway() throws {
        try host.present(.screen(Dummy("Other")), over: .of(try #require(host.visibleScreen)), for: nil)
        let before = host.hierarchy
        let error = #expect(throws: FlowError.self) { try flow.arrive(at: 1, resolving: Self.resolve) }
        #expect(error?.code == .hostRejected)
        #expect(host.hierarchy == before)
    }

    @Test func arrivingFromInsideADeliveryOrAfterTheEndIsRefused() throws {
        let before = host.hierarchy
        let outcome = DuringDelivery.run(on: host) { try flow.arrive(at: 1, resolving: Self.resolve) }
        #expect(throws: FlowError.self) { try outcome.get() }
        #expect(host.hierarchy == before)
        try flow.cancel()
        let error = #expect(throws: FlowError.self) { try flow.arrive(at: 1, resolving: Self.resolve) }
        #expect(error?.code == .flowFinished)
    }
}
