import FlowKernel
import FlowSnapshot

/// One flow's run: the part of every running flow that is not its programming model's own.
///
/// Each strategy's public type — FlowStack's `StackNavigator`, FlowChain's `ChainFlow`, FlowRouter's
/// `RouterFlow`, FlowCoordinator's coordinators — and ``LogicFlow`` is a front door: it keeps its
/// name, generics and verbs, holds a run, and gives the run its logic through package members
/// apps cannot see (`FlowFrontDoor`). The run keeps the flow's ``FlowLifecycle``: its phase, its
/// outcome and handlers, its host, its place in the host's ``FlowTree``, and the one re-entrancy
/// rule of its requests.
///
/// A run has no API of its own for apps: a flow is driven through its front door's verbs.
@MainActor
public final class FlowRun<Result> {
    /// The flow's bookkeeping: phases, the outcome set once, handlers run once in order.
    package let lifecycle: FlowLifecycle<Result>

    /// Makes the run of a flow named `id`; it runs once its front door starts it.
    package init(id: FlowID) {
        self.lifecycle = FlowLifecycle(id: id)
    }

    /// The flow's name.
    package var id: FlowID { lifecycle.id }
    /// Where the flow is in its life.
    package var phase: FlowPhase { lifecycle.phase }
    /// How the flow ended, once it has.
    package var outcome: FlowOutcome<Result>? { lifecycle.outcome }

    /// Adds a handler for the outcome; it runs after the flow's screens are gone (at once if they
    /// are).
    package func onFinish(_ handler: @escaping @MainActor (FlowOutcome<Result>) -> Void) {
        lifecycle.onFinish(handler)
    }

    /// The host the flow runs on, while it runs.
    @usableFromInline package var host: (any FlowHost)? { lifecycle.host }

    /// The host of a running flow that has no request of its own under way: where a change
    /// someone else made is followed. `nil` otherwise: a flow's own changes never make it follow.
    package var followingHost: (any FlowHost)? {
        guard lifecycle.phase == .running, !lifecycle.isNavigating else { return nil }
        return lifecycle.host
    }

    /// The flow this one runs as a child of, once started.
    package var parent: FlowID? { lifecycle.parent }

    /// Throws unless the flow can start now: `flowAlreadyStarted`, `flowFinished`.
    package func requireReady() throws { try lifecycle.requireReady() }

    /// The host of a running flow, or `flowNotStarted`, `flowFinished`.
    @discardableResult
    package func requireRunning() throws -> any FlowHost { try lifecycle.requireRunning() }

    /// The host of a running flow that may navigate now, or `flowNotStarted`, `flowFinished`,
    /// `reentrantNavigation`.
    @discardableResult
    package func requireNavigable() throws -> any FlowHost { try lifecycle.requireNavigable() }

    /// Makes a decision of the flow's inside its request: the host change whole, then the state
    /// to keep (``FlowLifecycle/make(_:on:)``).
    @inline(__always)
    package func make<State>(_ decision: FlowChange<State>, on host: any FlowHost) throws -> State {
        try host.make(decision)
    }

    /// Makes a decision of one operation inside the flow's request; the host asks its guards as
    /// it makes it.
    package func make(_ operation: HostOperation, origin: FlowEvent.Origin, on host: any FlowHost) throws {
        try host.carryOut(operation, origin: origin)
    }

    /// Throws the refusal of the guards of what the ends of the flow's children would take away.
    package func checkChildrenGuards(on host: any FlowHost) throws {
        try lifecycle.checkChildrenGuards(on: host)
    }

    /// Ends the flow from inside a request already under way: the children's guards answer,
    /// `removal` is made, `releasing` lets go, and the flow finishes with `outcome`.
    @usableFromInline
    package func end(_ outcome: FlowOutcome<Result>, on host: any FlowHost, removal: HostChange, releasing: () -> Void) throws {
        try lifecycle.end(outcome, on: host, removal: removal, releasing: releasing)
    }

