import FlowKernel
import FlowRuntime

// Each operation first finds and checks everything it needs, building any new nodes off to the
// side and throwing before any change; then it asks the guards of the screens it takes away and
// shows (InMemoryHost+Guards.swift); only then does it link the nodes in, keeping the index and
// the links up to date. It returns the one event its change reports.

extension InMemoryHost {
    func perform(_ operation: HostOperation, origin: FlowEvent.Origin) throws -> FlowEvent.Change {
        switch operation {
        case .setRoot(let content):
            // Everything shown now leaves, so the new content may name any of it again.
            let node = try content.map { try ContentBuilder(shown: NodeIndex()).build($0) }
            try askKernel(operation, origin: origin)
            if let root { try askTree(leaving: CollectionOfOne(root), staying: node.map(Self.refs) ?? [], origin: origin) }
            if let old = root { forget(old) }
            root = node
            if let node { admit(node) }
            return .rootReplaced(node?.ref)

        case .push(let content, let id):
            let stack = try container(id, kind: "stack", where: \.isStack)
            try ContentBuilder.rejectStack(content, inStack: id)
            let node = try builder().build(content)
            try askEntering(content, origin: origin)
            stack.append(node)
            admit(node)
            return .pushed(node.ref, onto: id)

        case .pop(let id):
            let stack = try container(id, kind: "stack", where: \.isStack)
            return try popEntries(of: stack, id, keeping: stack.children.count - 1, origin: origin)

        case .popTo(let target, let id):
            let stack = try container(id, kind: "stack", where: \.isStack)
            guard let entry = nodes[target], entry.holder === stack else {
                throw FlowError(.notFound, "\(target) is not in the stack [\(id)], so it cannot be popped to.")
            }
            return try popEntries(of: stack, id, keeping: entry.index + 1, origin: origin)

        case .popToRoot(let id):
            let stack = try container(id, kind: "stack", where: \.isStack)
            return try popEntries(of: stack, id, keeping: 1, origin: origin)

        case .setStack(let id, let entries):
            let stack = try container(id, kind: "stack", where: \.isStack)
            return try replaceEntries(of: stack, id, with: entries, asking: operation, origin: origin)

        case .present(let content, let anchorRef):
            let anchor = try node(anchorRef)
            if let presented = anchor.presented {
                throw FlowError(.hostRejected, "\(anchorRef) already presents \(presented.ref); dismiss it first.")
            }
            let node = try builder().build(content)
            try askEntering(content, origin: origin)
            anchor.present(node)
            admit(node)
            // Named as the host keeps it, never as the operation's own reference names it.
            return .presented(node.ref, over: anchor.ref)

        case .dismiss(let anchorRef):
            let anchor = try node(anchorRef)
            guard let shown = anchor.presented else {
                throw FlowError(.nothingToGoBackTo, "\(anchorRef) presents nothing, so there is nothing to dismiss.")
            }
            try askLeaving(CollectionOfOne(shown), origin: origin)
            guard let presented = anchor.removePresented() else { preconditionFailure("The node presented something a moment ago.") }
            forget(presented)
            return .dismissed(presented.ref, presentedBy: anchor.ref)

        case .selectTab(let index, let id):
            let tabs = try container(id, kind: "tab group", where: \.isTabs)
            try requireTab(index, in: tabs, id)
            tabs.selectedTab = index
            return .tabSelected(index, in: id)

        case .insertTab(let tab, let index, let id):
            let tabs = try container(id, kind: "tab group", where: \.isTabs)
            guard (0...tabs.children.count).contains(index) else {
                throw FlowError(.indexOutOfRange, "The tab group [\(id)] has \(tabs.children.count) tabs; a tab cannot be inserted at \(index).")
            }
            try ContentBuilder.rejectTabs(tab.content, inTabs: id)
            let node = try builder().build(tab.content)
            try askEntering(tab.content, origin: origin)
            tabs.insert(node, at: index)
            tabs.tabItems.insert(tab.item, at: index)
            tabs.selectedTab = TabSelection.afterInsert(at: index, selected: tabs.selectedTab)
            admit(node)
            return .tabInserted(node.ref, at: index, in: id)

        case .removeTab(let index, let id):
            let tabs = try container(id, kind: "tab group", where: \.isTabs)
            try requireTab(index, in: tabs, id)
            try askLeaving(CollectionOfOne(tabs.children[index]), origin: origin)
            let removed = tabs.removeChild(at: index)
            tabs.tabItems.remove(at: index)
            tabs.selectedTab = TabSelection.afterRemove(at: index, selected: tabs.selectedTab, remaining: tabs.children.count)
            forget(removed)
            return .tabRemoved(removed.ref, at: index, in: id)

        case .addChild(let content, let parentRef):
            let parent = try node(parentRef)
            guard parent.isScreen else {
                throw FlowError(.hostRejected, "Only a screen can contain children; \(parentRef) is a container.")
            }
            let node = try builder().build(content)
            try askEntering(content, origin: origin)
            parent.append(node)
            admit(node)
            return .childAdded(node.ref, to: parent.ref)

        case .removeChild(let childRef):
            guard let child = nodes[childRef], let parent = child.holder, parent.isScreen else {
                throw FlowError(.notFound, "\(childRef) is not the child of a screen, so it cannot be removed as one.")
            }
            try askLeaving(CollectionOfOne(child), origin: origin)
            forget(parent.removeChild(at: child.index))
            return .childRemoved(child.ref, from: parent.ref)
        }
    }

