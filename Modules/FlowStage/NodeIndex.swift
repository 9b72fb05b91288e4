import FlowKernel

/// Every node the in-memory host shows, by reference: screens by instance, containers by name.
///
/// Two tables rather than one keyed by `NodeRef`: a screen's key is then one pointer, hashed in one
/// step and copied without reference counting, which is most of what a push or a pop costs.
struct NodeIndex {
    private var screens: [ObjectIdentifier: StageNode] = [:]
    private var containers: [ContainerID: StageNode] = [:]

    /// The node a reference names, or `nil` when it is not shown.
    subscript(ref: NodeRef) -> StageNode? {
        switch ref {
        case .screen(let screen): screens[screen.instance]
        case .container(let id): containers[id]
        }
    }

    /// Indexes a node; returns the node its reference named before, if any.
    @discardableResult
    mutating func insert(_ node: StageNode) -> StageNode? {
        switch node.ref {
        case .screen(let screen): screens.updateValue(node, forKey: screen.instance)
        case .container(let id): containers.updateValue(node, forKey: id)
        }
    }

    /// Forgets the node a reference names.
    mutating func remove(_ ref: NodeRef) {
        switch ref {
        case .screen(let screen): screens.removeValue(forKey: screen.instance)
        case .container(let id): containers.removeValue(forKey: id)
        }
    }
}
