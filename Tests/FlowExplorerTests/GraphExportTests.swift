import FlowKernel
import Testing

@testable import FlowExplorer

@MainActor
@Suite struct GraphExportTests {
    /// A start, a pushed screen that can go back, a presented terminal screen and the end.
    private var graph: NavigationGraph {
        var graph = NavigationGraph(start: "Welcome")
        graph.add(NavigationGraph.Node("Done", takes: ["Order"], isTerminal: true))
        graph.add(NavigationGraph.Edge(from: "Welcome", to: "Catalog", kind: .push, label: "start"))
        graph.add(NavigationGraph.Edge(from: "Catalog", to: "Welcome", kind: .unwind, label: ":back"))
        graph.add(NavigationGraph.Edge(from: "Catalog", to: "Done", kind: .present, label: "buy \"hat\""))
        graph.add(NavigationGraph.Node("(completed)", kind: .end))
        graph.add(NavigationGraph.Edge(from: "Done", to: "(completed)", kind: .finish, label: "close"))
        return graph
    }

    @Test func theTextBaselineListsTheStartNodesAndEdgesInAStableOrder() {
        #expect(
            graph.text == """
                start Welcome
                node (completed) (end)
                node Catalog
                node Done takes Order terminal
                node Welcome
                edge Catalog -> Done present "buy "hat""
                edge Catalog -> Welcome unwind ":back"
                edge Done -> (completed) finish "close"
                edge Welcome -> Catalog push "start"
                """)
    }

    @Test func aNodeAddedTwiceIsOneNodeWithWhatBothSay() {
        var graph = NavigationGraph()
        graph.add(NavigationGraph.Node("Cart", takes: ["Item"]))
        graph.add(NavigationGraph.Node("Cart", takes: ["Cart"], produces: ["Order"]))
        #expect(graph.nodes["Cart"] == NavigationGraph.Node("Cart", takes: ["Cart", "Item"], produces: ["Order"]))
    }

    @Test func reachableFollowsEdgesFromTheStartOnly() {
        var graph = self.graph
        graph.add(NavigationGraph.Edge(from: "Orphan", to: "Catalog", kind: .push, label: "lost"))
        #expect(graph.reachable == ["Welcome", "Catalog", "Done", "(completed)"])
        #expect(NavigationGraph().reachable.isEmpty)
    }

    @Test func mermaidNamesNodesByIndexAndQuotesEveryLabel() {
        #expect(
            graph.mermaid == """
                flowchart TD
                    n0(("(completed)"))
                    n1["Catalog"]
                    n2[["Done"]]
                    n3("Welcome")
                    n1 -->|"present: buy #quot;hat#quot;"| n2
                    n1 -.->|"unwind: :back"| n3
                    n2 -.->|"finish: close"| n0
                    n3 -->|"push: start"| n1
                """)
    }

    @Test func dotEscapesQuotesAndDashesUnwindsWithoutLettingThemRankNodes() {
        #expect(
            graph.dot == """
                digraph navigation {
                    rankdir=TB;
                    node [shape=box, fontname="Helvetica"];
                    edge [fontname="Helvetica", fontsize=10];
                    "(completed)" [shape=circle];
                    "Catalog";
                    "Done" [shape=doubleoctagon];
                    "Welcome" [style=bold];
                    "Catalog" -> "Done" [label="present: buy \\"hat\\""];
                    "Catalog" -> "Welcome" [label="unwind: :back", style=dashed, constraint=false];
                    "Done" -> "(completed)" [label="finish: close", style=dashed];
                    "Welcome" -> "Catalog" [label="push: start"];
                }
                """)
    }

    /// How a move's events name its edge's kind: the flow's end first, then a child flow's start,
    /// then the last change of what is shown.
    @Test(arguments: [
        ([FlowEvent(.pushed(.container("a"), onto: "s"))], false, NavigationGraph.Edge.Kind.push),
        ([FlowEvent(.presented(.container("a"), over: .container("b")))], false, .present),
        ([FlowEvent(.popped([.container("a")], from: "s"))], false, .unwind),
        ([FlowEvent(.dismissed(.container("a"), presentedBy: .container("b")))], false, .unwind),
        ([FlowEvent(.tabSelected(1, in: "tabs"))], false, .tab),
        ([FlowEvent(.stackReplaced("s", with: []))], false, .replace),
        ([FlowEvent(.dismissed(.container("a"), presentedBy: .container("b"))), FlowEvent(.pushed(.container("c"), onto: "s"))], false, .push),
        ([FlowEvent(.pushed(.container("c"), onto: "s"), flow: "child"), FlowEvent(.flowStarted(parent: "app"), flow: "child")], false, .childStart),
        ([FlowEvent(.popped([.container("a")], from: "s")), FlowEvent(.flowCompleted(result: ""), flow: "app")], true, .finish),
        ([FlowEvent(.note("message", detail: ""))], false, .stay),
        ([], false, .stay),
    ])
    func aMovesEventsNameItsKind(events: [FlowEvent], ended: Bool, kind: NavigationGraph.Edge.Kind) {
        #expect(Walker.kind(of: events, ended: ended) == kind)
    }
}
