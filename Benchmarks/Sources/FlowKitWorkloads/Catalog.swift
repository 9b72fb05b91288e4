import FlowChain
import FlowCoordinator
import FlowKernel
import FlowRouter
import FlowStack
import FlowStage
import Swinject

/// Every figure FlowKit tracks, with the anchor each is compared with in the same run.
///
/// The physical baseline (allocate an object, append it to an array, remove it) anchors the costs
/// of transitions; Swinject's transient resolve anchors the registry; a shallow run anchors each
/// deep one, so depth scaling reads as a ratio close to 1.
@MainActor
public enum Catalog {
    public static let baseline = "baseline: allocate, append, remove"
    public static let swinject = "Swinject 2.10 transient resolve"

    /// The workloads, anchors first.
    public static var all: [Workload] {
        [
            Workload(baseline, make: Anchors.allocateAppendRemove),
            Workload("FlowWeb reload of a page from memory", anchor: baseline, make: Web.reloadFromMemory),
            Workload(swinject, make: Anchors.swinjectResolve),
            Workload("ScreenRegistry resolve (scope .none)", anchor: swinject, goal: "≥ 20× faster", ratioLimit: 0.05, make: Strategies.registryResolve),

            Workload("InMemoryHost push+pop, depth 2", anchor: baseline, goal: "≤ 3×", ratioLimit: 3, make: { Hosts.pushPop(depth: 2) }),
            Workload("InMemoryHost push+pop, depth 2, observed", anchor: baseline, make: { Hosts.pushPop(depth: 2, observed: true) }),
            Workload("InMemoryHost push+pop, depth 10", make: { Hosts.pushPop(depth: 10) }),
            Workload(
                "InMemoryHost push+pop, depth 1,000", anchor: "InMemoryHost push+pop, depth 10", goal: "≤ 1.5×", ratioLimit: 1.5,
                make: { Hosts.pushPop(depth: 1_000) }),
            Workload(
                "InMemoryHost push+pop, depth 100,000", anchor: "InMemoryHost push+pop, depth 10", goal: "≤ 1.5×", ratioLimit: 1.5,
                make: { Hosts.pushPop(depth: 100_000) }),

            Workload("UIKit driver push+pop, depth 10", anchor: baseline, make: { Platforms.uikitPushPop(depth: 10) }),
            Workload(
                "UIKit driver push+pop, depth 1,000", anchor: "UIKit driver push+pop, depth 10", goal: "≤ 1.5×", ratioLimit: 1.5,
                make: { Platforms.uikitPushPop(depth: 1_000) }),
            Workload("SwiftUI model push+pop, depth 10", anchor: baseline, make: { Platforms.swiftUIPushPop(depth: 10) }),
            Workload(
                "SwiftUI model push+pop, depth 1,000", anchor: "SwiftUI model push+pop, depth 10", goal: "≤ 1.5×", ratioLimit: 1.5,
                make: { Platforms.swiftUIPushPop(depth: 1_000) }),

            Workload("FlowStack goNext+getBack", anchor: baseline, goal: "≤ 10×", ratioLimit: 10, make: { Strategies.stackNextBack(depth: 1) }),
            Workload("FlowStack goNext+getBack, depth 10", make: { Strategies.stackNextBack(depth: 10) }),
            Workload(
                "FlowStack goNext+getBack, depth 1,000", anchor: "FlowStack goNext+getBack, depth 10", goal: "≤ 1.5×", ratioLimit: 1.5,
                make: { Strategies.stackNextBack(depth: 1_000) }),
            Workload("FlowChain next+back", anchor: baseline, goal: "≤ 10×", ratioLimit: 10, make: Strategies.chainNextBack),
            Workload("LogicFlow next+back", anchor: baseline, goal: "≤ 10×", ratioLimit: 10, make: Strategies.logicNextBack),
            Workload("FlowCoordinator move+back", anchor: baseline, goal: "≤ 10×", ratioLimit: 10, make: { Strategies.coordinatorMoveBack(depth: 1) }),
            Workload("FlowCoordinator move+back, depth 10", make: { Strategies.coordinatorMoveBack(depth: 10) }),
            Workload(
                "FlowCoordinator move+back, depth 1,000", anchor: "FlowCoordinator move+back, depth 10", goal: "≤ 1.5×", ratioLimit: 1.5,
                make: { Strategies.coordinatorMoveBack(depth: 1_000) }),
            Workload("FlowRouter route forward + unwind back", anchor: baseline, goal: "≤ 15×", ratioLimit: 15, make: Strategies.routerForwardUnwind),

            Workload("1 flow nested by presentation: forward + own back", make: { Trees.nestedByPresentation(count: 1, back: .own) }),
            Workload(
                "1,000 flows nested by presentation: forward + own back", anchor: "1 flow nested by presentation: forward + own back", goal: "≤ 2×",
                ratioLimit: 2, make: { Trees.nestedByPresentation(count: 1_000, back: .own) }),
            Workload("1 flow nested by presentation: forward + person's Back", make: { Trees.nestedByPresentation(count: 1, back: .person) }),
            Workload(
                "1,000 flows nested by presentation: forward + person's Back", anchor: "1 flow nested by presentation: forward + person's Back", goal: "≤ 2×",
                ratioLimit: 2, make: { Trees.nestedByPresentation(count: 1_000, back: .person) }),
            Workload("tabs of 1 coordinator: forward + own back", make: { Trees.tabs(count: 1, back: .own) }),
            Workload(
                "tabs of 1,000 coordinators: forward + own back", anchor: "tabs of 1 coordinator: forward + own back", goal: "≤ 2×", ratioLimit: 2,
                make: { Trees.tabs(count: 1_000, back: .own) }),
            Workload("tabs of 1 coordinator: forward + person's Back", make: { Trees.tabs(count: 1, back: .person) }),
            Workload(
                "tabs of 1,000 coordinators: forward + person's Back", anchor: "tabs of 1 coordinator: forward + person's Back", goal: "≤ 2×", ratioLimit: 2,
                make: { Trees.tabs(count: 1_000, back: .person) }),

            Workload("Router lookup, 10 screens", goal: "≤ 200 ns", nanosecondsLimit: 200, make: { Strategies.routerLookup(registered: 10) }),
            Workload(
                "Router lookup, 10,000 screens", anchor: "Router lookup, 10 screens", goal: "flat, ≤ 200 ns", ratioLimit: 1.5, nanosecondsLimit: 200,
                make: { Strategies.routerLookup(registered: 10_000) }),
            Workload("Router register 1,000 screen types", make: { Strategies.routerRegister(count: 1_000) }),
            Workload(
                "Router register 10,000 screen types", anchor: "Router register 1,000 screen types", goal: "linear (≈10×), < 50 ms", ratioLimit: 15,
                nanosecondsLimit: 50_000_000, make: { Strategies.routerRegister(count: 10_000) }),

            Workload("random journey on InMemoryHost, per transition", goal: "≥ 1,000,000/s", nanosecondsLimit: 1_000, make: Journeys.host),
            Workload("random journey on FlowStack, per transition", goal: "≥ 250,000/s", nanosecondsLimit: 4_000, make: { Journeys.stack() }),
            Workload("random journey on FlowChain, per transition", goal: "≥ 250,000/s", nanosecondsLimit: 4_000, make: { Journeys.chain() }),
            Workload("random journey on FlowCoordinator, per transition", goal: "≥ 250,000/s", nanosecondsLimit: 4_000, make: { Journeys.coordinator() }),
            Workload("random journey on FlowRouter, per transition", goal: "≥ 250,000/s", nanosecondsLimit: 4_000, make: Journeys.router),
            Workload(
                "recorded journey on FlowStack, per transition", anchor: "random journey on FlowStack, per transition", goal: "≤ 1.2×", ratioLimit: 1.2,
                make: { Journeys.stack(recorded: true) }),
            Workload(
                "recorded journey on FlowChain, per transition", anchor: "random journey on FlowChain, per transition", goal: "≤ 1.2×", ratioLimit: 1.2,
                make: { Journeys.chain(recorded: true) }),
            Workload(
                "recorded journey on FlowCoordinator, per transition", anchor: "random journey on FlowCoordinator, per transition", goal: "≤ 1.2×",
                ratioLimit: 1.2, make: { Journeys.coordinator(recorded: true) }),

            Workload("build 1,000 entries in 10 flows by deep link", make: { Restoration.deepLink(entries: 1_000, flows: 10) }),
            Workload(
                "restore 1,000 entries in 10 flows", anchor: "build 1,000 entries in 10 flows by deep link", goal: "≤ 10×", ratioLimit: 10,
                make: { Restoration.restore(entries: 1_000, flows: 10) }),
            Workload("restore 100 entries in 10 flows", make: { Restoration.restore(entries: 100, flows: 10) }),
            Workload("snapshot 1,000 entries in 10 flows", make: { Restoration.snapshot(entries: 1_000, flows: 10) }),
            Workload("snapshot 100 entries in 10 flows", make: { Restoration.snapshot(entries: 100, flows: 10) }),
            Workload("encode a snapshot of 1,000 entries as JSON", make: { Restoration.encode(entries: 1_000, flows: 10) }),
            Workload("decode a snapshot of 1,000 entries from JSON", make: { Restoration.decode(entries: 1_000, flows: 10) }),
            Workload("link match, 10 patterns", goal: "< 1 µs", nanosecondsLimit: 1_000, make: { Links.match(patterns: 10) }),
            Workload(
                "link match, 1,000 patterns", anchor: "link match, 10 patterns", goal: "≤ 1.2×, < 1 µs", ratioLimit: 1.2, nanosecondsLimit: 1_000,
                make: { Links.match(patterns: 1_000) }),

            Workload(
                "explorer random walk on a generated app of 1,000 screens, per transition", goal: "≥ 1,000,000/s", nanosecondsLimit: 1_000,
                make: Exploration.generatedWalk),
            Workload("explorer random walk on the router shop, per transition", make: { Exploration.shopWalk(.router) }),
            Workload("explorer random walk on the coordinator shop, per transition", make: { Exploration.shopWalk(.coordinator) }),
            Workload(
                "explorer breadth-first on the coordinator shop, depth 12", goal: "< 1 s", nanosecondsLimit: 1_000_000_000,
                make: { Exploration.shopBreadthFirst(.coordinator) }),

            Workload("plain BFS over a binary tree of 1,000 screens", make: { ExhaustiveWalks.plain(.tree(1_000)) }),
            Workload(
                "explorer exhaustive walk of a binary tree of 1,000 screens", anchor: "plain BFS over a binary tree of 1,000 screens",
                goal: "≤ 30×, < 60 ms", ratioLimit: 30, nanosecondsLimit: 60_000_000, make: { ExhaustiveWalks.walk(.tree(1_000)) }),
            Workload("plain BFS over a wizard of 1,000 steps", make: { ExhaustiveWalks.plain(.wizard(1_000)) }),
            Workload("explorer exhaustive walk of a wizard of 100 steps", make: { ExhaustiveWalks.walk(.wizard(100)) }),
            Workload(
                "explorer exhaustive walk of a wizard of 1,000 steps", anchor: "plain BFS over a wizard of 1,000 steps", goal: "< 0.5 s",
                nanosecondsLimit: 500_000_000, make: { ExhaustiveWalks.walk(.wizard(1_000)) }),
            Workload(
                "explorer exhaustive walk of a wizard of 300 steps, without its saved state", anchor: "explorer exhaustive walk of a wizard of 100 steps",
                make: { ExhaustiveWalks.walk(.wizard(300), saves: false) }),
            Workload("plain BFS over a tree of 30 screens × a count to 20", make: { ExhaustiveWalks.plain(.tree(30, countingTo: 20)) }),
            Workload(
                "explorer exhaustive walk of a tree of 30 screens × a count to 20", anchor: "plain BFS over a tree of 30 screens × a count to 20",
                goal: "≤ 30×", ratioLimit: 30, make: { ExhaustiveWalks.walk(.tree(30, countingTo: 20)) }),
            Workload(
                "explorer exhaustive walk of a binary tree of 1,000 screens, per state",
                make: { ExhaustiveWalks.perState({ .tree($0) }, size: 1_000) }),
            Workload(
                "explorer exhaustive walk of a wizard of 100 steps, per state", make: { ExhaustiveWalks.perState({ .wizard($0) }, size: 100) }),
            Workload(
                "explorer exhaustive walk of a wizard of 1,000 steps, per state",
                anchor: "explorer exhaustive walk of a wizard of 100 steps, per state", goal: "≤ 2×", ratioLimit: 2,
                make: { ExhaustiveWalks.perState({ .wizard($0) }, size: 1_000) }),
        ]
    }
}

/// What everything else is measured against.
@MainActor
enum Anchors {
    final class Box {}

    static func allocateAppendRemove() -> (Int) -> Void {
        var array: [Box] = []
        array.reserveCapacity(4)
        return { n in
            for _ in 0..<n {
                array.append(Box())
                consume(array.removeLast())
            }
        }
    }

    static func swinjectResolve() -> (Int) -> Void {
        let container = Container()
        container.register(Plain.self) { _ in MainActor.assumeIsolated { Plain() } }.inObjectScope(.transient)
        return { n in
            for _ in 0..<n { consume(container.resolve(Plain.self)) }
        }
    }
}

/// Fails a workload's set-up loudly: a benchmark that cannot build its subject measures nothing.
func must<T>(_ body: () throws -> T) -> T {
    do { return try body() } catch { preconditionFailure("benchmark set-up failed: \(error)") }
}
