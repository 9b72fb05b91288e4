import FlowKernel

/// What a running chain keeps between requests, as a value: the screen of each step it has shown,
/// the context each last received, and the step the person sees.
///
/// A request changes a copy and hands it to the runtime with the host change
/// (``/FlowRuntime/FlowChange``); the chain keeps the copy only once the host made the change.
struct ChainState {
    /// Each shown step's screen, made the first time the step is shown.
    var screens: [Int: any Screen] = [:]
    /// The context each step's screen last received: what a snapshot saves.
    var contexts: [Int: Any] = [:]
    /// The step the person sees; `nil` before the chain starts and once it ends.
    var current: Int?

    /// Where the chain stands, for a chain of `stepCount` steps.
    func position(stepCount: Int) -> ChainPosition {
        ChainPosition(stepCount: stepCount, current: current)
    }

    /// A step shown with its screen: it is current, and keeps the context it was handed (the one
    /// it had, when handed none).
    mutating func show(_ step: Int, screen: any Screen, context: Any?) {
        screens[step] = screen
        current = step
        if let context { contexts[step] = context }
    }

    /// The steps above `step` taken away by the chain itself: `step` is current again, and the
    /// screens above it stay kept, to be shown again on the way forward.
    mutating func reveal(_ step: Int) {
        current = step
    }

    /// Lets go of steps that someone else took away: their screens and contexts.
    ///
    /// - Returns: the screens let go of, by step, for their handles to be cleared.
    mutating func release(_ steps: [Int]) -> [(step: Int, screen: any Screen)] {
        steps.compactMap { step in
            contexts[step] = nil
            return screens.removeValue(forKey: step).map { (step, $0) }
        }
    }
}
