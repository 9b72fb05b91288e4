import FlowChain
import FlowCoordinator
import FlowKernel
import FlowRouter
import FlowStack
import FlowStage
import Testing

/// An observer that reads a flow's public state on every event the host reports.
@MainActor
private final class Reader: FlowObserver {
    private let read: () -> String
    private(set) var reads: [String] = []

    init(_ read: @escaping () -> String) { self.read = read }

    func receive(_ event: FlowEvent) { reads.append(read()) }
}

/// An observer hears of a change while the host makes it, in the middle of a flow's request. Reading
/// the flow then never traps, whatever the request (showing, presenting, replacing, going back,
/// ending): no flow holds its own state while the host changes.
@MainActor
@Suite("Observers read flows in the middle of their requests")
struct ObserversReadFlowsTests {
    @Test func aNavigatorIsReadDuringEveryRequest() throws {
        let host = InMemoryHost()
        let registry = ScreenRegistry()
        registry.register(Home.self) { Home() }
        registry.register(Detail.self) { Detail() }
        let navigator = StackNavigator<Void>("shop", registry: registry, root: Home.self)
        let reader = Reader { [unowned navigator] in "\(navigator.stackState) \(navigator.stack?.name ?? "-") \(navigator.phase)" }
        host.addObserver(reader)

        try navigator.start(on: host)
        try navigator.goNext()
        try navigator.getBack()
        try navigator.goNextAsModal(to: Detail.self)
        try navigator.getBack(.modal)
        try navigator.setStack([.screen(Home.self), .screen(Detail.self)])
        try navigator.dismiss()

        #expect(reader.reads.contains("Home -> Detail shop running"))
        #expect(reader.reads.count == 9)
        #expect(navigator.phase == .finished)
    }

    @Test func aChainIsReadDuringEveryRequest() throws {
        let host = InMemoryHost()
        let chain = StepChain<Void>("steps")
            .addStep { Step("one") }
            .addStep(
                FlowChain.Step { Step("two") }
                    .onPresent { screen, context in try context.container.present(screen) }
                    .onDismiss { screen, context in try context.container.dismiss(screen) }
            )
            .addStep { Step("three") }
            .finish()
        let reader = Reader { [unowned chain] in "\(chain.currentStep.map(String.init) ?? "-") \(chain.container?.isShown ?? false)" }
        host.addObserver(reader)

        try chain.start(on: host)
        try (chain.currentScreen as? Step)?.step?.next()
        try (chain.currentScreen as? Step)?.step?.back()
        try (chain.currentScreen as? Step)?.step?.next()
        try (chain.currentScreen as? Step)?.step?.next()
        try (chain.currentScreen as? Step)?.step?.endFlow()

        #expect(reader.reads.contains("1 true"))
        #expect(chain.phase == .finished)
    }

    @Test func aRouterFlowIsReadDuringEveryRequest() throws {
        let host = InMemoryHost()
        let router = Router()
        try router.register(Taker.self)
        let picker = Picker()
        let flow = RouterFlow<String>("router", router: router) { picker }
        let reader = Reader { [unowned flow] in "\(flow.phase) \(flow.baseNode.map { "\($0)" } ?? "-")" }
        host.addObserver(reader)

        try flow.start(on: host)
        try picker.produce(7)
        try flow.cancel()

        #expect(reader.reads.contains("running Picker"))
        #expect(flow.phase == .finished)
    }

    @Test func aCoordinatorIsReadDuringEveryRequest() throws {
        let host = InMemoryHost()
        let coordinator = PageCoordinator("pages", first: Page("one"))
        let reader = Reader { [unowned coordinator] in
            "\(coordinator.startNode.map { "\($0)" } ?? "-") \(coordinator.topNode.map { "\($0)" } ?? "-") \(coordinator.stack?.name ?? "-")"
        }
        host.addObserver(reader)

        try coordinator.start(on: host)
        try coordinator.move(to: Page("two"))
        try coordinator.back()
        try coordinator.setStack([Page("three"), Page("four")])
        try coordinator.cancel()

        #expect(reader.reads.contains("one two pages"))
        #expect(coordinator.phase == .finished)
    }
}
