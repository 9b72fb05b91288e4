import FlowKernel

extension ScreenRegistry {
    /// The navigation the registry's declaration order declares, without running anything:
    /// SwiftyFlow's order, in which `goNext()` shows the registration after the one on top and
    /// `getBack()` returns to the one before. Each registration is a node (`Type#identifier` when
    /// it has an identifier) taking its argument type; the last one, where the declared order
    /// ends, is terminal.
    ///
    /// A registration with a condition (``Registration/when(_:_:)``) is a branch: `goNext` goes to
    /// it "when" its condition holds and past it "unless" it does, and `getBack` from the one after
    /// it to each registration that may be below.
    ///
    /// Jumps by type (`goNext(to:)`), modals and finishing are chosen by screens at run time, so
    /// they are not in it; FlowExplorer's explorer sees them. Read the declared order as the
    /// logical parent chain: each screen's way back.
    public var declaredGraph: NavigationGraph {
        let names = registrations.map { $0.screenType.name + ($0.identifier.map { "#\($0)" } ?? "") }
        var graph = NavigationGraph(start: names.first)
        for (index, registration) in registrations.enumerated() {
            graph.add(NavigationGraph.Node(names[index], takes: registration.argumentTypeName.map { [$0] } ?? [], isTerminal: index == registrations.count - 1))
            // From every registration that may be below it: the one before, and before one with a
            // condition, the ones before that too.
            var skipped: [String] = []
            for before in (0..<index).reversed() {
                let conditions = (registration.conditionName.map { ["when \($0)"] } ?? []) + skipped.reversed().map { "unless \($0)" }
                let label = ([registration.argumentTypeName.map { "goNext with \($0)" } ?? "goNext"] + conditions).joined(separator: ", ")
                graph.add(NavigationGraph.Edge(from: names[before], to: names[index], kind: .push, label: label))
                graph.add(NavigationGraph.Edge(from: names[index], to: names[before], kind: .unwind, label: "getBack"))
                guard let condition = registrations[before].conditionName else { break }
                skipped.append(condition)
            }
        }
        return graph
    }
}
