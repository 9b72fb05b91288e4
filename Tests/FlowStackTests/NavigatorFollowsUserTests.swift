import FlowKernel
import FlowRuntime
import FlowStack
import FlowStage
import FlowTestKit
import Testing

@MainActor
@Suite("Stack navigator follows the user")
struct NavigatorFollowsUserTests {
    let host = InMemoryHost()
    let leaks = LeakTracker()
    let registry: ScreenRegistry

    init() {
        let leaks = leaks
        registry = ScreenRegistry { registry in
            registry.register(First.self) { leaks.track(First()) }
            registry.register(Second.self) { leaks.track(Second()) }
            registry.register(Third.self) { leaks.track(Third()) }
            registry.register(FourthModal.self) { leaks.track(FourthModal()) }.inScope(.strong)
            registry.register(ThirdModal.self) { leaks.track(ThirdModal()) }
        }
    }

    func started(placement: FlowPlacement? = nil) throws -> StackNavigator<Void> {
        let navigator = StackNavigator<Void>("stack", registry: registry, root: First.self)
        if let placement { try navigator.start(on: host, placement: placement) } else { try navigator.start(on: host) }
        return navigator
    }

    @Test func aModalTheUserSwipesDownRunsWhenDismissedExactlyOnce() throws {
        let navigator = try started()
        var dismissed = 0
        try navigator.goNextAsModal(to: FourthModal.self, whenDismissed: { dismissed += 1 })

        try host.user.swipeDown()

        #expect(dismissed == 1)
        #expect(navigator.stackState == "First")
        // Nothing is left to run twice: a later change and the flow's end call nothing.
        try navigator.goNext()
        try host.user.back()
        try navigator.dismiss(completion: nil)
        #expect(dismissed == 1)
    }

    @Test func swipingDownTwoModalsAtOnceRunsEachCallbackTopFirst() throws {
        let navigator = try started()
        var order: [String] = []
        try navigator.goNextAsModal(to: ThirdModal.self, whenDismissed: { order.append("third") })
        try navigator.goNextAsModal(to: FourthModal.self, whenDismissed: { order.append("fourth") })
        let third = try #require(host.topmost.flatMap { host.presenter(of: $0) })

        try host.dismiss(third)

        #expect(order == ["fourth", "third"])
    }

    @Test func aWhenDismissedCallbackMayNavigate() throws {
        let navigator = try started()
        try navigator.goNextAsModal(to: FourthModal.self, whenDismissed: { try? navigator.goNext(to: Third.self) })
        try host.user.swipeDown()
        #expect(navigator.stackState == "First -> Third")
    }

    @Test func goNextContinuesFromTheScreenTheUserWentBackTo() throws {
        let navigator = try started()
        try navigator.goNext()
        try navigator.goNext()
        try host.user.back(to: .of(try #require(host.screen(for: host.hierarchy.screens(in: "stack")[0]))))
        #expect(navigator.stackState == "First")
        try navigator.goNext()
        #expect(navigator.stackState == "First -> Second")
    }

    @Test func aPresentedNavigatorTheUserSwipesDownEndsCancelledAndReleasesEverything() throws {
        try host.setRoot(.stack("app", [.screen(Third())]))
        var outcomes = 0
        weak var weakNavigator: StackNavigator<Void>?
        do {
            let navigator = try started(placement: .presented)
            weakNavigator = navigator
            navigator.onFinish { if $0.isCancelled { outcomes += 1 } }
            try navigator.goNext()
            try navigator.goNextAsModal(to: FourthModal.self, whenDismissed: {})
            try host.user.swipeDown()
            #expect(navigator.phase == .running)
            try host.user.swipeDown()
            #expect(navigator.phase == .finished)
            #expect(throws: FlowError.self) { try navigator.goNext() }
        }
        #expect(outcomes == 1)
        #expect(weakNavigator == nil)
        #expect(registry.liveInstance(of: FourthModal.self) == nil)
        leaks.expectNoLeaks()
    }

    @Test func poppingBelowTheNavigatorsFirstScreenOnASharedStackEndsItCancelled() throws {
        try host.setRoot(.stack("app", [.screen(Third())]))
        let navigator = try started(placement: .onStack("app"))
        try navigator.goNext()
        try host.user.back(to: .of(try #require(host.screen(for: host.hierarchy.screens(in: "app")[0]))))
        #expect(navigator.outcome?.isCancelled == true)
    }
}
