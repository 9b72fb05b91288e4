import BenchmarkShop
import FlowExplorer
import FlowKernel
import FlowStack
import FlowStage

/// The explorer's throughput: seeded random walks, where every move is one transition (no
/// replays), on the shop and on a generated app of 1,000 screens that do no work; and a whole
/// breadth-first exploration of the shop to depth 12.
@MainActor
enum Exploration {
    /// A random walk of `n` moves on the shop in a strategy.
    static func shopWalk(_ strategy: Strategy) -> (Int) -> Void {
        let explorer = ShopExploration.explorer(strategy)
        return { n in consume(try? explorer.explore(.random(seed: 1, steps: n, depth: 30))) }
    }

    /// The shop explored breadth-first to depth 12, once per operation.
    static func shopBreadthFirst(_ strategy: Strategy) -> (Int) -> Void {
        let explorer = ShopExploration.explorer(strategy)
        return { n in
            for _ in 0..<n { consume(try? explorer.explore(.breadthFirst(depth: 12))) }
        }
    }

    /// A random walk of `n` moves on a generated app: 1,000 screens in a binary tree, each
    /// offering its two children, with the back gesture.
    static func generatedWalk() -> (Int) -> Void {
        let explorer = NavigationExplorer { try GeneratedApp.run(screens: 1_000) }
        return { n in consume(try? explorer.explore(.random(seed: 1, steps: n, depth: 40))) }
    }
}

/// An app of numbered screens that do no work, on FlowStack: screen i offers screens 2i+1 and
/// 2i+2, while they exist.
@MainActor
enum GeneratedApp {
    final class Numbered: ExplorableScreen {
        let number: Int
        weak var navigator: StackNavigator<Void>?
        let count: Int
        init(_ number: Int, count: Int) {
            self.number = number
            self.count = count
        }
        var displayName: String { "screen \(number)" }
        var explorationActions: [ScreenAction] {
            [2 * number + 1, 2 * number + 2].filter { $0 < count }.map { child in
                ScreenAction("open \(child)") { [navigator] in try navigator?.goNext(to: Numbered.self, argument: child) }
            }
        }
    }

    static func run(screens: Int) throws -> ExplorationRun {
        let registry = ScreenRegistry()
        let navigator = StackNavigator<Void>("generated", registry: registry, root: Numbered.self, argument: 0)
        registry.register(Numbered.self, argument: Int.self) { [weak navigator] number in
            let screen = Numbered(number, count: screens)
            screen.navigator = navigator
            return screen
        }
        let host = InMemoryHost()
        try navigator.start(on: host)
        return ExplorationRun(host: host, flow: navigator, keeping: registry)
    }
}
