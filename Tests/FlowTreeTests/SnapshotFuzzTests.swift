import FlowChain
import FlowCoordinator
import FlowKernel
import FlowRouter
import FlowRuntime
import FlowSnapshot
import FlowStack
import FlowStage
import Foundation
import Testing

/// Hostile snapshots, made by mutating real ones at random: each is refused with a `FlowError`
/// or restored with every flow accounted for in the report, and what comes back keeps the flow
/// tree's rules. Never a crash, never a half-built hierarchy.
///
/// `swift test` runs 2,000 mutated snapshots (CI's `.ci/fuzz` 100,000); `FLOWKIT_SNAPSHOT_FUZZ=<count>` runs another
/// count, and `FLOWKIT_SNAPSHOT_SEED=<seed>` another seed.
@MainActor
@Suite("Restoring hostile snapshots")
struct SnapshotFuzzTests {
    static var count: Int { ProcessInfo.processInfo.environment["FLOWKIT_SNAPSHOT_FUZZ"].flatMap(Int.init) ?? 2_000 }
    static var seed: UInt64 { ProcessInfo.processInfo.environment["FLOWKIT_SNAPSHOT_SEED"].flatMap(UInt64.init) ?? 27 }

    /// Real snapshots of every strategy to mutate: a navigator with a modal, a chain presented
    /// over it as its child, a runtime's `LogicFlow` with a modal and a navigator over it, a
    /// router flow on a step, a tab coordinator on its second tab, a coordinator with a chain
    /// running on its stack.
    static func seeds() throws -> [SavedValue] {
        var snapshots: [NavigationSnapshot] = []
        func saved(_ build: (InMemoryHost) throws -> Void) throws {
            let host = InMemoryHost()
            try build(host)
            snapshots.append(host.flows.snapshot(of: host))
            host.flows.endAll()
        }
        try saved { host in
            let stack = Make.navigator("stack1")
            try stack.start(on: host)
            try stack.goNext(to: Detail.self)
            let chain = Make.chain("chain2", steps: 3)
            try chain.start(asChildOf: stack, on: host, placement: .presented) { _ in }
            try (chain.currentScreen as? Step)?.step?.next()
        }
        try saved { host in
            let stack = Make.navigator("stack1")
            try stack.start(on: host)
            try stack.goNextAsModal(to: Detail.self)
        }
        try saved { host in
            let tour = LogicFlow("logic1", logic: Tour(name: "logic1", leaks: nil))
            try tour.start(on: host)
            try tour.request { _, path in .show(path.pushing(1).pushing(2).presenting(100)) }
            let stack = Make.navigator("stack2")
            try stack.start(asChildOf: tour, on: host, placement: .presented) { _ in }
        }
        try saved { host in
            let router = try Make.router("router1")
            try router.start(on: host)
            try (host.visibleScreen as? Picker)?.produce(2)
        }
        try saved { host in
            let tabs = Tabs("tabs1", items: [PageCoordinator("tabs1a"), PageCoordinator("tabs1b")])
            try tabs.start(on: host)
            try (tabs.items[1] as? PageCoordinator)?.move(to: Page("tabs1b page"))
            try tabs.select(1)
        }
        try saved { host in
            let coordinator = PageCoordinator("coordinator1")
            try coordinator.start(on: host)
            try coordinator.move(to: Page("coordinator1 page"))
            try coordinator.start(child: Make.chain("chain2", steps: 3))
        }
        return try snapshots.map { try SavedValue(encoding: $0) }
    }

    /// A flow as the seeds made it, by its name's start.
    static func remake(_ saved: SavedFlow) -> (any RestorableFlow)? {
        let name = FlowID(saved.id)
        guard let kind = FlowKind.allCases.first(where: { saved.id.hasPrefix($0.rawValue) }), saved.id.last?.isNumber == true else { return nil }
        switch kind {
        case .stack: return Make.navigator(name)
        case .chain: return Make.chain(name, steps: 3)
        case .router: return try? Make.router(name)
        case .coordinator: return PageCoordinator(name)
        case .logic: return LogicFlow(name, logic: Tour(name: saved.id, leaks: nil))
        case .tabs: return Tabs(name, items: [PageCoordinator(FlowID("\(saved.id)a")), PageCoordinator(FlowID("\(saved.id)b"))])
        }
    }

    @Test func mutatedSnapshotsAreRefusedOrRestoredWithEveryFlowAccountedFor() throws {
        let seeds = try Self.seeds()
        var generator = SeededGenerator(seed: Self.seed)
        var refused = 0
        var restored = 0
        var breaches: [String] = []
        for round in 0..<Self.count {
            var document = seeds[round % seeds.count]
            let mutations = Int.random(in: 1...4, using: &generator)
            for _ in 0..<mutations { document = Mutator.mutate(document, using: &generator) }
            if round % 50 == 0 {
                // Now and then, through JSON's bytes: truncated or with a byte changed.
                guard let bytes = Mutator.damagedJSON(document, using: &generator) else { continue }
                guard let read = try? JSONDecoder().decode(SavedValue.self, from: bytes) else {
                    refused += 1
                    continue
                }
                document = read
            }
            let snapshot: NavigationSnapshot
            do {
                snapshot = try NavigationSnapshot(document: document)
            } catch is FlowError {
                refused += 1
                continue
            } catch {
                breaches.append("round \(round): \(type(of: error)) instead of a FlowError: \(error)")
                continue
            }
            restored += 1
            if let breach = Self.restoreAndCheck(snapshot) {
                breaches.append("round \(round): \(breach)\n\(document)")
            }
            if breaches.count >= 5 { break }
        }
        #expect(breaches.isEmpty, "\(breaches.joined(separator: "\n"))")
        // Both paths ran: the mutations are neither all fatal nor all harmless.
        #expect(refused > Self.count / 10 && restored > Self.count / 10, "refused \(refused), restored \(restored)")
    }

