import FlowKernel

extension ScreenRegistry {
    /// The navigation the registry's declaration order declares, without running anything:
    /// SwiftyFlow's order, in which `goNext()` shows the registration after the one on top and
    /// `getBack()` returns to the one before. Each registration is a node (`Type#identifier` when
    /// it has an identifier) taking its argument type; the last one, where the declared order
    /// ends, is terminal.
    ///
    /// Jumps by type (`goNext(to:)`), modals and finishing are chosen by screens at run time, so
    /// they are not in it; FlowExplorer's explorer sees them. Read the declared order as the
    /// logical parent chain: each screen's way back.
    public var declaredGraph: NavigationGraph {
        let names = registrations.map { $0.screenType.name + ($0.identifier.map { "#\($0)" } ?? "") }
        var graph = NavigationGraph(start: names.first)
        for (index, registration) in registrations.enumerated() {
            graph.add(NavigationGraph.Node(names[index], takes: registration.argumentTypeName.map { [$0] } ?? [], isTerminal: index == registrations.count - 1))
            guard index > 0 else { continue }
            let label = registration.argumentTypeName.map { "goNext with \($0)" } ?? "goNext"
            graph.add(NavigationGraph.Edge(from: names[index - 1], to: names[index], kind: .push, label: label))
            graph.add(NavigationGraph.Edge(from: names[index], to: names[index - 1], kind: .unwind, label: "getBack"))
        }
        return graph
    }
}
