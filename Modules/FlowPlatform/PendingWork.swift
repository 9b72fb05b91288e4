import FlowKernel

/// One part of what the platform shows that may differ from the model: marked when the model
/// changes it, cleared once the platform shows what the model holds there.
enum Pending: Hashable {
    /// The window's root.
    case root
    /// A stack's entries.
    case entries(ContainerID)
    /// What a node presents.
    case presentation(NodeRef)
    /// A tab group's tabs and selection.
    case tabs(ContainerID)
    /// A screen's contained children.
    case children(NodeRef)

    /// The part of the model a change touched.
    init?(_ change: FlowEvent.Change) {
        switch change {
        case .rootReplaced: self = .root
        case .pushed(_, let stack), .popped(_, let stack), .stackReplaced(let stack, _): self = .entries(stack)
        case .presented(_, let anchor), .dismissed(_, let anchor): self = .presentation(anchor)
        case .tabSelected(_, let tabs), .tabInserted(_, _, let tabs), .tabRemoved(_, _, let tabs): self = .tabs(tabs)
        case .childAdded(_, let parent), .childRemoved(_, let parent): self = .children(parent)
        case .flowStarted, .flowCompleted, .flowCancelled, .gestureRefused, .guardRefused, .requestRefused,
            .delivered, .payload, .note:
            return nil
        }
    }

    /// The lowest entry of a stack a change may have touched: entries below it are as they were.
    static func firstTouchedEntry(by change: FlowEvent.Change, stackCountAfter count: Int) -> Int {
        switch change {
        case .pushed: count - 1
        case .popped: count
        default: 0
        }
    }
}

/// The parts waiting to be brought to the platform, oldest first, each once; for a stack, the
/// lowest entry touched since it was marked, so its comparison starts there.
struct PendingWork {
    private(set) var items: [Pending] = []
    private var marked: Set<Pending> = []
    private var firstTouched: [ContainerID: Int] = [:]

    var isEmpty: Bool { items.isEmpty }

    mutating func mark(_ item: Pending, fromEntry entry: Int = 0) {
        if case .entries(let stack) = item {
            firstTouched[stack] = min(firstTouched[stack] ?? entry, entry)
        }
        if marked.insert(item).inserted { items.append(item) }
    }

    func firstTouchedEntry(of stack: ContainerID) -> Int { firstTouched[stack] ?? 0 }

    mutating func clear(_ item: Pending) {
        guard marked.remove(item) != nil else { return }
        items.removeAll { $0 == item }
        if case .entries(let stack) = item { firstTouched[stack] = nil }
    }
}
