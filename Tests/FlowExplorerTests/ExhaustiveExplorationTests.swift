import FlowExplorer
import FlowKernel
import FlowStack
import Testing

/// Exploring until no new state appears: no depth to guess, and a report that says when a bound
/// cut the walk short.
@MainActor
@Suite struct ExhaustiveExplorationTests {
    /// Home, then Middle, then Detour, then Stuck, which has no way out: a dead end three moves in.
    static func corridor() -> NavigationExplorer {
        Lab.explorer { screen, navigator in
            switch screen {
            case is Home: screen.actions = [ScreenAction("a") { try navigator.goNext(to: Middle.self) }]
            case is Middle: screen.actions = [ScreenAction("b") { try navigator.goNext(to: Detour.self) }]
            case is Detour: screen.actions = [ScreenAction("c") { try navigator.goNext(to: Stuck.self) }]
            case is Stuck:
                screen.allowsBack = false
                screen.actions = [ScreenAction("wait") {}]
            default: break
            }
        }
    }

    @Test func anExhaustiveWalkFindsWhatLiesBeyondAnyDepthItWasNotToldAndSaysItSawEverything() throws {
        let report = try Self.corridor().explore(.exhaustive(maxStates: 1_000))

        #expect(report.coverage == .exhaustive)
        #expect(report.coverage.description == "explored exhaustively")
        #expect(report.states == 4)
        #expect(report.findings == [ExplorationFinding(kind: .deadEnd, reproduction: ["a", "b", "c"], screen: "Stuck")])
    }

    @Test func aWalkToADepthThatStopsShortOfAStateSaysSo() throws {
        let report = try Self.corridor().explore(.breadthFirst(depth: 2))

        #expect(report.findings.isEmpty)
        #expect(report.coverage == .bounded(by: "a depth of 2 moves"))
        #expect(report.coverage.description == "cut short by a depth of 2 moves")
        #expect(!report.coverage.isExhaustive)
    }

    @Test func aWalkToADepthBeyondEveryStateIsExhaustive() throws {
        let report = try Self.corridor().explore(.breadthFirst(depth: 10))

        #expect(report.coverage.isExhaustive)
        #expect(report.states == 4)
    }

    @Test func theBoundOnStatesCutsTheWalkShortAndSaysSo() throws {
        let report = try Self.corridor().explore(.exhaustive(maxStates: 2))

        #expect(report.states == 2)
        #expect(report.coverage == .bounded(by: "a bound of 2 states"))
        #expect(report.findings.isEmpty)
    }

    @Test func aRandomWalkNeverClaimsToHaveSeenEverything() throws {
        let report = try Self.corridor().explore(.random(seed: 1, steps: 50, depth: 10))

        #expect(report.coverage == .bounded(by: "a random walk of 50 steps"))
    }

    @Test func aBoundOnStatesBelowOneIsRefusedBeforeAnyRunStarts() {
        var started = 0
        let explorer = NavigationExplorer {
            started += 1
            throw FlowError(.hostRejected, "not reached")
        }

        let error = #expect(throws: FlowError.self) { try explorer.explore(.exhaustive(maxStates: 0)) }

        #expect(error?.code == .indexOutOfRange)
        #expect(started == 0)
    }
}
