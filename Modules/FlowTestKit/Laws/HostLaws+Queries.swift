import FlowKernel

extension HostLaws {
    /// The targeted queries (`place(of:)`, `child(at:of:)`, `tabItem(at:of:)`, `topmost`, `visibleScreenRef`,
    /// and `contains`, `holder(of:)`, `presenter(of:)`, `presented(by:)`, `entryCount(of:)`,
    /// `index(of:in:)`, which a host may answer from its own index) answer what the hierarchy value
    /// shows: on the fixture, and after every step of the events law's journey, which makes every
    /// kind of change once.
    static func queriesAgreeWithTheHierarchy(_ host: any PresentationHost) -> [Violation] {
        let law = "the targeted queries agree with the hierarchy"
        return onFixture(host, law: law) { f in
            var found = disagreements(on: host, law: law, after: "building the fixture")
            for (index, step) in steps(f).enumerated() {
                do {
                    try host.apply(step.operation, for: "laws")
                } catch {
                    found.append(Violation(law: law, detail: "step \(index) (\(step.change)) threw \(error)"))
                    break
                }
                found += disagreements(on: host, law: law, after: "step \(index) (\(step.change))")
            }
            return found
        }
    }

    /// Where the host's answers differ from the ones its hierarchy value gives.
    private static func disagreements(on host: any PresentationHost, law: String, after moment: String) -> [Violation] {
        let hierarchy = host.hierarchy
        var found: [String] = []
        var nodes: [HierarchyNode] = []
        hierarchy.root?.forEach { nodes.append($0) }
        for node in nodes {
            let asked = host.place(of: node.ref)
            let expected = hierarchy.place(of: node.ref)
            if asked != expected { found.append("place(of: \(node.ref)) is \(String(describing: asked)), expected \(String(describing: expected))") }
            let children = (0...node.children.count).map { host.child(at: $0, of: node.ref) }
            if children != node.children.map(\.ref) + [nil] {
                found.append("the children of \(node.ref) are \(children), expected \(node.children.map(\.ref))")
            }
            found += answersFromPlace(on: host, about: node.ref, expected: expected)
            if case .tabs(let id, let items, _) = node.kind {
                let asked = (0...items.count).map { host.tabItem(at: $0, of: id) }
                if asked != items + [nil] { found.append("the tab items of \(node.ref) are \(asked), expected \(items)") }
            }
        }
        let absent = NodeRef.container("laws-absent")
        if host.place(of: absent) != nil || host.child(at: 0, of: absent) != nil {
            found.append("a node that is not shown has a place or a child")
        }
        found += answersFromPlace(on: host, about: absent, expected: nil)
        if host.topmost != hierarchy.topmost?.ref {
            found.append("topmost is \(String(describing: host.topmost)), expected \(String(describing: hierarchy.topmost?.ref))")
        }
        if host.visibleScreenRef != hierarchy.visibleScreen {
            found.append("the visible screen is \(String(describing: host.visibleScreenRef)), expected \(String(describing: hierarchy.visibleScreen))")
        }
        return found.map { Violation(law: law, detail: "after \(moment): \($0)") }
    }

    /// Where the questions a host may answer from its own index differ from what a node's place says.
    private static func answersFromPlace(on host: any PresentationHost, about node: NodeRef, expected place: NodePlace?) -> [String] {
        var found: [String] = []
        if host.contains(node) != (place != nil) { found.append("contains(\(node)) is \(host.contains(node))") }
        if host.holder(of: node) != place?.holder { found.append("holder(of: \(node)) is \(String(describing: host.holder(of: node)))") }
        if host.presenter(of: node) != place?.presenter {
            found.append("presenter(of: \(node)) is \(String(describing: host.presenter(of: node)))")
        }
        if host.presented(by: node) != place?.presented {
            found.append("presented(by: \(node)) is \(String(describing: host.presented(by: node)))")
        }
        if case .container(let id) = node {
            let count = place?.kind == .stack ? place?.childCount : nil
            if host.entryCount(of: id) != count { found.append("entryCount(of: \(id)) is \(String(describing: host.entryCount(of: id)))") }
        }
        if case .container(let holder)? = place?.holder, host.index(of: node, in: holder) != place?.index {
            found.append("index(of: \(node), in: \(holder)) is \(String(describing: host.index(of: node, in: holder)))")
        }
        if host.index(of: node, in: "laws-absent") != nil { found.append("index(of: \(node), in: laws-absent) is not nil") }
        return found
    }
}
