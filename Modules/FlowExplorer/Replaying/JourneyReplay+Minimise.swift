import FlowRecording

extension JourneyReplay {
    /// A failing recording cut to the fewest steps that still fail the same way: the steps after
    /// the divergence dropped, then runs of steps before it, halving the run's length down to one
    /// step, for as long as a replay still fails the same way (``ReplayDivergence/isSameFailure(as:)``)
    /// at the same step.
    ///
    /// Every kept step keeps what the recording says it did, so the result is a regression test:
    /// it fails where the original fails, and passes once the bug is fixed. A step is kept when
    /// leaving it out changes what a later step does (its transcript, its screen), since the
    /// replay would then differ earlier.
    ///
    /// - Returns: the shortest recording found, with its divergence; `nil` when the recording
    ///   replays without a difference, so there is nothing to minimise.
    /// - Throws: what ``replay(_:)`` throws.
    public func minimise(_ recording: JourneyRecording) throws -> (recording: JourneyRecording, divergence: ReplayDivergence)? {
        guard let failure = try replay(recording).divergence else { return nil }
        var steps = recording.steps
        // The failing step is the last one needed; at the end, every step is.
        let failing = failure.step.map { $0 - 1 } ?? steps.count
        if failing < steps.count { steps.removeSubrange((failing + 1)...) }
        var shortest = failure
        /// Replays the steps with some left out; the divergence when it is the same failure at
        /// the same (last) place.
        func stillFails(_ candidate: [RecordedStep]) throws -> ReplayDivergence? {
            var trial = recording
            trial.steps = candidate
            // A cut recording no longer says where the journey ends unless the failure is there.
            if failure.step != nil { trial.ending = nil }
            guard let divergence = try replay(trial).divergence, divergence.isSameFailure(as: failure) else { return nil }
            let atTheSamePlace = failure.step == nil ? divergence.step == nil : divergence.step == candidate.count
            return atTheSamePlace ? divergence : nil
        }
        // Steps before the failing one may go; the failing one stays last.
        let fixed = failure.step == nil ? 0 : 1
        var length = max((steps.count - fixed) / 2, 1)
        while length >= 1 {
            var start = 0
            while start + length <= steps.count - fixed {
                var candidate = steps
                candidate.removeSubrange(start..<(start + length))
                if let divergence = try stillFails(candidate) {
                    steps = candidate
                    shortest = divergence
                } else {
                    start += length
                }
            }
            length /= 2
        }
        var minimised = recording
        minimised.steps = steps
        if failure.step != nil { minimised.ending = nil }
        return (minimised, shortest)
    }
}
