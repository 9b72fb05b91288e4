import FlowKernel
import FlowStack
import FlowStage
import FlowTestKit
import Testing

/// Arriving at a deep link's destination: the registry's declaration order as the parent chain,
/// what was shown giving way, everything or nothing.
@MainActor
@Suite("Stack navigator: arriving at a link's destination")
struct ArrivalTests {
    let host = InMemoryHost()
    let registry = ScreenRegistry { registry in
        registry.register(First.self) { First() }
        registry.register(Second.self) { Second() }
        registry.register(NumberScreen.self, argument: Int.self) { NumberScreen($0) }.inScope(.none)
        registry.register(Third.self) { Third() }
        registry.register(ThirdModal.self) { ThirdModal() }
        registry.register(Fourth.self) { Fourth() }
    }

    private func started() throws -> StackNavigator<Void> {
        let navigator = StackNavigator<Void>("stack", registry: registry, root: First.self)
        try navigator.start(on: host)
        return navigator
    }

    @Test func theDeclaredPathIsTheRegistrationsUpToATypeThatNeedNoArgument() throws {
        let navigator = try started()
        let path = try navigator.declaredPath(to: Third.self)
        #expect(path.map(\.target) == [.registration(at: 0), .registration(at: 1), .registration(at: 3)])
        let error = #expect(throws: FlowError.self) { try navigator.declaredPath(to: Initial.self) }
        #expect(error?.code == .unregisteredScreen)
    }

    @Test func arrivingBuildsTheBackStackSoBackWalksUpIt() throws {
        let navigator = try started()
        let recorder = TranscriptRecorder(observing: host)

        try navigator.arrive(at: navigator.declaredPath(to: Second.self) + [.screen(NumberScreen.self, argument: 7)])

        #expect(navigator.stackState == "First -> Second -> Number 7")
        #expect(recorder.transcript.lines == ["(link) [stack] set [stack] to First, Second, Number 7"])
        try navigator.getBack()
        #expect(navigator.stackState == "First -> Second")
        try navigator.getBack()
        #expect(navigator.stackState == "First")
        #expect(throws: FlowError.self) { try navigator.getBack() }
    }

    @Test func arrivingDismissesTheNavigatorsModalsRunsTheirCallbacksAndPresentsTheDestination() throws {
        let navigator = try started()
        try navigator.goNext(to: Second.self)
        var dismissed = 0
        try navigator.goNextAsModal(to: ThirdModal.self, whenDismissed: { dismissed += 1 })
        let tracker = LeakTracker()
        tracker.track(try #require(navigator.currentScreen as? ThirdModal))
        let recorder = TranscriptRecorder(observing: host)

        try navigator.arrive(at: [.screen(First.self), .screen(Third.self)], presenting: .screen(Fourth.self))

        #expect(dismissed == 1)
        expectRendered(
            host.render(),
            equals: """
                stack stack
                  First
                  Third
                  presents Fourth
                """)
        #expect(
            recorder.transcript.lines == [
                "(link) [stack] dismiss ThirdModal from [stack]",
                "(link) [stack] set [stack] to First, Third",
                "(link) [stack] present Fourth over [stack]",
            ])
        try navigator.getBack(.modal)
        #expect(navigator.stackState == "First -> Third")
        #expect(dismissed == 1)
        tracker.expectNoLeaks()
    }

    @Test func aModalKeptByItsScopeAndPresentedAgainRunsItsOldCallbackOnceAndNoneAfter() throws {
        let navigator = try started()
        var dismissed = 0
        try navigator.goNextAsModal(to: ThirdModal.self, whenDismissed: { dismissed += 1 })
        let modal = try #require(navigator.currentScreen)

        try navigator.arrive(at: [.screen(First.self)], presenting: .screen(ThirdModal.self))

        #expect(navigator.currentScreen === modal)
        #expect(dismissed == 1)
        try navigator.getBack(.modal)
        #expect(dismissed == 1)
    }

    typealias Bad = (name: String, code: FlowError.Code, request: @MainActor (StackNavigator<Void>) throws -> Void)

    static let badArrivals: [Bad] = [
        ("an empty path", .hostRejected, { try $0.arrive(at: []) }),
        ("an unregistered type", .unregisteredScreen, { try $0.arrive(at: [.screen(First.self)], presenting: .screen(Initial.self)) }),
        ("an argument of the wrong type", .argumentTypeMismatch, { try $0.arrive(at: [.screen(First.self), .screen(NumberScreen.self, argument: "x")]) }),
        ("a kept screen twice", .hostRejected, { try $0.arrive(at: [.screen(First.self), .screen(First.self)]) }),
        ("a kept screen on the stack and as the modal", .hostRejected, { try $0.arrive(at: [.screen(First.self)], presenting: .screen(First.self)) }),
    ]

    @Test func everyBadArrivalThrowsItsCodeAndChangesNothing() throws {
        for bad in Self.badArrivals {
            let host = InMemoryHost()
            let navigator = StackNavigator<Void>("stack", registry: registry, root: First.self)
            try navigator.start(on: host)
            try navigator.goNext(to: Second.self)
            var dismissed = 0
            try navigator.goNextAsModal(to: ThirdModal.self, whenDismissed: { dismissed += 1 })
            let before = host.hierarchy
            let state = navigator.stackState

            let error = #expect(throws: FlowError.self, "\(bad.name)") { try bad.request(navigator) }

            #expect(error?.code == bad.code, "\(bad.name)")
            #expect(host.hierarchy == before, "\(bad.name)")
            #expect(navigator.stackState == state, "\(bad.name)")
            #expect(dismissed == 0, "\(bad.name)")
            try navigator.getBack(.modal)
            #expect(dismissed == 1, "\(bad.name): the modal's callback is kept")
        }
    }

    @Test func aChildFlowsPresentationOverTheNavigatorIsNotTakenAway() throws {
        let navigator = try started()
        let childRegistry = ScreenRegistry { $0.register(Fourth.self) { Fourth() } }
        let child = StackNavigator<Void>("child", registry: childRegistry, root: Fourth.self)
        try child.start(on: host, placement: .presented, parent: navigator.id)
        let before = host.hierarchy

        let error = #expect(throws: FlowError.self) { try navigator.arrive(at: [.screen(Second.self)]) }

        #expect(error?.code == .hostRejected)
        #expect(host.hierarchy == before)
        #expect(child.phase == .running)
    }

    @Test func arrivingFromInsideADeliveryIsRefusedWhole() throws {
        let navigator = try started()
        let before = host.hierarchy
        let outcome = DuringDelivery.run(on: host) { try navigator.arrive(at: [.screen(Second.self)]) }
        #expect(throws: FlowError.self) { try outcome.get() }
        #expect(host.hierarchy == before)
    }

    @Test func arrivingAfterTheFlowEndedIsRefused() throws {
        let navigator = try started()
        try navigator.dismiss()
        let error = #expect(throws: FlowError.self) { try navigator.arrive(at: [.screen(Second.self)]) }
        #expect(error?.code == .flowFinished)
    }
}
