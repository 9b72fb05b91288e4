import FlowKernel
import FlowRuntime

/// What a coordinator keeps between requests, as a value: the host it runs on, where it shows
/// itself, its top, and its running child.
///
/// A request changes a copy and hands it to the runtime with the host change
/// (``/FlowRuntime/FlowChange``); the coordinator keeps it only once the host made the change.
@MainActor
struct CoordinatorState {
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
