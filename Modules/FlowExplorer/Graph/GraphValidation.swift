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
        /// A move hands the node it leads to a value of a type it does not take: a chain step
        /// that passes an `Order` to a step that takes an `Address`.
        case handsOverWhatIsNotTaken(from: String, passes: [String], to: String, takes: [String])
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
        case .handsOverWhatIsNotTaken(let from, let passes, let to, let takes):
            "\(from) passes \(passes.joined(separator: " or ")), but \(to), which it leads to, takes \(takes.joined(separator: " or "))."
        }
    }
}

extension NavigationGraph {
    /// What is wrong with the graph, as a pure function of it, in a stable order: screens that
    /// cannot be reached, produced types that go nowhere, types several screens take, dead ends,
    /// moves that hand a node a type it does not take.
    ///
    /// Declared graphs label an edge with the value it carries: the produced type itself
    /// (`CartItem`), the type rewritten (`CartItem as Cart`), or an action passing it
    /// (`next with Cart`), followed, on a branch, by its conditions (`next with Cart, when pro
    /// plan`). A produced type counts as taken when an edge from its producer carries it. Several
    /// screens taking one type is ambiguous only where a value's type chooses where it goes (an
    /// edge labelled with the type alone, or rewritten to it); an action's order (`next with`)
    /// chooses for itself. A move forward (push, present, replace, finish) from a node that declares what it
    /// produces, into a node that declares what it takes, must carry a type the node takes (any,
    /// when it takes `Any`).
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
        for edge in edges { leaving[edge.from, default: []].append(Self.carriedPart(of: edge.label)) }
        for screen in screens {
            let labels = leaving[screen.name] ?? []
            for type in screen.produces where !labels.contains(where: { $0 == type || $0.hasPrefix(type + " as ") || $0.hasSuffix(" with " + type) }) {
                findings.append(GraphFinding(.producedButNotTaken(screen: screen.name, type: type)))
            }
        }
        var takers: [String: [String]] = [:]
        for screen in screens {
            for type in screen.takes { takers[type, default: []].append(screen.name) }
        }
        for (type, names) in takers.sorted(by: { $0.key < $1.key }) where names.count > 1 {
            let chosenByType = edges.contains { edge in
                let carried = Self.carriedPart(of: edge.label)
                return names.contains(edge.to) && (carried == type || carried.hasSuffix(" as " + type))
            }
            // Without edges at all (a graph of screens alone), nothing says who chooses.
            guard chosenByType || edges.isEmpty else { continue }
            findings.append(GraphFinding(.takenByMany(type: type, screens: names)))
        }
        for screen in screens where !screen.isTerminal && leaving[screen.name] == nil {
            findings.append(GraphFinding(.deadEnd(screen: screen.name)))
        }
        let forward: Set<Edge.Kind> = [.push, .present, .replace, .finish]
        for edge in sortedEdges where forward.contains(edge.kind) {
            guard let from = nodes[edge.from], let to = nodes[edge.to], !from.produces.isEmpty,
                !to.takes.isEmpty, !to.takes.contains("Any")
            else { continue }
            let passes = Self.carried(by: Self.carriedPart(of: edge.label), from: from.produces)
            if Set(passes).isDisjoint(with: to.takes) {
                findings.append(GraphFinding(.handsOverWhatIsNotTaken(from: from.name, passes: passes, to: to.name, takes: to.takes)))
            }
        }
        return findings
    }

    /// An edge's label without the conditions of a branch: `next with Cart` of `next with Cart,
    /// when pro plan`.
    private static func carriedPart(of label: String) -> String {
        let cut = [", when ", ", unless "].compactMap { label.firstRange(of: $0)?.lowerBound }.min()
        return cut.map { String(label[..<$0]) } ?? label
    }

    /// The types an edge's label says it carries, read against what its node produces: the
    /// rewritten type of `A as B`, the type of `next with A`, a produced type named alone; else
    /// everything the node produces.
    private static func carried(by label: String, from produced: [String]) -> [String] {
        if let range = label.firstRange(of: " as ") { return [String(label[range.upperBound...])] }
        if let range = label.firstRange(of: " with ") { return [String(label[range.upperBound...])] }
        return produced.contains(label) ? [label] : produced
    }
}
