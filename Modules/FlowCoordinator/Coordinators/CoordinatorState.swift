import FlowKernel
import FlowRuntime

/// What a coordinator keeps between requests, as a value: the host it runs on, where it shows
/// itself, its top, and its running child.
///
/// A request decides a ``Change`` and hands it to its run with the host change; the run has the
/// coordinator apply it only once the host made the change.
@MainActor
@usableFromInline package struct CoordinatorState {
    /// The host while the coordinator starts and runs.
    var host: (any FlowHost)?
    /// Where the coordinator shows itself: its stack and its first screen.
    var mount: FlowMount?
    /// The last node moved to, or the one on top when the running child started.
    var top: NodeRef?
    /// The child flow running now, if any.
    var child: (any Flow)?
    /// The running child, as the coordinator remembers it: whether it shares the stack, and the
    /// entry the coordinator returns to when it ends.
    var running: CoordinatorPosition.Child?

    /// The running child as the coordinator remembers it, while one runs.
    var runningChild: CoordinatorPosition.Child? { child == nil ? nil : running }

    /// What a request changes of the state, applied once the host made its change.
    @usableFromInline package struct Change {
        /// The coordinator's top once the change is made.
        var top: NodeRef?
        /// Content the mount shows, the first time (its first entry) or pushed.
        var showing: FlowMount.Showing?
        /// The coordinator's own entries, when the request replaces them.
        var replacing: [Presentable]?
        /// A child the request started: on the coordinator's stack (`shares`) over `snapshot`,
        /// or presented.
        var beginning: (child: any Flow, shares: Bool, snapshot: NodeRef?)?
        /// Whether the request takes the running child's screens away (an arrival): the child
        /// ends by the tree's rule, and the coordinator returns to nothing it showed.
        var forgettingChild = false
    }

    /// Applies a change the host has made.
    mutating func apply(_ change: Change) {
        if let showing = change.showing { mount?.didShow(showing) }
        if let replacing = change.replacing { mount?.didReplaceEntries(with: replacing) }
        top = change.top
        if change.forgettingChild { forgetChild() }
        if let beginning = change.beginning { begin(beginning.child, shares: beginning.shares, snapshot: beginning.snapshot) }
    }

    /// A child started: on the coordinator's stack (`shares`) over `snapshot`, or presented.
    mutating func begin(_ flow: any Flow, shares: Bool, snapshot: NodeRef?) {
        child = flow
        running = CoordinatorPosition.Child(id: flow.id, shares: shares, snapshot: snapshot)
    }

    /// The child's end handled: one child at a time, so another may start.
    mutating func forgetChild() {
        child = nil
        running = nil
    }

    /// The coordinator's screens are gone: it runs on no host and has no top; the mount keeps its
    /// first entry, which stays readable as the start node.
    mutating func stop() {
        host = nil
        top = nil
        mount?.didRemove()
    }
}
