import FlowChain
import FlowCoordinator
import FlowKernel
import FlowRouter
import FlowRuntime
import FlowStack
import FlowStage

/// Each strategy's round trip: one step forward and one back, as a user taps in and out.
@MainActor
enum Strategies {
    static func registryResolve() -> (Int) -> Void {
        let registry = ScreenRegistry()
        registry.register(Plain.self) { Plain() }.inScope(.none)
        return { n in
            for _ in 0..<n { consume(try? registry.resolve(Plain.self)) }
        }
    }

    /// A navigator `depth` screens deep; each operation goes forward one screen and back.
    /// A flow of one's own: a logic that pushes a screen and drops it again.
    static func logicNextBack() -> (Int) -> Void {
        let flow = LogicFlow("logic", logic: TwoScreens())
        must { try flow.start(on: InMemoryHost()) }
        return { n in
            for _ in 0..<n {
                try? flow.request { _, path in .show(path.pushing(1)) }
                try? flow.request { _, path in .show(path.dropping()) }
            }
        }
    }

    static func stackNextBack(depth: Int) -> (Int) -> Void {
        let registry = ScreenRegistry { registry in
            registry.register(Plain.self, identifier: "a") { Plain() }.inScope(.none)
            registry.register(Other.self) { Other() }.inScope(.none)
        }
        let navigator = StackNavigator<Void>("stack", registry: registry)
        must { try navigator.start(on: InMemoryHost()) }
        var onPlain = true
        for _ in 1..<max(depth, 1) {
            must { onPlain ? try navigator.goNext(to: Other.self) : try navigator.goNext(to: Plain.self, identifier: "a") }
            onPlain.toggle()
        }
        if depth <= 1 {
            return { n in
                for _ in 0..<n {
                    try? navigator.goNext()
                    try? navigator.getBack()
                }
            }
        }
        return { n in
            for _ in 0..<n {
                if onPlain { try? navigator.goNext(to: Other.self) } else { try? navigator.goNext(to: Plain.self, identifier: "a") }
                try? navigator.getBack()
            }
        }
    }

    static func chainNextBack() -> (Int) -> Void {
        let chain = StepChain<Void>("chain")
            .addStep { StepScreen() }
            .addStep { StepScreen() }
            .finish()
        must { try chain.start(on: InMemoryHost()) }
        let first = chain.currentScreen as? StepScreen
        must { try first?.step?.next() }
        let second = chain.currentScreen as? StepScreen
        must { try second?.step?.back() }
        return { n in
            withExtendedLifetime(chain) {
                for _ in 0..<n {
                    try? first?.step?.next()
                    try? second?.step?.back()
                }
            }
        }
    }

    /// A coordinator `depth` screens deep; each operation moves to a new screen and back.
    static func coordinatorMoveBack(depth: Int) -> (Int) -> Void {
        let coordinator = BenchCoordinator("coordinator")
        must { try coordinator.start(on: InMemoryHost()) }
        for _ in 1..<max(depth, 1) { must { try coordinator.move(to: Plain()) } }
        return { n in
            for _ in 0..<n {
                try? coordinator.move(to: Other())
                try? coordinator.back()
            }
        }
    }

    /// The root produces an `Item`, which shows a `Detail`; the detail produces `Done`, which
    /// unwinds to the root, which handles it.
    static func routerForwardUnwind() -> (Int) -> Void {
        let (home, latest, flow) = routerFlow()
        return { n in
            withExtendedLifetime(flow) {
                for _ in 0..<n {
                    try? home.produce(Item())
                    try? latest.detail?.produce(Done())
                }
            }
        }
    }

    static func routerLookup(registered count: Int) -> (Int) -> Void {
        let router = makeRouter(registering: numberTypes(count))
        let value = Number<D0, D0, D0, D0>()
        return { n in
            for _ in 0..<n { consume(try? router.destination(for: value)) }
        }
    }

    /// Registers `count` screen types on a new router. Making the types (their metadata, which
    /// the Swift runtime builds once per process) is set-up, not measured.
    static func routerRegister(count: Int) -> (Int) -> Void {
        let types = numberTypes(count)
        _ = makeRouter(registering: types)
        return { n in
            for _ in 0..<n { consume(makeRouter(registering: types)) }
        }
    }

    /// A running router flow rooted at a `Home`, with the last `Detail` it made.
    static func routerFlow() -> (Home, Latest, RouterFlow<Void>) {
        let latest = Latest()
        let router = Router()
        must {
            try router.register(Detail.self) { [unowned latest] in
                let detail = Detail()
                latest.detail = detail
                return detail
            }
        }
        let home = Home()
        let flow = RouterFlow<Void>("router", router: router) { home }
        must { try flow.start(on: InMemoryHost()) }
        return (home, latest, flow)
    }
}

/// The last detail a router made, so a workload can produce from it as the user would.
@MainActor
final class Latest {
    weak var detail: Detail?
}

@MainActor
final class BenchCoordinator: StackCoordinator<Void> {
    override func start() throws {
        try move(to: Plain())
    }
}

/// The logic of ``Strategies/logicNextBack()``: a first screen, and another over it.
@MainActor
struct TwoScreens: FlowLogic {
    func start() -> Int { 0 }
    func screen(for entry: Int) -> any Screen { entry == 0 ? Plain() : Other() }
}
