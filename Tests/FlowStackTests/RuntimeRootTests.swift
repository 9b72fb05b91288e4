import FlowKernel
import FlowStack
import FlowStage
import FlowTestKit
import Testing

/// SwiftyFlow's deep-link picker without a hand-written switch, and screens that reach their
/// registry through their navigator.
@MainActor
@Suite("Stack navigator: a root chosen at run time, the registry from a screen")
struct RuntimeRootTests {
    let host = InMemoryHost()
    let registry = ScreenRegistry { registry in
        registry.register(First.self) { First() }
        registry.register(NumberScreen.self, argument: Int.self) { NumberScreen($0) }
        registry.register(FourthModal.self) { FourthModal() }.inScope(.strong)
    }

    @Test("The root is the registration a picker chose", arguments: [0, 2])
    func rootAtARegistrationChosenAtRunTime(index: Int) throws {
        let navigator = StackNavigator<Void>("picked", registry: registry)

        try navigator.start(on: host, rootRegistrationAt: index)

        #expect(navigator.stackState == ["First", "Number 0", "FourthModal"][index])
    }

    @Test func aChosenRootWithAnArgumentReceivesIt() throws {
        let navigator = StackNavigator<Void>("picked", registry: registry)
        try navigator.start(on: host, rootRegistrationAt: 1, argument: 42)
        #expect(navigator.stackState == "Number 42")
    }

    @Test(
        "A root that cannot be chosen shows nothing, and the navigator can start again",
        arguments: [
            (5, nil, FlowError.Code.indexOutOfRange), (-1, nil, .indexOutOfRange), (1, nil, .argumentTypeMismatch),
            (1, "seven", .argumentTypeMismatch), (0, 1, .argumentTypeMismatch),
        ] as [(Int, (any Sendable)?, FlowError.Code)])
    func aBadChoiceShowsNothing(index: Int, argument: (any Sendable)?, code: FlowError.Code) throws {
        let navigator = StackNavigator<Void>("picked", registry: registry)

        let error = #expect(throws: FlowError.self) { try navigator.start(on: host, rootRegistrationAt: index, argument: argument) }

        #expect(error?.code == code)
        #expect(host.render() == "(empty)")
        #expect(navigator.phase == .ready)
        try navigator.start(on: host, rootRegistrationAt: 0)
        #expect(navigator.stackState == "First")
    }

    @Test func aScreenReadsWhatAScopeKeepsThroughItsNavigator() throws {
        let navigator = StackNavigator<Void>("stack", registry: registry, root: First.self)
        try navigator.start(on: host)
        try navigator.goNextAsModal(to: FourthModal.self)
        (navigator.currentScreen as? FourthModal)?.note = "gift"
        try navigator.getBack(.modal)
        let first = try #require(navigator.currentScreen as? First)

        let kept = first.navigator?.registry.liveInstance(of: FourthModal.self)

        #expect(kept?.note == "gift")
    }
}
