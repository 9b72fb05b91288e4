import FlowKernel

/// The host change that takes a flow from the path it shows to the path it decided: one pure
/// function of the two paths and the flow's stack, as FlowStacks' `calculateSteps` is, tested as
/// a table with no host.
///
/// The screens the two paths share at the bottom stay. Above them:
/// - modals that go are dismissed first, in one dismissal of the lowest that goes;
/// - a stack that only grows is pushed onto, one push per new screen; a stack that only shrinks
///   is popped to its new top in one change; any other new stack replaces the old one's entries
///   in one change (``/FlowKernel/HostOperation/setStack(_:_:)``, which keeps a screen that stays);
/// - new modals are presented last, the first over the stack, each next one over the one before.
///
/// A stack that changes takes its modals with it: they are dismissed, and a modal of the new path
/// that was shown before is presented again.
@usableFromInline package enum PathPlan {
    /// The operations, in order, that take a flow's stack and modals from what they show to what
    /// a decision asks for; none when the two are the same.
    ///
    /// - Parameters:
    ///   - before: The screens the flow shows: its stack's entries, bottom first, and its modals,
    ///     the first presented first.
    ///   - after: The screens the flow is to show, in the same order: the ones it shows already,
    ///     and new ones.
    ///   - stack: The flow's stack.
    /// - Throws: `hostRejected` for a path with no entry on its stack (a flow that shows nothing
    ///   ends instead) and for a screen the path shows twice.
    @MainActor
    @usableFromInline package static func operations(
        from before: (stack: [ScreenRef], modals: [ScreenRef]),
        to after: (stack: [any Screen], modals: [any Screen]),
        in stack: ContainerID
    ) throws -> [HostOperation] {
        guard !after.stack.isEmpty else {
            throw FlowError(.hostRejected, "A flow's path keeps at least one entry on its stack [\(stack.name)]; a flow that shows nothing ends instead.")
        }
        // Compared by identity: a reference reads the screen's name, which only an event needs.
        var ids: [ObjectIdentifier] = []
        ids.reserveCapacity(after.stack.count + after.modals.count)
        for screen in after.stack { ids.append(ObjectIdentifier(screen)) }
        for screen in after.modals { ids.append(ObjectIdentifier(screen)) }
        let newStack = ids[..<after.stack.count]
        let newModals = ids[after.stack.count...]
        if !areDistinct(ids) {
            throw FlowError(.hostRejected, "A path shows each screen once; \((after.stack + after.modals).map { ScreenRef($0) }) names one twice.")
        }
        let kept = commonPrefix(before.stack, newStack)
        let stackChanges = kept != before.stack.count || kept != newStack.count
        let keptModals = stackChanges ? 0 : commonPrefix(before.modals, newModals)
        var operations: [HostOperation] = []
        if keptModals < before.modals.count {
            operations.append(.dismiss(presentedBy: keptModals == 0 ? .container(stack) : .screen(before.modals[keptModals - 1])))
        }
        if stackChanges {
            if kept == before.stack.count {
                operations += after.stack[kept...].map { .push(.screen($0), onto: stack) }
            } else if kept == newStack.count {
                operations.append(.popTo(.screen(before.stack[kept - 1]), in: stack))
            } else {
                operations.append(.setStack(stack, after.stack.map(Presentable.screen)))
            }
        }
        for index in after.modals.indices.dropFirst(keptModals) {
            operations.append(.present(.screen(after.modals[index]), over: index == 0 ? .container(stack) : .of(after.modals[index - 1])))
        }
        return operations
    }

    /// The host change of an arrival at a link's destination (or a restore's), whatever the flow
    /// showed: what it presented goes, its own entries are replaced in one change, and the
    /// destination's modals are presented — the first over `anchor`, each next one over the one
    /// before. One pure function for every strategy whose arrival names its destination as screens:
    /// the stack navigator's and the router's.
    ///
    /// - Parameters:
    ///   - presenters: What presents each presentation that goes, outermost first.
    ///   - entries: The change that replaces the flow's own entries (`FlowMount/replacement(of:on:)`).
    ///   - modals: The destination's modals, the first presented first.
    ///   - anchor: What the first modal is presented over: the flow's stack, or its new top.
    @MainActor
    @usableFromInline package static func arrival(
        dismissing presenters: [NodeRef], replacing entries: HostOperation, presenting modals: [Presentable], over anchor: NodeRef
    )
        -> [HostOperation]
    {
        var operations: [HostOperation] = presenters.map { .dismiss(presentedBy: $0) }
        operations.append(entries)
        var anchor = anchor
        for modal in modals {
            operations.append(.present(modal, over: anchor))
            anchor = modal.ref
        }
        return operations
    }

    /// Whether no identity appears twice: compared pairwise on a short path, which makes no set.
    private static func areDistinct(_ ids: [ObjectIdentifier]) -> Bool {
        guard ids.count > 16 else {
            for index in ids.indices.dropFirst() where ids[..<index].contains(ids[index]) { return false }
            return true
        }
        return Set(ids).count == ids.count
    }

    private static func commonPrefix(_ old: [ScreenRef], _ new: ArraySlice<ObjectIdentifier>) -> Int {
        var count = 0
        while count < old.count, count < new.count, old[count].instance == new[new.startIndex + count] { count += 1 }
        return count
    }
}
