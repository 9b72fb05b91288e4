import FlowKernel

/// Where a chain stands — how many steps it has, which one is current — and
/// what each request means from there, as values the chain then carries out. As
/// `StackPosition` and `CoordinatorPosition` do for their strategies: the position decides, the
/// chain applies.
struct ChainPosition: Equatable {
    /// How many steps the chain has.
    let stepCount: Int
    /// The step the person sees; `nil` once the chain ended.
    let current: Int?

    /// What a step's `next` or `back` does.
    enum Move: Equatable {
        /// Show this step, the one after the current.
        case show(Int)
        /// The last step went on: the chain completes with its context.
        case complete
        /// Take the current step away and show the one before again.
        case hide(Int, revealing: Int)
    }

    /// What an arrival at a step does: forward, it shows every step up to the target; back, it
    /// takes away the steps above the target, top first.
    struct Arrival: Equatable {
        /// The steps that may be handed a context, in order, the target last: every step shown
        /// going forward, the target alone otherwise.
        let steps: [Int]
        /// Whether the arrival shows steps after the current one.
        let forward: Bool
        /// The steps taken away, top first; empty going forward.
        let leaving: [Int]
    }

    /// What the chain does after someone else changed what the host shows.
    enum Follow: Equatable {
        /// Every step it keeps is still shown.
        case stay
        /// This step is the last one still shown: it is current, and the steps above it are let go.
        case current(Int, releasing: [Int])
        /// None of its steps is shown: the chain ends.
        case end
    }

    /// Only the current step moves the chain (any step for `nil`).
    ///
    /// - Throws: `stepNotCurrent` for another step.
    func requireCurrent(_ step: Int?) throws {
        guard let step, step != current else { return }
        throw FlowError(
            .stepNotCurrent,
            "Step \(step) is not the current step (\(current.map(String.init) ?? "none")); only the current step can move the chain.")
    }

    /// A step's `next`: the step after it, or the chain's completion after the last.
    func next(from step: Int) throws -> Move {
        try requireCurrent(step)
        return step + 1 == stepCount ? .complete : .show(step + 1)
    }

    /// A step's `back`: the step before it shown again.
    ///
    /// - Parameter keepsScreen: Whether the chain keeps the step's screen.
    /// - Throws: `nothingToGoBackTo` on the first step or a step that keeps no screen.
    func back(from step: Int, keepsScreen: Bool) throws -> Move {
        try requireCurrent(step)
        guard step > 0, keepsScreen else {
            throw FlowError(.nothingToGoBackTo, "The first step has no step before it to go back to.")
        }
        return .hide(step, revealing: step - 1)
    }

    /// An arrival at a step, as a link or a restore makes it: forward through every step between,
    /// or back to a step taking away everything above it; the current step again for itself.
    ///
    /// - Throws: `indexOutOfRange` for a step the chain does not have; `flowFinished` once it ended.
    func arrival(at target: Int, chain: FlowID) throws -> Arrival {
        guard (0..<stepCount).contains(target) else {
            throw FlowError(.indexOutOfRange, "The chain '\(chain)' has \(stepCount) steps (0 to \(stepCount - 1)); there is no step \(target).")
        }
        guard let current else { throw FlowError(.flowFinished, "The chain '\(chain)' shows no step; it has ended.") }
        if target > current { return Arrival(steps: Array(current + 1...target), forward: true, leaving: []) }
        return Arrival(steps: [target], forward: false, leaving: target < current ? Array((target + 1...current).reversed()) : [])
    }

    /// What the chain does once the host shows only some of the steps it keeps.
    ///
    /// - Parameters:
    ///   - kept: The steps whose screens the chain keeps.
    ///   - isShown: Whether the host still shows a kept step's screen.
    func following(kept: some Collection<Int>, isShown: (Int) -> Bool) -> Follow {
        var last: Int?
        for step in kept where step > (last ?? -1) && isShown(step) { last = step }
        guard let last else { return .end }
        // Most changes someone else makes leave the chain as it was: found without allocating.
        if last == current, !kept.contains(where: { $0 > last }) { return .stay }
        return .current(last, releasing: kept.filter { $0 > last }.sorted())
    }
}
