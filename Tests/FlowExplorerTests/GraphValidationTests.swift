import FlowExplorer
import FlowKernel
import FlowRouter
import Testing

@MainActor
@Suite struct GraphValidationTests {
    nonisolated private static func edge(_ from: String, _ to: String, _ label: String, _ kind: NavigationGraph.Edge.Kind = .push) -> NavigationGraph.Edge {
        NavigationGraph.Edge(from: from, to: to, kind: kind, label: label)
    }

    /// Each rule on a graph that breaks it once, and on one that keeps it.
    @Test(arguments: [
        (
            "a screen no edge reaches", [edge("Start", "End", "go")],
            [NavigationGraph.Node("End", isTerminal: true), NavigationGraph.Node("Island", isTerminal: true)],
            [GraphFinding(.unreachable(screen: "Island"))]
        ),
        (
            "a produced type no edge takes", [edge("Start", "End", "Order")],
            [NavigationGraph.Node("Start", produces: ["Order", "Coupon"]), NavigationGraph.Node("End", isTerminal: true)],
            [GraphFinding(.producedButNotTaken(screen: "Start", type: "Coupon"))]
        ),
        (
            "a produced type a transform rewrites", [edge("Start", "End", "Item as Cart")],
            [NavigationGraph.Node("Start", produces: ["Item"]), NavigationGraph.Node("End", isTerminal: true)],
            []
        ),
        (
            "a type two screens take", [edge("Start", "A", "Product"), edge("Start", "B", "Product")],
            [NavigationGraph.Node("A", takes: ["Product"], isTerminal: true), NavigationGraph.Node("B", takes: ["Product"], isTerminal: true)],
            [GraphFinding(.takenByMany(type: "Product", screens: ["A", "B"]))]
        ),
        (
            "a type two steps take, in an order an action walks", [edge("Start", "A", "next with Product"), edge("A", "B", "next with Product")],
            [NavigationGraph.Node("A", takes: ["Product"], produces: ["Product"]), NavigationGraph.Node("B", takes: ["Product"], isTerminal: true)],
            []
        ),
        (
            "a branch's conditions after the type it carries",
            [edge("Start", "A", "next with Plan, when pro plan"), edge("Start", "B", "next with Plan, unless pro plan"), edge("A", "B", "next with Plan")],
            [
                NavigationGraph.Node("Start", produces: ["Plan"]), NavigationGraph.Node("A", takes: ["Plan"], produces: ["Plan"]),
                NavigationGraph.Node("B", takes: ["Plan"], isTerminal: true),
            ],
            []
        ),
        (
            "a branch that hands over what is not taken", [edge("Start", "A", "next with Card, when pro plan")],
            [NavigationGraph.Node("Start", produces: ["Card"]), NavigationGraph.Node("A", takes: ["Plan"], isTerminal: true)],
            [GraphFinding(.handsOverWhatIsNotTaken(from: "Start", passes: ["Card"], to: "A", takes: ["Plan"]))]
        ),
        (
            "a dead end that is not terminal", [edge("Start", "Stuck", "go")], [],
            [GraphFinding(.deadEnd(screen: "Stuck"))]
        ),
        (
            "a terminal screen", [edge("Start", "Done", "go")], [NavigationGraph.Node("Done", isTerminal: true)],
            []
        ),
        (
            "a step passing what the next step does not take", [edge("Start", "Pay", "next with Order")],
            [NavigationGraph.Node("Start", produces: ["Order"]), NavigationGraph.Node("Pay", takes: ["Address"], isTerminal: true)],
            [GraphFinding(.handsOverWhatIsNotTaken(from: "Start", passes: ["Order"], to: "Pay", takes: ["Address"]))]
        ),
        (
            "a step passing what the next step takes", [edge("Start", "Pay", "next with Order")],
            [NavigationGraph.Node("Start", produces: ["Order"]), NavigationGraph.Node("Pay", takes: ["Order"], isTerminal: true)],
            []
        ),
        (
            "a step passing anything to a step that takes Any", [edge("Start", "Log", "next with Order")],
            [NavigationGraph.Node("Start", produces: ["Order"]), NavigationGraph.Node("Log", takes: ["Any"], isTerminal: true)],
            []
        ),
        (
            "a transform's rewritten type is what arrives", [edge("Start", "Basket", "Item as Cart")],
            [NavigationGraph.Node("Start", produces: ["Item"]), NavigationGraph.Node("Basket", takes: ["Cart"], isTerminal: true)],
            []
        ),
        (
            "one of several outputs goes to the screen that takes it", [edge("Start", "Detail", "Product"), edge("Start", "Help", "Topic")],
            [
                NavigationGraph.Node("Start", produces: ["Product", "Topic"]), NavigationGraph.Node("Detail", takes: ["Product"], isTerminal: true),
                NavigationGraph.Node("Help", takes: ["Topic"], isTerminal: true),
            ],
            []
        ),
        (
            "a way back carries nothing", [edge("Start", "Pay", "next with Order"), edge("Pay", "Start", "back", .unwind)],
            [
                NavigationGraph.Node("Start", takes: ["User"], produces: ["Order"]),
                NavigationGraph.Node("Pay", takes: ["Order"], produces: ["Receipt"], isTerminal: true),
            ],
            [GraphFinding(.producedButNotTaken(screen: "Pay", type: "Receipt"))]
        ),
        (
            "a chain's last step passing what is not its result", [edge("Start", "(completed)", "next with Order", .finish)],
            [NavigationGraph.Node("Start", produces: ["Order"]), NavigationGraph.Node("(completed)", kind: .end, takes: ["Receipt"])],
            [GraphFinding(.handsOverWhatIsNotTaken(from: "Start", passes: ["Order"], to: "(completed)", takes: ["Receipt"]))]
        ),
    ])
    func aGraphThatBreaksARuleHasOneFinding(_ rule: String, edges: [NavigationGraph.Edge], nodes: [NavigationGraph.Node], expected: [GraphFinding]) {
        var graph = NavigationGraph(start: "Start")
        for node in nodes { graph.add(node) }
        for edge in edges { graph.add(edge) }
        #expect(graph.findings == expected, "\(rule)")
    }

