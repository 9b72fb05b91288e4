import FlowKernel
import FlowStack
import FlowStage
import FlowTestKit
import Testing

/// A registration `goNext()` shows only when a condition holds: a wizard's step that applies to
/// some answers only, in FlowStack's declaration order.
@MainActor
@Suite("Stack navigator: registrations with a condition")
struct ConditionalRegistrationTests {
    final class Answers {
        var pro = false
    }

    let host = InMemoryHost()
    let answers = Answers()
    let navigator: StackNavigator<Void>

    init() throws {
        let registry = ScreenRegistry()
        registry.register(First.self) { First() }
        registry.register(Second.self) { Second() }.when("pro plan") { [answers] in answers.pro }
        registry.register(Third.self) { Third() }
        navigator = StackNavigator<Void>("wizard", registry: registry, root: First.self)
        try navigator.start(on: host)
    }

    private var shown: [String]? { host.entries(of: "wizard")?.map(\.description) }

    @Test func goNextSkipsARegistrationWhoseConditionDoesNotHoldAndBackLandsBeforeIt() throws {
        try navigator.goNext()
        #expect(shown == ["First", "Third"])

        try navigator.getBack()

        #expect(shown == ["First"])
    }

    @Test func goNextShowsARegistrationWhoseConditionHolds() throws {
        answers.pro = true
        try navigator.goNext()
        #expect(shown == ["First", "Second"])
        try navigator.goNext()
        #expect(shown == ["First", "Second", "Third"])
    }

    @Test func theConditionIsAskedWhenTheWalkReachesTheRegistration() throws {
        try navigator.goNext()
        try navigator.getBack()
        answers.pro = true

        try navigator.goNext()

        #expect(shown == ["First", "Second"])
    }

    @Test func goNextPastTheLastRegistrationThatAppliesIsRefusedAndChangesNothing() throws {
        let registry = ScreenRegistry()
        registry.register(First.self) { First() }
        registry.register(Second.self) { Second() }.when("never") { false }
        let navigator = StackNavigator<Void>("short", registry: registry, root: First.self)
        let host = InMemoryHost()
        try navigator.start(on: host)

        let error = #expect(throws: FlowError.self) { try navigator.goNext() }

        #expect(error?.code == .noNextScreen)
        #expect(host.entries(of: "short")?.map(\.description) == ["First"])
    }

    @Test func theDeclaredPathLeavesOutWhatGoNextWouldSkip() throws {
        try navigator.arrive(at: navigator.declaredPath(to: Third.self))
        #expect(shown == ["First", "Third"])
    }

    @Test func theDeclaredPathTakesARegistrationWhoseConditionHoldsWhenThePathIsBuilt() throws {
        answers.pro = true
        let path = try navigator.declaredPath(to: Third.self)
        answers.pro = false

        try navigator.arrive(at: path)

        #expect(shown == ["First", "Second", "Third"], "the path is what goNext() would walk when it was built")
        try navigator.getBack()
        #expect(shown == ["First", "Second"])
    }

    @Test func theDeclaredGraphShowsTheBranchLabelledWithTheCondition() {
        let edges = Set(navigator.registry.declaredGraph.edges.map { "\($0.from) -> \($0.to): \($0.label)" })

        #expect(edges.contains("First -> Second: goNext, when pro plan"))
        #expect(edges.contains("First -> Third: goNext, unless pro plan"))
        #expect(edges.contains("Second -> Third: goNext"))
        #expect(edges.contains("Third -> First: getBack"))
        #expect(navigator.registry.registrations[1].conditionName == "pro plan")
    }
}
