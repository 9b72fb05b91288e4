import FlowKernel

/// Where a coordinator's stack goes the first time it moves.
enum CoordinatorMount: Equatable {
    /// A new stack as the host's root.
    case root(ContainerID)
    /// A new stack presented over the host's top-most node.
    case presented(ContainerID)
    /// A stack shared with whoever started the coordinator.
    case shared(ContainerID)
    /// A new stack as a tab of a tab group.
    case tab(ContainerID, in: ContainerID, at: Int, item: TabItem)

    /// The stack the coordinator pushes onto.
    var stack: ContainerID {
        switch self {
        case .root(let id), .presented(let id), .shared(let id), .tab(let id, _, _, _): id
        }
    }

    init(_ placement: FlowPlacement, name: ContainerID) {
        switch placement {
        case .root: self = .root(name)
        case .presented: self = .presented(name)
        case .onStack(let shared): self = .shared(shared)
        }
    }

    var sharesStack: Bool { if case .shared = self { true } else { false } }

    /// The kernel placement of a mount that has one; a tab has none.
    var placement: FlowPlacement? {
        switch self {
        case .root: .root
        case .presented: .presented
        case .shared(let stack): .onStack(stack)
        case .tab: nil
        }
    }
}
