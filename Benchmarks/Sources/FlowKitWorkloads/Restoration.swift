import FlowKernel
import FlowRuntime
import FlowSnapshot
import FlowStack
import FlowStage
import Foundation

/// Saving and restoring a navigation of many entries across nested flows, against building the
/// same navigation by deep link: `flows` navigators, each presented over the one before, each
/// with `entries / flows` screens made with an argument.
@MainActor
enum Restoration {
    final class Entry: Screen {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    static func registry() -> ScreenRegistry {
        ScreenRegistry { registry in
            registry.register(Entry.self, argument: Int.self) { Entry($0) }.inScope(.none)
        }
    }

    static func navigator(_ index: Int) -> StackNavigator<Void> {
        StackNavigator<Void>(FlowID("flow\(index)"), registry: registry(), root: Entry.self, argument: 0)
    }

    /// Builds the navigation by deep link: each flow starts, presented over the last, and
    /// arrives at its path.
    static func buildByLink(on host: InMemoryHost, entries: Int, flows: Int) {
        let perFlow = max(entries / flows, 1)
        var parent: StackNavigator<Void>?
        for index in 0..<flows {
            let flow = navigator(index)
            must { try flow.start(on: host, placement: parent == nil ? .root : .presented, parent: parent?.id) }
            must { try flow.arrive(at: (0..<perFlow).map { .screen(Entry.self, argument: index * perFlow + $0) }) }
            parent = flow
        }
    }

    /// The deep-link build, then ending everything: what restore is compared with.
    static func deepLink(entries: Int, flows: Int) -> (Int) -> Void {
        { n in
            for _ in 0..<n {
                let host = InMemoryHost()
                buildByLink(on: host, entries: entries, flows: flows)
                host.flows.endAll()
            }
        }
    }

    static func saved(entries: Int, flows: Int) -> NavigationSnapshot {
        let host = InMemoryHost()
        buildByLink(on: host, entries: entries, flows: flows)
        defer { host.flows.endAll() }
        return host.flows.snapshot(of: host)
    }

    /// Restoring onto a new host, then ending everything.
    static func restore(entries: Int, flows: Int) -> (Int) -> Void {
        let snapshot = saved(entries: entries, flows: flows)
        return { n in
            for _ in 0..<n {
                let host = InMemoryHost()
                let report = snapshot.restore(on: host) { saved in navigator(Int(saved.id.dropFirst(4)) ?? 0) }
                precondition(report.isComplete, "\(report)")
                host.flows.endAll()
            }
        }
    }

    /// Taking the snapshot of a built navigation.
    static func snapshot(entries: Int, flows: Int) -> (Int) -> Void {
        let host = InMemoryHost()
        buildByLink(on: host, entries: entries, flows: flows)
        return { n in
            for _ in 0..<n { consume(host.flows.snapshot(of: host)) }
        }
    }

    /// Encoding the snapshot as JSON.
    static func encode(entries: Int, flows: Int) -> (Int) -> Void {
        let snapshot = saved(entries: entries, flows: flows)
        let encoder = JSONEncoder()
        return { n in
            for _ in 0..<n { consume(must { try encoder.encode(snapshot) }) }
        }
    }

    /// Decoding the JSON and reading it as a snapshot.
    static func decode(entries: Int, flows: Int) -> (Int) -> Void {
        let data = must { try JSONEncoder().encode(saved(entries: entries, flows: flows)) }
        let decoder = JSONDecoder()
        return { n in
            for _ in 0..<n {
                consume(must { try NavigationSnapshot(document: try decoder.decode(SavedValue.self, from: data)) })
            }
        }
    }
}
