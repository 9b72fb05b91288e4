import FlowKernel
public import Logging

extension FlowEventLogger {
    /// The metadata keys a record can carry. Every record has ``change`` and ``origin``; the
    /// others appear when the event names what they describe.
    public enum MetadataKey {
        /// What happened, as the case's name: `pushed`, `dismissed`, `flowCompleted`, ...
        public static let change = "change"
        /// Who made the change: `flow`, `user`, `system`, or a source of your own.
        public static let origin = "origin"
        /// The flow that asked for the change, or whose event it is.
        public static let flow = "flow"
        /// The stack or tab group the change happened in.
        public static let container = "container"
        /// The node the change shows, takes away or addresses, as a transcript names it: a
        /// screen's name, `[name]` for a container. A change that carries a list of nodes (a pop,
        /// a stack replaced, an update delivered) gives a list, however many there are.
        public static let node = "node"
        /// The screen's name among the nodes, or the screens' names, a list as ``node`` is.
        public static let screen = "screen"
        /// The screen's type among the nodes, or the screens' types, a list as ``node`` is; for a
        /// context passed or an update delivered, the screens that received it.
        public static let screenType = "screen_type"
        /// The node a presentation is over or a child is added to.
        public static let anchor = "anchor"
        /// A tab's index.
        public static let index = "index"
        /// The parent of a flow that started as a child.
        public static let parent = "parent"
        /// A completed flow's result, as people read it.
        public static let result = "result"
        /// The type of a context passed or an update delivered.
        public static let valueType = "value_type"
        /// A refused request's ``/FlowKernel/FlowError/Code``.
        public static let errorCode = "error_code"
        /// Why a gesture, a request or a guard refused.
        public static let reason = "reason"
        /// Whether a guard refused a screen `leaving` or `entering` what is shown.
        public static let direction = "direction"
        /// The gesture that was refused.
        public static let gesture = "gesture"
        // A product's own event (a payload) brings its fields under their own names; FlowLinks'
        // and FlowPlatform's are these.

        /// `decision`: what became of a link (`open`, `defer`, `resume`, ...).
        public static let decision = "decision"
        /// `link`: the link, as given.
        public static let link = "link"
        /// `aspect`: which part of a node a platform shows differently (`entries`, `presentation`, ...).
        public static let aspect = "aspect"
        /// `expected`: what the model holds where a platform drifted, as text: the nodes, separated by commas.
        public static let expected = "expected"
        /// `shown`: what the platform shows where it drifted, as text: the nodes, separated by commas.
        public static let shown = "shown"
    }

    /// The structured metadata of one event: see ``MetadataKey``.
    public static func metadata(for event: FlowEvent) -> Logger.Metadata {
        var metadata: Logger.Metadata = [
            MetadataKey.change: .string(event.change.caseName),
            MetadataKey.origin: .string(event.origin.source),
        ]
        if let flow = event.flow { metadata[MetadataKey.flow] = .string(flow.name) }
        switch event.change {
        case .rootReplaced(let node):
            if let node { metadata.describe(node) }
        case .pushed(let node, let stack):
            metadata.describe(node, in: stack)
        case .popped(let nodes, let stack):
            metadata.describe(list: nodes, in: stack)
        case .stackReplaced(let stack, let nodes):
            metadata.describe(list: nodes, in: stack)
        case .presented(let node, let anchor), .dismissed(let node, let anchor),
            .childAdded(let node, let anchor), .childRemoved(let node, let anchor):
            metadata.describe(node)
            metadata[MetadataKey.anchor] = .string(anchor.description)
        case .tabSelected(let index, let tabs):
            metadata[MetadataKey.container] = .string(tabs.name)
            metadata[MetadataKey.index] = .stringConvertible(index)
        case .tabInserted(let node, let index, let tabs), .tabRemoved(let node, let index, let tabs):
            metadata.describe(node, in: tabs)
            metadata[MetadataKey.index] = .stringConvertible(index)
        case .flowStarted(let parent):
            if let parent { metadata[MetadataKey.parent] = .string(parent.name) }
        case .flowCompleted(let result):
            if !result.isEmpty { metadata[MetadataKey.result] = .string(result) }
        case .flowCancelled:
            break
        case .gestureRefused(let gesture, let reason):
            metadata[MetadataKey.gesture] = .string(gesture.description)
            metadata[MetadataKey.reason] = .string(reason)
        case .guardRefused(let refusal):
            metadata.describe(.screen(refusal.screen))
            metadata[MetadataKey.direction] = .string(refusal.direction == .leaving ? "leaving" : "entering")
            metadata[MetadataKey.reason] = .string(refusal.reason)
        case .requestRefused(let error):
            metadata[MetadataKey.errorCode] = .string(error.code.name)
            metadata[MetadataKey.reason] = .string(error.message)
        case .delivered(let type, let screens, _):
            metadata[MetadataKey.valueType] = .string(type.name)
            if screens.count == 1 { metadata.describe(.screen(screens[0])) } else { metadata.describe(list: screens.map(NodeRef.screen)) }
        case .payload(let payload):
            for (name, value) in payload.value.fields { metadata[name] = .string(value) }
        case .note:
            break
        }
        return metadata
    }
}

extension Logger.Metadata {
    private typealias Names = FlowEventLogger.MetadataKey

    /// Names the node a change touched, and the container it happened in.
    fileprivate mutating func describe(_ node: NodeRef, in container: ContainerID? = nil) {
        if let container { self[Names.container] = .string(container.name) }
        self[Names.node] = .string(node.description)
        if let screen = node.screen {
            self[Names.screen] = .string(screen.displayName)
            self[Names.screenType] = .string(screen.type.name)
        }
    }

    /// Names the nodes a change touched as lists, and the container it happened in.
    fileprivate mutating func describe(list nodes: [NodeRef], in container: ContainerID? = nil) {
        if let container { self[Names.container] = .string(container.name) }
        let screens = nodes.compactMap(\.screen)
        self[Names.node] = .array(nodes.map { .string($0.description) })
        if !screens.isEmpty {
            self[Names.screen] = .array(screens.map { .string($0.displayName) })
            self[Names.screenType] = .array(screens.map { .string($0.type.name) })
        }
    }
}

extension FlowEvent.Change {
    /// The case's name, for the `change` key.
    var caseName: String {
        switch self {
        case .rootReplaced: "rootReplaced"
        case .pushed: "pushed"
        case .popped: "popped"
        case .stackReplaced: "stackReplaced"
        case .presented: "presented"
        case .dismissed: "dismissed"
        case .tabSelected: "tabSelected"
        case .tabInserted: "tabInserted"
        case .tabRemoved: "tabRemoved"
        case .childAdded: "childAdded"
        case .childRemoved: "childRemoved"
        case .flowStarted: "flowStarted"
        case .flowCompleted: "flowCompleted"
        case .flowCancelled: "flowCancelled"
        case .gestureRefused: "gestureRefused"
        case .guardRefused: "guardRefused"
        case .requestRefused: "requestRefused"
        case .delivered(_, _, let delivery): delivery.kind
        case .payload(let payload): payload.kind
        case .note: "note"
        }
    }
}
