import FlowKernel
import FlowRuntime

extension ChainFlow {
    /// Runs the chain to a step, as a deep link needs: back through each step's dismiss action when
    /// the step is behind the current one, forward through each step's present action when it is
    /// ahead — Flowter's `next(context:)` and `back()`, taken in one request. Every step shown on
    /// the way gets the context `context` gives for its index (none for `nil`), so a link supplies
    /// what it knows and a resolver the rest; the step arrived at gets its context even when it is
    /// already current (a product link while another product is shown), and every step of the
    /// trail that stays takes the context the link gives it.
    ///
    /// A step that picks the next (``Step/choosingNext(_:among:_:)``) takes the step the link's
    /// context names, as `next` with that context would: when that is another road than the one
    /// the trail took, the arrival goes back to where the roads part, then forward along the
    /// link's (a step it shows again there gets a new screen). A link that says nothing of the
    /// road keeps the trail's.
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

    /// Whether a context is the one a step shows already: equal values of one `Equatable` type.
    /// Values that cannot be compared are taken as new.
    static func same(_ value: Any, _ shown: Any?) -> Bool {
        guard let shown, let value = value as? any Equatable else { return false }
        return value.isEqual(to: shown)
    }

    /// Whether the pick of the step at `index`, handed a context the arrival gives, names
    /// `candidate` (a pick of none goes on in order); `false` for no context, or one the pick
    /// cannot read.
    private func picks(_ candidate: Int, after index: Int, handingOn value: Any?, in plan: Plan) -> Bool {
        guard let value else { return false }
        do {
            return (try plan.pick(after: index, handingOn: value, in: id) ?? index + 1) == candidate
        } catch {
            return false
        }
    }

    /// The step a step on the way to `target` picks to come next (``Step/choosingNext(_:among:_:)``):
    /// the first step after it that the arrival hands a context the pick names it with, as `next`
    /// with that context would go there; else the first whose context — the arrival's for it,
    /// else the last handed before it — the pick names (or, when it names none, the step after it
    /// in order). Past the target when no step on the way is one it picks: the arrival then skips
    /// its target and says so. The step after it in order for a step that picks nothing.
    func pickOnTheWay(after index: Int, to target: Int, handing soFar: Any?, context: (Int) -> Any?, in plan: Plan) -> Int {
        guard plan.steps[index].chooser != nil, index < target else { return index + 1 }
        // The arrival's own contexts name the road first.
        for candidate in (index + 1)...target where picks(candidate, after: index, handingOn: context(candidate), in: plan) {
            return candidate
        }
        var handed = soFar
        for candidate in (index + 1)...target {
            if let value = context(candidate) { handed = value }
            // A context the pick cannot read is not the road it takes; a pick of none goes on in
            // order.
            let picked: Int?
            do {
                picked = try plan.pick(after: index, handingOn: handed, in: id)
            } catch {
                continue
            }
            if (picked ?? index + 1) == candidate { return candidate }
        }
        return target + 1
    }

    /// Where the arrival's road leaves the chain's trail: the last step of the trail, before the
    /// target, whose pick (``Step/choosingNext(_:among:_:)``) takes another road with the
    /// arrival's contexts — the first step after it that the arrival hands a context and the pick
    /// names with it is not the step the trail went to. `nil` when the trail is on the road the
    /// arrival's contexts name, or when they name none: a link that says nothing of the road keeps
    /// the trail's.
    func fork(to target: Int, context: (Int) -> Any?, in plan: Plan) -> Int? {
        let trail = state.trail
        for (offset, step) in trail.enumerated().dropLast() where step < target && plan.steps[step].chooser != nil {
            for candidate in (step + 1)...target where picks(candidate, after: step, handingOn: context(candidate), in: plan) {
                if candidate != trail[offset + 1] { return step }
                break
            }
        }
        return nil
    }

