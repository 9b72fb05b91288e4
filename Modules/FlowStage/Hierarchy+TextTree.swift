import FlowKernel

extension Hierarchy {
    /// The hierarchy as a compact, stable text tree, two spaces an indent level.
    ///
    /// ```
    /// stack main
    ///   Welcome
    ///   tabs shop
    ///     * tab 0 "Catalog": stack catalog
    ///         Catalog
    ///     - tab 1 "Cart": Cart
    ///   presents stack checkout
    ///     Checkout
    /// ```
    ///
    /// Stack entries are listed bottom first; the selected tab is marked `*`; a screen's contained
    /// children are marked `child`; what a node presents follows its children, marked `presents`.
    /// A screen whose display name differs from its type's name shows both: `Product "Red shoes"`.
    /// An empty hierarchy renders as `(empty)`.
    public var textTree: String {
        guard let root else { return "(empty)" }
        var lines: [String] = []
        TextTreeRenderer.render(root, indent: 0, lead: "", into: &lines)
        return lines.joined(separator: "\n")
    }
}

enum TextTreeRenderer {
    static func render(_ node: HierarchyNode, indent: Int, lead: String, into lines: inout [String]) {
        let pad = String(repeating: " ", count: indent)
        lines.append(pad + lead + label(node))
        switch node.kind {
        case .screen:
            for child in node.children { render(child, indent: indent + 2, lead: "child ", into: &lines) }
        case .stack:
            for entry in node.children { render(entry, indent: indent + 2, lead: "", into: &lines) }
        case .tabs(_, let items, let selected):
            for (index, tab) in node.children.enumerated() {
                let mark = index == selected ? "*" : "-"
                let title = items.indices.contains(index) ? items[index].title : ""
                render(tab, indent: indent + 2, lead: "\(mark) tab \(index) \"\(title)\": ", into: &lines)
            }
        }
        if let presented = node.presented {
            render(presented, indent: indent + 2, lead: "presents ", into: &lines)
        }
    }

    static func label(_ node: HierarchyNode) -> String {
        switch node.kind {
        case .screen(let ref):
            ref.displayName == ref.type.name ? ref.displayName : "\(ref.type.name) \"\(ref.displayName)\""
        case .stack(let id): "stack \(id)"
        case .tabs(let id, _, _): "tabs \(id)"
        }
    }
}
