import FlowKernel
import FlowRuntime
import FlowStack
import FlowStage
import Testing

/// A screen of a navigator asks for an alert through the handle it holds.
@MainActor
final class AskingScreen: StackScreen {
    weak var navigator: (any NavigatorHandle)?
    private(set) var removed = 0
    func removeTapped() throws {
        try navigator?.present(alert: FlowAlert("Remove from cart?", buttons: [.destructive("Remove"), .cancel("Keep")])) { [unowned self] in
            if $0.role == .destructive { removed += 1 }
        }
    }
}

/// A handle of one's own, written before alerts.
@MainActor
final class OldDouble: NavigatorHandle {
    let id: FlowID = "double"
    func navigate(_ request: ForwardRequest) throws {}
    func getBack(_ style: BackStyle) throws {}
    func dismiss(completion: (() -> Void)?) throws {}
    func finish(withValue value: Any, completion: (() -> Void)?) throws {}
    func dataFromPreviousScreen<A>(as type: A.Type) throws -> A? { nil }
    var stackState: String { "" }
    var registry: ScreenRegistry { ScreenRegistry() }
    func refused(_ error: FlowError) {}
}

@MainActor
@Suite("Navigator: an alert from a screen")
struct AlertFromAScreenTests {
    @Test func aScreenAsksThroughItsHandleAndHearsTheAnswer() throws {
        let host = InMemoryHost()
        let registry = ScreenRegistry { $0.register(AskingScreen.self) { AskingScreen() } }
        let navigator = StackNavigator<Void>("shop", registry: registry, root: AskingScreen.self)
        try navigator.start(on: host)
        let screen = try #require(host.visibleScreen as? AskingScreen)

        try screen.removeTapped()
        #expect(host.shownAlert?.title == "Remove from cart?")
        try (host.visibleScreen as? any AlertScreen)?.answer("Remove")

        #expect(screen.removed == 1)
        #expect(host.visibleScreen === screen)
    }

    @Test func aHandleWrittenBeforeAlertsStillCompilesAndRefusesOne() {
        let double = OldDouble()
        let error = #expect(throws: FlowError.self) { try double.present(alert: FlowAlert("Sure?", buttons: [.cancel()])) }
        #expect(error?.code == .hostRejected)
    }
}
