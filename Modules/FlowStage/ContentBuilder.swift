import FlowKernel

/// Checks content before anything changes, then builds the nodes for it.
///
/// Keeping the checks apart from the mutation is what makes every host operation all or nothing.
@MainActor
struct ContentBuilder {
    /// Nodes already shown that the new content may not name again.
    var inUse: Set<NodeRef>
    /// Shown screen nodes the content may take over as they are (a stack re-set with its own entries).
    var reusable: [NodeRef: StageNode] = [:]

    /// Throws a ``FlowError`` if the content cannot be shown; returns the nodes it names.
    @discardableResult
    func validate(_ content: Presentable) throws -> [NodeRef] {
        var seen: Set<NodeRef> = []
        try check(content, seen: &seen)
        return Array(seen)
    }

    /// Builds the nodes for content that ``validate(_:)`` accepted.
    func build(_ content: Presentable) -> StageNode {
        switch content {
        case .screen(let screen):
            return reusable[.of(screen)] ?? StageNode(.screen(screen))
        case .stack(let id, let entries):
            return StageNode(.stack(id), children: entries.map(build))
        case .tabs(let id, let tabs, let selected):
            let node = StageNode(.tabs(id), children: tabs.map { build($0.content) })
            node.tabItems = tabs.map(\.item)
            node.selectedTab = selected
            return node
        }
    }

    private func check(_ content: Presentable, seen: inout Set<NodeRef>) throws {
        let ref = content.ref
        if inUse.contains(ref) {
            throw FlowError(.hostRejected, "\(ref) is already shown; a node can be shown only once.")
        }
        if !seen.insert(ref).inserted {
            throw FlowError(.hostRejected, "\(ref) appears twice in the content to show.")
        }
        switch content {
        case .screen:
            return
        case .stack(let id, let entries):
            guard !entries.isEmpty else {
                throw FlowError(.hostRejected, "The stack [\(id)] needs at least one entry.")
            }
            for entry in entries {
                try Self.rejectStack(entry, in: "the stack [\(id)]")
                try check(entry, seen: &seen)
            }
        case .tabs(let id, let tabs, let selected):
            if let selected {
                guard tabs.indices.contains(selected) else {
                    throw FlowError(.indexOutOfRange, "The tab group [\(id)] has \(tabs.count) tabs; tab \(selected) cannot be selected.")
                }
            } else if !tabs.isEmpty {
                throw FlowError(.hostRejected, "The tab group [\(id)] has tabs, so one of them must be selected.")
            }
            for tab in tabs {
                try Self.rejectTabs(tab.content, in: "the tab group [\(id)]")
                try check(tab.content, seen: &seen)
            }
        }
    }

    /// A stack cannot hold another stack directly.
    static func rejectStack(_ content: Presentable, in place: String) throws {
        if case .stack(let inner, _) = content {
            throw FlowError(.hostRejected, "The stack [\(inner)] cannot be an entry of \(place).")
        }
    }

    /// A tab group cannot hold another tab group directly.
    static func rejectTabs(_ content: Presentable, in place: String) throws {
        if case .tabs(let inner, _, _) = content {
            throw FlowError(.hostRejected, "The tab group [\(inner)] cannot be a tab of \(place).")
        }
    }
}
