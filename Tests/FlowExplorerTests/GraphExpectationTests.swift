import FlowExplorer
import FlowKernel
import FlowTestKit
import Testing

/// FlowTestKit's graph expectations fail when they should; the deliberate failures are known issues.
@MainActor
@Suite struct GraphExpectationTests {
    @Test func aGraphThatDiffersFromItsBaselineIsAnIssue() {
        var graph = NavigationGraph(start: "WelcomeScreen")
        graph.add(NavigationGraph.Edge(from: "WelcomeScreen", to: "ElsewhereScreen", kind: .push, label: "start"))
        withKnownIssue {
            #expect(expectGraph(graph, matchesBaseline: "Baselines/shop-router.txt") == false)
        }
    }

    @Test func aMissingBaselineIsAnIssue() {
        withKnownIssue {
            #expect(expectGraph(NavigationGraph(start: "Alone"), matchesBaseline: "Baselines/no-such-baseline.txt") == false)
        }
    }

    @Test func aReportWithFindingsIsAnIssuePerFinding() {
        let report = ExplorationReport(
            graph: NavigationGraph(), states: 1, moves: 0, transitions: 0,
            findings: [ExplorationFinding(kind: .deadEnd, reproduction: ["start"], screen: "Stuck")]
        )
        withKnownIssue {
            #expect(expectNoFindings(report) == false)
        }
    }
}
