import FlowKernel

extension FlowError.Code {
    /// A recording of a journey that cannot be read or replayed: malformed, too large, of a newer
    /// format, or naming a step no screen offers.
    public static let invalidRecording = FlowError.Code("invalidRecording")
}
