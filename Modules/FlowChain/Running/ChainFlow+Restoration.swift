import FlowKernel
import FlowRuntime
import FlowSnapshot

/// What a chain saves: its steps up to the current one, each with the context its screen last
/// received.
struct SavedChainState: Codable, Hashable {
    /// One step, by its screen's type, with its context.
    struct Step: Codable, Hashable {
        /// The step's screen type.
        var screen: String
        /// The step's position in the chain, when it is not its place among the steps saved: a
        /// chain that skipped a step saves the positions of the steps after it.
        var step: Int?
        /// The context the screen last received, if any.
        var context: SavedArgument?
        /// The screen's own state (``/FlowSnapshot/StatefulScreen``).
        var state: SavedValue?

        var label: String { screen + (context.map { "(\($0.label))" } ?? "") }
    }

    /// The steps shown, from the first to the current one.
    var steps: [Step]

    /// Each saved step's position in the chain.
    var positions: [Int] {
        steps.enumerated().map { $1.step ?? $0 }
    }
}

extension ChainFlow: RestorableFlow {
    /// `chain`.
    public var strategy: String { "chain" }

    /// Where the chain shows itself, once started.
    public var savedPlacement: SavedPlacement? { container.map { SavedPlacement($0.site) } }

    /// The chain's steps shown, from the first to the current one, each by its screen's type with
    /// the context it last received: the value when it is `Codable`, else a note that says why not.
    /// A step the chain skipped is not saved; the steps after it say where they are.
    public func savedState() -> SavedValue {
        guard let plan else { return SavedValue(flowState: SavedChainState(steps: [])) }
        let steps = state.trail.enumerated().map { place, index in
            SavedChainState.Step(
                screen: plan.steps[index].screenType.name, step: place == index ? nil : index,
                context: self.state.contexts[index].map { SavedArgument(saving: $0) }, state: self.state.screens[index].flatMap(ScreenState.save))
        }
        return SavedValue(flowState: SavedChainState(steps: steps))
    }

    /// Starts the chain and runs it to the saved step through ``arrive(atStep:context:)``'s path,
    /// each step shown on the way given its saved context, guards asked, the changes' origin
    /// ``/FlowKernel/FlowEvent/Origin/restored(for:)``.
    ///
    /// What cannot come back cuts the chain there, reported with its reason: a step the chain no
    /// longer has at that place, a context that was not saved or no longer reads as the step's
    /// context type, a step a guard refuses.
    ///
    /// - Throws: ``/FlowKernel/FlowError``, and shows nothing, when the state cannot be read
    ///   (`invalidSnapshot`), the chain has started or ended (`flowAlreadyStarted`,
    ///   `flowFinished`), or its first step cannot come back.
    public func restore(_ saved: SavedFlow, on host: any FlowHost, parent: FlowID?) throws -> [RestorationReport.Entry] {
        guard let plan else {
            // A chain that ended says so before its state is read, as it does for any request.
            try run.requireReady()
            throw FlowError(.flowFinished, "The chain '\(id)' has ended.")
        }
        return try restore(saved, as: SavedChainState.self, named: "The chain '\(id)'", on: host, parent: parent) { state in
            guard !state.steps.isEmpty else { throw FlowError(.invalidSnapshot, "The chain '\(id)' was saved with no step.") }
            let positions = state.positions
            guard positions.allSatisfy({ $0 >= 0 }), zip(positions, positions.dropFirst()).allSatisfy({ $0 < $1 }) else {
                throw FlowError(.invalidSnapshot, "The chain '\(id)' was saved with its steps out of order: \(positions).")
            }
            let wasShown = Set(positions)
            var restore = RestorePlan(
                elements: Array(zip(positions, state.steps)),
                label: { ($0.1.label, $0.1.state) },
                // The steps that can be shown again, up to the first that cannot, with their contexts.
                make: { try (position: $0.0, context: self.restoredContext(of: $0.1, at: $0.0, in: plan)) },
                begin: { _, placement, origin in try self.begin(on: host, placement: placement, parent: parent, origin: origin) },
                // The rest comes back as a link's step does, through the steps that were shown and
                // no other: a condition is not asked again. The first step shown again with its
                // context, when it had one, is an arrival too.
                show: { steps, origin in
                    var byPosition: [Int: Any] = [:]
                    for case (let position, let context?) in steps { byPosition[position] = context }
                    try self.arrive(atStep: steps[steps.endIndex - 1].position, context: { byPosition[$0] }, origin: origin, applies: wasShown.contains)
                },
                screens: { self.state.trail.compactMap { self.state.screens[$0] } },
                cut: "a step before it could not come back")
            // Starting shows the first step with no context: one that had a context arrives again.
            restore.minimum = (try? restoredContext(of: state.steps[0], at: positions[0], in: plan)) == nil ? 2 : 1
            restore.counted = { self.state.trail.count }
            return restore
        }
    }

    /// The context a saved step is shown with again, or the reason it cannot be.
    private func restoredContext(of step: SavedChainState.Step, at index: Int, in plan: Plan) throws -> Any? {
        guard plan.steps.indices.contains(index) else {
            throw FlowError(.indexOutOfRange, "the chain '\(id)' no longer has a step \(index) for \(step.label)")
        }
        let declared = plan.steps[index]
        guard declared.screenType.name == step.screen else {
            throw FlowError(.notFound, "step \(index) of the chain '\(id)' is now \(declared.screenType), not \(step.screen)")
        }
        guard let context = step.context else { return nil }
        guard context.value == nil || declared.contextType is any Decodable.Type else {
            throw FlowError(.argumentTypeMismatch, "\(declared.screenType) takes a context of type \(declared.contextTypeName), which cannot be read back")
        }
        return try context.read(as: declared.contextType, for: "the context of \(step.label)")
    }
}
