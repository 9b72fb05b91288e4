import FlowKernel
import FlowSnapshot

/// A running flow as an app reads it in its host's ``FlowTree``: its name, where it is in its life,
/// and the first content it shows.
///
/// Every FlowKit strategy's flow is one, and so is ``LogicFlow``, which runs a flow of your own
/// written as its logic alone (<doc:WritingAFlow>): the one way to write a flow that joins a host's
/// tree. What the tree asks of a flow to keep it alive, follow changes for it and end it when what
/// it stands on is gone is the runtime's own, written once for every flow.
@MainActor
public protocol RunningFlow: AnyObject {
    /// The flow's name.
    var id: FlowID { get }

    /// Where the flow is in its life.
    var phase: FlowPhase { get }

    /// The first content the flow shows, whose departure ends it; `nil` before it shows anything.
    var baseNode: NodeRef? { get }
}

/// What the host's ``FlowTree`` asks of a flow it keeps: follow a change someone else made, stand a
/// child on a node, end when what the flow stands on is gone, and say which guard would refuse its
/// end. The package's own: every flow's run answers it (`FlowFrontDoor`), so that no app can end
/// a flow behind the runtime's back.
///
/// - `endDetached()` ends the flow, cancelled, whatever it shows: it takes away what of its own
///   is still shown (as far as the host lets it), lets go of its screens, and finishes through its
///   run. It never throws and asks nothing that can stop it.
/// - `endRefusal()` answers, without changing anything, the first guard that would refuse the
///   flow's own removal, so that a change that would end the flow is refused before it starts.
/// - `hostDidChange(by:)` reads what the host shows after a change that took away something the
///   flow made, and answers it; never for the flow's own changes, never in the middle of a request.
@MainActor
@usableFromInline package protocol FlowTreeMember: RunningFlow {
    /// The node a child flow started now stands on: the child ends when it goes. By default, the
    /// screen the person sees.
    func anchorForChild(on host: any FlowHost) -> NodeRef?

    /// Ends the flow cancelled because what it stands on is gone (its anchor, its first screen, or
    /// its parent): it takes away what of its own is still shown and finishes. Never throws.
    func endDetached()

    /// The first refusal among the guards of what the flow's end would take away, or `nil`.
    func endRefusal() -> GuardRefusal?

    /// Reads what the host shows after a change that took away something the flow made, and
    /// answers it.
    ///
    /// - Parameter origin: Who made the change (the last one, when several were made in one
    ///   request).
    func hostDidChange(by origin: FlowEvent.Origin)

    /// The alert the flow waits on the answer to, if any: what a snapshot saves of it.
    var waitingAlert: FlowAlert? { get }

    /// Presents a saved alert again over the screen the person sees, for a restore; its answer
    /// goes to what that screen gives (`AlertAnswering`).
    ///
    /// - Returns: the report's line for it.
    func restoreAlert(_ alert: FlowAlert, on host: any FlowHost) -> RestorationReport.Entry
}

extension FlowTreeMember {
    /// The screen the person sees.
    @usableFromInline package func anchorForChild(on host: any FlowHost) -> NodeRef? {
        host.visibleScreenRef.map(NodeRef.screen)
    }
}
