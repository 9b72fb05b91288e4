import FlowKernel
import FlowStage
import FlowTestKit
import Testing

@testable import FlowStack

/// One answer to "go back under a presented layer": whether the navigator's own modal or a child
/// flow presented over it lies on top, the navigator changes nothing beneath it and says why.
@MainActor
@Suite("Stack navigator under a presented layer")
struct PresentedLayerTests {
    let host = InMemoryHost()
    let registry = ScreenRegistry { registry in
        registry.register(First.self) { First() }
        registry.register(Second.self) { Second() }
        registry.register(ThirdModal.self) { ThirdModal() }
    }

    private func navigatorOnSecond() throws -> StackNavigator<Void> {
        let navigator = StackNavigator<Void>("stack", registry: registry, root: First.self)
        try navigator.start(on: host)
        try navigator.goNext(to: Second.self)
        return navigator
    }

    /// A child flow presented over whatever is on top, as a screen starts one.
    private func presentChild(parent: FlowID) throws -> StackNavigator<Void> {
        let childRegistry = ScreenRegistry { $0.register(Third.self) { Third() } }
        let child = StackNavigator<Void>("child", registry: childRegistry, root: Third.self)
        try child.start(on: host, placement: .presented, parent: parent)
        return child
    }

    static let stackRequests: [(String, @MainActor (StackNavigator<Void>) throws -> Void)] = [
        ("getBack", { try $0.getBack() }),
        ("getBack(.popToRoot)", { try $0.getBack(.popToRoot) }),
        ("getBack(.popTo)", { try $0.getBack(.popTo(First.self)) }),
        ("goNext", { try $0.goNext(to: ThirdModal.self) }),
    ]

    @Test func underItsOwnModalTheNavigatorRefusesStackRequests() throws {
        let navigator = try navigatorOnSecond()
        try navigator.goNextAsModal(to: ThirdModal.self)
        try expectEveryStackRequestRefused(navigator)
    }

    @Test func underAChildFlowItPresentedTheNavigatorRefusesStackRequestsTheSameWay() throws {
        let navigator = try navigatorOnSecond()
        let child = try presentChild(parent: navigator.id)
        try expectEveryStackRequestRefused(navigator)
        #expect(child.phase == .running)
    }

    @Test func underAChildFlowOverItsModalTheNavigatorKeepsTheModal() throws {
        let navigator = try navigatorOnSecond()
        try navigator.goNextAsModal(to: ThirdModal.self)
        let child = try presentChild(parent: navigator.id)
        let before = host.hierarchy

        let error = #expect(throws: FlowError.self) { try navigator.getBack(.modal) }

        #expect(error?.code == .hostRejected)
        #expect(error?.message.contains("[child]") == true)
        #expect(host.hierarchy == before)
        #expect(child.phase == .running)
    }

    @Test func onceTheChildEndsTheNavigatorGoesBackAgain() throws {
        let navigator = try navigatorOnSecond()
        let child = try presentChild(parent: navigator.id)
        try child.dismiss()

        try navigator.getBack(.popToRoot)

        #expect(navigator.stackState == "First")
    }

    @Test func theCoverIsPartOfThePositionsDecisions() {
        let a = LawProbe("A")
        let b = LawProbe("B")
        let position = StackPosition(entries: [.init(screen: a.ref, registration: 0), .init(screen: b.ref, registration: 1)], cover: .container("child"))
        for style in [BackStyle.pop, .popToRoot, .popTo(LawProbe.self), .modal] {
            let error = #expect(throws: FlowError.self) { try position.backPlan(style) }
            #expect(error?.code == .hostRejected)
        }
        #expect(throws: FlowError.self) { try position.requirePushAllowed() }
    }

    private func expectEveryStackRequestRefused(_ navigator: StackNavigator<Void>, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = host.hierarchy
        for (name, request) in Self.stackRequests {
            let error = #expect(throws: FlowError.self, "\(name)", sourceLocation: sourceLocation) { try request(navigator) }
            #expect(error?.code == .hostRejected, "\(name)", sourceLocation: sourceLocation)
        }
        #expect(host.hierarchy == before, sourceLocation: sourceLocation)
    }
}
