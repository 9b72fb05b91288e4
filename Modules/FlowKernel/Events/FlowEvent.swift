/// One change a host made or one thing a flow did, as a plain value.
///
/// Transcripts, logging, analytics and replay are all built on events. A host reports one event per
/// change it makes; flows report their own lifecycle through ``PresentationHost/report(_:)`` so that
/// both arrive in one ordered stream.
public struct FlowEvent: Hashable, Sendable, CustomStringConvertible {
    /// The flow that asked for the change, if any.
    public var flow: FlowID?
    /// What happened.
    public var change: Change

    /// Makes an event.
    public init(_ change: Change, flow: FlowID? = nil) {
        self.flow = flow
        self.change = change
    }

    /// What happened.
    public enum Change: Hashable, Sendable {
        /// The host's root was replaced (`nil`: the host shows nothing now).
        case rootReplaced(NodeRef?)
        /// A node was pushed onto a stack.
        case pushed(NodeRef, onto: ContainerID)
        /// Entries were popped off a stack, top first.
        case popped([NodeRef], from: ContainerID)
        /// A stack's entries were replaced.
        case stackReplaced(ContainerID, with: [NodeRef])
        /// A node was presented over another.
        case presented(NodeRef, over: NodeRef)
        /// A presented node, and everything above it, was dismissed.
        case dismissed(NodeRef, presentedBy: NodeRef)
        /// A tab was selected.
        case tabSelected(Int, in: ContainerID)
        /// A tab was inserted.
        case tabInserted(NodeRef, at: Int, in: ContainerID)
        /// A tab was removed.
        case tabRemoved(NodeRef, at: Int, in: ContainerID)
        /// A node was added as a child of a screen.
        case childAdded(NodeRef, to: NodeRef)
        /// A child was removed from the screen that contained it.
        case childRemoved(NodeRef, from: NodeRef)
        /// A flow started, as a child of `parent` if it has one.
        case flowStarted(parent: FlowID?)
        /// A flow completed; `result` describes its result for people (empty for a `Void` result).
        case flowCompleted(result: String)
        /// A flow was cancelled.
        case flowCancelled
        /// A strategy-specific step worth a line in a transcript, such as a router delivering an
        /// update: `name` says what, `detail` to what.
        case note(String, detail: String)
    }

    /// One line for transcripts: `[shop] push Catalog onto [main]`.
    public var description: String {
        let prefix = flow.map { "[\($0.name)] " } ?? ""
        return prefix + change.description
    }
}

extension FlowEvent.Change: CustomStringConvertible {
    /// A short sentence: `push Catalog onto [main]`.
    public var description: String {
        switch self {
        case .rootReplaced(let node): "root \(node?.description ?? "cleared")"
        case .pushed(let node, let stack): "push \(node) onto [\(stack)]"
        case .popped(let nodes, let stack): "pop \(nodes.map(\.description).joined(separator: ", ")) from [\(stack)]"
        case .stackReplaced(let stack, let nodes): "set [\(stack)] to \(nodes.map(\.description).joined(separator: ", "))"
        case .presented(let node, let anchor): "present \(node) over \(anchor)"
        case .dismissed(let node, let anchor): "dismiss \(node) from \(anchor)"
        case .tabSelected(let index, let tabs): "select tab \(index) of [\(tabs)]"
        case .tabInserted(let node, let index, let tabs): "insert tab \(index) \(node) into [\(tabs)]"
        case .tabRemoved(let node, let index, let tabs): "remove tab \(index) \(node) from [\(tabs)]"
        case .childAdded(let node, let parent): "add child \(node) to \(parent)"
        case .childRemoved(let node, let parent): "remove child \(node) from \(parent)"
        case .flowStarted(let parent): parent.map { "start (child of \($0))" } ?? "start"
        case .flowCompleted(let result): result.isEmpty ? "complete" : "complete with \(result)"
        case .flowCancelled: "cancel"
        case .note(let name, let detail): "\(name) \(detail)"
        }
    }
}
