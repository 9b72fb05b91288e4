import FlowKernel

/// A chain's navigation as its steps declare it: a line from the first step to the last and on
/// to the chain's end, each step going back to the one before.
@MainActor
enum ChainGraph {
    /// What a step's screen declares it passes on (``ChainScreen/NextContext``).
    enum Passing: Equatable {
        /// Nothing declared: the graph shows what the next step takes, and nothing is checked.
        case undeclared
        /// No context (`Never`).
        case nothing
        /// A context of a type, by name.
        case type(String)
    }

    /// A step as the graph reads it: its screen type, the context type it takes, if any, and what
    /// it declares it passes on.
    struct DeclaredStep {
        let screenType: ScreenType
        let context: String?
        let passing: Passing
    }

    /// The graph: each step a node that takes its context and produces what it declares it
    /// passes; `next` labelled with what it passes (declared, else what the next step takes);
    /// the end taking the chain's result. Validation then finds a step whose declared context is
    /// not what the step after it takes (or, for the last step, not the chain's result).
    static func declared(steps: [DeclaredStep], kind: ChainContainer.Kind, result: Any.Type) -> NavigationGraph {
        var graph = NavigationGraph(start: steps.first?.screenType.name)
        let forward: NavigationGraph.Edge.Kind = kind == .stack ? .push : .replace
        for (index, step) in steps.enumerated() {
            let produces = if case .type(let name) = step.passing { [name] } else { [String]() }
            graph.add(NavigationGraph.Node(step.screenType.name, takes: step.context.map { [$0] } ?? [], produces: produces))
            guard index > 0 else { continue }
            let previous = steps[index - 1]
            graph.add(
                NavigationGraph.Edge(
                    from: previous.screenType.name, to: step.screenType.name, kind: forward, label: label(previous.passing, else: step.context)))
            graph.add(NavigationGraph.Edge(from: step.screenType.name, to: previous.screenType.name, kind: .unwind, label: "back"))
        }
        if let last = steps.last {
            let resultName = result == Void.self ? nil : String(describing: result)
            graph.add(NavigationGraph.Node("(completed)", kind: .end, takes: resultName.map { [$0] } ?? []))
            graph.add(NavigationGraph.Edge(from: last.screenType.name, to: "(completed)", kind: .finish, label: label(last.passing, else: resultName)))
        }
        return graph
    }

    /// `next with T` for what a step passes on: declared, else what the step after it takes.
    private static func label(_ passing: Passing, else taken: String?) -> String {
        switch passing {
        case .type(let name): label(passing: name)
        case .nothing: label(passing: nil)
        case .undeclared: label(passing: taken)
        }
    }

    private static func label(passing context: String?) -> String {
        context.map { "next with \($0)" } ?? "next"
    }
}

extension AnyStep {
    /// Whether the step's screen takes a context (its `Context` is not `Never`).
    var takesContext: Bool { contextTypeName != "Never" }
}
