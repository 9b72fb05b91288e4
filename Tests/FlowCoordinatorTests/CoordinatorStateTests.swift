import FlowKernel
import FlowRuntime
import FlowStage
import Testing

@testable import FlowCoordinator

/// The state a coordinator keeps, as a value: what each decided change does to it once the host
/// has made the host change, and what a child's start and end do, read with no host.
@MainActor
@Suite("Coordinator state")
struct CoordinatorStateTests {
    private static func node(_ name: String) -> NodeRef { .container(ContainerID(name)) }

    @Test(
        "A change sets the top it decided, and keeps the mount as it was unless it replaces the entries",
        arguments: [
            // (top before, the change's top, entries replaced)
            ("a", "b", false),
            ("b", "a", false),
            ("a", "c", true),
        ])
    func apply(before: String, after: String, replaces: Bool) {
        var state = CoordinatorState()
        state.top = Self.node(before)
        var change = CoordinatorState.Change(top: Self.node(after))
        if replaces { change.replacing = [] }
        state.apply(change)
        #expect(state.top == Self.node(after))
        #expect(state.mount == nil)
    }

    @Test func aChildIsRememberedUntilItsEndIsHandledAndOnlyWhileItRuns() {
        var state = CoordinatorState()
        let child = FlowProbe("child")
        state.begin(child, shares: true, snapshot: Self.node("b"))
        #expect(state.runningChild == CoordinatorPosition.Child(id: "child", shares: true, snapshot: Self.node("b")))
        state.forgetChild()
        #expect(state.runningChild == nil)
        #expect(state.child == nil)
    }

    @Test func stoppingForgetsTheHostAndTheTop() {
        var state = CoordinatorState(host: InMemoryHost(), top: Self.node("a"))
        state.stop()
        #expect(state.host == nil)
        #expect(state.top == nil)
    }
}

/// A flow that only has a name, for the state's table.
@MainActor
private final class FlowProbe: Flow {
    let id: FlowID
    init(_ id: FlowID) { self.id = id }
    var phase: FlowPhase { .running }
    var outcome: FlowOutcome<Void>? { nil }
    func onFinish(_ handler: @escaping @MainActor (FlowOutcome<Void>) -> Void) {}
    func start(on host: any PresentationHost, placement: FlowPlacement, parent: FlowID?) throws {}
    func cancel() throws {}
}
