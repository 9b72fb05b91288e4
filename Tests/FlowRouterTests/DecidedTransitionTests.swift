import FlowKernel
import FlowRouter
import FlowStage
import FlowTestKit
import Testing

/// A screen that refuses to be left.
@MainActor
final class Pinned: Screen {
    var displayName: String { "Pinned" }
    func shouldLeave(by origin: FlowEvent.Origin) -> GuardVerdict { .refuse(because: "pinned") }
}

@MainActor
@Suite("Router: a transition decided as operations")
struct DecidedTransitionTests {
    let stage = RouterStage()
    var host: InMemoryHost { stage.host }
    var router: Router { stage.router }

    @Test func aDecidedTransitionOfTwoOperationsIsMadeWhole() throws {
        try router.register(Taker<T1>.self)
        router.addTransition(to: Taker<T1>.self, .decided { context in [.pop("nav"), .push(.screen(context.to), onto: "nav")] })
        let producer = Producer<T1>()
        try stage.show(.stack("nav", [.screen(Dummy()), .screen(producer)]))

        try producer.produce(T1())

        #expect(host.hierarchy.screens(in: "nav").map(\.displayName) == ["Dummy", "Taker<T1>"])
    }

    @Test func aDecidedTransitionWhoseSecondOperationAGuardRefusesChangesNothing() throws {
        try router.register(Taker<T1>.self)
        let bottom = Dummy("Bottom")
        router.addTransition(
            to: Taker<T1>.self,
            .decided { context in [.push(.screen(Dummy("Extra")), onto: "nav"), .popTo(.of(bottom), in: "nav")] })
        let producer = Producer<T1>()
        try stage.show(.stack("nav", [.screen(bottom), .screen(Pinned()), .screen(producer)]))
        let before = host.hierarchy

        let error = #expect(throws: FlowError.self) { try producer.produce(T1()) }

        #expect(error?.code == .guardRefused)
        #expect(host.hierarchy == before)
    }
}