    /// Restores a snapshot on a new host and returns the first rule it breaks, if any.
    static func restoreAndCheck(_ snapshot: NavigationSnapshot) -> String? {
        let host = InMemoryHost()
        let report = snapshot.restore(on: host) { saved in remake(saved) }
        defer { host.flows.endAll() }
        // Every saved flow has a line, restored or dropped.
        let reported = Set(report.entries.map(\.flow))
        if let silent = snapshot.flows.first(where: { !reported.contains($0.id) }) {
            return "the flow '\(silent.id)' has no line in the report:\n\(report)"
        }
        // Every flow in the tree runs and shows what it made; every shown node is a running flow's.
        for flow in host.flows.flows {
            if flow.phase != .running { return "\(flow.id) is in the tree but \(flow.phase)" }
            if !(flow.baseNode.map(host.contains) ?? false) { return "\(flow.id) runs showing nothing it made" }
        }
        for node in host.hierarchy.allNodes where host.maker(of: node.ref).flatMap(host.flows.flow(named:))?.phase != .running {
            return "\(node.ref) is shown with no running flow"
        }
        let dropped = report.entries(.dropped).count
        if host.flows.count + dropped < snapshot.flows.count {
            return "\(snapshot.flows.count) flows saved, \(host.flows.count) running and \(dropped) dropped:\n\(report)"
        }
        return nil
    }
}

extension Hierarchy {
    /// Every node, depth first.
    fileprivate var allNodes: [HierarchyNode] {
        var nodes: [HierarchyNode] = []
        var pending = root.map { [$0] } ?? []
        while let node = pending.popLast() {
            nodes.append(node)
            pending += node.children + (node.presented.map { [$0] } ?? [])
        }
        return nodes
    }
}

/// Changes a saved document at random, the way corrupted storage, an old or hand-edited file or
/// an attacker would: values replaced by others of another kind, keys dropped, lists cut,
/// doubled and reordered, names swapped for other names in the document.
enum Mutator {
    static let names = [
        "stack1", "chain2", "router1", "tabs1", "tabs1a", "coordinator1", "Home", "Detail", "Step", "Picker", "Taker", "Page", "stack", "chain", "router",
        "coordinator", "Nothing", "",
    ]

    /// Replaces one value of the document, found by a random walk from the top: each step stops
    /// there or goes into one of the value's children.
    static func mutate(_ value: SavedValue, depth: Int = 0, using generator: inout SeededGenerator) -> SavedValue {
        let children: [SavedValue]
        switch value {
        case .object(let fields): children = fields.sorted { $0.key < $1.key }.map(\.value)
        case .array(let items): children = items
        default: children = []
        }
        // The top is replaced rarely: most mutations reach a flow's state.
        guard !children.isEmpty, Int.random(in: 0..<(depth < 2 ? 40 : 4), using: &generator) != 0 else {
            return replacement(for: value, using: &generator)
        }
        // Most of a snapshot is its flows' states: the walk goes there more often than not.
        var index = Int.random(in: 0..<children.count, using: &generator)
        if case .object(let fields) = value, Int.random(in: 0..<10, using: &generator) < 7,
            let favoured = fields.keys.sorted().firstIndex(where: { $0 == "flows" || $0 == "state" })
        {
            index = favoured
        }
        let changed = mutate(children[index], depth: depth + 1, using: &generator)
        switch value {
        case .object(var fields):
            let key = fields.keys.sorted()[index]
            fields[key] = changed
            return .object(fields)
        case .array(var items):
            items[index] = changed
            return .array(items)
        default: return value
        }
    }

    /// The document as JSON, truncated or with one byte changed.
    static func damagedJSON(_ value: SavedValue, using generator: inout SeededGenerator) -> Data? {
        guard var bytes = try? JSONEncoder().encode(value), !bytes.isEmpty else { return nil }
        if Bool.random(using: &generator) {
            bytes = bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator))
        } else {
            bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
        }
        return bytes
    }

    private static func replacement(for old: SavedValue, using generator: inout SeededGenerator) -> SavedValue {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: return .null
        case 1: return .int([-1, 0, 1, 2, 7, Int.max, Int.min].randomElement(using: &generator)!)
        case 2: return .string(names.randomElement(using: &generator)!)
        case 3: return .bool(Bool.random(using: &generator))
        case 4:
            // A key dropped, or one added.
            guard case .object(var fields) = old else { return .object([:]) }
            if let key = fields.keys.sorted().randomElement(using: &generator), Bool.random(using: &generator) {
                fields[key] = nil
            } else {
                fields[names.randomElement(using: &generator)!] = .string(names.randomElement(using: &generator)!)
            }
            return .object(fields)
        case 5:
            // A list cut, doubled or reversed.
            guard case .array(let items) = old else { return .array([old]) }
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: return .array(Array(items.prefix(items.isEmpty ? 0 : Int.random(in: 0..<items.count, using: &generator))))
            case 1: return .array(items + items)
            default: return .array(items.reversed())
            }
        case 6: return .double(-0.5)
        case 7: return .array([])
        case 8:
            // Nested: now and then past the limit.
            var deep = SavedValue.null
            let depth = Int.random(in: 0..<20, using: &generator) == 0 ? 600 : Int.random(in: 1...8, using: &generator)
            for _ in 0..<depth { deep = .array([deep]) }
            return deep
        default:
            if case .string = old { return .string(names.randomElement(using: &generator)!) }
            return .string("")
        }
    }
}
