import FlowKernel

/// Checks content and builds the nodes for it, before anything on the host changes.
///
/// Building makes new nodes (or takes over reusable ones) without touching the host's tree, so a
/// check that fails half way leaves nothing behind; the host links what was built only once all
/// of it was accepted. That is what makes every host operation all or nothing.
@MainActor
struct ContentBuilder {
    /// Every node the host shows now.
    let shown: NodeIndex
    /// Shown nodes that are leaving with this change, so the content may name them again.
    var leaving: Set<NodeRef> = []
    /// Shown screen nodes the content may take over as they are (a stack re-set with its own entries).
    var reusable: [NodeRef: StageNode] = [:]

    /// Checks content and builds its nodes; throws a ``/FlowKernel/FlowError`` if it cannot be shown.
    func build(_ content: Presentable) throws -> StageNode {
        if case .screen(let screen) = content {
            // The common case, a single screen, needs no bookkeeping of what the content names.
            let ref = NodeRef.of(screen)
            try requireFree(ref)
            return reusable[ref] ?? StageNode(.screen(screen), ref: ref)
        }
        var seen: Set<NodeRef> = []
        return try build(content, seen: &seen)
    }

    /// Builds a stack's new entries, which must not name a node twice between them.
    func build(entries: [Presentable], of stack: ContainerID) throws -> [StageNode] {
        var named: Set<NodeRef> = []
        return try entries.map { entry in
            try Self.rejectStack(entry, inStack: stack)
            var seen: Set<NodeRef> = []
            let node = try build(entry, seen: &seen)
            for ref in seen where !named.insert(ref).inserted {
                throw FlowError(.hostRejected, "\(ref) appears twice in the entries for the stack [\(stack)].")
            }
            return node
        }
    }

    private func build(_ content: Presentable, seen: inout Set<NodeRef>) throws -> StageNode {
        let ref = content.ref
        try requireFree(ref)
        if !seen.insert(ref).inserted {
            throw FlowError(.hostRejected, "\(ref) appears twice in the content to show.")
        }
        switch content {
        case .screen(let screen):
            return reusable[ref] ?? StageNode(.screen(screen), ref: ref)
        case .stack(let id, let entries):
            guard !entries.isEmpty else {
                throw FlowError(.hostRejected, "The stack [\(id)] needs at least one entry.")
            }
            let children = try entries.map { entry in
                try Self.rejectStack(entry, inStack: id)
                return try build(entry, seen: &seen)
            }
            return StageNode(.stack(id), ref: ref, children: children)
        case .tabs(let id, let tabs, let selected):
            if let selected {
                guard tabs.indices.contains(selected) else {
                    throw FlowError(.indexOutOfRange, "The tab group [\(id)] has \(tabs.count) tabs; tab \(selected) cannot be selected.")
                }
            } else if !tabs.isEmpty {
                throw FlowError(.hostRejected, "The tab group [\(id)] has tabs, so one of them must be selected.")
            }
            let children = try tabs.map { tab in
                try Self.rejectTabs(tab.content, inTabs: id)
                return try build(tab.content, seen: &seen)
            }
            let node = StageNode(.tabs(id), ref: ref, children: children)
            node.tabItems = tabs.map(\.item)
            node.selectedTab = selected
            return node
        }
    }

    private func requireFree(_ ref: NodeRef) throws {
        if shown[ref] != nil, reusable[ref] == nil, !leaving.contains(ref) {
            throw FlowError(.hostRejected, "\(ref) is already shown; a node can be shown only once.")
        }
    }

    /// A stack cannot hold another stack directly.
    static func rejectStack(_ content: Presentable, inStack stack: ContainerID) throws {
        if case .stack(let inner, _) = content {
            throw FlowError(.hostRejected, "The stack [\(inner)] cannot be an entry of the stack [\(stack)].")
        }
    }

    /// A tab group cannot hold another tab group directly.
    static func rejectTabs(_ content: Presentable, inTabs tabs: ContainerID) throws {
        if case .tabs(let inner, _, _) = content {
            throw FlowError(.hostRejected, "The tab group [\(inner)] cannot be a tab of the tab group [\(tabs)].")
        }
    }
}
