import FlowKernel
import FlowSnapshot

/// A strategy's public flow type as a front door on its `FlowRun`: what the door gives the run
/// so that the run's plumbing is written once.
///
/// A door gives its run, its mount, where it stands (``position(on:)``), how it keeps a decided
/// state change (``apply(_:)``), what to let go of when the flow ends, and how it answers a change
/// someone else made. The run does the rest: every request (``decide(_:)``), the end by request,
/// the end when what the flow stands on is gone, following the person, the end refusal, the
/// restore. What the tree asks of a flow (`FlowTreeMember`) is written here once, as defaults.
///
/// The members of the kernel's `Flow` contract and of ``RunningFlow`` (`id`, `phase`, `outcome`,
/// `onFinish`, `baseNode`) each door declares in its own module, one line forwarding to the run:
/// a default declared here would be hidden, under `MemberImportVisibility`, from an app that
/// imports the strategy alone (Architecture.md, "What a door forwards").
@MainActor
@usableFromInline package protocol FlowFrontDoor: Flow, FlowTreeMember {
    /// Where the flow stands on the host, read once per request and handed to its decision.
    associatedtype Position = Void
    /// What of the door's state a decision changes with the host.
    associatedtype StateChange = Void

    /// The flow's run.
    var run: FlowRun<Result> { get }
    /// Where the flow shows itself, once started.
    var mount: FlowMount? { get }
    /// Where the flow stands on the host: read once per request, from the host's cheapest queries.
    func position(on host: any FlowHost) -> Position
    /// Keeps a decided state change once the host has made the change that goes with it; returns
    /// what runs once the request is over (a modal's `whenDismissed`), if anything.
    func apply(_ change: StateChange) -> (() -> Void)?
    /// The change that takes the flow's content off the host, leaving it as the flow found it.
    func removal(on host: any FlowHost) -> HostChange
    /// Lets go of everything the flow keeps for its screens, once they have left.
    func releaseEverything()
    /// Answers a change someone else made while the flow still shows its first content; the
    /// default keeps what is left.
    func follow(on host: any FlowHost, by origin: FlowEvent.Origin)
}

/// A door's decision for one request, as a value: what the run does with it needs no host to read
/// (a table test compares decisions).
///
/// Generic over the door's state change alone, not over the flow's result: a door's code is
/// generic over its result, and a decree whose type named it would be made through run-time
/// metadata on every request. An end keeps its outcome in `FlowEnding`.
@MainActor
@usableFromInline package enum FlowDecree<StateChange> {
    /// A host change, the door's state change kept once the host accepts it, and what runs once
    /// it has (`FlowChange`).
    case change(FlowChange<StateChange>)
    /// The flow ends (`FlowEnding`). Boxed: an end is rare, and the box keeps a change small.
    case end(FlowEnding)
    /// The request is refused: nothing changes, and the error is thrown.
    case refuse(FlowError)

    /// The flow ends with an outcome: the guards of its children's ends answer, its content leaves
    /// (`removal`, or the door's own removal), it lets go of what it kept, `effect` runs, and it
    /// finishes with the outcome (its handlers run last).
    ///
    /// With `first`, every guard of what the end takes away — the door's removal, its children's
    /// ends — answers before `first` runs; `first` takes away what goes before the flow's own
    /// content (a coordinator cancels its running child), and the removal is read after it. A
    /// trailing closure is the effect (`then`).
    @inlinable
    package static func end<Result>(
        _ outcome: FlowOutcome<Result>, removal: HostChange? = nil, then effect: (@MainActor () -> Void)? = nil, first: (() throws -> Void)? = nil
    ) -> FlowDecree {
        .end(FlowEnding(outcome: outcome, removal: removal, first: first, effect: effect))
    }
}

