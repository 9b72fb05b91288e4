import FlowKernel

/// Every node the in-memory host shows, by reference: screens by instance, containers by name.
///
/// Two tables rather than one keyed by `NodeRef`: a screen's key is then one pointer, found in an
/// ``IdentityTable`` without hashing a `NodeRef` and copied without reference counting; finding,
/// adding and removing screens is most of what a push and a pop do.
///
/// The container found last is kept aside: a flow names its own stack or tab group request after
/// request, and comparing a short name costs a few instructions where hashing it costs hundreds.
///
/// A class, so a ``ContentBuilder`` checking new content reads the host's index without copying
/// it. Its tables skip run-time exclusivity checks for the reason given on ``StageNode``.
@MainActor
final class NodeIndex {
    @exclusivity(unchecked) private var screens = IdentityTable<StageNode>()
    @exclusivity(unchecked) private var containers: [ContainerID: StageNode] = [:]
    /// The container found last and its node, while it is shown.
    @exclusivity(unchecked) private var recent: (id: ContainerID, node: StageNode)?

    /// The node a reference names, or `nil` when it is not shown.
    subscript(ref: NodeRef) -> StageNode? {
        switch ref {
        case .screen(let screen): screens[screen.instance]
        case .container(let id): if let recent, recent.id == id { recent.node } else { containers[id] }
        }
    }

    /// The node a reference names, as the subscript finds it; a container found is kept aside
    /// for the next request.
    func find(_ ref: NodeRef) -> StageNode? {
        guard case .container(let id) = ref else { return self[ref] }
        if let recent, recent.id == id { return recent.node }
        guard let node = containers[id] else { return nil }
        recent = (id, node)
        return node
    }

    /// Indexes a node; returns the node its reference named before, if any.
    @discardableResult
    func insert(_ node: StageNode) -> StageNode? {
        switch node.ref {
        case .screen(let screen): return screens.updateValue(node, forKey: screen.instance)
        case .container(let id):
            if let recent, recent.id == id { self.recent = (id, node) }
            return containers.updateValue(node, forKey: id)
        }
    }

    /// Forgets the node a reference names.
    func remove(_ ref: NodeRef) {
        switch ref {
        case .screen(let screen): screens.removeValue(forKey: screen.instance)
        case .container(let id):
            if let recent, recent.id == id { self.recent = nil }
            containers.removeValue(forKey: id)
        }
    }
}
