extension FlowEvent {
    /// Who made a change: a flow's request, the person using the app, or the system.
    ///
    /// Every event names its origin, so a transcript tells what the user did from what the flows
    /// did, and a flow can tell its own changes from the ones it has to follow. Origins are an open
    /// set, like ``FlowError/Code``: later sources (restoring saved state, opening a link) are added
    /// as new static members without breaking a `switch` anyone wrote.
    ///
    /// ```swift
    /// if event.origin == .user { analytics.log("back gesture") }
    /// if let flow = event.origin.flow { print("asked by \(flow)") }
    /// ```
    public struct Origin: Hashable, Sendable, CustomStringConvertible {
        /// Where the change came from: `flow`, `user`, `system`, or a name of your own.
        public let source: String
        /// The flow that asked, when a flow asked.
        public let flow: FlowID?

        /// Makes an origin with a source of your own, and the flow it acts for, if any.
        public init(source: String, flow: FlowID? = nil) {
            self.source = source
            self.flow = flow
        }

        /// A flow's own request, or its own lifecycle event.
        public static func flow(_ id: FlowID) -> Origin { Origin(source: "flow", flow: id) }

        /// The person using the app, through the platform's own controls: the system back button
        /// or edge swipe, the back menu, swiping a sheet down, the tab bar.
        public static let user = Origin(source: "user")

        /// A change no flow asked for and no person made: the app's own code calling the host
        /// directly, or the platform.
        public static let system = Origin(source: "system")

        /// A flow's change made for a link it arrives at (FlowLinks): the flow's change, which
        /// followers do not follow, written `(link) [shop]` in transcripts.
        public static func link(for flow: FlowID) -> Origin { Origin(source: "link", flow: flow) }

        /// A flow's change made to bring back a saved FlowSnapshot's `NavigationSnapshot`: the flow's change,
        /// which followers do not follow, written `(restored) [shop]` in transcripts.
        public static func restored(for flow: FlowID) -> Origin { Origin(source: "restored", flow: flow) }

        /// The origin of a change a flow asks for, or ``system`` for none.
        public static func of(_ flow: FlowID?) -> Origin { flow.map(Origin.flow) ?? .system }

        /// Whether a flow asked for the change.
        public var isFlow: Bool { flow != nil }

        /// How a transcript line starts: `[shop] ` for a flow, `(user) ` for the user, nothing for
        /// the system, `(name) ` for any other source, `(name) [shop] ` for a flow's change made
        /// for another source (a link).
        public var linePrefix: String {
            if let flow { return source == "flow" ? "[\(flow.name)] " : "(\(source)) [\(flow.name)] " }
            return self == .system ? "" : "(\(source)) "
        }

        /// `shop` for a flow, otherwise the source.
        public var description: String { flow?.name ?? source }
    }
}
