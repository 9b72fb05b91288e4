import FlowKernel
import FlowRuntime

extension ChainFlow {
    /// Runs the chain to a step, as a deep link needs: back through each step's dismiss action when
    /// the step is behind the current one, forward through each step's present action when it is
    /// ahead — Flowter's `next(context:)` and `back()`, taken in one request. Every step shown on
    /// the way gets the context `context` gives for its index (none for `nil`), so a link supplies
    /// what it knows and a resolver the rest; the step arrived at gets its context even when it is
    /// already current (a product link while another product is shown).
    ///
    /// ```swift
    /// // Welcome, Sign in, Catalog, Product: the product step is 3 and takes a Product.
    /// try chain.arrive(atStep: 3) { step in step == 2 ? model.user : step == 3 ? product : nil }
    /// ```
    ///
    /// Back after it walks the chain's own steps, from the one arrived at.
    ///
    /// - Throws: ``/FlowKernel/FlowError`` and changes nothing when it can tell beforehand:
    ///   `indexOutOfRange` for a step the chain does not have; `argumentTypeMismatch` for a context
    ///   a step does not accept; `factoryFailed` for a screen that cannot be made; `hostRejected`
    ///   when someone else's screen is presented over the chain's (a flow the chain does not own);
    ///   `reentrantNavigation`; `flowFinished`. The steps' actions on the way add to one change,
    ///   made whole once they have all run: an action that throws, or a guard or host that refuses
    ///   the change, leaves the chain where it was.
    public func arrive(atStep target: Int, context: (Int) -> Any? = { _ in nil }) throws {
        try arrive(atStep: target, context: context, origin: .link(for: id))
    }

    /// Runs the chain to a step with the changes made for a source on the chain's behalf: a
    /// link's, or a restore's.
    ///
    /// - Parameter applies: Which steps ahead apply, in place of their conditions: a restore's
    ///   steps shown.
    func arrive(atStep target: Int, context: (Int) -> Any?, origin: FlowEvent.Origin, applies: ((Int) -> Bool)? = nil) throws {
        try requesting(from: nil, origin: origin) { plan, host, position, draft in
            // A step on the way with a condition applies or not to the context it would be
            // handed: the arrival's for it, else the last one handed before it.
            // A step on the way that picks the one after it picks from what it would hand on:
            // the context the arrival gives the step after it, else the last one given.
            var soFar = position.current.flatMap { state.contexts[$0] }
            var picked = position.current.flatMap { current in try? plan.pick(after: current, handingOn: context(current + 1) ?? soFar, in: id) } ?? 0
            let arrival = try position.arrival(
                at: target, chain: id,
                applies: { index in
                    if let applies { return applies(index) }
                    if let value = context(index) { soFar = value }
                    guard index >= picked, try plan.steps[index].applies(to: soFar) else { return false }
                    picked = (try? plan.pick(after: index, handingOn: context(index + 1) ?? soFar, in: id)) ?? picked
                    return true
                }, condition: { plan.steps[$0].condition?.name })
            guard let container else { throw FlowError(.flowFinished, "The chain '\(id)' shows no step; it has ended.") }
            let screens = state.screens
            var given: [Int: Any] = [:]
            for index in arrival.steps {
                guard let value = context(index) else { continue }
                let step = plan.steps[index]
                guard step.accepts(value) else {
                    throw FlowError(
                        .argumentTypeMismatch, "\(step.screenType) accepts a context of type \(step.contextTypeName), not a \(type(of: value)).",
                        types: [type(of: value)])
                }
                given[index] = value
            }
            let own = Set(screens.values.map(ScreenRef.init))
            for screen in screens.values {
                if let presented = host.presented(by: .of(screen)), presented.screen.map(own.contains) != true {
                    throw FlowError(.hostRejected, "\(presented) is presented over the chain '\(id)' by someone else; end that flow before arriving somewhere.")
                }
            }
            var made: [Int: any Screen] = [:]
            for index in arrival.steps where arrival.forward && screens[index] == nil {
                made[index] = try make(plan.steps[index])
            }
            // Every guard on the way answers before the first step's action runs.
            var leaving = arrival.leaving.reversed().compactMap { screens[$0].map(NodeRef.of) }
            // In a stack, going back to a step takes away everything above it: another flow's
            // screens pushed over the chain's too.
            if !arrival.leaving.isEmpty, container.kind == .stack, let screen = screens[target],
                let index = host.index(of: .of(screen), in: container.id), let count = host.entryCount(of: container.id)
            {
                leaving = (index + 1..<count).compactMap { host.child(at: $0, of: .container(container.id)) }
            }
            let entering = arrival.forward ? arrival.steps.compactMap { made[$0] ?? screens[$0] } : []
            // The arrival's changes are the link's (or the restore's), made on the chain's behalf.
            try run.askAhead(removing: leaving, showing: entering, origin: origin)
            if arrival.forward {
                var previous = position.current
                for index in arrival.steps {
                    try show(index, context: given[index], after: previous, in: plan, on: host, made: made[index], into: &draft)
                    previous = index
                }
                return nil
            }
            for index in arrival.leaving {
                guard let screen = screens[index], let revealing = position.shown(before: index) else { continue }
                try dismiss(index, screen: screen, revealing: revealing, in: plan, container: container, into: &draft)
            }
            if let value = given[target], let screen = screens[target] {
                plan.steps[target].deliver(screen, value)
                // What a snapshot saves: the step's screen now shows this context.
                draft.change.append(.context(target, value))
                draft.report(FlowEvent(.delivered(ScreenType(anyType: type(of: value)), to: [ScreenRef(screen)], as: .context), origin: origin))
            }
            return nil
        }
    }
}
