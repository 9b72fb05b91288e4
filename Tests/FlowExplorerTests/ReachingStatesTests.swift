import FlowKernel
import FlowSnapshot
import FlowStack
import FlowStage
import Foundation
import ShopApp
import Testing

@testable import FlowExplorer

/// The exhaustive walk reaches each state without replaying its route from the start, and reports
/// exactly what the replaying walk reports: the states, the graph, the findings and each finding's
/// shortest reproduction. Each test walks both ways (the replaying one is the same walk keeping no
/// live run) and compares.
@MainActor
@Suite("Reaching states without replaying them")
struct ReachingStatesTests {
    /// What two walks must agree on.
    struct Seen: Equatable {
        let states: Int
        let moves: Int
        let graph: NavigationGraph
        let findings: [ExplorationFinding]
        let coverage: ExplorationCoverage

        init(_ report: ExplorationReport) {
            states = report.states
            moves = report.moves
            graph = report.graph
            findings = report.findings
            coverage = report.coverage
        }
    }

    /// Walks an app both ways; the report of the walk that keeps runs.
    static func bothWays(_ walk: NavigationExplorer.Walk, _ make: () -> NavigationExplorer) throws -> ExplorationReport {
        let kept = make()
        let replaying = make()
        replaying.parkingLimit = 0
        let report = try kept.explore(walk)
        let replayed = try replaying.explore(walk)
        #expect(Seen(report) == Seen(replayed))
        #expect(replayed.made.navigated == 0)
        #expect(report.made.toReachStates <= replayed.made.toReachStates)
        return report
    }

    /// Whether to walk every sample every way (`FLOWKIT_EXPLORER_BOTH_WAYS=all`, as `.ci/fuzz`
    /// does), or the cheaper half.
    nonisolated static let everyWay = ProcessInfo.processInfo.environment["FLOWKIT_EXPLORER_BOTH_WAYS"] == "all"

    @Test("The shop and the sign-up report the same both ways, exhaustively and to a depth", arguments: Strategy.allCases)
    func theSamplesReportTheSame(_ strategy: Strategy) throws {
        let walks: [NavigationExplorer.Walk] =
            Self.everyWay ? [.exhaustive(maxStates: 10_000), .breadthFirst(depth: 6), .exhaustive(maxStates: 12)] : [.breadthFirst(depth: 5)]
        for walk in walks {
            _ = try Self.bothWays(walk) { ShopExploration.explorer(strategy) }
            _ = try Self.bothWays(walk) { SignupSession.explorer(strategy) }
        }
        if Self.everyWay {
            _ = try Self.bothWays(.exhaustive(maxStates: 10_000)) { ShopExploration.explorer(strategy, protectsPlacedOrder: false) }
        }
    }

    @Test("The side-by-side walks report the same both ways", arguments: everyWay ? [SampleApp.shop, .signup] : [.signup])
    func theComparisonsReportTheSame(_ app: SampleApp) throws {
        let kept = app == .shop ? ShopExploration.sideBySide() : SignupSession.sideBySide()
        let replaying = app == .shop ? ShopExploration.sideBySide() : SignupSession.sideBySide()
        replaying.parkingLimit = 0
        let report = try kept.explore()
        let replayed = try replaying.explore()
        #expect(report.states == replayed.states)
        #expect(report.moves == replayed.moves)
        #expect(report.coverage == replayed.coverage)
        #expect(report.difference == nil && replayed.difference == nil)
        #expect(report.declared.map(\.moves) == replayed.declared.map(\.moves))
        #expect(report.made.toReachStates < replayed.made.toReachStates)
    }

    @Test("A generated app's dead end, throwing action and once-only effect come with their known shortest reproductions")
    func plantedDefectsAtKnownDepths() throws {
        let report = try Self.bothWays(.exhaustive(maxStates: 10_000)) { NavigationExplorer { try Planted.run() } }
        let found = report.findings.map { "\($0.kind): \($0.reproduction.joined(separator: ","))" }
        #expect(found.contains("deadEnd: next,next,next,trap"), "\(found)")
        #expect(found.contains("actionThrew(\"explode\", error: \"boom\"): next,next,next,next,explode"), "\(found)")
        #expect(found.contains("happenedTwice(\"paid\"): next,next,pay,:back,pay"), "\(found)")
    }

    @Test("A wizard whose saved state is given is walked with one run and moves flat in its depth; without it, along the shortest routes")
    func aWizardIsWalkedWithoutReplays() throws {
        let saved = try Self.bothWays(.exhaustive(maxStates: 10_000)) { NavigationExplorer { try Wizard.run(steps: 60, saves: true) } }
        #expect(saved.states == 60)
        // Never replayed: one run, moved back along the Back that undoes each push, three moves a
        // state at most, however deep.
        #expect(saved.made.replayed == 0)
        #expect(saved.made.runs == 1)
        #expect(saved.made.navigated <= 3 * saved.states)
        let unsaved = try Self.bothWays(.exhaustive(maxStates: 10_000)) { NavigationExplorer { try Wizard.run(steps: 60, saves: false) } }
        #expect(Seen(unsaved) == Seen(saved))
    }

