import FlowChain
import FlowExplorer
import FlowKernel
import FlowRecording
import FlowStack
import FlowStage

/// The in-memory host on its own.
@MainActor
enum Hosts {
    /// A stack of `depth - 1` screens; each operation pushes a new screen (depth `depth`) and pops it.
    /// With `observed`, an observer receives every event, as a transcript recorder would.
    static func pushPop(depth: Int, observed: Bool = false) -> (Int) -> Void {
        let host = InMemoryHost()
        if observed { host.addObserver(EventCounter()) }
        must { try host.setRoot(.stack("main", (1..<max(depth, 2)).map { _ in .screen(Plain()) })) }
        return { n in
            for _ in 0..<n {
                try? host.push(Plain(), onto: "main")
                try? host.pop("main")
            }
        }
    }
}

/// Receives every event and keeps only a count, so what is measured is the host's delivery.
@MainActor
final class EventCounter: FlowObserver {
    private(set) var count = 0
    func receive(_ event: FlowEvent) { count += 1 }
}

/// Random journeys, seeded so every run takes the same one: one operation is one transition.
@MainActor
enum Journeys {
    /// Pushes, pops, presents and dismisses on a stack, within a few screens of depth.
    static func host() -> (Int) -> Void {
        let host = InMemoryHost()
        must { try host.setRoot(.stack("main", [.screen(Plain())])) }
        var random = SeededGenerator(seed: 1)
        var depth = 1
        var presenting = false
        return { n in
            for _ in 0..<n {
                let move = Int.random(in: 0..<3, using: &random)
                if move == 2 {
                    if presenting {
                        try? host.dismiss(presentedBy: .container("main"))
                    } else {
                        try? host.present(.screen(Plain()), over: .container("main"))
                    }
                    presenting.toggle()
                } else if depth == 1 || (move == 0 && depth < 12) {
                    try? host.push(Plain(), onto: "main")
                    depth += 1
                } else {
                    try? host.pop("main")
                    depth -= 1
                }
            }
        }
    }
}

extension Journeys {
    /// Forward and back through a navigator's registrations, never past either end.
    static func stack(recorded: Bool = false) -> (Int) -> Void {
        let registry = ScreenRegistry { registry in
            for name in ["a", "b", "c", "d", "e", "f"] { registry.register(Plain.self, identifier: name) { Plain() } }
        }
        let navigator = StackNavigator<Void>("stack", registry: registry)
        let host = InMemoryHost()
        must { try navigator.start(on: host) }
        let recorder = recorded ? recorder(on: host) : nil
        var random = SeededGenerator(seed: 2)
        var depth = 1
        return { n in
            for _ in 0..<n {
                if depth == 1 || (depth < 6 && Bool.random(using: &random)) {
                    step(recorder, "next") { try? navigator.goNext() }
                    depth += 1
                } else {
                    step(recorder, "back") { try? navigator.getBack() }
                    depth -= 1
                }
            }
        }
    }

    /// Next and back through six steps, never completing the chain.
    static func chain(recorded: Bool = false) -> (Int) -> Void {
        var builder = StepChain<Void>("chain").addStep { StepScreen() }
        for _ in 1..<6 { builder = builder.addStep { StepScreen() } }
        let chain = builder.finish()
        let host = InMemoryHost()
        must { try chain.start(on: host) }
        let recorder = recorded ? recorder(on: host) : nil
        var random = SeededGenerator(seed: 3)
        return { n in
            for _ in 0..<n {
                guard let current = chain.currentStep, let handle = (chain.currentScreen as? StepScreen)?.step else { return }
                if current == 0 || (current < 5 && Bool.random(using: &random)) {
                    step(recorder, "next") { try? handle.next() }
                } else {
                    step(recorder, "back") { try? handle.back() }
                }
            }
        }
    }

    /// Moves and backs of a coordinator, within a few screens of depth.
    static func coordinator(recorded: Bool = false) -> (Int) -> Void {
        let coordinator = BenchCoordinator("coordinator")
        let host = InMemoryHost()
        must { try coordinator.start(on: host) }
        let recorder = recorded ? recorder(on: host) : nil
        var random = SeededGenerator(seed: 4)
        var depth = 1
        return { n in
            for _ in 0..<n {
                if depth == 1 || (depth < 8 && Bool.random(using: &random)) {
                    step(recorder, "move") { try? coordinator.move(to: Plain()) }
                    depth += 1
                } else {
                    step(recorder, "back") { try? coordinator.back() }
                    depth -= 1
                }
            }
        }
    }

    /// Details produced from details, and now and then `Done`, which unwinds to the root.
    static func router() -> (Int) -> Void {
        let (home, latest, flow) = Strategies.routerFlow()
        var random = SeededGenerator(seed: 5)
        var depth = 1
        return { n in
            withExtendedLifetime(flow) {
                for _ in 0..<n {
                    if depth == 1 {
                        try? home.produce(Item())
                        depth += 1
                    } else if depth < 8 && Int.random(in: 0..<3, using: &random) > 0 {
                        try? latest.detail?.produce(Item())
                        depth += 1
                    } else {
                        try? latest.detail?.produce(Done())
                        depth = 1
                    }
                }
            }
        }
    }
}

extension Journeys {
    /// A recorder an app leaves on in production, from the journey's start, with its default ring.
    static func recorder(on host: InMemoryHost) -> JourneyRecorder? {
        try? JourneyRecorder(on: host, atAppStart: true)
    }

    /// One transition, as a recorded step when a recorder listens.
    @inline(__always)
    static func step(_ recorder: JourneyRecorder?, _ name: String, _ body: () -> Void) {
        if let recorder { recorder.record(.action(name, argument: nil), body) } else { body() }
    }
}
