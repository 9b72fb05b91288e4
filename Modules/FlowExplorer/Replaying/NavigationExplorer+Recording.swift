import FlowKernel
import FlowRecording

extension NavigationExplorer {
    /// A finding's reproduction as a recording: its moves made on a fresh run from the app's start
    /// and recorded as a person's steps, each with the transcript lines it produced. Saved to a
    /// file, it replays as a test (``JourneyReplay``; FlowTestKit's `expectReplay(_:)`) that
    /// pins what the app does on that route today.
    ///
    /// - Throws: ``ExplorationError`` when a move of the reproduction is not offered on the fresh
    ///   run (the app behaves differently on two runs); what starting a run throws.
    public func recording(of finding: ExplorationFinding) throws -> JourneyRecording {
        try recording(of: finding.reproduction)
    }

    /// Moves made on a fresh run from the app's start, recorded as a person's steps.
    func recording(of moves: [String]) throws -> JourneyRecording {
        let live = try startRun()
        defer { _ = live.release() }
        let recorder = try JourneyRecorder(on: live.host, keepingLast: max(moves.count, 1), atAppStart: true)
        defer { recorder.stop() }
        for label in moves {
            guard let attempt = attempts(in: live).first(where: { $0.label == label }) else {
                throw ExplorationError(description: "'\(label)' is not offered on \(live.host.visibleScreenRef?.description ?? "any screen") now.")
            }
            let input: RecordedStep.Input
            if attempt.isGesture, let gesture = RecordedGesture(label) {
                input = .gesture(gesture)
            } else if let offered = live.offered?.attempts.first(where: { $0.label == label }) {
                input = offered.input
            } else {
                throw ExplorationError(description: "'\(label)' is not offered on \(live.host.visibleScreenRef?.description ?? "any screen") now.")
            }
            // A refused move is part of the journey: the recording keeps its refusal.
            try? recorder.record(input) {
                if let error = try perform(attempt, in: live) { throw error }
            }
        }
        return recorder.recording
    }
}
