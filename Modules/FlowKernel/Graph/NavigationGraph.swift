/// A map of an app's navigation: the screens (and containers, child flows and ends) a person can
/// reach, and the moves between them.
///
/// A strategy that knows its moves without running builds one from its declarations (a router
/// from its registrations, a chain from its steps, a stack from its registry); FlowExplorer's
/// explorer builds one from what it observes by running the flow. Either way it is a plain value:
/// compare two, keep one as a test baseline (``text``), export it as a picture.
///
/// Nodes are named, and a name is a node's identity: a screen's type name (`CatalogScreen`), a
/// container's name, a flow's name, an end's outcome. Adding a node twice keeps one node, with
/// what the two say about it merged.
public struct NavigationGraph: Hashable, Sendable {
    /// One place in the navigation.
    public struct Node: Hashable, Sendable {
        /// What a node stands for.
        public enum Kind: String, Hashable, Sendable {
            /// A screen type.
            case screen
            /// A navigation stack or a tab group.
            case container
            /// A child flow, run from a screen.
            case flow
            /// The flow's end: completed or cancelled.
            case end
        }

        /// The node's name, which is its identity in the graph.
        public var name: String
        /// What the node stands for.
        public var kind: Kind
        /// The types of value the node takes to be shown (a router's input, a chain's context),
        /// by name, sorted.
        public var takes: [String]
        /// The types of value the node produces (a router's output), by name, sorted.
        public var produces: [String]
        /// Whether the node is a declared end of the navigation, so having no way out is right.
        public var isTerminal: Bool

        /// Makes a node.
        public init(_ name: String, kind: Kind = .screen, takes: [String] = [], produces: [String] = [], isTerminal: Bool = false) {
            self.name = name
            self.kind = kind
            self.takes = takes.sorted()
            self.produces = produces.sorted()
            self.isTerminal = isTerminal || kind == .end
        }

        /// What two descriptions of one node say together.
        func merged(with other: Node) -> Node {
            Node(
                name,
                kind: kind == .screen ? other.kind : kind,
                takes: Array(Set(takes).union(other.takes)),
                produces: Array(Set(produces).union(other.produces)),
                isTerminal: isTerminal || other.isTerminal
            )
        }
    }

    /// One move from a node to another.
    public struct Edge: Hashable, Sendable, Comparable {
        /// How a move changes what is shown.
        public enum Kind: String, Hashable, Sendable, CaseIterable {
            /// The destination is pushed onto a stack.
            case push
            /// The destination is presented modally.
            case present
            /// What was shown over the destination is popped or dismissed.
            case unwind
            /// Another tab is selected.
            case tab
            /// A stack's entries or the root are replaced.
            case replace
            /// A child flow starts.
            case childStart = "child-start"
            /// The flow ends.
            case finish
            /// Nothing shown changes (the screen updates itself).
            case stay
        }

        /// The node the move leaves.
        public var from: String
        /// The node the move arrives at.
        public var to: String
        /// How the move changes what is shown.
        public var kind: Kind
        /// What moves: the action a person takes, or the type of value a screen produces.
        public var label: String

        /// Makes an edge.
        public init(from: String, to: String, kind: Kind, label: String) {
            self.from = from
            self.to = to
            self.kind = kind
            self.label = label
        }

        /// Edges sort by where they leave, where they arrive, their label, then their kind: the
        /// order of ``NavigationGraph/text``.
        public static func < (lhs: Edge, rhs: Edge) -> Bool {
            (lhs.from, lhs.to, lhs.label, lhs.kind.rawValue) < (rhs.from, rhs.to, rhs.label, rhs.kind.rawValue)
        }
    }

    /// Where the navigation starts, if known.
    public var start: String?
    /// Every node, by name.
    public private(set) var nodes: [String: Node] = [:]
    /// Every move.
    public private(set) var edges: Set<Edge> = []

    /// Makes an empty graph, or one that starts at a node.
    public init(start: String? = nil) {
        self.start = start
        if let start { add(Node(start)) }
    }

    /// Adds a node, merging it with a node of the same name.
    public mutating func add(_ node: Node) {
        nodes[node.name] = nodes[node.name].map { $0.merged(with: node) } ?? node
    }

    /// Adds an edge, and a screen node for each end not in the graph yet.
    public mutating func add(_ edge: Edge) {
        if nodes[edge.from] == nil { add(Node(edge.from)) }
        if nodes[edge.to] == nil { add(Node(edge.to)) }
        edges.insert(edge)
    }

    /// The nodes sorted by name.
    public var sortedNodes: [Node] { nodes.values.sorted { $0.name < $1.name } }

    /// The edges in ``Edge/<(_:_:)`` order.
    public var sortedEdges: [Edge] { edges.sorted() }

    /// The edges leaving a node.
    public func edges(from node: String) -> [Edge] { edges.filter { $0.from == node }.sorted() }

    /// The names of the nodes reachable from ``start`` (the start included), following edges;
    /// empty when the graph has no start.
    public var reachable: Set<String> {
        guard let start else { return [] }
        var leaving: [String: [String]] = [:]
        for edge in edges { leaving[edge.from, default: []].append(edge.to) }
        var seen: Set<String> = [start]
        var queue = [start]
        while let node = queue.popLast() {
            for next in leaving[node] ?? [] where seen.insert(next).inserted { queue.append(next) }
        }
        return seen
    }
}

extension NavigationGraph: CustomStringConvertible {
    /// The graph as stable text, one line per node then one per edge, sorted, for a baseline a
    /// test compares with:
    ///
    /// ```
    /// start WelcomeScreen
    /// node CatalogScreen takes User
    /// node DoneScreen terminal
    /// edge CatalogScreen -> ProductScreen push "shoes"
    /// ```
    public var text: String {
        var lines: [String] = []
        if let start { lines.append("start \(start)") }
        for node in sortedNodes {
            var line = "node \(node.name)"
            if node.kind != .screen { line += " (\(node.kind.rawValue))" }
            if !node.takes.isEmpty { line += " takes \(node.takes.joined(separator: ", "))" }
            if !node.produces.isEmpty { line += " produces \(node.produces.joined(separator: ", "))" }
            if node.isTerminal, node.kind != .end { line += " terminal" }
            lines.append(line)
        }
        for edge in sortedEdges {
            lines.append("edge \(edge.from) -> \(edge.to) \(edge.kind.rawValue) \"\(edge.label)\"")
        }
        return lines.joined(separator: "\n")
    }

    /// ``text``.
    public var description: String { text }
}
