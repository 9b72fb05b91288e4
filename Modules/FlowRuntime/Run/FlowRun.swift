import FlowKernel
import FlowSnapshot

/// One flow's run: everything a running flow is that is not its programming model's own, written
/// once for every flow.
///
/// Each strategy's public type — FlowStack's `StackNavigator`, FlowChain's `ChainFlow`, FlowRouter's
/// `RouterFlow`, FlowCoordinator's coordinators — and ``LogicFlow`` is a front door
/// (`FlowFrontDoor`): it keeps its name, generics and verbs, holds a run, and gives the run its
/// logic through package members apps cannot see. The run keeps the flow's phase, its outcome set
/// once and its handlers run once in order, its host, its place in the host's ``FlowTree``, and
/// runs every request the flow makes ([the request cycle](doc:FlowRun/decide(_:origin:_:))), its
/// start, its end by request, its end when what it stands on is gone, its restore
/// (`FlowRun+Restoring.swift`), and the alert it waits on (`FlowRun+Alerts.swift`).
///
/// The run is the package's own: an app drives a flow through its front door's verbs, and writes a
/// flow of its own as a ``FlowLogic`` that ``LogicFlow`` runs.
@MainActor
@usableFromInline
package final class FlowRun<Result> {
    /// The flow's name.
    package let id: FlowID
    /// Where the flow is in its life.
    package private(set) var phase: FlowPhase = .ready
    /// How the flow ended, once it has.
    package private(set) var outcome: FlowOutcome<Result>?
    /// The flow this one runs as a child of, once started.
    package private(set) var parent: FlowID?
    /// The host the flow was started on, while it runs. Cleared when it finishes.
    @usableFromInline package private(set) var host: (any FlowHost)?

    /// Whether one of the flow's requests is under way (``request(_:)``), or the flow is ending
    /// because what it stands on is gone: the one re-entrancy rule of every flow, kept here so that
    /// no flow keeps a flag of its own. A flow that hears of a change meanwhile made it itself.
    @usableFromInline package private(set) var isNavigating = false

    /// While a flow whose door makes requests as it starts shows its first content, in code of the
    /// app's own (a coordinator's `start()`): the host it starts on, and who its start is made for.
    private var starting: (host: any FlowHost, origin: FlowEvent.Origin?)? {
        didSet {
            startOrigin = starting?.origin.flatMap { $0 == .flow(id) ? nil : $0 }
            startsForSomeoneElse = startOrigin != nil
        }
    }
    /// Who a change the door makes for itself is made for while the flow starts for someone else
    /// (a restore): the run, not the door, says who its requests are made for. `nil` otherwise.
    @usableFromInline package private(set) var startOrigin: FlowEvent.Origin?
    /// Whether ``startOrigin`` is set: a flag every request reads, cheaper than the origin.
    @exclusivity(unchecked) @usableFromInline package private(set) var startsForSomeoneElse = false

    /// The alert the flow presents, while it waits for its answer: the flow's requests are
    /// refused until it is answered (its end is not). Read on every request; main-actor only and
    /// changed synchronously, so it opts out of run-time exclusivity checks.
    @exclusivity(unchecked) package internal(set) var alert: Alert?

    private var handlers: [@MainActor (FlowOutcome<Result>) -> Void] = []
    /// The flow this run belongs to, once it joined its host's tree. Weak: the tree keeps the
    /// flow, and the flow keeps its run.
    private weak var member: (any FlowTreeMember)?

    /// Makes the run of a flow named `id`; it runs once its front door starts it.
    package init(id: FlowID) { self.id = id }

    // MARK: The phases

    /// Throws unless the flow can start now: `flowAlreadyStarted`, `flowFinished`.
    package func requireReady() throws {
        switch phase {
        case .ready: return
        case .running: throw FlowError(.flowAlreadyStarted, "The flow '\(id)' is already running.")
        case .finished: throw finishedError
        }
    }

    /// The host of a running flow, or `flowNotStarted`, `flowFinished`.
    @discardableResult
    @usableFromInline package func requireRunning() throws -> any FlowHost {
        switch phase {
        case .running:
            // `didStart` sets the host with the phase, and `finish` clears both.
            guard let host else { throw FlowError(.flowNotStarted, "The flow '\(id)' has no host.") }
            return host
        case .ready: throw FlowError(.flowNotStarted, "The flow '\(id)' has not been started.")
        case .finished: throw finishedError
        }
    }

    /// The host of a running flow that may navigate now, or `flowNotStarted`, `flowFinished`, and
    /// `reentrantNavigation` while the host is making a change or delivering an event, before the
    /// request changes anything.
    @discardableResult
    package func requireNavigable() throws -> any FlowHost {
        let host = try requireRunning()
        try Self.requireIdle(host, for: id)
        return host
    }

    /// Throws `reentrantNavigation` while a host is making a change or delivering an event: a
    /// request made then (from an observer) is refused whole.
    package static func requireIdle(_ host: any FlowHost, for flow: FlowID?) throws {
        guard host.isChanging else { return }
        let name = flow.map { " '\($0)'" } ?? ""
        throw FlowError(
            .reentrantNavigation,
            "The host is making a change or delivering its event; the flow\(name) cannot navigate inside it. Navigate from a follower or after the change.")
    }

    /// Adds a handler for the outcome; runs it at once if the flow has finished.
    package func onFinish(_ handler: @escaping @MainActor (FlowOutcome<Result>) -> Void) {
        if let outcome {
            handler(outcome)
        } else {
            handlers.append(handler)
        }
    }

    /// The origin of the flow's own changes.
    @usableFromInline package var ownOrigin: FlowEvent.Origin { .flow(id) }

    /// Who the flow's requests are made for: the start's origin while the flow starts (a
    /// restore's, when it starts for one), the flow's own otherwise.
    package var origin: FlowEvent.Origin {
        starting?.origin ?? .flow(id)
    }

    /// The host of a running flow that has no request of its own under way: where a change
    /// someone else made is followed. `nil` otherwise: a flow's own changes never make it follow.
    package var followingHost: (any FlowHost)? {
        guard phase == .running, !isNavigating else { return nil }
        return host
    }

    private var finishedError: FlowError {
        FlowError(.flowFinished, "The flow '\(id)' has already finished.")
    }

    // MARK: Requests

    /// Runs a request of the flow: running, idle, one at a time, inside one request of the host's
    /// tree, so that the flows it touches follow once it returns.
    ///
    /// A request made while another of the same flow is under way — from a screen's factory or a
    /// `configure` hook, before the host changes anything — is refused whole with
    /// `reentrantNavigation`, as one made from inside a host's change is.
    ///
    /// While the flow starts, its door's requests (the moves of a coordinator's `start()`) are
    /// requests too, on the host it starts on, inside its start's request of the tree.
    @usableFromInline
    package func request<T>(_ body: (any FlowHost) throws -> T) throws -> T {
        let host = try openRequest()
        defer { closeRequest(on: host) }
        return try body(host)
    }

    /// Opens a request of the flow (``request(_:)``'s rules) and returns its host; every path
    /// after it closes it with ``closeRequest(on:)``. What a door's `decide` uses, so that a
    /// request needs no closure and is inlined whole into the door's verb.
    ///
    /// - Throws: `flowNotStarted`, `flowFinished`, `reentrantNavigation`; no request is open then.
    @usableFromInline
    package func openRequest() throws -> any FlowHost {
        let host = try openableHost()
        if alert != nil { try requireNoAlert(on: host) }
        return try open(on: host)
    }

    /// Opens a request that the flow's alert does not hold back: its end, and the alert's answer.
    ///
    /// - Throws: what ``openRequest()`` throws, but for the alert.
    @usableFromInline
    package func openRequestPastAlert() throws -> any FlowHost {
        try open(on: try openableHost())
    }

    /// The host a request would open on: the start's while the flow starts, else the running
    /// flow's, idle.
    @inline(__always)
    private func openableHost() throws -> any FlowHost {
        try starting.map { starting in
            try Self.requireIdle(starting.host, for: id)
            return starting.host
        } ?? requireNavigable()
    }

    /// Throws `hostRejected` while the flow's alert is shown, waiting for its answer; forgets an
    /// alert someone else took away.
    package func requireNoAlert(on host: any FlowHost) throws {
        guard let alert else { return }
        guard host.contains(.of(alert)) else {
            self.alert = nil
            return
        }
        throw FlowError(.hostRejected, "The flow '\(id)' waits for the answer to its alert '\(alert.alert.title)'; answer it first.")
    }

    @inline(__always)
    private func open(on host: any FlowHost) throws -> any FlowHost {
        host.flows.openRequest()
        guard !isNavigating else {
            host.flows.closeRequest(on: host)
            throw FlowError(.reentrantNavigation, "The flow '\(id)' is already navigating; a request cannot start inside another.")
        }
        isNavigating = true
        return host
    }

    /// Closes a request ``openRequest()`` opened: the flows its changes touched follow.
    @usableFromInline
    package func closeRequest(on host: any FlowHost) {
        isNavigating = false
        host.flows.closeRequest(on: host)
    }

    /// Makes a host change of the flow's inside its request: every guard asked before the first
    /// operation, the change's events reported among its operations, `onceAccepted` run once every
    /// guard allowed it.
    ///
    /// - Throws: `guardRefused` or the host's error; nothing has changed then.
    @inlinable @inline(__always)
    package func carryOut<State>(_ change: FlowChange<State>, on host: any FlowHost) throws {
        // While the flow starts for a restore, what the door makes for itself is made for the
        // restore (a coordinator's start() moves to its first screen).
        if startsForSomeoneElse, let startOrigin, change.host.origin == ownOrigin {
            var made = change.host
            made.origin = startOrigin
            return try host.make(made, reports: change.reports, onceAccepted: change.onceAccepted)
        }
        // The most common decree, one operation with nothing reported or run on acceptance: the
        // host asks its guards as it makes it.
        if change.reports.isEmpty, change.onceAccepted == nil {
            switch change.host.storage {
            case .one(let operation): return try host.apply(operation, origin: change.host.origin)
            case .many(let operations) where operations.count == 1: return try host.apply(operations[0], origin: change.host.origin)
            case .many: break
            }
        }
        try host.make(change.host, reports: change.reports, onceAccepted: change.onceAccepted)
    }

    /// Asks, inside the flow's request, the guard of a screen the request is about to show, before
    /// the request hands the screen anything: a guard answers once per request, so the host does
    /// not ask it again when the change shows it.
    ///
    /// - Throws: `guardRefused`, reported as an event; nothing has changed then.
    package func askAhead(entering screen: any Screen, origin: FlowEvent.Origin) throws {
        guard let host else { return }
        if case .refuse(let reason) = host.flows.answer(of: screen, .entering, origin: origin) {
            throw host.refused(GuardRefusal(screen: ScreenRef(screen), direction: .entering, reason: reason), origin: origin)
        }
    }

    /// Asks, inside the flow's request, the guards of the screens in and above `nodes` and of
    /// `screens`, ahead of a change that takes the nodes away and shows the screens, and of the
    /// flows the change would end: what a request asks before it runs code of the app's own that
    /// decides the rest (a chain's step actions). Each guard that allows answers once per request.
    ///
    /// - Throws: `guardRefused`, reported as an event; nothing has changed then.
    package func askAhead(removing nodes: [NodeRef], showing screens: [any Screen], origin: FlowEvent.Origin) throws {
        guard let host else { return }
        try host.checkGuards(removing: nodes, showing: screens, origin: origin)
    }

    // MARK: Starting

    /// Starts the flow in its host's ``FlowTree`` as one request: `show` puts its first content on
    /// the host (made for `origin`, or for the flow); the flow runs once it returns, and its start
    /// is reported with that origin. The tree keeps the flow from now until it has finished.
    ///
    /// - Parameter requesting: Whether `show` makes the first content through the flow's own
    ///   requests (a coordinator's `start()` moves to its first screen): they are requests of the
    ///   run, on the host the flow starts on, made for `origin` (``origin``).
    /// - Throws: `flowAlreadyStarted`, `flowFinished`, and what `show` throws; the flow is not in
    ///   the tree then.
    package func begin(
        _ door: some FlowTreeMember, on host: any FlowHost, parent: FlowID?, origin: FlowEvent.Origin?, requesting: Bool = false, _ show: () throws -> Void
    ) throws {
        try requireReady()
        member = door
        do {
            try host.flows.start(door, parent: parent, on: host) {
                if requesting { starting = (host, origin) }
                defer { starting = nil }
                try show()
                starting = nil
                try didStart(on: host, parent: parent, origin: origin)
            }
        } catch {
            member = nil
            throw error
        }
    }

    /// Starts the flow on one first screen at a placement: checks it can start, makes its mount
    /// (throwing `notFound` for a stack the placement names that the host does not show), makes
    /// the screen with `first` (with what else the door keeps of it), then, as one request of the
    /// tree, shows it through the mount for `origin` (or the flow) and hands the mount, the screen
    /// and what `first` made to `keep` before the flow runs.
    ///
    /// - Throws: what ``begin(_:on:parent:origin:_:)``, `first` and `keep` throw, and the host's
    ///   or a guard's refusal; nothing is shown then.
    package func begin<First>(
        _ door: some FlowTreeMember, at placement: FlowPlacement, on host: any FlowHost, parent: FlowID?, origin: FlowEvent.Origin?,
        first: () throws -> (any Screen, First), keeping keep: (FlowMount, any Screen, First) throws -> Void
    ) throws {
        try requireReady()
        var mount = try FlowMount(for: id, at: FlowMount.Site(placement), on: host)
        let (screen, made) = try first()
        try begin(door, on: host, parent: parent, origin: origin) {
            let showing = try mount.showing(.screen(screen), on: host)
            try host.carryOut(showing.operation, origin: origin ?? .flow(id))
            mount.didShow(showing)
            try keep(mount, screen, made)
        }
    }

    /// Marks the flow running on a host and reports `flowStarted`, with the flow's own origin, or
    /// the one given (a restore's).
    private func didStart(on host: any FlowHost, parent: FlowID?, origin: FlowEvent.Origin?) throws {
        try requireReady()
        self.phase = .running
        self.parent = parent
        self.host = host
        host.report(FlowEvent(.flowStarted(parent: parent), origin: origin ?? .flow(id)))
    }

    // MARK: Ending

    /// Throws the refusal of the guards of what the ends of the flow's children (and theirs) would
    /// take away, reported as an event, before a flow's end changes anything: a child presented
    /// somewhere the flow's own removal does not reach goes with it all the same.
    package func checkChildrenGuards() throws {
        guard let host, let member, let refusal = host.flows.childrenRefusal(of: member) else { return }
        throw host.refused(refusal, origin: .flow(id))
    }

    /// Asks, inside the flow's request, the guards of everything its end would take away — what
    /// `removal` takes and what its children's ends take — before the end changes anything, and
    /// throws their refusal, reported as an event.
    @usableFromInline package func askAhead(ending removal: HostChange, on host: any FlowHost) throws {
        try host.checkGuards(of: removal.operations, origin: removal.origin)
        try checkChildrenGuards()
    }

    /// Ends the flow as a decree says it, inside a request already under way: with `first`, every
    /// guard of what the end takes away answers before `first` runs; then the children's guards,
    /// the removal (the ending's, or the door's read now), what the flow lets go of, the ending's
    /// effect, and the finish.
    ///
    /// - Throws: the guards' refusal, what `first` throws, and the host's error.
    @usableFromInline
    package func end(_ ending: FlowEnding, on host: any FlowHost, removal: (any FlowHost) -> HostChange, releasing: () -> Void) throws {
        if let first = ending.first {
            try askAhead(ending: ending.removal ?? removal(host), on: host)
            try first()
        }
        try end(ending.outcome(as: Result.self), on: host, removal: ending.removal ?? removal(host)) {
            releasing()
            ending.effect?()
        }
    }

    /// Ends the flow from inside a request already under way: the children's guards answer,
    /// `removal` is made, `releasing` lets go, and the flow finishes with `outcome`.
    ///
    /// - Throws: the guards' refusal and the host's error; nothing changes then.
    @usableFromInline
    package func end(_ outcome: FlowOutcome<Result>, on host: any FlowHost, removal: HostChange, releasing: () -> Void) throws {
        try checkChildrenGuards()
        try host.carryOut(removal)
        releasing()
        try finish(outcome)
    }

    /// Ends the flow cancelled because what it stands on is gone: what of its own is left goes
    /// (`removal`, decided from what the host shows then), as far as the host lets it, since what
    /// the flow stood on has gone already; then `releasing` lets go, and the flow finishes. Does
    /// nothing unless the flow runs; never throws.
    ///
    /// - Parameter endingChildrenFirst: Whether the flow's children end before its removal is
    ///   read and made (a coordinator's child on its stack goes before the coordinator's screens);
    ///   otherwise they end as the flow finishes, after its removal.
    @usableFromInline package func endDetached(endingChildrenFirst: Bool = false, removal: (any FlowHost) -> HostChange, releasing: () -> Void) {
        guard phase == .running, let host else { return }
        isNavigating = true
        host.flows.request(on: host) {
            if endingChildrenFirst, let member { host.flows.endChildren(of: member) }
            try? host.carryOut(removal(host))
        }
        isNavigating = false
        releasing()
        try? finish(.cancelled)
    }

    /// Finishes the flow once its screens are gone: ends the children it started that still run
    /// (innermost first), records the outcome, reports it, lets the host's tree go of the flow,
    /// then runs every handler once, in order.
    private func finish(_ outcome: FlowOutcome<Result>) throws {
        let host = try requireRunning()
        self.phase = .finished
        // An alert left unanswered went with the flow's screens; nobody is told of it.
        alert?.respond = nil
        alert = nil
        self.outcome = outcome
        self.host = nil
        // Finished first, so that nothing the children's ends set off can end this flow again.
        let member = self.member
        if let member { host.flows.endChildren(of: member) }
        switch outcome {
        case .completed(let result):
            // A flow that completes with nothing says just that, not "with ()".
            let described = result is Void ? "" : String(describing: result)
            host.report(FlowEvent(.flowCompleted(result: described), flow: id))
        case .cancelled: host.report(FlowEvent(.flowCancelled, flow: id))
        }
        if let member { host.flows.flowDidFinish(member) }
        self.member = nil
        let pending = handlers
        handlers = []
        for handler in pending { handler(outcome) }
    }
}
