import FlowKernel

// Pictures of a navigation graph: Mermaid for Markdown that renders it (GitHub, DocC articles with
// a Mermaid plug-in), Graphviz DOT for `dot -Tsvg`. Both list nodes and edges in the graph's
// stable order, so an export is a baseline too.

extension NavigationGraph {
    /// The graph as a Mermaid flowchart.
    ///
    /// Nodes get short identifiers (`n0`, `n1`, ...) in name order and show their names; the
    /// start has a rounded box, an end a circle, a terminal screen a double border; each edge's
    /// label is its kind and what moves.
    public var mermaid: String {
        let ids = identifiers
        var lines = ["flowchart TD"]
        for node in sortedNodes {
            let id = ids[node.name] ?? ""
            let label = Self.mermaidText(node.name)
            lines.append("    " + id + Self.mermaidShape(node, isStart: node.name == start, label: label))
        }
        for edge in sortedEdges {
            let from = ids[edge.from] ?? ""
            let to = ids[edge.to] ?? ""
            let arrow = edge.kind == .unwind || edge.kind == .finish ? "-.->" : "-->"
            lines.append("    \(from) \(arrow)|\(Self.mermaidText("\(edge.kind.rawValue): \(edge.label)"))| \(to)")
        }
        return lines.joined(separator: "\n")
    }

    /// The graph as a Graphviz DOT digraph, laid out top to bottom.
    ///
    /// The start is bold, an end a circle, a terminal screen a double octagon; unwinds and the
    /// finish are dashed, and unwinds leave the ranking to the moves forward, so the picture reads
    /// from the start downwards.
    public var dot: String {
        var lines = [
            "digraph navigation {", "    rankdir=TB;", "    node [shape=box, fontname=\"Helvetica\"];", "    edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        for node in sortedNodes {
            var attributes: [String] = []
            switch node.kind {
            case .end: attributes.append("shape=circle")
            case .container: attributes.append("shape=folder")
            case .flow: attributes.append("shape=component")
            case .screen: if node.isTerminal { attributes.append("shape=doubleoctagon") }
            }
            if node.name == start { attributes.append("style=bold") }
            let list = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            lines.append("    \(Self.dotText(node.name))\(list);")
        }
        for edge in sortedEdges {
            var attributes = ["label=\(Self.dotText("\(edge.kind.rawValue): \(edge.label)"))"]
            if edge.kind == .unwind || edge.kind == .finish { attributes.append("style=dashed") }
            // Moves back do not rank the nodes, so the layout reads from the start downwards.
            if edge.kind == .unwind { attributes.append("constraint=false") }
            lines.append("    \(Self.dotText(edge.from)) -> \(Self.dotText(edge.to)) [\(attributes.joined(separator: ", "))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// Short identifiers for the nodes, in name order: Mermaid's identifiers cannot hold spaces
    /// or punctuation, and names can.
    private var identifiers: [String: String] {
        Dictionary(uniqueKeysWithValues: sortedNodes.enumerated().map { ($0.element.name, "n\($0.offset)") })
    }

    private static func mermaidShape(_ node: Node, isStart: Bool, label: String) -> String {
        if node.kind == .end { return "((\(label)))" }
        if isStart { return "(\(label))" }
        if node.isTerminal { return "[[\(label)]]" }
        return "[\(label)]"
    }

    /// Text in Mermaid's quotes, with its own quotes as an entity.
    private static func mermaidText(_ text: String) -> String {
        "\"" + text.replacingAll("\"", with: "#quot;") + "\""
    }

    /// A DOT string: quoted, with quotes and backslashes escaped.
    private static func dotText(_ text: String) -> String {
        "\"" + text.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\""
    }
}

extension String {
    /// The text with every `target` replaced, without Foundation.
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