    /// Runs the chain to a step with the changes made for a source on the chain's behalf: a
    /// link's, or a restore's.
    ///
    /// - Parameter applies: Which steps ahead apply, in place of their conditions: a restore's
    ///   steps shown.
    func arrive(atStep target: Int, context: (Int) -> Any?, origin: FlowEvent.Origin, applies: ((Int) -> Bool)? = nil) throws {
        try requesting(from: nil, origin: origin) { plan, host, position, draft in
            // Where the road the arrival's contexts name leaves the trail, if it does before the
            // target: the arrival goes back to that step, then forward, as `back` then `next`
            // would (a restore's road is the one it saved).
            let trail = state.trail
            let fork = applies == nil ? self.fork(to: target, context: context, in: plan) : nil
            let from = fork ?? position.current
            // A step on the way with a condition applies or not to the context it would be
            // handed: the arrival's for it, else the last one handed before it. A context the
            // arrival gives a step shown already is handed to it again, as the path is replaced.
            var soFar = from.flatMap { context($0) ?? state.contexts[$0] }
            // A step that picks the one after it (choosingNext) picks from what it hands on: the
            // step picked is the first on the way whose context — the arrival's for it, else the
            // last handed before it — the pick names, as `next` would have gone there.
            var picked = from.map { pickOnTheWay(after: $0, to: target, handing: soFar, context: context, in: plan) } ?? 0
            let arrival = try position.arrival(
                at: target, chain: id, fork: fork,
                applies: { index in
                    if let applies { return applies(index) }
                    if let value = context(index) { soFar = value }
                    guard index >= picked, try plan.steps[index].applies(to: soFar) else { return false }
                    picked = pickOnTheWay(after: index, to: target, handing: soFar, context: context, in: plan)
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
            // Over the chain's stack too: a child flow presented over it covers every step.
            if container.kind == .stack, let presented = host.presented(by: .container(container.id)), presented.screen.map(own.contains) != true {
                throw FlowError(.hostRejected, "\(presented) is presented over the chain '\(id)' by someone else; end that flow before arriving somewhere.")
            }
            for screen in screens.values {
                if let presented = host.presented(by: .of(screen)), presented.screen.map(own.contains) != true {
                    throw FlowError(.hostRejected, "\(presented) is presented over the chain '\(id)' by someone else; end that flow before arriving somewhere.")
                }
            }
            var made: [Int: any Screen] = [:]
            // A step the arrival takes away and shows again on another road gets a new screen.
            for index in arrival.steps where arrival.forward && (screens[index] == nil || arrival.leaving.contains(index)) {
                made[index] = try make(plan.steps[index], context: given[index])
            }
            // Every guard on the way answers before the first step's action runs.
            var leaving = arrival.leaving.reversed().compactMap { screens[$0].map(NodeRef.of) }
            // The step the arrival goes back to: the target, or the fork on another road.
            let revealed = arrival.forward ? fork : target
            // In a stack, going back to a step takes away everything above it: another flow's
            // screens pushed over the chain's too.
            if !arrival.leaving.isEmpty, container.kind == .stack, let revealed, let screen = screens[revealed],
                let index = host.index(of: .of(screen), in: container.id), let count = host.entryCount(of: container.id)
            {
                leaving = (index + 1..<count).compactMap { host.child(at: $0, of: .container(container.id)) }
            }
            let entering = arrival.forward ? arrival.steps.compactMap { made[$0] ?? screens[$0] } : []
            // The arrival's changes are the link's (or the restore's), made on the chain's behalf.
            try run.askAhead(removing: leaving, showing: entering, origin: origin)
            // The steps of the trail that stay take the arrival's context for them, as a path
            // replaced would show them; one a step does not take (a resolver that answers every
            // step alike) leaves that step as it is. The target going back gets its own below.
            for index in trail where !arrival.leaving.contains(index) && (arrival.forward || index != target) {
                guard let value = context(index), let screen = screens[index], plan.steps[index].accepts(value),
                    !Self.same(value, state.contexts[index])
                else { continue }
                plan.steps[index].deliver(screen, value)
                draft.change.append(.context(index, value))
                draft.report(FlowEvent(.delivered(ScreenType(anyType: type(of: value)), to: [ScreenRef(screen)], as: .context), origin: origin))
            }
            // Back first: to the target, or to the fork of another road.
            for index in arrival.leaving {
                guard let screen = screens[index], let revealing = position.shown(before: index) else { continue }
                try dismiss(index, screen: screen, revealing: revealing, in: plan, container: container, into: &draft)
            }
            if arrival.forward {
                var previous = fork ?? position.current
                for index in arrival.steps {
                    try show(index, context: given[index], after: previous, in: plan, on: host, made: made[index], into: &draft)
                    previous = index
                }
                return nil
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

extension Equatable {
    /// Whether another value is of this type and equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
