import FlowKernel
import FlowRecording
import FlowRuntime
import FlowStage

/// Replays a ``/FlowRecording/JourneyRecording`` on a fresh run of the app, headless, and compares
/// each step with what the recording says it did; the first difference stops the replay.
///
/// A step is made as the person made it: a screen action by its name on the screen shown, with its
/// recorded argument (``ScreenAction/perform(_:)``); a gesture on what is shown; a link through the
/// run's `links`. A step that can no longer be made — the screen no longer offers the action — is
/// a divergence, never a crash.
///
/// ```swift
/// let replay = JourneyReplay { start in
///     let session = try ShopSession(strategy: .router, startingFrom: start)
///     return ExplorationRun(host: session.host, flow: session.flow, keeping: session, links: { try session.open($0) })
/// }
/// let report = try replay.replay(recording)
/// #expect(report.matched, "\(report)")
/// ```
@MainActor
public struct JourneyReplay {
    /// What a replay compares at each step.
    public enum Comparison: Hashable, Sendable {
        /// Everything: the screen each step is made on, its refusal, its transcript lines, and the
        /// screen the journey ends on. For a recording replayed on the app that made it.
        case transcript
        /// What the person saw: the screen each step is made on, its refusal, and the ending. For
        /// a recording replayed on another implementation of the same app (another strategy),
        /// whose transcripts differ by design.
        case screens
    }

    private let comparison: Comparison
    private let start: @MainActor (JourneyRecording.Start) throws -> ExplorationRun

    /// Makes a replay.
    ///
    /// - Parameters:
    ///   - comparison: What to compare at each step.
    ///   - start: Makes a fresh run of the app from where a recording starts: the app's start, or
    ///     a snapshot restored with the app's own state beside it. Throw when the app cannot start
    ///     there (a snapshot it cannot restore whole): the replay fails with that error.
    public init(comparing comparison: Comparison = .transcript, start: @escaping @MainActor (JourneyRecording.Start) throws -> ExplorationRun) {
        self.comparison = comparison
        self.start = start
    }

    /// Replays a recording on a fresh run.
    ///
    /// - Returns: how far it matched, and the first divergence.
    /// - Throws: what `start` throws; `FlowError.Code.invalidRecording` (FlowRecording) for a
    ///   recording of a newer format. A step that cannot be made is a divergence, not an error.
    public func replay(_ recording: JourneyRecording) throws -> ReplayReport {
        guard recording.version == JourneyRecording.currentVersion else {
            throw FlowError(.invalidRecording, "The recording is of format \(recording.version); this FlowKit replays \(JourneyRecording.currentVersion).")
        }
        let run = try start(recording.start)
        let listener = StepListener()
        run.host.addObserver(listener)
        defer { run.host.removeObserver(listener) }
        for (index, step) in recording.steps.enumerated() {
            if let divergence = make(step, number: index + 1, in: run, listener: listener) {
                return ReplayReport(replayed: index, total: recording.steps.count, divergence: divergence)
            }
        }
        // A recording that did not keep its last steps cannot say where the journey ended.
        if let ending = recording.ending, recording.unkept == 0 {
            let actual = Self.visibleName(on: run.host)
            if actual != ending {
                let divergence = ReplayDivergence(
                    step: nil, label: "(end)", kind: .ending, reason: "the journey ends on \(actual), not on \(ending).", expected: [ending],
                    actual: [actual], hierarchy: run.host.hierarchy.textTree)
                return ReplayReport(replayed: recording.steps.count, total: recording.steps.count, divergence: divergence)
            }
        }
        return ReplayReport(replayed: recording.steps.count, total: recording.steps.count, divergence: nil)
    }

    /// Makes one step and compares it; the divergence, or `nil` when it matched.
    private func make(_ step: RecordedStep, number: Int, in run: ExplorationRun, listener: StepListener) -> ReplayDivergence? {
        let host = run.host
        func divergence(_ kind: ReplayDivergence.Kind, _ reason: String, expected: [String], actual: [String]) -> ReplayDivergence {
            ReplayDivergence(
                step: number, label: step.label, kind: kind, reason: reason, expected: expected, actual: actual, hierarchy: host.hierarchy.textTree)
        }
        let shown = Self.visibleName(on: host)
        if let screen = step.screen, screen != shown {
            return divergence(.screen, "the step was made on \(screen), but the replay shows \(shown).", expected: [screen], actual: [shown])
        }
        listener.events.removeAll()
        let refusal: String?
        do {
            switch step.input {
            case .action(let name, let argument):
                let actions = host.visibleScreen.map(run.actions) ?? []
                guard let action = actions.first(where: { $0.name == name }) else {
                    let offered = actions.isEmpty ? "no action" : actions.map(\.name).joined(separator: ", ")
                    return divergence(
                        .notOffered, "\(shown) does not offer '\(name)'; it offers \(offered).", expected: [step.label], actual: actions.map(\.name))
                }
                try action.perform(argument)
            case .gesture(let gesture):
                try gesture.perform(on: host)
            case .link(let link):
                guard let links = run.links else {
                    return divergence(.notOffered, "the replay's run opens no links.", expected: [step.label], actual: [])
                }
                try links(link)
            }
            refusal = nil
        } catch {
            refusal = (error as? FlowError)?.code.name ?? "\(type(of: error))"
        }
        let lines = listener.events.map(\.description)
        if refusal != step.refusal {
            let said = { (code: String?) in code.map { "refused (\($0))" } ?? "done" }
            return divergence(
                .refusal, "the recording says the step was \(said(step.refusal)); the replay's was \(said(refusal)).", expected: step.lines, actual: lines)
        }
        if comparison == .transcript, lines != step.lines {
            return divergence(.lines, "the step produced other transcript lines.", expected: step.lines, actual: lines)
        }
        return nil
    }

    static func visibleName(on host: any PresentationHost) -> String {
        host.visibleScreenRef?.displayName ?? "(nothing shown)"
    }

    /// Keeps the events of the step being made.
    @MainActor
    private final class StepListener: FlowObserver {
        var events: [FlowEvent] = []
        func receive(_ event: FlowEvent) { events.append(event) }
    }
}
