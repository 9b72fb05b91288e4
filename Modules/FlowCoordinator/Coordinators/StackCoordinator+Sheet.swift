import FlowKernel
import FlowRuntime

extension StackCoordinator {
    /// The screen the coordinator presents as a sheet, while it does.
    public var presentedSheet: (any Screen)? {
        guard let node = state.sheet?.node.screen else { return nil }
        return state.host?.screen(for: node)
    }

    /// Presents one screen as a sheet over the coordinator's stack, with no coordinator of its
    /// own: an edit form, a picker, a detail shown modally. The coordinator wires the sheet's
    /// closures as it wires any screen's, and takes it away with ``dismissSheet()``.
    ///
    /// ```swift
    /// let edit = EditScreen(meeting)
    /// edit.onSave = { [unowned self] meeting in
    ///     self.attempt {
    ///         try self.dismissSheet()
    ///         store.save(meeting)
    ///     }
    /// }
    /// try present(sheet: edit) { print("the edit sheet is gone") }
    /// ```
    ///
    /// `onDismiss` runs once the sheet has left, once, whoever took it away: ``dismissSheet()``,
    /// the person's swipe (which the screen's `allowsInteractiveDismissal` allows), an arrival
    /// (``arrive(at:)``). It does not run when the coordinator ends: the sheet leaves with it. What
    /// it throws goes to ``refused(_:)``.
    ///
    /// While the sheet is up, it covers the coordinator's stack: ``move(to:)``, ``setStack(_:)``,
    /// the back requests and ``start(child:presented:onFinish:)`` are refused until it leaves.
    ///
    /// A sheet is saved and restored as the coordinator's screens are, through ``save(_:)`` and
    /// ``restoreScreen(from:)``; `onDismiss` is code, and comes back through
    /// ``didRestore(sheet:)``.
    ///
    /// - Throws: ``/FlowKernel/FlowError`` and changes nothing: `hostRejected` while the
    ///   coordinator presents a sheet already or runs a child, or for a screen that is shown
    ///   already; `flowFinished` after the coordinator ended.
    public func present(sheet screen: any Screen, onDismiss: (@MainActor () throws -> Void)? = nil) throws {
        try present(sheet: screen, onDismiss: onDismiss, origin: nil)
    }

    /// Presents a sheet, its change made for `origin` (a restore's), or the coordinator's own.
    func present(sheet screen: any Screen, onDismiss: (@MainActor () throws -> Void)?, origin: FlowEvent.Origin?) throws {
        try decide { position, host in
            try position.requireNoChildNorSheet()
            guard let mount = state.mount, let stack = mount.stack else { preconditionFailure("A running coordinator has a stack.") }
            let content = Presentable.screen(screen)
            guard !host.contains(content.ref) else {
                throw FlowError(.hostRejected, "\(content.ref) is already shown; a screen is shown only once.")
            }
            let sheet = CoordinatorState.Sheet(node: content.ref, onDismiss: onDismiss)
            let change = CoordinatorState.Change(top: state.top, sheet: .presenting(sheet, content))
            let operation = mount.presenting(content, over: .container(stack), on: host)
            return .change(FlowChange(HostChange(operation, origin: origin ?? .flow(id)), state: change))
        }
    }

    /// Dismisses the coordinator's sheet, then runs its `onDismiss`.
    ///
    /// The sheet's guard answers first, as for every screen that leaves.
    ///
    /// - Throws: ``/FlowKernel/FlowError`` and changes nothing: `nothingToGoBackTo` when the
    ///   coordinator presents no sheet; `guardRefused`; `flowFinished` after the coordinator ended.
    public func dismissSheet() throws {
        try decide { position, host in
            let sheet = try position.dismissSheet()
            guard let presenter = host.presenter(of: sheet) else {
                preconditionFailure("The coordinator follows the host: a sheet it remembers is presented.")
            }
            let change = CoordinatorState.Change(top: state.top, sheet: .dismissing)
            return .change(FlowChange(HostChange(.dismiss(presentedBy: presenter), origin: .flow(id)), state: change))
        }
    }
}
