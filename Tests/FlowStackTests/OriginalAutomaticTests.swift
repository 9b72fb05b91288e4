import FlowKernel
import FlowStack
import FlowStage
import FlowTestKit
import Testing

/// SwiftyFlow's `NavigateAutomaticallyNibWithLastModal` suite, on the in-memory host: five screens
/// registered in order, the last one strong-scoped, walked with automatic `goNext()` by the screens
/// themselves.
@MainActor
@Suite("SwiftyFlow scenarios: navigate automatically, last one a modal")
struct OriginalAutomaticTests {
    let host = InMemoryHost()
    let registry = ScreenRegistry { registry in
        registry.register(InitialModal.self) { InitialModal() }
        registry.register(First.self) { First() }
        registry.register(Second.self) { Second() }
        registry.register(ThirdModal.self) { ThirdModal() }
        registry.register(FourthModal.self) { FourthModal() }.inScope(.strong)
    }
    let navigator: StackNavigator<Void>
    let calls = CallLog()

    init() throws {
        navigator = StackNavigator("flow", registry: registry, root: InitialModal.self)
        navigator.onFinish { [calls] _ in calls.record("dismissed") }
        try navigator.start(on: host)
    }

    /// The navigator the screen on top received, as a screen would use it.
    func currentScreensNavigator() throws -> any NavigatorHandle {
        let screen = try #require(navigator.currentScreen as? NavigatedScreen)
        return try #require(screen.navigator)
    }

    func walkForward(_ steps: Int) throws {
        for _ in 0..<steps { try currentScreensNavigator().goNext() }
    }

    @Test func theRootIsLoaded() {
        #expect(registry.liveInstance(of: InitialModal.self) != nil)
    }

    @Test func goingToFirst() throws {
        try walkForward(1)
        #expect(registry.liveInstance(of: First.self) != nil)
    }

    @Test func goingToSecond() throws {
        try walkForward(2)
        #expect(registry.liveInstance(of: Second.self) != nil)
    }

    @Test func goingToThird() throws {
        try walkForward(3)
        #expect(registry.liveInstance(of: ThirdModal.self) != nil)
    }

    @Test func goingToTheModal() throws {
        try walkForward(3)
        try currentScreensNavigator().goNextAsModal { calls.record("modal dismissed") }
        #expect(registry.liveInstance(of: FourthModal.self) != nil)
        #expect(navigator.stackState == "InitialModal -> First -> Second -> ThirdModal -> (modal) FourthModal")
    }

    @Test func backOneFromThird() throws {
        try walkForward(3)
        try currentScreensNavigator().getBack()
        #expect(registry.liveInstance(of: ThirdModal.self) == nil)
        #expect(registry.liveInstance(of: Second.self) != nil)
        #expect(registry.liveInstance(of: First.self) != nil)
    }

    @Test func backToRootFromThird() throws {
        try walkForward(3)
        try currentScreensNavigator().getBack(.popToRoot)
        #expect(registry.liveInstance(of: First.self) == nil)
        #expect(registry.liveInstance(of: Second.self) == nil)
        #expect(registry.liveInstance(of: ThirdModal.self) == nil)
        #expect(registry.liveInstance(of: InitialModal.self) != nil)
    }

    @Test func closingTheWholeFlowFromThird() throws {
        try walkForward(3)
        try currentScreensNavigator().dismiss()
        #expect(registry.registrations.allSatisfy { $0.liveInstance == nil })
        #expect(host.render() == "(empty)")
    }

    @Test func closingTheWholeFlowCallsTheDismissedCallback() throws {
        try walkForward(3)
        try currentScreensNavigator().dismiss()
        #expect(calls.entries == ["dismissed"])
        #expect(navigator.outcome.map { if case .cancelled = $0 { true } else { false } } == true)
    }
}

/// Records callbacks in the order they run.
@MainActor
final class CallLog {
    private(set) var entries: [String] = []
    func record(_ entry: String) { entries.append(entry) }
}
