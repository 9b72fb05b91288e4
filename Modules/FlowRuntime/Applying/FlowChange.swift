import FlowKernel

/// A strategy's decision for one request, as a value: the host change to make, and the state the
/// flow keeps once the host has made it.
///
/// A strategy decides from where its flow stands and never changes the host itself: it hands its
/// decision to its run (`FlowFrontDoor.decide`), which carries out the host change
/// whole, reports what the change delivered, and gives the state back to keep. A guard's or the
/// host's refusal throws before the state is kept, so the flow's state and the host change
/// together or not at all — SwiftNIO's state machines' shape: each event a new state and the
/// action to take, one value a table test reads with no host.
///
/// ```swift
/// // The step's screen pushed, and the chain's state change that goes with it.
/// let decision = FlowChange(HostChange([.push(.screen(card), onto: stack)], origin: .flow(id)), state: Shown(step: 2, screen: card))
/// return .change(decision)   // in the door's `decide`; the run keeps the state once the host accepts
/// ```
@MainActor
@usableFromInline package struct FlowChange<State> {
    /// What the host is to change, in order, for one origin.
    @usableFromInline package var host: HostChange
    /// The flow's state once the host has made the change, or what changes of it, for a flow
    /// whose state grows with what it shows.
    @usableFromInline package var state: State
    /// What runs once every guard has allowed the change, before its first operation: what a
    /// request does only once it is sure to happen, such as a `configure` hook on the screens it
    /// is about to show.
    @usableFromInline package var onceAccepted: (@MainActor () -> Void)?
    /// What the change hands on besides the host's own events (a context delivered to a screen),
    /// each reported once the operations before it are made.
    @usableFromInline package var reports: [Report]
    /// What runs once the request that made the change is over and the flows it touched have
    /// followed: a callback the change answers, which may itself make a request.
    @usableFromInline package var effect: (@MainActor () -> Void)?

    /// An event the change reports, and how many of its operations are made before it.
    @usableFromInline package typealias Report = FlowChangeReport

    /// A decision: a host change, the state kept with it, and the events it reports.
    @inlinable @inline(__always)
    package init(
        _ host: HostChange, state: State, reports: [Report] = [], onceAccepted: (@MainActor () -> Void)? = nil, then effect: (@MainActor () -> Void)? = nil
    ) {
        self.host = host
        self.state = state
        self.reports = reports
        self.onceAccepted = onceAccepted
        self.effect = effect
    }
}

extension FlowHost {
    /// Makes a decision: carries out its host change whole (every guard asked before the first
    /// operation), reports its events among its operations, and returns the state to keep: what a
    /// flow's run does (`FlowRun/carryOut(_:on:)`), for a decision made with no flow of its own.
    ///
    /// - Throws: `guardRefused` or the host's error; nothing has changed then.
    @inlinable @inline(__always)
    package func make<State>(_ decision: FlowChange<State>) throws -> State {
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

/// An event a `FlowChange` reports, and how many of its operations are made before it.
@usableFromInline package struct FlowChangeReport {
    /// How many of the change's operations come before the event.
    @usableFromInline package var after: Int
    /// The event.
    @usableFromInline package var event: FlowEvent

    /// An event reported once `after` operations of the change are made.
    @usableFromInline package init(after: Int, _ event: FlowEvent) {
        self.after = after
        self.event = event
    }
}
