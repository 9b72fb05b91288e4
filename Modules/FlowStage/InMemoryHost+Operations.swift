import FlowKernel

// Each operation first finds and checks everything it needs, throwing before any change, and only
// then mutates. It returns the one event its change reports.

extension InMemoryHost {
    func perform(_ operation: HostOperation) throws -> FlowEvent.Change {
        switch operation {
        case .setRoot(let content):
            let node = try content.map { try builder(inUse: []).checkedBuild($0) }
            root = node
            return .rootReplaced(node?.ref)

        case .push(let content, let id):
            let stack = try container(id, kind: "stack", where: \.isStack)
            try ContentBuilder.rejectStack(content, in: "the stack [\(id)]")
            let node = try builder().checkedBuild(content)
            stack.children.append(node)
            return .pushed(node.ref, onto: id)

        case .pop(let id):
            let stack = try container(id, kind: "stack", where: \.isStack)
            return try popEntries(of: stack, id, keeping: stack.children.count - 1)

        case .popTo(let target, let id):
            let stack = try container(id, kind: "stack", where: \.isStack)
            guard let index = stack.children.firstIndex(where: { $0.ref == target }) else {
                throw FlowError(.notFound, "\(target) is not in the stack [\(id)], so it cannot be popped to.")
            }
            return try popEntries(of: stack, id, keeping: index + 1)

        case .popToRoot(let id):
            let stack = try container(id, kind: "stack", where: \.isStack)
            return try popEntries(of: stack, id, keeping: 1)

        case .setStack(let id, let entries):
            let stack = try container(id, kind: "stack", where: \.isStack)
            return try replaceEntries(of: stack, id, with: entries)

        case .present(let content, let anchorRef):
            let anchor = try node(anchorRef)
            if let presented = anchor.presented {
                throw FlowError(.hostRejected, "\(anchorRef) already presents \(presented.ref); dismiss it first.")
            }
            let node = try builder().checkedBuild(content)
            anchor.presented = node
            return .presented(node.ref, over: anchorRef)

        case .dismiss(let anchorRef):
            let anchor = try node(anchorRef)
            guard let presented = anchor.presented else {
                throw FlowError(.nothingToGoBackTo, "\(anchorRef) presents nothing, so there is nothing to dismiss.")
            }
            anchor.presented = nil
            return .dismissed(presented.ref, presentedBy: anchorRef)

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
            try ContentBuilder.rejectTabs(tab.content, in: "the tab group [\(id)]")
            let node = try builder().checkedBuild(tab.content)
            tabs.children.insert(node, at: index)
            tabs.tabItems.insert(tab.item, at: index)
            tabs.selectedTab = TabSelection.afterInsert(at: index, selected: tabs.selectedTab)
            return .tabInserted(node.ref, at: index, in: id)

        case .removeTab(let index, let id):
            let tabs = try container(id, kind: "tab group", where: \.isTabs)
            try requireTab(index, in: tabs, id)
            let removed = tabs.children.remove(at: index)
            tabs.tabItems.remove(at: index)
            tabs.selectedTab = TabSelection.afterRemove(at: index, selected: tabs.selectedTab, remaining: tabs.children.count)
            return .tabRemoved(removed.ref, at: index, in: id)

        case .addChild(let content, let parentRef):
            let parent = try node(parentRef)
            guard parent.isScreen else {
                throw FlowError(.hostRejected, "Only a screen can contain children; \(parentRef) is a container.")
            }
            let node = try builder().checkedBuild(content)
            parent.children.append(node)
            return .childAdded(node.ref, to: parentRef)

        case .removeChild(let childRef):
            guard let parent = root?.parent(of: childRef), parent.isScreen else {
                throw FlowError(.notFound, "\(childRef) is not the child of a screen, so it cannot be removed as one.")
            }
            parent.children.removeAll { $0.ref == childRef }
            return .childRemoved(childRef, from: parent.ref)
        }
    }

    // MARK: Finding

    private func node(_ ref: NodeRef) throws -> StageNode {
        guard let node = root?.find(ref) else {
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

    private func builder(inUse: Set<NodeRef>? = nil) -> ContentBuilder {
        ContentBuilder(inUse: inUse ?? Set(root?.allNodes().map(\.ref) ?? []))
    }

    // MARK: Stacks

    private func popEntries(of stack: StageNode, _ id: ContainerID, keeping count: Int) throws -> FlowEvent.Change {
        guard count >= 1, count < stack.children.count else {
            // A stack always has at least one entry, and `count` never exceeds how many it has.
            let floor = stack.children[max(count, 1) - 1].ref
            throw FlowError(.nothingToGoBackTo, "The stack [\(id)] has nothing above \(floor) to pop.")
        }
        let removed = stack.children[count...].reversed().map(\.ref)
        stack.children.removeSubrange(count...)
        return .popped(removed, from: id)
    }

    private func replaceEntries(of stack: StageNode, _ id: ContainerID, with entries: [Presentable]) throws -> FlowEvent.Change {
        guard !entries.isEmpty else {
            throw FlowError(.hostRejected, "The stack [\(id)] needs at least one entry.")
        }
        // Screens that stay in the stack keep their nodes (and what they present or contain); what
        // the old entries held is free to be shown again, except inside the entries that stay.
        var reusable: [NodeRef: StageNode] = [:]
        for entry in entries {
            if case .screen = entry, let kept = stack.children.first(where: { $0.ref == entry.ref }) {
                reusable[kept.ref] = kept
            }
        }
        let leaving = Set(stack.children.filter { reusable[$0.ref] == nil }.flatMap { $0.allNodes().map(\.ref) })
        var inUse = Set(root?.allNodes().map(\.ref) ?? []).subtracting(leaving)
        inUse.subtract(reusable.keys)
        var builder = ContentBuilder(inUse: inUse)
        builder.reusable = reusable
        var seen: Set<NodeRef> = []
        for entry in entries {
            try ContentBuilder.rejectStack(entry, in: "the stack [\(id)]")
            for ref in try builder.validate(entry) where !seen.insert(ref).inserted {
                throw FlowError(.hostRejected, "\(ref) appears twice in the entries for the stack [\(id)].")
            }
        }
        stack.children = entries.map(builder.build)
        return .stackReplaced(id, with: stack.children.map(\.ref))
    }
}

extension ContentBuilder {
    /// Validates content, then builds it.
    func checkedBuild(_ content: Presentable) throws -> StageNode {
        try validate(content)
        return build(content)
    }
}
