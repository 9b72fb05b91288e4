import FlowKernel

/// A stay under way on an ``InMemoryHost``: the tasks tied to it and what runs when it ends.
@MainActor
final class HostStay: ScreenStay {
    private(set) var hasEnded = false
    private var endings: [@MainActor () -> Void] = []
    private var tasks: [Task<Void, Never>] = []

    func onEnd(_ body: @escaping @MainActor () -> Void) {
        guard !hasEnded else { return body() }
        endings.append(body)
    }

    @discardableResult
    func task(_ work: @escaping @MainActor @Sendable () async -> Void) -> Task<Void, Never> {
        let task = Task { @MainActor in await work() }
        if hasEnded {
            task.cancel()
        } else {
            tasks.append(task)
        }
        return task
    }

    /// Ends the stay, as the host takes the screen away: cancels its tasks, then runs what
    /// `onEnd` registered, in order. Ending it again does nothing.
    func end() {
        guard !hasEnded else { return }
        hasEnded = true
        for task in tasks { task.cancel() }
        tasks = []
        let pending = endings
        endings = []
        for body in pending { body() }
    }
}