    /// Starts the flow in its host's tree as one request: `show` puts its first content on the
    /// host (made for `origin`, or for the flow); the flow runs once it returns, and its start is
    /// reported with that origin.
    ///
    /// - Throws: `flowAlreadyStarted`, `flowFinished`, and what `show` throws; the flow is not in
    ///   the tree then.
    package func begin(_ door: some RunningFlow, on host: any FlowHost, parent: FlowID?, origin: FlowEvent.Origin?, _ show: () throws -> Void) throws {
        try lifecycle.start(door, on: host, parent: parent) {
            try show()
            try lifecycle.didStart(on: host, parent: parent, origin: origin)
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
        _ door: some RunningFlow, at placement: FlowPlacement, on host: any FlowHost, parent: FlowID?, origin: FlowEvent.Origin?,
        first: () throws -> (any Screen, First), keeping keep: (FlowMount, any Screen, First) throws -> Void
    ) throws {
        try lifecycle.requireReady()
        var mount = try FlowMount(for: id, at: FlowMount.Site(placement), on: host)
        let (screen, made) = try first()
        try begin(door, on: host, parent: parent, origin: origin) {
            let showing = try mount.showing(.screen(screen), on: host)
            try host.carryOut(showing.operation, origin: origin ?? .flow(id))
            mount.didShow(showing)
            try keep(mount, screen, made)
        }
    }

    /// Runs a request of the flow (``FlowLifecycle/navigate(_:)``): running, idle, one at a time,
    /// inside one request of the host's tree.
    @usableFromInline
    package func request<T>(_ body: (any FlowHost) throws -> T) throws -> T {
        try lifecycle.navigate(body)
    }

    /// Ends the flow by its own request: the guards of its children's ends answer, the door's
    /// removal is made, the door lets go of what it kept, and the flow finishes with `outcome`.
    ///
    /// - Throws: what a request throws, the guards' refusal and the host's error; nothing
    ///   changes then.
    package func end(_ outcome: FlowOutcome<Result>, of door: some FlowFrontDoor) throws {
        try lifecycle.end(outcome, removal: door.removal(on:), releasing: door.releaseEverything)
    }

    /// Ends the flow cancelled because what it stands on is gone: what of its own is left goes
    /// (the door's removal), as far as the host lets it, the door lets go, and the flow finishes.
    /// Never throws.
    package func endDetached(_ door: some FlowFrontDoor) {
        lifecycle.endDetached(removal: door.removal(on:), releasing: door.releaseEverything)
    }

    /// ``endDetached(_:)`` with a removal of the door's own for a detached end.
    package func endDetached(_ door: some FlowFrontDoor, removal: (any FlowHost) -> HostChange) {
        lifecycle.endDetached(removal: removal, releasing: door.releaseEverything)
    }
}

/// A strategy's public flow type as a front door on its ``FlowRun``: what the door gives the run
/// so that the run's plumbing is written once.
///
/// A door gives its run, its mount, what to let go of when the flow ends, and how it answers a
/// change someone else made; the run does the rest — its end by request, its detached end,
/// following the person, its end refusal. The members of the flow contract and of
/// ``RunningFlow`` each door declares in its own module, one line forwarding to the run, so that
/// an app that imports the strategy alone sees them.
@MainActor
package protocol FlowFrontDoor: Flow, RunningFlow {
    /// The flow's run.
    var run: FlowRun<Result> { get }
    /// Where the flow shows itself, once started.
    var mount: FlowMount? { get }
    /// The change that takes the flow's content off the host, leaving it as the flow found it.
    func removal(on host: any FlowHost) -> HostChange
    /// Lets go of everything the flow keeps for its screens, once they have left.
    func releaseEverything()
    /// Answers a change someone else made while the flow still shows its first content; the
    /// default keeps what is left.
    func follow(on host: any FlowHost, by origin: FlowEvent.Origin)
}

extension FlowFrontDoor {
    /// The change that takes the flow's mount off the host.
    @usableFromInline
    package func removal(on host: any FlowHost) -> HostChange {
        mount?.removing(on: host) ?? HostChange([], origin: .flow(id))
    }

    /// Keeps what is left.
    package func follow(on host: any FlowHost, by origin: FlowEvent.Origin) {}
}

extension FlowRun {
    /// The first guard that refuses what the flow's end would take away: what its mount's
    /// removal would take.
    package func endRefusal(of door: some FlowFrontDoor) -> GuardRefusal? {
        lifecycle.removalRefusal(of: door.mount)
    }

    /// Follows a change someone else made: ends the flow, cancelled, when its first screen is
    /// gone; otherwise lets the door answer what is left. Does nothing during the flow's own
    /// request, or unless it runs.
    package func follow(_ door: some FlowFrontDoor, by origin: FlowEvent.Origin) {
        guard let host = followingHost else { return }
        guard let mount = door.mount, !mount.isGone(on: host) else { return endDetached(door) }
        door.follow(on: host, by: origin)
    }
}
