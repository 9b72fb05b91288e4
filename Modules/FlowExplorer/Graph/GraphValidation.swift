import FlowKernel

/// Something wrong with a navigation graph itself, found without running anything.
public struct GraphFinding: Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Hashable, Sendable {
        /// A screen no edge leads to from the start.
        case unreachable(screen: String)
        /// A screen produces a type that no edge from it takes: producing it goes nowhere.
        case producedButNotTaken(screen: String, type: String)
        /// Several screens take the same type: which one a value goes to is ambiguous.
        case takenByMany(type: String, screens: [String])
        /// A screen with no way out that is not declared terminal.
        case deadEnd(screen: String)
    }

    /// What is wrong.
    public let kind: Kind

    /// Makes a finding.
    public init(_ kind: Kind) { self.kind = kind }

    /// One sentence for people.
    public var description: String {
        switch kind {
        case .unreachable(let screen): "\(screen) cannot be reached from the start."
        case .producedButNotTaken(let screen, let type): "\(screen) produces \(type), but no screen takes it and it ends nothing."
        case .takenByMany(let type, let screens): "\(screens.joined(separator: " and ")) all take \(type); which one a \(type) goes to is ambiguous."
        case .deadEnd(let screen): "\(screen) has no way out and is not declared terminal."
        }
    }
}

extension NavigationGraph {
    /// What is wrong with the graph, as a pure function of it, in a stable order: screens that
    /// cannot be reached, produced types that go nowhere, types several screens take, dead ends.
    ///
    /// A produced type counts as taken when an edge from its producer is labelled with it (or with
    /// it rewritten: `CartItem as Cart`), as declared graphs label their edges.
    public var findings: [GraphFinding] {
        var findings: [GraphFinding] = []
        let screens = sortedNodes.filter { $0.kind == .screen }
        if start != nil {
            let reachable = self.reachable
            for screen in screens where !reachable.contains(screen.name) {
                findings.append(GraphFinding(.unreachable(screen: screen.name)))
            }
        }
        // Each screen's edges, read once: asking the graph per screen would walk every edge
        // for every screen.
        var leaving: [String: [String]] = [:]
        for edge in edges { leaving[edge.from, default: []].append(edge.label) }
        for screen in screens {
            let labels = leaving[screen.name] ?? []
            for type in screen.produces where !labels.contains(where: { $0 == type || $0.hasPrefix(type + " as ") }) {
                findings.append(GraphFinding(.producedButNotTaken(screen: screen.name, type: type)))
            }
        }
        var takers: [String: [String]] = [:]
        for screen in screens {
            for type in screen.takes { takers[type, default: []].append(screen.name) }
        }
        for (type, names) in takers.sorted(by: { $0.key < $1.key }) where names.count > 1 {
            findings.append(GraphFinding(.takenByMany(type: type, screens: names)))
        }
        for screen in screens where !screen.isTerminal && leaving[screen.name] == nil {
            findings.append(GraphFinding(.deadEnd(screen: screen.name)))
        }
        return findings
    }
}
