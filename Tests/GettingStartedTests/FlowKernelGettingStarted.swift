import FlowKernel
import FlowStack
import FlowStage
import Testing

/// The code of FlowKernel's Getting Started, compiled here line for line, with the screens and
/// the sign-in flow the page takes for granted declared around it.
@MainActor
enum FlowKernelGettingStarted {
    final class WelcomeScreen: Screen {}

    final class CatalogScreen: Screen {}

    static func show(on host: any PresentationHost) throws -> (any Screen)? {
        try host.setRoot(.stack("shop", [.screen(WelcomeScreen())]))
        try host.push(CatalogScreen(), onto: "shop")
        let shown = host.visibleScreen  // the CatalogScreen just pushed
        return shown
    }

    /// Any flow with a result: a one-screen stack here.
    static func makeSignIn() -> StackNavigator<String> {
        StackNavigator<String>("signin", registry: ScreenRegistry { $0.register(WelcomeScreen.self) { WelcomeScreen() } }, root: WelcomeScreen.self)
    }

    static func signIn(on host: any PresentationHost, _ signIn: StackNavigator<String>) async throws {
        let outcome = try await signIn.run(on: host, placement: .presented)
        if case .completed(let user) = outcome { print("signed in as", user) }
    }

    @MainActor @Suite struct Tests {
        @Test func theHostShowsWhatThePageSays() throws {
            let host = InMemoryHost()
            let shown = try show(on: host)
            #expect(shown is CatalogScreen)
            #expect(host.hierarchy.visibleScreen?.displayName == "CatalogScreen")
        }
    }
}