/// How a flow ends, as a decree says it (`FlowDecree/end(_:removal:then:first:)`).
@MainActor
@usableFromInline package struct FlowEnding {
    /// The outcome, a `FlowOutcome` of the door's result type.
    @usableFromInline let outcome: Any
    /// What takes the flow's content away; `nil` for the door's own removal, read when it goes.
    @usableFromInline let removal: HostChange?
    /// What goes before the flow's own content, once every guard has allowed the end.
    @usableFromInline let first: (() throws -> Void)?
    /// What runs once the content has left, before the flow finishes.
    @usableFromInline let effect: (@MainActor () -> Void)?

    @inlinable
    init(outcome: Any, removal: HostChange?, first: (() throws -> Void)?, effect: (@MainActor () -> Void)?) {
        self.outcome = outcome
        self.removal = removal
        self.first = first
        self.effect = effect
    }

    /// The outcome as the flow's own.
    @inlinable
    func outcome<Result>(as type: Result.Type) -> FlowOutcome<Result> {
        guard let outcome = outcome as? FlowOutcome<Result> else {
            preconditionFailure("A flow ends with an outcome of its own result type, \(Result.self); a decree gave \(Swift.type(of: outcome)).")
        }
        return outcome
    }
}

extension FlowFrontDoor {
    /// The request cycle, the one way every door changes the host: the run's re-entrancy rule and
    /// the tree's request open, the door's position is read once and handed to `decide` with the
    /// host, and the decree is carried out — a change whole (every guard asked before its first
    /// operation) with the door's state kept once the host accepts it, an end, or a refusal. What
    /// the change or the state leaves to run runs once the request is over and the flows it
    /// touched have followed.
    ///
    /// - Throws: `flowNotStarted`, `flowFinished`, `reentrantNavigation`; what `decide` throws or
    ///   refuses with; the guards' and the host's refusal. Nothing changes then.
    @inlinable @inline(__always)
    package func decide(_ decide: (Position, any FlowHost) throws -> FlowDecree<StateChange>) throws {
        try requestCycle { host in try decide(position(on: host), host) }
    }

    /// The request cycle for a decision made from the door's own state, with no position read (a
    /// coordinator's move decides from its mount alone): as the `decide` that reads the position.
    @inlinable @inline(__always)
    package func decideFromState(_ decide: (any FlowHost) throws -> FlowDecree<StateChange>) throws {
        try requestCycle(decide)
    }

    /// The request cycle for the flow's end by its own request (a cancel, a finish): as
    /// ``decideFromState(_:)``, but not held back by an alert waiting for its answer, which the
    /// end takes away with the flow's screens.
    @inlinable @inline(__always)
    package func decideEnding(_ decide: (any FlowHost) throws -> FlowDecree<StateChange>) throws {
        try requestCycle(pastAlert: true, decide)
    }

    /// The request cycle itself, written once for both ways of deciding.
    @inlinable @inline(__always)
    func requestCycle(pastAlert: Bool = false, _ decide: (any FlowHost) throws -> FlowDecree<StateChange>) throws {
        let host = try pastAlert ? run.openRequestPastAlert() : run.openRequest()
        let kept: (() -> Void)?
        let effect: (@MainActor () -> Void)?
        do {
            // Switched on as it comes back, so that its payload moves rather than copies.
            switch try decide(host) {
            case .change(let change):
                try run.carryOut(change, on: host)
                (kept, effect) = (apply(change.state), change.effect)
            case .end(let ending):
                try run.end(ending, on: host, removal: removal(on:), releasing: releaseEverything)
                (kept, effect) = (nil, nil)
            case .refuse(let error):
                throw error
            }
        } catch {
            run.closeRequest(on: host)
            throw error
        }
        run.closeRequest(on: host)
        kept?()
        effect?()
    }

