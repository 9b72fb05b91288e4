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
        let issues = CheckIssues.collected { #expect(expectGraph(graph, matchesBaseline: "Baselines/shop-router.txt") == false) }
        #expect(issues.count == 1 && issues.first?.contains("differs from the baseline") == true, "\(issues)")
    }

    @Test func aMissingBaselineIsAnIssue() {
        let issues = CheckIssues.collected {
            #expect(expectGraph(NavigationGraph(start: "Alone"), matchesBaseline: "Baselines/no-such-baseline.txt") == false)
        }
        #expect(issues.count == 1, "\(issues)")
    }

    @Test func aReportWithFindingsIsAnIssuePerFinding() {
        let report = ExplorationReport(
            graph: NavigationGraph(), states: 1, moves: 0, made: MovesMade(),
            findings: [ExplorationFinding(kind: .deadEnd, reproduction: ["start"], screen: "Stuck")]
        )
        let issues = CheckIssues.collected { #expect(expectNoFindings(report) == false) }
        #expect(!issues.isEmpty && issues.allSatisfy { $0.hasPrefix("Exploration finding: ") }, "\(issues)")
    }

    @Test func aDeclaredGraphWithFindingsIsAnIssuePerFindingAndOneWithoutIsNone() {
        var graph = NavigationGraph(start: "WelcomeScreen")
        graph.add(NavigationGraph.Node("CatalogScreen", isTerminal: true))
        graph.add(NavigationGraph.Edge(from: "WelcomeScreen", to: "CatalogScreen", kind: .push, label: "start"))
        let clean = CheckIssues.collected { #expect(expectNoFindings(graph)) }
        #expect(clean.isEmpty, "\(clean)")

        graph.add(NavigationGraph.Node("LostScreen", isTerminal: true))
        let issues = CheckIssues.collected { #expect(expectNoFindings(graph) == false) }
        #expect(issues == ["Graph finding: LostScreen cannot be reached from the start."], "\(issues)")
    }
}
