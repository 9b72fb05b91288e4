import FlowKernel

/// A chain's navigation as its steps declare it: a line from the first step to the last and on
/// to the chain's end, each step going back to the one before.
@MainActor
enum ChainGraph {
    /// A step as the graph reads it: its screen type and the context type it takes, if any.
    struct DeclaredStep {
        let screenType: ScreenType
        let context: String?
    }

    static func declared(steps: [DeclaredStep], kind: ChainContainer.Kind, result: Any.Type) -> NavigationGraph {
        var graph = NavigationGraph(start: steps.first?.screenType.name)
        let forward: NavigationGraph.Edge.Kind = kind == .stack ? .push : .replace
        for (index, step) in steps.enumerated() {
            graph.add(NavigationGraph.Node(step.screenType.name, takes: step.context.map { [$0] } ?? []))
            guard index > 0 else { continue }
            let previous = steps[index - 1].screenType.name
            graph.add(NavigationGraph.Edge(from: previous, to: step.screenType.name, kind: forward, label: label(passing: step.context)))
            graph.add(NavigationGraph.Edge(from: step.screenType.name, to: previous, kind: .unwind, label: "back"))
        }
        if let last = steps.last {
            graph.add(NavigationGraph.Node("(completed)", kind: .end))
            let passes = result == Void.self ? nil : String(describing: result)
            graph.add(NavigationGraph.Edge(from: last.screenType.name, to: "(completed)", kind: .finish, label: label(passing: passes)))
        }
        return graph
    }

    private static func label(passing context: String?) -> String {
        context.map { "next with \($0)" } ?? "next"
    }
}

extension AnyStep {
    /// Whether the step's screen takes a context (its `Context` is not `Never`).
    var takesContext: Bool { contextTypeName != "Never" }
}
