import FlowChain
import FlowCoordinator
import FlowKernel
import FlowRouter
import FlowStack
import FlowStage
import FlowTestKit
import Testing

@MainActor final class EmailScreen: ChainScreen { var step: StepHandle? }
@MainActor final class CodeScreen: ChainScreen {
    var step: StepHandle?
    private(set) var email = ""
    func update(with context: String) { email = context }
}
@MainActor final class Shelf: Screen {}
@MainActor final class Picker: OutputProducing {
    typealias Output = Int
    let route = RouteSlot()
}
@MainActor final class Confirm: InputRequiring, OutputProducing, Instantiable {
    typealias Input = Int
    typealias Output = String
    let route = RouteSlot()
    init() {}
}
@MainActor final class Item: Screen {}

/// Any strategy's flow as a coordinator's child: the "mix and match" users are promised.
@MainActor
@Suite("Any strategy as a child")
struct MixAndMatchTests {
    let host = InMemoryHost()
    let app = PageCoordinator("app")

    init() throws {
        try app.start(on: host)
    }

    @Test func aStepChainChildOnTheSharedStackHandsBackItsTypedResult() throws {
        let signIn = StepChain<String>("signin").addStep { EmailScreen() }.addStep { CodeScreen() }.finish()
        var user: String?
        try app.start(child: signIn) { user = $0.result }
        #expect(host.names(in: "app") == ["app start", "EmailScreen"])

        try (signIn.currentScreen as? EmailScreen)?.step?.next(context: "ana@example.com")
        let code = try #require(signIn.currentScreen as? CodeScreen)
        try code.step?.next(context: code.email)

        #expect(user == "ana@example.com")
        #expect(host.names(in: "app") == ["app start"])
        #expect(app.child == nil)
    }

    @Test func aStackNavigatorChildPresentedOverTheCoordinatorIsCancelledLikeAnyOther() throws {
        let registry = ScreenRegistry { registry in
            registry.register(Shelf.self) { Shelf() }
            registry.register(Item.self) { Item() }
        }
        let browse = StackNavigator<Int>("browse", registry: registry, root: Shelf.self)
        var outcome: FlowOutcome<Int>?
        try app.start(child: browse, presented: true) { outcome = $0 }
        try browse.goNext()
        #expect(host.hierarchy.visibleScreen?.type == ScreenType(Item.self))

        try browse.dismiss()

        #expect(outcome == .cancelled)
        #expect(host.render() == "stack app\n  Page \"app start\"")
    }

    @Test func aStackNavigatorChildOnTheSharedStackCompletesWithAValue() async throws {
        let registry = ScreenRegistry { registry in
            registry.register(Shelf.self) { Shelf() }
            registry.register(Item.self) { Item() }
        }
        let browse = StackNavigator<Int>("browse", registry: registry, root: Shelf.self)
        try app.start(child: browse)
        try browse.goNext()
        #expect(host.names(in: "app") == ["app start", "Shelf", "Item"])

        try browse.finish(with: 7)

        #expect(await browse.finished() == .completed(7))
        #expect(host.names(in: "app") == ["app start"])
    }

    @Test func aRouterFlowChildCompletesWithTheValueNoScreenTakes() throws {
        let router = Router()
        try router.register(Confirm.self)
        let picker = Picker()
        let pick = RouterFlow<String>("pick", router: router) { picker }
        var chosen: String?
        try app.start(child: pick) { chosen = $0.result }
        try picker.produce(3)
        #expect(host.names(in: "app") == ["app start", "Picker", "Confirm"])

        try (host.visibleScreen as? Confirm)?.produce("size \(try #require(host.visibleScreen as? Confirm).input)")

        #expect(chosen == "size 3")
        #expect(host.names(in: "app") == ["app start"])
    }

    @Test func aCoordinatorCanBeTheChildOfAStackNavigator() throws {
        let registry = ScreenRegistry { $0.register(Shelf.self) { Shelf() } }
        let other = InMemoryHost()
        let browse = StackNavigator<Void>("browse", registry: registry, root: Shelf.self)
        try browse.start(on: other)
        let help = PageCoordinator("help")
        var result: String?

        try help.start(asChildOf: browse, on: other, placement: .onStack("browse")) { result = $0.result }
        try help.move(to: Page("help 2"))
        try help.finish(with: "thanks")

        #expect(result == "thanks")
        #expect(other.names(in: "browse") == ["Shelf"])
    }
}
