import FlowExplorer
import FlowKernel
import FlowStack
import FlowStage

/// A screen of the lab app: its actions are set by the test that builds the app.
@MainActor
class LabScreen: ExplorableScreen {
    var actions: [ScreenAction] = []
    var allowsBack = true
    /// Kept by the screen itself to plant a leak.
    var cycle: (() -> Void)?
    required init() {}
    var explorationActions: [ScreenAction] { actions }
    var allowsInteractiveBack: Bool { allowsBack }
}

final class Home: LabScreen {}
final class Middle: LabScreen {}
final class Detour: LabScreen {}
final class Stuck: LabScreen {}
final class Orphan: LabScreen {}

/// A small app on FlowStack whose screens the test wires, one fresh copy per run.
@MainActor
enum Lab {
    /// An explorer of an app that starts on `Home`; `wire` sets each new screen's actions.
    static func explorer(
        expecting: [String] = [],
        gestures: Bool = true,
        wire: @escaping @MainActor (LabScreen, StackNavigator<Void>) -> Void
    ) -> NavigationExplorer {
        NavigationExplorer(expecting: expecting, gestures: gestures) {
            let registry = ScreenRegistry()
            let navigator = StackNavigator<Void>("lab", registry: registry, root: Home.self)
            for type in [Home.self, Middle.self, Detour.self, Stuck.self, Orphan.self] as [LabScreen.Type] {
                register(type, in: registry, navigator: navigator, wire: wire)
            }
            let host = InMemoryHost()
            try navigator.start(on: host)
            return ExplorationRun(host: host, flow: navigator, keeping: registry)
        }
    }

    private static func register<S: LabScreen>(
        _ type: S.Type, in registry: ScreenRegistry, navigator: StackNavigator<Void>, wire: @escaping @MainActor (LabScreen, StackNavigator<Void>) -> Void
    ) {
        weak let navigator = navigator
        registry.register(type) {
            let screen = type.init()
            if let navigator { wire(screen, navigator) }
            return screen
        }
    }
}
