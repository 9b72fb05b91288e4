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

    /// A screen with a name.
    private final class Plain: Screen {
        let displayName: String
        init(_ name: String) { displayName = name }
    }

    @Test(
        "A change sets the top it decided, notes a first showing and a replacement in the mount, and nothing else",
        arguments: [
            // (the change, the mount's first entry after)
            ("top only", "A"),
            ("replace", "B"),
        ])
    func apply(change name: String, first: String) throws {
        let host = InMemoryHost()
        let a = Plain("A")
        let b = Plain("B")
        let c = Plain("C")
        var mount = try FlowMount(for: "coordinator", at: .root, on: host)
        mount.didShow(try mount.showing(.screen(a), on: host))
        var state = CoordinatorState(host: host, mount: mount, top: .of(a))
        let change: CoordinatorState.Change =
            switch name {
            case "top only": CoordinatorState.Change(top: .of(c))
            default: CoordinatorState.Change(top: .of(c), replacing: [.screen(b), .screen(c)])
            }
        state.apply(change)
        #expect(state.top == .of(c))
        #expect(state.mount?.firstEntry == .of(first == "A" ? a : b))
    }

    @Test func aFirstShowingMakesItsContentTheMountsFirstEntry() throws {
        let host = InMemoryHost()
        let a = Plain("A")
        let mount = try FlowMount(for: "coordinator", at: .root, on: host)
        var state = CoordinatorState(host: host, mount: mount)
        state.apply(CoordinatorState.Change(top: .of(a), showing: try mount.showing(.screen(a), on: host)))
        #expect(state.mount?.firstEntry == .of(a))
        #expect(state.top == .of(a))
    }

    @Test func aSheetIsRememberedWhenPresentedAndItsOnDismissReturnedOnceWhenDismissed() throws {
        let host = InMemoryHost()
        let a = Plain("A")
        let sheet = Plain("Sheet")
        var mount = try FlowMount(for: "coordinator", at: .root, on: host)
        mount.didShow(try mount.showing(.screen(a), on: host))
        var state = CoordinatorState(host: host, mount: mount, top: .of(a))
        var dismissed = 0
        let presenting = CoordinatorState.Sheet(node: .of(sheet), onDismiss: { dismissed += 1 })

        #expect(state.apply(CoordinatorState.Change(top: .of(a), sheet: .presenting(presenting, .screen(sheet)))) == nil)
        #expect(state.sheet?.node == .of(sheet))
        #expect(state.top == .of(a))

        let returned = state.apply(CoordinatorState.Change(top: .of(a), sheet: .dismissing))
        let onDismiss = try #require(returned)
        try onDismiss()
        #expect(state.sheet == nil)
        #expect(dismissed == 1)
        #expect(state.forgetSheet() == nil)
    }

    @Test func aStoppedCoordinatorForgetsItsSheetWithoutItsOnDismiss() {
        var state = CoordinatorState()
        state.sheet = CoordinatorState.Sheet(node: Self.node("e"), onDismiss: { Issue.record("onDismiss ran on stop") })
        state.stop()
        #expect(state.sheet == nil)
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
