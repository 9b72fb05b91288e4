import FlowKernel
import FlowStack
import FlowStage
import FlowTestKit
import Testing

/// SwiftyFlow's `NavigatePassingParameterNib` suite, on the in-memory host: a root that takes four
/// values, a first screen that takes two, then plain screens.
@MainActor
@Suite("SwiftyFlow scenarios: navigate passing parameters")
struct OriginalParameterTests {
    let host = InMemoryHost()
    let registry = ScreenRegistry { registry in
        registry.register(Initial.self, argument: (String, Double, String, Int).self) { Initial($0) }
        registry.register(Profile.self, argument: (String, Int).self) { Profile(name: $0.0, number: $0.1) }
        registry.register(Second.self) { Second() }
        registry.register(Third.self) { Third() }
        registry.register(Fourth.self) { Fourth() }
    }
    let navigator: StackNavigator<Void>

    init() throws {
        navigator = StackNavigator("params", registry: registry, root: Initial.self, argument: ("Felipe", 3.14, "Garcia", 232))
        try navigator.start(on: host)
    }

    /// Root → Profile with two values → Second, picked as row 1 of the list without the root.
    func reachSecond() throws {
        try navigator.goNext(to: Profile.self, argument: ("Felipe Garcia", 232))
        let pickable = Array(registry.registrations.indices.dropFirst())
        try navigator.goNext(toRegistrationAt: pickable[1])
    }

    @Test func theRootReceivesItsParameters() throws {
        let root = try #require(registry.liveInstance(of: Initial.self))
        #expect(root.values?.0 == "Felipe")
        #expect(root.values?.1 == 3.14)
        #expect(root.values?.2 == "Garcia")
        #expect(root.values?.3 == 232)
    }

    @Test func theRootClosesTheFlow() throws {
        try navigator.dismiss()
        #expect(registry.liveInstance(of: Initial.self) == nil)
    }

    @Test func firstReceivesItsParameters() throws {
        try navigator.goNext(to: Profile.self, argument: ("Felipe Garcia", 232))
        let profile = try #require(registry.liveInstance(of: Profile.self))
        #expect(profile.name == "Felipe Garcia")
        #expect(profile.number == 232)
    }

    @Test func navigatingToSecondPickedFromTheList() throws {
        try reachSecond()
        #expect(registry.liveInstance(of: Second.self) != nil)
        #expect(navigator.stackState == "Initial -> Profile -> Second")
    }

    @Test func backOneFromSecond() throws {
        try reachSecond()
        try navigator.getBack()
        #expect(registry.liveInstance(of: Second.self) == nil)
    }

    @Test func navigatingToThirdAutomatically() throws {
        try reachSecond()
        try navigator.goNext()
        #expect(registry.liveInstance(of: Third.self) != nil)
    }

    @Test func fromThirdBackToRoot() throws {
        try reachSecond()
        try navigator.goNext()
        try navigator.getBack(.popToRoot)
        #expect(registry.liveInstance(of: Profile.self) == nil)
        #expect(registry.liveInstance(of: Second.self) == nil)
        #expect(registry.liveInstance(of: Third.self) == nil)
    }

    @Test func fromThirdCloseTheWholeFlow() throws {
        try reachSecond()
        try navigator.goNext()
        try navigator.dismiss()
        #expect(registry.registrations.allSatisfy { $0.liveInstance == nil })
    }
}
