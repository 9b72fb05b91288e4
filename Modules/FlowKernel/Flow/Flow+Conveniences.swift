extension Flow {
    /// Starts the flow with no parent: as the host's root if it shows nothing, presented otherwise.
    public func start(on host: any PresentationHost) throws {
        try start(on: host, placement: host.topmost == nil ? .root : .presented, parent: nil)
    }

    /// Starts the flow at a placement, with no parent.
    public func start(on host: any PresentationHost, placement: FlowPlacement) throws {
        try start(on: host, placement: placement, parent: nil)
    }

    /// Starts this flow as the child of another: the child's events name the parent, and the
    /// parent's handler receives the child's outcome.
    ///
    /// - Throws: whatever ``start(on:placement:parent:)`` throws; the handler is not added then.
    public func start<Parent: Flow>(
        asChildOf parent: Parent,
        on host: any PresentationHost,
        placement: FlowPlacement,
        onFinish handler: @escaping @MainActor (FlowOutcome<Result>) -> Void
    ) throws {
        try start(on: host, placement: placement, parent: parent.id)
        onFinish(handler)
    }

    /// Waits until the flow finishes and returns how it ended (at once if it has).
    public func finished() async -> FlowOutcome<Result> {
        if outcome == nil {
            // Resume with no value and read the stored outcome on the main actor afterwards, so a
            // result that is not Sendable never has to cross the continuation.
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                onFinish { _ in continuation.resume() }
            }
        }
        guard let outcome else { preconditionFailure("A flow's outcome is set before its handlers run.") }
        return outcome
    }

    /// Starts the flow and waits until it finishes.
    ///
    /// - Throws: whatever ``start(on:placement:parent:)`` throws.
    public func run(
        on host: any PresentationHost,
        placement: FlowPlacement,
        parent: FlowID? = nil
    ) async throws -> FlowOutcome<Result> {
        try start(on: host, placement: placement, parent: parent)
        return await finished()
    }
}
