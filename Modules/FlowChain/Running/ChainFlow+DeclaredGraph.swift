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
        /// The name of the step's condition, for a step that applies only when it holds.
        var condition: String? = nil
        /// The step's name, for a step before it to pick.
        var name: String? = nil
        /// How the step picks the one after it: the choice's name and the names it may pick.
        var choice: (name: String, among: [String])? = nil
    }

    /// The graph: each step a node that takes its context and produces what it declares it
    /// passes; `next` labelled with what it passes (declared, else what the next step takes);
    /// the end taking the chain's result. A step with a condition is a branch: `next` goes to it
    /// "when" its condition holds, and past it "unless" it does, to the step after or the end;
    /// `back` goes from a step to each step that may have been shown before it. Validation then
    /// finds a step whose declared context is not what a step after it takes (or, for a last
    /// step, not the chain's result).
    static func declared(steps: [DeclaredStep], kind: ChainContainer.Kind, result: Any.Type) -> NavigationGraph {
        var graph = NavigationGraph(start: steps.first?.screenType.name)
        let forward: NavigationGraph.Edge.Kind = kind == .stack ? .push : .replace
        for step in steps {
            let produces = if case .type(let name) = step.passing { [name] } else { [String]() }
            graph.add(NavigationGraph.Node(step.screenType.name, takes: step.context.map { [$0] } ?? [], produces: produces))
        }
        guard !steps.isEmpty else { return graph }
        let resultName = result == Void.self ? nil : String(describing: result)
        graph.add(NavigationGraph.Node("(completed)", kind: .end, takes: resultName.map { [$0] } ?? []))
        // Each step, and the end, from every step that may come before it: the one before, and
        // before a step with a condition, the ones before that too.
        for index in 1...steps.count {
            let step = steps.indices.contains(index) ? steps[index] : nil
            var skipped: [String] = []
            for before in (0..<index).reversed() {
                let previous = steps[before]
                var conditions = step?.condition.map { ["when \($0)"] } ?? []
                conditions += skipped.reversed().map { "unless \($0)" }
                let next = label(previous.passing, else: step?.context ?? resultName)
                let labelled = ([next] + conditions).joined(separator: ", ")
                if let step {
                    graph.add(NavigationGraph.Edge(from: previous.screenType.name, to: step.screenType.name, kind: forward, label: labelled))
                    graph.add(NavigationGraph.Edge(from: step.screenType.name, to: previous.screenType.name, kind: .unwind, label: "back"))
                } else {
                    graph.add(NavigationGraph.Edge(from: previous.screenType.name, to: "(completed)", kind: .finish, label: labelled))
                }
                guard let condition = previous.condition else { break }
                skipped.append(condition)
            }
        }
        // A step that picks the one after it: a road to each step it may pick.
        for (index, step) in steps.enumerated() {
            guard let choice = step.choice else { continue }
            for name in choice.among {
                guard let picked = steps.indices.first(where: { $0 > index && steps[$0].name == name }) else { continue }
                let target = steps[picked]
                let conditions = ["when \(choice.name) picks \(name)"] + (target.condition.map { ["when \($0)"] } ?? [])
                let labelled = ([label(step.passing, else: target.context)] + conditions).joined(separator: ", ")
                graph.add(NavigationGraph.Edge(from: step.screenType.name, to: target.screenType.name, kind: forward, label: labelled))
                graph.add(NavigationGraph.Edge(from: target.screenType.name, to: step.screenType.name, kind: .unwind, label: "back"))
            }
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
