import FlowExplorer
import FlowKernel
import FlowSnapshot
import FlowStack
import FlowStage

/// Apps the explorer walks exhaustively, each on FlowStack with the person's Back: a binary tree of
/// screens, a wizard of steps in a row, and a tree whose screens add to a count the app keeps (its
/// own state, as a cart's item count). Each is measured beside a plain breadth-first search over
/// the same abstract states — a `Set` of hashed states and a queue, the floor of exploring that
/// graph — in the same run.
@MainActor
public enum ExhaustiveWalks {
    /// The shape of an app: what each screen offers to open, and how far its count goes.
    public struct Shape: Sendable {
        let screens: Int
        let children: @Sendable (Int) -> [Int]
        let countLimit: Int

        /// A binary tree: screen i opens screens 2i+1 and 2i+2, while they exist.
        public static func tree(_ screens: Int, countingTo limit: Int = 0) -> Shape {
            Shape(screens: screens, children: { i in [2 * i + 1, 2 * i + 2].filter { $0 < screens } }, countLimit: limit)
        }

        /// A wizard: step i opens step i+1, while it exists.
        public static func wizard(_ steps: Int) -> Shape {
            Shape(screens: steps, children: { i in i + 1 < steps ? [i + 1] : [] }, countLimit: 0)
        }
    }

    /// The count an app keeps, its own state.
    final class Count {
        var value = 0
    }

    final class Numbered: ExplorableScreen {
        let number: Int
        let shape: Shape
        let count: Count
        weak var navigator: StackNavigator<Void>?

        init(_ number: Int, shape: Shape, count: Count) {
            self.number = number
            self.shape = shape
            self.count = count
            displayName = "screen \(number)"
        }

        let displayName: String

        var explorationActions: [ScreenAction] {
            var actions = shape.children(number).map { child in
                ScreenAction("open \(child)") { [navigator] in try navigator?.goNext(to: Numbered.self, argument: child) }
            }
            if count.value < shape.countLimit { actions.append(ScreenAction("add") { [count] in count.value += 1 }) }
            return actions
        }
    }

    /// A fresh run of an app; with `saves`, it gives its saved state (the count) to the explorer.
    static func run(_ shape: Shape, saves: Bool) throws -> ExplorationRun {
        let registry = ScreenRegistry()
        let count = Count()
        let navigator = StackNavigator<Void>("walked", registry: registry, root: Numbered.self, argument: 0)
        registry.register(Numbered.self, argument: Int.self) { [weak navigator] number in
            let screen = Numbered(number, shape: shape, count: count)
            screen.navigator = navigator
            return screen
        }
        let host = InMemoryHost()
        try navigator.start(on: host)
        let counts = shape.countLimit > 0
        let state: @MainActor () -> String = { counts ? "count: \(count.value)" : "" }
        guard saves else { return ExplorationRun(host: host, flow: navigator, keeping: registry, state: state) }
        return ExplorationRun(host: host, flow: navigator, keeping: registry, state: state, saving: { .int(count.value) })
    }

    /// Explores an app exhaustively; its report.
    public static func explore(_ shape: Shape, saves: Bool = true) throws -> ExplorationReport {
        try NavigationExplorer { try run(shape, saves: saves) }.explore(.exhaustive(maxStates: 1_000_000))
    }

    /// The whole exhaustive walk of an app, once per operation.
    public static func walk(_ shape: Shape, saves: Bool = true) -> (Int) -> Void {
        { n in for _ in 0..<n { consume(try? explore(shape, saves: saves)) } }
    }

    /// Exhaustive walks of apps of `shape`'s kind, one state per operation: `n` states walked as
    /// apps of at most `size` states (a tree or a wizard of that many screens), so a figure per
    /// state counts the states it walked.
    public static func perState(_ make: @escaping @Sendable (Int) -> Shape, size: Int) -> (Int) -> Void {
        { n in
            var left = n
            while left > 0 {
                let screens = min(left, size)
                consume(try? explore(make(screens)))
                left -= screens
            }
        }
    }

    /// One abstract state: the screens on the stack and the count.
    struct State: Hashable {
        var path: [Int]
        var count: Int
    }

    /// The plain breadth-first search over an app's abstract states: how many it found.
    static func plainBreadthFirst(_ shape: Shape) -> Int {
        let start = State(path: [0], count: 0)
        var seen: Set<State> = [start]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            var next: [State] = shape.children(state.path[state.path.count - 1]).map { State(path: state.path + [$0], count: state.count) }
            if state.path.count > 1 { next.append(State(path: Array(state.path.dropLast()), count: state.count)) }
            if state.count < shape.countLimit { next.append(State(path: state.path, count: state.count + 1)) }
            for candidate in next where seen.insert(candidate).inserted { queue.append(candidate) }
        }
        return seen.count
    }

    /// The plain breadth-first search, once per operation.
    public static func plain(_ shape: Shape) -> (Int) -> Void {
        { n in for _ in 0..<n { consume(plainBreadthFirst(shape)) } }
    }
}