    @Test("Two walks of an app make the same moves: which run waits where never depends on a dictionary's order")
    func twoWalksMakeTheSameMoves() throws {
        let first = try ShopExploration.explorer(.coordinator).explore(.exhaustive(maxStates: 10_000))
        let explorer = ShopExploration.explorer(.coordinator)
        explorer.parkingLimit = 2
        let tight = try explorer.explore(.exhaustive(maxStates: 10_000))
        let again = try explorer.explore(.exhaustive(maxStates: 10_000))
        #expect(tight.made == again.made)
        #expect(Seen(tight) == Seen(first))
    }

    @Test("An app whose saved state cannot be read is an error naming the moves, and nothing hangs")
    func anAppThatCannotSayItsStateIsAnError() throws {
        let explorer = NavigationExplorer {
            var run = try Wizard.run(steps: 4, saves: false)
            let host = run.host
            run = ExplorationRun(
                host: host, flow: run.flow, keeping: run.keepAlive,
                saving: {
                    guard host.visibleScreen?.displayName != "step 2" else { throw FlowError(.notFound, "no model on step 2") }
                    return .null
                })
            return run
        }
        #expect {
            try explorer.explore(.exhaustive(maxStates: 100))
        } throws: { error in
            "\(error)" == "The app could not give its saved state after next, next: no model on step 2. Once an app gives it, the walk needs it in every state."
        }
    }

    @Test("A run that leads elsewhere the second time is an error naming the state and the moves")
    func anAppThatChangesBetweenRunsIsAnError() throws {
        var runs = 0
        let explorer = NavigationExplorer {
            runs += 1
            return try Wizard.run(steps: 5, saves: false, skipping: runs > 1)
        }
        #expect {
            try explorer.explore(.exhaustive(maxStates: 100))
        } throws: { error in
            "\(error)".contains("again, 'next' in the state after next led somewhere else than before: the app does not behave the same way on every run")
        }
    }
}

/// A wizard of numbered steps on FlowStack: next pushes the next step, the person's Back goes
/// back; the last step offers nothing more.
@MainActor
enum Wizard {
    final class Step: ExplorableScreen {
        let number: Int
        let count: Int
        let skipping: Bool
        weak var navigator: StackNavigator<Void>?
        init(_ number: Int, count: Int, skipping: Bool) {
            self.number = number
            self.count = count
            self.skipping = skipping
        }
        var displayName: String { "step \(number)" }
        var explorationActions: [ScreenAction] {
            guard number + 1 < count else { return [] }
            let next = skipping && number == 1 ? number + 2 : number + 1
            return [ScreenAction("next") { [navigator] in try navigator?.goNext(to: Step.self, argument: next) }]
        }
    }

    static func run(steps: Int, saves: Bool, skipping: Bool = false) throws -> ExplorationRun {
        let registry = ScreenRegistry()
        let navigator = StackNavigator<Void>("wizard", registry: registry, root: Step.self, argument: 0)
        registry.register(Step.self, argument: Int.self) { [weak navigator] number in
            let step = Step(number, count: steps, skipping: skipping)
            step.navigator = navigator
            return step
        }
        let host = InMemoryHost()
        try navigator.start(on: host)
        guard saves else { return ExplorationRun(host: host, flow: navigator, keeping: registry) }
        // The wizard keeps no state of its own: what is shown is all of it.
        return ExplorationRun(host: host, flow: navigator, keeping: registry, saving: { .null })
    }
}

/// An app with defects at known depths: a dead end three steps in, an action that throws four
/// steps in, and a payment that Back lets the person make twice two steps in.
@MainActor
enum Planted {
    final class Model {
        var paid = 0
    }

    final class Place: ExplorableScreen {
        let depth: Int
        let model: Model
        weak var navigator: StackNavigator<Void>?
        init(_ depth: Int, model: Model) {
            self.depth = depth
            self.model = model
        }
        var displayName: String { "place \(depth)" }
        var explorationActions: [ScreenAction] {
            var actions: [ScreenAction] = []
            if depth < 5 { actions.append(ScreenAction("next") { [navigator, depth] in try navigator?.goNext(to: Place.self, argument: depth + 1) }) }
            if depth == 2 {
                actions.append(
                    ScreenAction("pay") { [navigator, model] in
                        model.paid += 1
                        try navigator?.goNext(to: Place.self, argument: 10)
                    })
            }
            if depth == 3 { actions.append(ScreenAction("trap") { [navigator] in try navigator?.goNext(to: Trap.self) }) }
            if depth == 4 { actions.append(ScreenAction("explode") { throw FlowError(.hostRejected, "boom") }) }
            return actions
        }
    }

    /// A screen with no way out: it refuses the person's Back too.
    final class Trap: ExplorableScreen {
        var allowsInteractiveBack: Bool { false }
        var explorationActions: [ScreenAction] { [] }
    }

    static func run() throws -> ExplorationRun {
        let registry = ScreenRegistry()
        let model = Model()
        let navigator = StackNavigator<Void>("planted", registry: registry, root: Place.self, argument: 0)
        registry.register(Place.self, argument: Int.self) { [weak navigator] depth in
            let place = Place(depth, model: model)
            place.navigator = navigator
            return place
        }
        registry.register(Trap.self) { Trap() }
        let host = InMemoryHost()
        try navigator.start(on: host)
        return ExplorationRun(
            host: host, flow: navigator, keeping: registry, state: { "paid: \(model.paid > 0)" },
            onceOnly: [OnceOnlyEffect("paid") { model.paid }])
    }
}
