import FlowKernel

/// Where a chain stands — how many steps it has, which one is current — and
/// what each request means from there, as values the chain then carries out. As
/// `StackPosition` and `CoordinatorPosition` do for their strategies: the position decides, the
/// chain applies.
///
/// A chain whose steps all apply walks them in order. A step with a condition
/// (`when(_:_:)`) is decided when the chain reaches it: `applies` answers for a step, and a
/// step that does not apply is skipped. The trail — the steps shown, from the first to the current
/// one — is the chain's way back, so Back from the step after a skipped one lands on the last step
/// shown.
@usableFromInline package struct ChainPosition: Equatable {
    /// How many steps the chain has.
    let stepCount: Int
    /// The steps shown, from the first to the one the person sees: the way back. Empty once the
    /// chain ended.
    let trail: [Int]

    /// The step the person sees; `nil` once the chain ended.
    var current: Int? { trail.last }

    /// A position on a trail of steps shown.
    init(stepCount: Int, trail: [Int]) {
        self.stepCount = stepCount
        self.trail = trail
    }

    /// A position on a chain that showed every step up to `current`.
    init(stepCount: Int, current: Int?) {
        self.init(stepCount: stepCount, trail: current.map { Array(0...$0) } ?? [])
    }

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
    /// takes away the steps above the target, top first; on another road than the trail's, it
    /// takes away the steps above the fork, then shows the road's steps up to the target.
    struct Arrival: Equatable {
        /// The steps that may be handed a context, in order, the target last: every step shown
        /// going forward, the target alone otherwise.
        let steps: [Int]
        /// Whether the arrival shows steps after the current one, or after the fork.
        let forward: Bool
        /// The steps taken away, top first: going back, or back to the fork; empty going forward
        /// from the current step.
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

    /// A step's `next`: the first step after it that applies, or the chain's completion when none
    /// does.
    ///
    /// - Parameter applies: Whether a step applies to the context handed on; every step does by
    ///   default.
    /// - Throws: `stepNotCurrent`; what `applies` throws.
    func next(from step: Int, applies: (Int) throws -> Bool = { _ in true }) throws -> Move {
        try requireCurrent(step)
        for after in step + 1..<max(stepCount, step + 1) where try applies(after) { return .show(after) }
        return .complete
    }

    /// A step's `back`: the step shown before it, shown again.
    ///
    /// - Parameter keepsScreen: Whether the chain keeps the step's screen.
    /// - Throws: `nothingToGoBackTo` on the first step or a step that keeps no screen.
    func back(from step: Int, keepsScreen: Bool) throws -> Move {
        try requireCurrent(step)
        guard trail.count > 1, keepsScreen else {
            throw FlowError(.nothingToGoBackTo, "The first step has no step before it to go back to.")
        }
        return .hide(step, revealing: trail[trail.count - 2])
    }

    /// The step shown before `step` on the trail, if it is on it and not the first.
    func shown(before step: Int) -> Int? {
        guard let index = trail.lastIndex(of: step), index > 0 else { return nil }
        return trail[index - 1]
    }

    /// An arrival at a step, as a link or a restore makes it: forward through every step between
    /// that applies, or back to a step shown before, taking away everything above it; the current
    /// step again for itself. When the arrival's road leaves the trail at a step before the
    /// target (`fork`: a pick that now takes another road, a condition that now holds), it takes
    /// away the steps above the fork and goes forward from there, as `back` then `next` would.
    ///
    /// - Parameters:
    ///   - fork: The step of the trail where the arrival's road leaves it, if it does.
    ///   - applies: Whether a step after the current one (after the fork, with one) applies,
    ///     asked in order; every step does by default.
    ///   - name: The name of a step's condition, for a refusal.
    /// - Throws: `indexOutOfRange` for a step the chain does not have; `flowFinished` once it ended;
    ///   `stepSkipped` for a step ahead whose condition does not hold, or one behind the chain
    ///   did not show; what `applies` throws.
    func arrival(
        at target: Int, chain: FlowID, fork: Int? = nil, applies: (Int) throws -> Bool = { _ in true }, condition name: (Int) -> String? = { _ in nil }
    ) throws -> Arrival {
        guard (0..<stepCount).contains(target) else {
            throw FlowError(.indexOutOfRange, "The chain '\(chain)' has \(stepCount) steps (0 to \(stepCount - 1)); there is no step \(target).")
        }
        guard let current else { throw FlowError(.flowFinished, "The chain '\(chain)' shows no step; it has ended.") }
        if let fork, fork < target, fork != current, let index = trail.lastIndex(of: fork) {
            let steps = try forward(from: fork, to: target, chain: chain, applies: applies, condition: name)
            return Arrival(steps: steps, forward: true, leaving: trail[(index + 1)...].reversed())
        }
        if target > current {
            return Arrival(steps: try forward(from: current, to: target, chain: chain, applies: applies, condition: name), forward: true, leaving: [])
        }
        guard let index = trail.lastIndex(of: target) else {
            throw FlowError(.stepSkipped, "The chain '\(chain)' skipped step \(target) on its way to step \(current); there is no going back to it.")
        }
        return Arrival(steps: [target], forward: false, leaving: trail[(index + 1)...].reversed())
    }

    /// The steps after `start` that apply on the way to `target`, the target last.
    private func forward(from start: Int, to target: Int, chain: FlowID, applies: (Int) throws -> Bool, condition name: (Int) -> String?) throws -> [Int] {
        var steps: [Int] = []
        for step in start + 1...target where try applies(step) { steps.append(step) }
        guard steps.last == target else {
            let because = name(target).map { ": its condition, \($0), does not hold" } ?? ""
            throw FlowError(.stepSkipped, "The chain '\(chain)' skips step \(target)\(because).")
        }
        return steps
    }

    /// What the chain does once the host shows only some of the steps it keeps.
    ///
    /// - Parameters:
    ///   - kept: The steps whose screens the chain keeps.
    ///   - isShown: Whether the host still shows a kept step's screen.
    ///   - staysShown: Whether a step below the current one stays shown until someone takes it
    ///     away (an entry of a stack, a step that presents itself), rather than being replaced by
    ///     the chain on its way forward (a single container's step).
    func following(kept: some Collection<Int>, isShown: (Int) -> Bool, staysShown: (Int) -> Bool) -> Follow {
        var last: Int?
        for step in kept where step > (last ?? -1) && isShown(step) { last = step }
        guard let last else { return .end }
        // Let go of: the steps above the last one shown, and a step below it the person took away
        // (a presented step swiped down under a later one), gone from the way back too.
        let leaves = { (step: Int) in step > last || (step < last && staysShown(step) && !isShown(step)) }
        // Most changes someone else makes leave the chain as it was: found without allocating.
        if last == current, !kept.contains(where: leaves) { return .stay }
        return .current(last, releasing: kept.filter(leaves).sorted())
    }
}
