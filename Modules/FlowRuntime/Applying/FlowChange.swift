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
/// // The step's screen pushed, and the chain's state change that goes with it.
/// let decision = FlowChange(HostChange([.push(.screen(card), onto: stack)], origin: .flow(id)), state: Shown(step: 2, screen: card))
/// state.apply(try lifecycle.make(decision, on: host))
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
    public typealias Report = FlowChangeReport

    /// A decision: a host change, the state kept with it, and the events it reports.
    @inlinable @inline(__always)
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
    @inlinable @inline(__always)
    public func make<State>(_ decision: FlowChange<State>, on host: any FlowHost) throws -> State {
        try host.make(decision)
    }

    /// Makes the host change of a decision of one operation, the most common request: the host
    /// asks the operation's guards as it makes it. The flow keeps its decided state once this
    /// returns; a throw leaves it as it was.
    ///
    /// - Throws: `guardRefused` or the host's error; nothing has changed then.
    public func make(_ operation: HostOperation, origin: FlowEvent.Origin, on host: any FlowHost) throws {
        try host.carryOut(operation, origin: origin)
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
    @inlinable @inline(__always)
    public func make<State>(_ decision: FlowChange<State>) throws -> State {
        try make(decision.host, reports: decision.reports, onceAccepted: decision.onceAccepted)
        return decision.state
    }

    /// The host change of a decision, whatever state it keeps: carried out whole, its events
    /// reported among its operations, `onceAccepted` run once every guard allowed it.
    @usableFromInline
    func make(_ change: HostChange, reports: [FlowChangeReport], onceAccepted: (@MainActor () -> Void)?) throws {
        if reports.isEmpty {
            if let onceAccepted {
                try carryOut(change, onceAccepted: onceAccepted)
            } else {
                try carryOut(change)
            }
            return
        }
        let operations = change.operations
        let asked = operations.count > 1 || onceAccepted != nil
        if asked { try checkGuards(of: operations, origin: change.origin) }
        onceAccepted?()
        var next = 0
        for (index, operation) in operations.enumerated() {
            while next < reports.count, reports[next].after <= index {
                report(reports[next].event)
                next += 1
            }
            if asked { try apply(asked: operation, origin: change.origin) } else { try apply(operation, origin: change.origin) }
        }
        while next < reports.count {
            report(reports[next].event)
            next += 1
        }
    }
}

/// An event a ``FlowChange`` reports, and how many of its operations are made before it.
public struct FlowChangeReport {
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