    @Test func aGraphWithoutAStartReportsNoUnreachableScreen() {
        var graph = NavigationGraph()
        graph.add(NavigationGraph.Node("Alone", isTerminal: true))
        #expect(graph.findings == [])
    }

    @Test func everyFindingSaysWhatIsWrongInASentence() {
        #expect(GraphFinding(.unreachable(screen: "Island")).description == "Island cannot be reached from the start.")
        #expect(
            GraphFinding(.producedButNotTaken(screen: "Start", type: "Coupon")).description
                == "Start produces Coupon, but no screen takes it and it ends nothing.")
        #expect(
            GraphFinding(.takenByMany(type: "Product", screens: ["A", "B"])).description
                == "A and B all take Product; which one a Product goes to is ambiguous.")
        #expect(GraphFinding(.deadEnd(screen: "Stuck")).description == "Stuck has no way out and is not declared terminal.")
        #expect(
            GraphFinding(.handsOverWhatIsNotTaken(from: "Shipping", passes: ["Order"], to: "Payment", takes: ["Address"])).description
                == "Shipping passes Order, but Payment, which it leads to, takes Address.")
    }

    /// A router whose registrations leave a produced type with nowhere to go, a screen that
    /// nothing produces the input of, and screens that produce nothing.
    @Test func aRoutersDeclaredGraphShowsAnOutputNobodyTakesAndAScreenNobodyReaches() throws {
        let router = Router()
        try router.register(Listing.self)
        try router.register(Forgotten.self)
        router.addTransform { (item: Item) in Basket(items: [item]) }
        try router.register(BasketScreen.self)
        let graph = router.declaredGraph(start: RouterHome.self)
        #expect(
            graph.findings == [
                GraphFinding(.unreachable(screen: "Forgotten")),
                GraphFinding(.producedButNotTaken(screen: "Listing", type: "Coupon")),
                // A screen that produces nothing is left by the person's Back to the screen that
                // showed it; one nothing shows has no way out.
                GraphFinding(.deadEnd(screen: "Forgotten")),
            ])
        #expect(graph.edges(from: "Listing") == [NavigationGraph.Edge(from: "Listing", to: "BasketScreen", kind: .push, label: "Item as Basket")])
    }
}

private struct Item {}
private struct Basket { let items: [Item] }
private struct Coupon {}
private struct Memo {}

@MainActor
private final class RouterHome: OutputProducing {
    typealias Output = String
    let route = RouteSlot()
}

@MainActor
private final class Listing: InputRequiring, OutputProducing, Instantiable {
    typealias Input = String
    typealias Output = OneOf2<Item, Coupon>
    let route = RouteSlot()
    init() {}
}

@MainActor
private final class BasketScreen: InputRequiring, Instantiable {
    typealias Input = Basket
    let route = RouteSlot()
    init() {}
}

@MainActor
private final class Forgotten: InputRequiring, Instantiable {
    typealias Input = Memo
    let route = RouteSlot()
    init() {}
}
