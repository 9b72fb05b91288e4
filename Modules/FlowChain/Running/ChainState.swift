import FlowKernel

/// What a running chain keeps between requests, as a value: the screen of each step it has shown,
/// the context each last received, and the trail of steps shown up to the one the person sees.
///
/// A request decides a ``Change`` and hands it to the runtime with the host change
/// (its run's decree); the chain applies it only once the host made the change.
struct ChainState {
    /// Each shown step's screen, made the first time the step is shown.
    var screens: [Int: any Screen] = [:]
    /// The context each step's screen last received: what a snapshot saves.
    var contexts: [Int: Any] = [:]
    /// The steps shown, from the first to the one the person sees: the chain's way back, which
    /// leaves out the steps it skipped. Empty before the chain starts and once it ends.
    var trail: [Int] = []

    /// The step the person sees; `nil` before the chain starts and once it ends.
    var current: Int? { trail.last }

    /// What a request changes of the state, in order, applied once the host made its change.
    struct Change {
        enum Step {
            /// ``ChainState/show(_:screen:context:)``.
            case show(Int, any Screen, context: Any?)
            /// ``ChainState/reveal(_:)``.
            case reveal(Int)
            /// A context handed to a step's screen that is shown already.
            case context(Int, Any)
        }

        var steps: [Step] = []

        /// Adds a step after the others.
        mutating func append(_ step: Step) {
            steps.append(step)
        }

        /// The screen a step has once the change is made, when the change shows it.
        func screen(of step: Int) -> (any Screen)? {
            for case .show(step, let screen, _) in steps.reversed() { return screen }
            return nil
        }
    }

    /// Applies a change the host has made.
    mutating func apply(_ change: Change) {
        for step in change.steps {
            switch step {
            case .show(let index, let screen, let context): show(index, screen: screen, context: context)
            case .reveal(let index): reveal(index)
            case .context(let index, let context): contexts[index] = context
            }
        }
    }

    /// Where the chain stands, for a chain of `stepCount` steps.
    func position(stepCount: Int) -> ChainPosition {
        ChainPosition(stepCount: stepCount, trail: trail)
    }

    /// A step shown with its screen: it is current, at the end of the trail, and keeps the context
    /// it was handed (the one it had, when handed none).
    mutating func show(_ step: Int, screen: any Screen, context: Any?) {
        screens[step] = screen
        reveal(step)
        if trail.last != step { trail.append(step) }
        if let context { contexts[step] = context }
    }

    /// The steps above `step` taken away: `step` is current again, and the trail ends with it.
    /// Taken away by the chain itself, the screens above it stay kept, to be shown again on the
    /// way forward.
    mutating func reveal(_ step: Int) {
        if let index = trail.lastIndex(of: step) { trail.removeSubrange((index + 1)...) }
    }

    /// The contexts the shown steps were handed, in the order they were shown: everything handed
    /// on so far.
    var handedOn: [Any] {
        trail.compactMap { contexts[$0] }
    }

    /// Lets go of steps that someone else took away: their screens and contexts, and their places
    /// on the way back.
    ///
    /// - Returns: the screens let go of, by step, for their handles to be cleared.
    mutating func release(_ steps: [Int]) -> [(step: Int, screen: any Screen)] {
        if !steps.isEmpty { trail.removeAll { steps.contains($0) } }
        return steps.compactMap { step in
            contexts[step] = nil
            return screens.removeValue(forKey: step).map { (step, $0) }
        }
    }
}
