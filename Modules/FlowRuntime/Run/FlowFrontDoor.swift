import FlowKernel
import FlowSnapshot

/// A strategy's public flow type as a front door on its ``FlowRun``: what the door gives the run
/// so that the run's plumbing is written once.
///
/// A door gives its run, its mount, where it stands (``position(on:)``), how it keeps a decided
/// state change (``apply(_:)``), what to let go of when the flow ends, and how it answers a change
/// someone else made. The run does the rest: every request (``decide(_:)``), the end by request,
/// the end when what the flow stands on is gone, following the person, the end refusal, the
/// restore. What the tree asks of a flow (``FlowTreeMember``) is written here once, as defaults.
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
@MainActor
@usableFromInline package enum FlowDecree<StateChange, Result> {
    /// A host change, the door's state change kept once the host accepts it, and what runs once
    /// it has (``FlowChange``).
    case change(FlowChange<StateChange>)
    /// The flow ends: the guards of its children's ends answer, its content leaves (`removal`, or
    /// the door's own removal), it lets go of what it kept, `effect` runs, and it finishes with the
    /// outcome (its handlers run last).
    ///
    /// With `first`, every guard of what the end takes away — the door's removal, its children's
    /// ends — answers before `first` runs; `first` takes away what goes before the flow's own
    /// content (a coordinator cancels its running child), and the removal is read after it.
    case end(FlowOutcome<Result>, removal: HostChange?, first: (() throws -> Void)?, then: (@MainActor () -> Void)?)
    /// The request is refused: nothing changes, and the error is thrown.
    case refuse(FlowError)

    /// The flow ends with an outcome, and nothing runs after.
    @inlinable
    package static func end(_ outcome: FlowOutcome<Result>) -> FlowDecree { .end(outcome, removal: nil, first: nil, then: nil) }

    /// The flow ends with an outcome, and `effect` runs once its content has left, before it
    /// finishes.
    @inlinable
    package static func end(_ outcome: FlowOutcome<Result>, then effect: @escaping @MainActor () -> Void) -> FlowDecree {
        .end(outcome, removal: nil, first: nil, then: effect)
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
    @inlinable
    package func decide(_ decide: (Position, any FlowHost) throws -> FlowDecree<StateChange, Result>) throws {
        let (kept, effect) = try run.request { host in try carryOut(decide(position(on: host), host), on: host) }
        kept?()
        effect?()
    }

    /// Carries out a decree inside a request of the flow already under way: what ``decide(_:)``
    /// does once it has the decree, for a request that decides in steps of its own (a restore,
    /// the start of a coordinator).
    ///
    /// - Returns: what the state left to run, and the change's own effect, to run once the request
    ///   is over.
    @inlinable
    package func carryOut(
        _ decree: FlowDecree<StateChange, Result>, on host: any FlowHost
    ) throws -> (kept: (() -> Void)?, effect: (@MainActor () -> Void)?) {
        switch decree {
        case .change(let change):
            try run.carryOut(change, on: host)
            return (apply(change.state), change.effect)
        case .end(let outcome, let change, let first, let effect):
            if let first {
                try run.askAhead(ending: change ?? removal(on: host), on: host)
                try first()
            }
            try run.end(outcome, on: host, removal: change ?? removal(on: host)) {
                releaseEverything()
                effect?()
            }
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
        try decide { _, _ in .end(outcome) }
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
