import FlowChain
import FlowCoordinator
import FlowKernel
import FlowRouter
import FlowRuntime
import FlowStack
import FlowStage
import FlowTestKit
import Testing

/// A child ends with its parent, whatever the parent's kind: the parent's end takes the child's
/// screens away, and the child follows.
@MainActor
@Suite("A child ends with its parent")
struct ChildEndsWithParentTests {
    let host = InMemoryHost()
    let leaks = LeakTracker()

    @Test func aChildPresentedOverAStackNavigatorEndsCancelledWhenTheNavigatorEnds() throws {
        let registry = ScreenRegistry { $0.register(Page.self) { Page("root") } }
        let navigator = StackNavigator<Void>("stack", registry: registry, root: Page.self)
        try navigator.start(on: host)
        var order: [String] = []
        navigator.onFinish { _ in order.append("navigator") }
        weak var weakChild: Generation?
        do {
            let child = Generation("sheet", leaks: leaks)
            weakChild = child
            child.onFinish { _ in order.append("child") }
            try child.start(on: host, placement: .presented, parent: navigator.id)
            try navigator.dismiss(completion: nil)
            #expect(child.phase == .finished)
        }
        #expect(order == ["child", "navigator"])
        #expect(weakChild == nil)
        #expect(leaks.trackedCount == 1, "the child's first screen")
        leaks.expectNoLeaks()
    }

    @Test func aChildOnAChainsStackEndsCancelledWhenTheChainEnds() throws {
        let chain = StepChain<Void>("chain").addStep { Plain() }.finish()
        try chain.start(on: host)
        let child = Generation("child", leaks: leaks)
        try child.start(on: host, placement: .onStack("chain"), parent: chain.id)
        var outcomes: [Bool] = []
        child.onFinish { outcomes.append($0.isCancelled) }

        try chain.cancel()

        #expect(outcomes == [true])
        #expect(host.render() == "(empty)")
    }

    @Test func aRouterFlowPresentedByAChainStepEndsWithTheChain() throws {
        try host.setRoot(.stack("app", [.screen(Page("Home"))]))
        let chain = StepChain<Void>("chain").addStep { Plain() }.finish()
        try chain.start(on: host, placement: .presented)
        let router = RouterFlow<Int>("router", router: Router()) { Picker() }
        try router.start(on: host, placement: .presented, parent: chain.id)

        try host.user.swipeDown()
        #expect(router.outcome?.isCancelled == true)
        #expect(chain.phase == .running)

        let again = RouterFlow<Int>("router", router: Router()) { Picker() }
        try again.start(on: host, placement: .presented, parent: chain.id)
        try chain.cancel()
        #expect(again.outcome?.isCancelled == true)
        #expect(host.render() == "stack app\n  Page \"Home\"")
    }
}
