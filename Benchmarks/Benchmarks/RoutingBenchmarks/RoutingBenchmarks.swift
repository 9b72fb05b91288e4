import Benchmark
import FlowKernel
import FlowRouter
import FlowStage

// What these measure, and what to look for:
// - Router lookups are keyed by type identity, so finding the screen for a value costs the same
//   with 10 registered screens as with 1,000: the two "destination" benchmarks should match.
// - The in-memory host's operations, for a feel of what a test journey costs.

/// One distinct type per nesting depth, to register many screen types without writing them out.
struct Level<T> {}

@MainActor
final class Tagged<T>: InputRequiring, DefaultConstructible {
    typealias Input = T
    let route = RouteSlot()
    init() {}
}

@MainActor
final class Plain: Screen {}

/// A router with `count` registered screen types: Tagged<Int>, Tagged<Level<Int>>, ...
@MainActor
func makeRouter(registering count: Int) -> Router {
    let router = Router()
    func register<T>(_ type: T.Type, remaining: Int) {
        guard remaining > 0 else { return }
        do { try router.register(Tagged<T>.self) } catch { preconditionFailure("distinct types never collide: \(error)") }
        register(Level<T>.self, remaining: remaining - 1)
    }
    register(Int.self, remaining: count)
    return router
}

let benchmarks: @Sendable () -> Void = {
    // A thousand operations a sample, so the hop to the main actor is not what is measured.
    let configuration = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .kilo, maxDuration: .seconds(2))

    // FlowKit is main-actor bound: each benchmark builds its subject in one hop to the main actor,
    // then measures a second hop that runs every iteration, so the hop itself costs once.
    for count in [10, 1_000] {
        Benchmark("Router destination lookup, \(count) screens registered", configuration: configuration) { benchmark in
            let router = await MainActor.run { makeRouter(registering: count) }
            let iterations = benchmark.scaledIterations
            benchmark.startMeasurement()
            await MainActor.run {
                for _ in iterations { blackHole(try? router.destination(for: 42)) }
            }
            benchmark.stopMeasurement()
        }
    }

    Benchmark("In-memory host push then pop", configuration: configuration) { benchmark in
        let host = await MainActor.run {
            let host = InMemoryHost()
            do { try host.setRoot(.stack("main", [.screen(Plain())])) } catch { preconditionFailure("\(error)") }
            return host
        }
        let iterations = benchmark.scaledIterations
        benchmark.startMeasurement()
        await MainActor.run {
            let screen = Plain()
            for _ in iterations {
                try? host.push(screen, onto: "main")
                try? host.pop("main")
            }
        }
        benchmark.stopMeasurement()
    }
}
