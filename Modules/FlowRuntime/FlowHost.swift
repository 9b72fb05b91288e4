import FlowKernel

/// A presentation host that runs flows: it keeps one ``FlowTree`` and tells it of every change.
///
/// The kernel's `PresentationHost` is about what is shown; a `FlowHost` is also where flows run.
/// FlowStage's `InMemoryHost` is one, and so every platform host built on it; a flow starts only on
/// a `FlowHost` (a flow's start refuses any other host with
/// `FlowError.Code.hostRejected`).
///
/// ## Implementation requirements
/// On top of `PresentationHost`'s laws:
/// - **The flow tree.** The host keeps one ``FlowTree`` (``flows``), which keeps the running flows.
///   After every change, whoever made it, once its event reached every observer, the host tells
///   the tree (``FlowTree/didChange(by:departed:makers:)`` with the nodes the change took away and
///   the flows that had made them, or ``FlowTree/didChange(by:)``) and lets it settle
///   (``FlowTree/settle(on:)``), before `apply` returns.
/// - **Guards.** Before each change the host asks the screens' guards through
///   `guardRefusal(of:origin:)`, which also asks the tree
///   about the flows the change would end (``FlowTree/endRefusal(leaving:maker:origin:)``).
/// - **One guard walk per change.** A change of several operations asks every guard before the
///   first (`checkGuards(of:origin:)`), then makes each operation with
///   ``apply(asked:origin:)``, which asks none again. The default makes it with `apply`, which
///   asks again: right, and twice.
/// - **Guards asked before a change are asked while nothing may change.** The runtime asks them
///   inside ``whileAskingGuards(_:)``, during which the host refuses every change as re-entrant,
///   as it does while it makes one: a guard that navigates is refused wherever it is asked.
@MainActor
public protocol FlowHost: PresentationHost {
    /// The running flows the host shows: the tree that keeps them until they end, and ends them
    /// when what they stand on goes.
    var flows: FlowTree { get }

    /// Makes one operation of a change whose guards have all been asked already, before its first
    /// operation: as `apply(_:origin:)` does, asking no guard again.
    ///
    /// - Throws: what `apply(_:origin:)` throws for an operation the host cannot make.
    func apply(asked operation: HostOperation, origin: FlowEvent.Origin) throws

    /// Runs `body`, which asks guards about a change the host is about to make, while the host
    /// refuses every change as re-entrant (`isChanging` is `true`), as it does while it makes
    /// one. The default runs `body` as it is: a guard that navigates then is not refused.
    func whileAskingGuards<Answer>(_ body: () throws -> Answer) rethrows -> Answer

    /// Whether the host records which flow put each node it shows there (``maker(of:)``). The
    /// default is `false`: asked about the flows a change would end, the runtime then compares
    /// every running flow's first content with each node that leaves, a walk over every flow.
    var recordsMakers: Bool { get }

    /// The flow whose change put a node on the host, or `nil` for a node the person or the
    /// system put there, or one the host does not show: read only when ``recordsMakers`` is
    /// `true`, so that asking which flows a change ends visits the flows that made what leaves.
    func maker(of node: NodeRef) -> FlowID?
}

extension FlowHost {
    /// Runs `body` as it is: a host that cannot refuse changes for a while asks as it did.
    public func whileAskingGuards<Answer>(_ body: () throws -> Answer) rethrows -> Answer {
        try body()
    }

    /// `false`: the host does not record who put its nodes there.
    public var recordsMakers: Bool { false }

    /// `nil`: the host does not record who put its nodes there.
    public func maker(of node: NodeRef) -> FlowID? { nil }

    /// Makes the operation with `apply(_:origin:)`, which asks its guards again.
    public func apply(asked operation: HostOperation, origin: FlowEvent.Origin) throws {
        try apply(operation, origin: origin)
    }
}

extension PresentationHost {
    /// This host as a ``FlowHost``, or a `FlowError.Code.hostRejected` error naming what a flow needs.
    ///
    /// - Parameter flow: The flow that asks, named in the error.
    package func requireFlowHost(for flow: FlowID) throws -> any FlowHost {
        if let host = self as? any FlowHost { return host }
        throw FlowError(
            .hostRejected,
            "The flow '\(flow)' cannot run on \(type(of: self)): flows run on a FlowHost, which keeps a flow tree (FlowStage's InMemoryHost is one).")
    }
}
