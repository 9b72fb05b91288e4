import FlowKernel
import FlowStack
import FlowStage
import Testing

/// A screen written against the earlier names, as code from before the renames reads.
@available(*, deprecated, message: "written against the earlier names on purpose")
@MainActor
final class EarlierNamedScreen: FlowNavigator {
    weak var navigator: (any StackNavigating)?
}

/// The earlier names still build, deprecated, and mean what the new ones do.
@MainActor
@Suite("FlowStack: earlier names")
struct DeprecatedNamesTests {
    @available(*, deprecated, message: "uses the earlier names on purpose")
    @Test func theEarlierNamesStillWork() throws {
        let registry = ScreenRegistry { $0.register(EarlierNamedScreen.self) { EarlierNamedScreen() } }
        let navigator = StackNavigator<Void>("old", registry: registry, root: EarlierNamedScreen.self)
        try navigator.start(on: InMemoryHost())

        let screen = try #require(navigator.currentScreen as? EarlierNamedScreen)
        let handle: (any StackNavigating)? = screen.navigationFlow
        #expect(handle === navigator)
    }
}
