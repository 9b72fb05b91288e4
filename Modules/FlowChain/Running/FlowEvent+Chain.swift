import FlowKernel

extension FlowEvent.Delivery {
    /// A chain's context, passed to the screen of the step it shows next (``StepHandle/next(context:)``):
    /// `pass Product to Product "Red shoes"`.
    public static let context = FlowEvent.Delivery(kind: "contextPassed", verb: "pass")
}