    /// Enacts a decree inside a request of the flow already under way: what ``decide(_:)`` does
    /// once it has the decree, for a request that decides in steps of its own (a chain's start, a
    /// change made as part of another flow's end, a route that completes the flow).
    ///
    /// - Returns: what the state left to run, and the change's own effect, to run once the request
    ///   is over.
    @inlinable @inline(__always)
    package func enact(
        _ decree: __owned FlowDecree<StateChange>, on host: any FlowHost
    ) throws -> (kept: (() -> Void)?, effect: (@MainActor () -> Void)?) {
        switch decree {
        case .change(let change):
            try run.carryOut(change, on: host)
            return (apply(change.state), change.effect)
        case .end(let ending):
            // Not inlined: the end is rare, and reading its outcome as the flow's own needs the
            // result type's metadata, which the verbs that decide would otherwise look up on
            // every request.
            try run.end(ending, on: host, removal: removal(on:), releasing: releaseEverything)
            return (nil, nil)
        case .refuse(let error):
            throw error
        }
    }

    /// Ends the flow by its own request: the guards of its children's ends answer, its removal is
    /// made, it lets go of what it kept, and it finishes with `outcome`.
    ///
    /// - Throws: what a request throws, the guards' refusal and the host's error; nothing changes
    ///   then.
    package func end(_ outcome: FlowOutcome<Result>) throws {
        try decideEnding { _ in .end(outcome) }
    }

    /// Presents an alert over one of the flow's screens (the screen the person sees by default):
    /// the flow's requests wait for its answer, which takes it away, then `onAnswer` gets the
    /// button chosen; what `onAnswer` throws goes to `refused`. What each strategy's
    /// `present(alert:over:onAnswer:)` does.
    package func presentAlert(
        _ alert: FlowAlert, over screen: (any Screen)?, refused: @escaping @MainActor (FlowError) -> Void,
        onAnswer: @escaping @MainActor (FlowAlert.Button) throws -> Void
    ) throws {
        try run.present(alert: alert, over: screen, refused: refused, onAnswer: onAnswer)
    }

    /// The change that takes the flow's mount off the host.
    @usableFromInline
    package func removal(on host: any FlowHost) -> HostChange {
        mount?.removing(on: host) ?? HostChange([], origin: .flow(id))
    }

    /// Keeps what is left.
    @usableFromInline package func follow(on host: any FlowHost, by origin: FlowEvent.Origin) {}

    // MARK: What the tree asks, written once

    /// The first guard that refuses what the flow's end would take away: what its mount's removal
    /// would take.
    @usableFromInline package func endRefusal() -> GuardRefusal? {
        guard let host = run.host, let mount else { return nil }
        return mount.removalRefusal(on: host)
    }

    /// Ends the flow cancelled because what it stands on is gone: what of its own is left goes
    /// (its removal), as far as the host lets it, it lets go, and it finishes.
    @usableFromInline package func endDetached() {
        run.endDetached(removal: removal(on:), releasing: releaseEverything)
    }

    /// The alert the flow's run waits on the answer to.
    @usableFromInline package var waitingAlert: FlowAlert? { run.waitingAlert }

    /// Presents a saved alert again through the flow's run.
    @usableFromInline package func restoreAlert(_ alert: FlowAlert, on host: any FlowHost) -> RestorationReport.Entry {
        run.restore(alert: alert, on: host)
    }

    /// Follows a change someone else made: ends the flow, cancelled, when its first screen is
    /// gone; otherwise lets the door answer what is left. Does nothing during the flow's own
    /// request, or unless it runs.
    @usableFromInline package func hostDidChange(by origin: FlowEvent.Origin) {
        guard let host = run.followingHost else { return }
        guard let mount, !mount.isGone(on: host) else { return endDetached() }
        follow(on: host, by: origin)
    }
}

extension FlowFrontDoor where Position == Void {
    /// Nothing to read: the door decides from its own state.
    @usableFromInline package func position(on host: any FlowHost) {}
}

extension FlowFrontDoor where StateChange == Void {
    /// Nothing to keep: the door's state is what the host shows.
    @usableFromInline package func apply(_ change: Void) -> (() -> Void)? { nil }
}
