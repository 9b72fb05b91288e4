import FlowKernel
import FlowSnapshot

/// A running flow that keeps up with changes it did not make: the person's gestures, the system's
/// changes, and what another flow's request took away.
///
/// Where a flow stands is read from what the host shows, so a flow has nothing to correct when the
/// person pops a screen; what it follows is what only it can do in answer — end when what it made
/// is all gone, run a modal's dismissal callback, let go of screens the person left.
///
/// The host's ``FlowTree`` calls ``hostDidChange(by:)`` after a change, whoever made it, that took
/// away a node the flow made; never for the flow's own changes, and never in the middle of a
/// request (see ``FlowTree``).
@MainActor
public protocol ChangeFollower: AnyObject {
    /// Reads what the host shows after a change that took away something the flow made, and
    /// answers it.
    ///
    /// - Parameter origin: Who made the change (the last one, when several were made in one
    ///   request).
    func hostDidChange(by origin: FlowEvent.Origin)
}

/// A running flow as the host's ``FlowTree`` holds it: what the tree asks of a flow to keep it
/// alive, follow changes for it, and end it when what it stands on is gone.
///
/// Every FlowKit strategy's flow is one, and so is ``LogicFlow``, which runs a flow of your own
/// written as its logic alone (<doc:WritingAFlow>). A flow written by hand joins the tree with
/// ``FlowLifecycle/start(_:on:parent:_:)`` and makes its requests inside
/// ``FlowLifecycle/navigate(_:)``.
///
/// ## Implementation requirements
/// - ``endDetached()`` ends the flow, cancelled, whatever it shows: it takes away what of its own
///   is still shown (as far as the host lets it), lets go of its screens, and finishes through
///   its ``FlowLifecycle``. It never throws and asks nothing that can stop it: the tree calls it
///   when the flow's anchor or parent is gone, which has already happened.
/// - ``endRefusal()`` answers, without changing anything, the first guard that would refuse the
///   flow's own removal (``FlowMount/removalRefusal(on:)`` does it for a mount), so that a change
///   that would end the flow is refused before it starts.
@MainActor
public protocol RunningFlow: ChangeFollower {
    /// The flow's name.
    var id: FlowID { get }

    /// Where the flow is in its life.
    var phase: FlowPhase { get }

    /// The first content the flow shows, whose departure ends it; `nil` before it shows anything.
    var baseNode: NodeRef? { get }

    /// The node a child flow started now stands on: the child ends when it goes. By default, the
    /// screen the person sees.
    func anchorForChild(on host: any FlowHost) -> NodeRef?

    /// Ends the flow cancelled because what it stands on is gone (its anchor, its first screen, or
    /// its parent): it takes away what of its own is still shown and finishes. Never throws.
    func endDetached()

    /// The first refusal among the guards of what the flow's end would take away, or `nil`.
    func endRefusal() -> GuardRefusal?
}

extension RunningFlow {
    /// The screen the person sees.
    public func anchorForChild(on host: any FlowHost) -> NodeRef? {
        host.visibleScreenRef.map(NodeRef.screen)
    }
}