    // MARK: Finding

    private func node(_ ref: NodeRef) throws -> StageNode {
        guard let node = nodes.find(ref) else {
            throw FlowError(.notFound, "\(ref) is not shown by this host.")
        }
        return node
    }

    private func container(_ id: ContainerID, kind: String, where isKind: (StageNode) -> Bool) throws -> StageNode {
        let node = try node(.container(id))
        guard isKind(node) else {
            throw FlowError(.hostRejected, "[\(id)] is not a \(kind).")
        }
        return node
    }

    private func requireTab(_ index: Int, in tabs: StageNode, _ id: ContainerID) throws {
        guard tabs.children.indices.contains(index) else {
            throw FlowError(.indexOutOfRange, "The tab group [\(id)] has \(tabs.children.count) tabs; there is no tab \(index).")
        }
    }

    /// A builder for content that may name nothing the host shows.
    private func builder() -> ContentBuilder {
        ContentBuilder(shown: nodes)
    }

    // MARK: Keeping the index

    /// Indexes a node that has just been linked into the tree, with everything below it; a node
    /// taken over as it was (a stack re-set with its own entries) is indexed already.
    private func admit(_ node: StageNode) {
        if let indexed = nodes.insert(node), indexed === node { return }
        if case .screen(let screen) = node.kind { stays.arrived(screen) }
        node.maker = maker
        node.adoptChildren()
        for child in node.children { admit(child) }
    }

    /// Drops a node that has left the tree, with everything below it, from the index, and clears
    /// their links so nothing keeps them alive.
    private func forget(_ node: StageNode) {
        let tracking = !flows.isEmpty
        let staying = stays.isTracking
        if node.children.isEmpty, node.presented == nil {
            if tracking { noteDeparture(of: node) }
            if staying { stays.left(node) }
            nodes.remove(node.ref)
            node.detach()
            return
        }
        node.forEach { gone in
            if tracking { noteDeparture(of: gone) }
            if staying { stays.left(gone) }
            nodes.remove(gone.ref)
            gone.detach()
        }
    }

    /// Notes a node that leaves, for the flow tree's pass.
    private func noteDeparture(of node: StageNode) {
        // The tree needs the anchors among what leaves, and who else made it: a flow's own change
        // does not make it follow.
        if flows.isAnchor(node.ref) { departed.append(node.ref) }
        if let made = node.maker, made != maker { departedMakers.insert(made) }
    }

    /// Every reference in and above a node.
    private static func refs(in node: StageNode) -> Set<NodeRef> {
        var refs: Set<NodeRef> = []
        node.forEach { refs.insert($0.ref) }
        return refs
    }

    // MARK: Stacks

    private func popEntries(of stack: StageNode, _ id: ContainerID, keeping count: Int, origin: FlowEvent.Origin) throws -> FlowEvent.Change {
        guard count >= 1, count < stack.children.count else {
            // A stack always has at least one entry, and `count` never exceeds how many it has.
            let floor = stack.children[max(count, 1) - 1].ref
            throw FlowError(.nothingToGoBackTo, "The stack [\(id)] has nothing above \(floor) to pop.")
        }
        try askLeaving(stack.children[count...], origin: origin)
        if count == stack.children.count - 1 {
            // One entry, the common case, needs no list of what left.
            let removed = stack.removeLastChild()
            forget(removed)
            return .popped([removed.ref], from: id)
        }
        let removed = stack.removeChildren(from: count)
        for node in removed { forget(node) }
        return .popped(removed.reversed().map(\.ref), from: id)
    }

    private func replaceEntries(of stack: StageNode, _ id: ContainerID, with entries: [Presentable], asking operation: HostOperation, origin: FlowEvent.Origin)
        throws -> FlowEvent.Change
    {
        guard !entries.isEmpty else {
            throw FlowError(.hostRejected, "The stack [\(id)] needs at least one entry.")
        }
        // Screens that stay in the stack keep their nodes (and what they present or contain); what
        // the old entries held is free to be shown again, except inside the entries that stay.
        var reusable: [NodeRef: StageNode] = [:]
        for entry in entries {
            if case .screen = entry, let kept = nodes[entry.ref], kept.holder === stack {
                reusable[kept.ref] = kept
            }
        }
        let leavingEntries = stack.children.filter { reusable[$0.ref] == nil }
        var leaving: Set<NodeRef> = []
        for entry in leavingEntries { entry.forEach { leaving.insert($0.ref) } }
        var builder = ContentBuilder(shown: nodes)
        builder.leaving = leaving
        builder.reusable = reusable
        let built = try builder.build(entries: entries, of: id)
        try askKernel(operation, origin: origin)
        try askTree(leaving: leavingEntries, staying: Set(reusable.keys), origin: origin)
        for entry in leavingEntries { forget(entry) }
        stack.replaceChildren(with: built)
        for node in built { admit(node) }
        return .stackReplaced(id, with: built.map(\.ref))
    }
}
