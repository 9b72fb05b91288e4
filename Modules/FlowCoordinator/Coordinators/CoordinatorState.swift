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
    /// The sheet the coordinator presents, while it does.
    var sheet: Sheet?

    /// A screen the coordinator presents on its own as a sheet, and what runs when it leaves.
    struct Sheet {
        /// The sheet's screen on the host.
        var node: NodeRef
        /// What runs once the sheet was dismissed, whoever dismissed it.
        var onDismiss: (@MainActor () throws -> Void)?
    }

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
        /// A sheet the request presents, or the one it dismisses.
        var sheet: SheetChange?
    }

    /// What a request does to the coordinator's sheet.
    enum SheetChange {
        /// It presents this sheet, as this content.
        case presenting(Sheet, Presentable)
        /// It dismisses the sheet shown.
        case dismissing
    }

    /// Applies a change the host has made.
    ///
    /// - Returns: what runs once the request is over: the `onDismiss` of a sheet it dismissed.
    @discardableResult
    mutating func apply(_ change: Change) -> (@MainActor () throws -> Void)? {
        if let showing = change.showing { mount?.didShow(showing) }
        if let replacing = change.replacing { mount?.didReplaceEntries(with: replacing) }
        top = change.top
        if change.forgettingChild { forgetChild() }
        if let beginning = change.beginning { begin(beginning.child, shares: beginning.shares, snapshot: beginning.snapshot) }
        switch change.sheet {
        case .presenting(let presented, let content)?:
            if let host { mount?.didPresent(content, on: host) }
            sheet = presented
        case .dismissing?:
            return forgetSheet()
        case nil:
            break
        }
        return nil
    }

    /// The sheet is gone: forgets it, and returns what runs now that it is.
    mutating func forgetSheet() -> (@MainActor () throws -> Void)? {
        defer { sheet = nil }
        return sheet?.onDismiss
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
        sheet = nil
        mount?.didRemove()
    }
}
