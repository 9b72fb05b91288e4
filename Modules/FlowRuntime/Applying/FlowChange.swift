import FlowKernel

/// A strategy's decision for one request, as a value: the host change to make, and the state the
/// flow keeps once the host has made it.
///
/// A strategy decides from where its flow stands and never changes the host itself: it hands its
/// decision to the runtime (``FlowLifecycle/make(_:on:)``), which carries out the host change
/// whole, reports what the change delivered, and gives the state back to keep. A guard's or the
/// host's refusal throws before the state is kept, so the flow's state and the host change
/// together or not at all — SwiftNIO's state machines' shape: each event a new state and the
/// action to take, one value a table test reads with no host.
///
/// ```swift
/// let decision = FlowChange(HostChange([.push(.screen(card), onto: stack)], origin: .flow(id)), state: state.showing(step: 2))
/// state = try lifecycle.make(decision, on: host)
/// ```
@MainActor
public struct FlowChange<State> {
    /// What the host is to change, in order, for one origin.
    public var host: HostChange
    /// The flow's state once the host has made the change, or what changes of it, for a flow
    /// whose state grows with what it shows.
    public var state: State
    /// What runs once every guard has allowed the change, before its first operation: what a
    /// request does only once it is sure to happen, such as a `configure` hook on the screens it
    /// is about to show.
    public var onceAccepted: (@MainActor () -> Void)?
    /// What the change hands on besides the host's own events (a context delivered to a screen),
    /// each reported once the operations before it are made.
    public var reports: [Report]

    /// An event the change reports, and how many of its operations are made before it.
    public struct Report {
        /// How many of the change's operations come before the event.
        public var after: Int
        /// The event.
        public var event: FlowEvent

        /// An event reported once `after` operations of the change are made.
        public init(after: Int, _ event: FlowEvent) {
            self.after = after
            self.event = event
        }
    }

    /// A decision: a host change, the state kept with it, and the events it reports.
    public init(_ host: HostChange, state: State, reports: [Report] = []) {
        self.host = host
        self.state = state
        self.reports = reports
    }
}

extension FlowLifecycle {
    /// Makes a decision of the flow's: carries out its host change whole (every guard asked before
    /// the first operation), reports its events among its operations, and returns the state the
    /// flow keeps.
    ///
    /// Call it inside the flow's request (``navigate(_:)``).
    ///
    /// - Throws: `guardRefused` or the host's error; nothing has changed then, and the flow keeps
    ///   the state it had.
    public func make<State>(_ decision: FlowChange<State>, on host: any FlowHost) throws -> State {
        try host.make(decision)
    }

    /// ``end(_:on:removing:releasing:)`` for a flow whose content leaves in one host change:
    /// asks the children's guards, makes `removal`, lets go with `releasing`, then finishes.
    ///
    /// - Throws: the guards' refusal and the host's error; nothing changes then.
    public func end(_ outcome: FlowOutcome<Result>, on host: any FlowHost, removal: HostChange, releasing: () -> Void) throws {
        try end(outcome, on: host, removing: { try $0.carryOut(removal) }, releasing: releasing)
    }

    /// ``end(_:removing:releasing:)`` for a flow whose content leaves in one host change, decided
    /// from what the host shows once the request has opened.
    ///
    /// - Throws: what ``navigate(_:)`` throws, the guards' refusal and the host's error; nothing
    ///   changes then.
    public func end(_ outcome: FlowOutcome<Result>, removal: (any FlowHost) -> HostChange, releasing: () -> Void) throws {
        try navigate { host in try end(outcome, on: host, removal: removal(host), releasing: releasing) }
    }

    /// ``endDetached(removing:releasing:)`` for a flow whose content leaves in one host change,
    /// decided from what the host shows when the flow ends.
    public func endDetached(removal: (any FlowHost) -> HostChange, releasing: () -> Void) {
        endDetached(removing: { try $0.carryOut(removal($0)) }, releasing: releasing)
    }
}

extension FlowHost {
    /// Makes a decision: carries out its host change whole (every guard asked before the first
    /// operation), reports its events among its operations, and returns the state to keep. What a
    /// flow's lifecycle does (``FlowLifecycle/make(_:on:)``), for a decision made with no flow of
    /// its own: a router session placed on a host by hand.
    ///
    /// - Throws: `guardRefused` or the host's error; nothing has changed then.
    public func make<State>(_ decision: FlowChange<State>) throws -> State {
        if let onceAccepted = decision.onceAccepted, decision.reports.isEmpty {
            try carryOut(decision.host, onceAccepted: onceAccepted)
            return decision.state
        }
        guard !decision.reports.isEmpty else {
            try carryOut(decision.host)
            return decision.state
        }
        let operations = decision.host.operations
        let origin = decision.host.origin
        if operations.count > 1 || decision.onceAccepted != nil { try checkGuards(of: operations, origin: origin) }
        decision.onceAccepted?()
        var reports = decision.reports[...]
        for (index, operation) in operations.enumerated() {
            while let report = reports.first, report.after <= index {
                self.report(report.event)
                reports.removeFirst()
            }
            try apply(operation, origin: origin)
        }
        for report in reports { self.report(report.event) }
        return decision.state
    }
}
