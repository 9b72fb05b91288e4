/// One change a host made or one thing a flow did, as a plain value.
///
/// Transcripts, logging, analytics and replay are all built on events. A host reports one event per
/// change it makes; flows report their own lifecycle through ``PresentationHost/report(_:)`` so that
/// both arrive in one ordered stream. Every event names its ``Origin``: the flow that asked, the
/// user, or the system.
public struct FlowEvent: Hashable, Sendable, CustomStringConvertible {
    /// Who made the change.
    public var origin: Origin
    /// What happened.
    public var change: Change

    /// Makes an event with an origin.
    public init(_ change: Change, origin: Origin) {
        self.origin = origin
        self.change = change
    }

    /// Makes an event a flow made, or the system with `nil`.
    public init(_ change: Change, flow: FlowID? = nil) {
        self.init(change, origin: .of(flow))
    }

    /// The flow that asked for the change, if a flow did.
    public var flow: FlowID? { origin.flow }

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
        /// A person's gesture that a screen does not allow was refused and changed nothing; a
        /// platform host puts its container back as it was (the sheet springs back, the back swipe
        /// is cancelled).
        case gestureRefused(UserGesture, reason: String)
        /// A screen's guard refused a change, which changed nothing (``Screen/shouldLeave(by:)``,
        /// ``Screen/shouldEnter(by:)``); the origin is whoever asked for the change.
        case guardRefused(GuardRefusal)
        /// A request made where nothing could throw — a screen's closure, a child's finish handler —
        /// was refused and changed nothing; the flow that ran it reports it so that it is not lost.
        case requestRefused(FlowError)
        /// A value of the type named was handed to shown screens — a chain's context to the screen
        /// it shows next, a router's update to the screens that handle it — which may name
        /// themselves anew. The product that hands it over says what kind of value it was, and the
        /// verb of its line (``Delivery``).
        case delivered(ScreenType, to: [ScreenRef], as: Delivery)
        /// Something a product reports in its own terms, as a value of a type it declares
        /// (``FlowEventPayload``): FlowLinks' decision about a link, FlowPlatform's drift of a
        /// platform from its model.
        case payload(Payload)
        /// Something of your own worth a line in a transcript: `name` says what, `detail` to what.
        /// FlowKit's own modules report the typed cases above; this one is for apps, hosts and
        /// test probes (a kind of your own with values to match on is a ``payload(_:)``).
        case note(String, detail: String)
    }

    /// One line for transcripts: `[shop] push Catalog onto [main]`, `(user) pop Cart from [main]`;
    /// a change of the system's has no prefix.
    public var description: String {
        origin.linePrefix + change.description
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
        case .gestureRefused(let gesture, let reason): "refuse \(gesture): \(reason)"
        case .requestRefused(let error): "refuse request: \(error)"
        case .guardRefused(let refusal): "refuse \(refusal)"
        case .delivered(let type, let screens, let delivery):
            "\(delivery.verb) \(type) to \(screens.map(\.description).joined(separator: ", "))"
        case .payload(let payload): payload.description
        case .note(let name, let detail): "\(name) \(detail)"
        }
    }
}
