import FlowKernel
import FlowRuntime

extension StackNavigator {
    /// Shows the screen a request names (or the next registration), pushed or presented.
    ///
    /// - Throws: ``/FlowKernel/FlowError`` and changes nothing when: the type is not registered
    ///   (`unregisteredScreen`); the argument is of the wrong type, or given to a plain
    ///   registration, or missing (`argumentTypeMismatch`); the current screen is the last
    ///   registration (`noNextScreen`); the registration's scope keeps a screen that is already
    ///   shown, or a push is asked while a modal is presented (`hostRejected`); the factory fails
    ///   (`factoryFailed`); the flow is not running (`flowNotStarted`, `flowFinished`).
    public func navigate(_ request: ForwardRequest) throws {
        try navigate(request, origin: .flow(id))
    }

    /// Shows the screen a request names with its change made for `origin`: the navigator's own,
    /// or a restore's on its behalf.
    func navigate(_ request: ForwardRequest, origin: FlowEvent.Origin) throws {
        try decide { position, host in
            let (index, registration) = try registration(for: request.target, from: position)
            if !request.modal { try position.requirePushAllowed() }
            let (screen, ref) = try prepareScreen(registration, request, on: host)
            request.configure(screen)
            var change = StackState.Change(adopting: .init(ref, index, request.argumentValue), carrying: request.argumentValue)
            change.showing = (screen, registration)
            let operation: HostOperation
            if request.modal, var mount {
                let anchor: NodeRef = position.modals.last.map { .screen($0.screen) } ?? .container(runningStack)
                let content = Presentable.screen(screen)
                operation = mount.presenting(content, over: anchor, on: host)
                mount.didPresent(content, on: host)
                change.mount = mount
                change.remembering = (ref, request.whenDismissed)
            } else {
                operation = .push(.screen(screen), onto: runningStack)
            }
            return .change(FlowChange(HostChange(operation, origin: origin), state: change))
        }
    }

    /// Replaces the navigator's own screens with the screens of `requests`, bottom first, in one
    /// change (FlowStacks' `routes = [...]`, XCoordinator's `.set`): a deep link's back stack, or
    /// a reset. A screen its registration's scope keeps, already on the navigator's stack, stays
    /// with what it presents; the others leave and are released unless a scope keeps them.
    ///
    /// - Throws: ``/FlowKernel/FlowError`` and changes nothing: `hostRejected` for an empty list, a
    ///   screen shown elsewhere or twice, while a modal or someone else's presentation covers the
    ///   navigator, or while a child flow shows entries on its stack; the codes of ``navigate(_:)`` for each request (`unregisteredScreen`,
    ///   `argumentTypeMismatch`, `noNextScreen`, `factoryFailed`); `flowFinished`.
    public func setStack(_ requests: [ForwardRequest]) throws {
        try decide { position, host in
            try position.requirePushAllowed()
            guard !requests.isEmpty else {
                throw FlowError(.hostRejected, "The navigator '\(id)' needs at least one screen on its stack.")
            }
            // The position reads the host when asked: what the navigator shows is read before the change.
            let entries = position.entries
            // What a child flow pushed onto the navigator's stack is the child's to take away.
            if entries.count != position.count || entries.contains(where: { $0.registration == nil }) {
                let foreign = entries.first { $0.registration == nil }.map { "\($0.screen)" } ?? "an entry that is not a screen"
                throw FlowError(.hostRejected, "\(foreign) on the stack of '\(id)' is not the navigator's; setStack replaces the navigator's own screens only.")
            }
            let shown = entries.map(\.screen)
            let own = Set(shown)
            var previous = StackPosition(entries: [])
            var made: [(screen: any Screen, registration: Registration, index: Int)] = []
            for request in requests {
                guard !request.modal else {
                    throw FlowError(.hostRejected, "setStack shows pushed screens only; present a modal with goNextAsModal.")
                }
                let (index, registration) = try registration(for: request.target, from: previous)
                let screen = try registration.prepare(request.argumentValue)
                let ref = ScreenRef(screen)
                if (host.contains(ref) && !own.contains(ref)) || made.contains(where: { $0.screen === screen }) {
                    throw FlowError(.hostRejected, "\(ref) is already shown; a screen is shown only once.")
                }
                made.append((screen, registration, index))
                previous = StackPosition(entries: [StackPosition.Entry(screen: ref, registration: index)])
            }
            for (screen, request) in zip(made.map(\.screen), requests) { request.configure(screen) }
            let contents: [Presentable] = made.map { .screen($0.screen) }
            guard var mount else { throw FlowError(.flowFinished, "The navigator '\(id)' shows nothing; it has ended.") }
            let operation = try mount.replacement(of: contents, on: host)
            mount.didReplaceEntries(with: contents)
            let kept = Set(made.map { ScreenRef($0.screen) })
            var change = StackState.Change(
                mount: mount, forgetting: shown.filter { !kept.contains($0) },
                adoptingAll: zip(made, requests).map { entry, request in .init(ScreenRef(entry.screen), entry.index, request.argumentValue) })
            change.showingAll = made.map { ($0.screen, $0.registration) }
            return .change(FlowChange(HostChange(operation, origin: .flow(id)), state: change))
        }
    }

    /// Goes back one screen (``BackStyle/pop``), to the nearest screen of a type
    /// (``BackStyle/popTo(_:)-(S.Type)``), to the navigator's first screen (``BackStyle/popToRoot``), or
    /// dismisses the top-most modal (``BackStyle/modal``), then runs that modal's `whenDismissed`.
    ///
    /// Screens popped or dismissed are released unless a strong scope keeps them.
    ///
    /// - Throws: ``/FlowKernel/FlowError`` and changes nothing: `nothingToGoBackTo` at the root, with
    ///   no modal, or when the type is only on top; `notFound` for a type not in the stack;
    ///   `hostRejected` for a pop while a modal is presented, and for any back request while
    ///   someone else's presentation (a child flow) covers the navigator.
    public func getBack(_ style: BackStyle) throws {
        try decide { position, _ in
            let plan = try position.backPlan(style)
            // The position reads the host when asked, so what leaves is read before it leaves.
            let leaving = position.leaving(after: plan)
            var change = StackState.Change(forgetting: leaving)
            // The dismissed modal's callback is taken before its screen is forgotten, and runs once
            // the request is over.
            if case .dismiss(let modal, _) = plan { change.dismissed = [modal] }
            return .change(FlowChange(HostChange(plan.operation(in: runningStack), origin: .flow(id)), state: change))
        }
    }

    /// Ends the flow without a result, then calls `completion`: SwiftyFlow's `dismissFlowController`.
    ///
    /// Order: the screens leave the host; the registry lets go of its strong instances; the flow
    /// reports `cancel`; every ``onFinish(_:)`` handler runs with ``/FlowKernel/FlowOutcome/cancelled``;
    /// then `completion`.
    public func dismiss(completion: (() -> Void)?) throws {
        try end(.cancelled, completion: completion)
    }

    /// Ends the flow with a value that must be of the navigator's result type.
    public func finish(withValue value: Any, completion: (() -> Void)?) throws {
        // A decision of its own: the run refuses a navigator that does not run before the value
        // is read, and the value is refused, or ends the flow.
        try decideEnding { _ in
            guard let result = value as? Result else {
                return .refuse(
                    FlowError(
                        .argumentTypeMismatch, "The navigator '\(id)' finishes with a \(Result.self), not a \(type(of: value)).",
                        types: [Result.self, type(of: value)]))
            }
            return .end(.completed(result))
        }
        completion?()
    }

    /// The argument the last navigation with an argument carried, read once.
    ///
    /// - Returns: the value, or `nil` when no argument is waiting.
    /// - Throws: `argumentTypeMismatch` when it is of another type (it stays for a read of the right
    ///   one); `flowNotStarted` or `flowFinished` when the flow is not running.
    public func dataFromPreviousScreen<A>(as type: A.Type) throws -> A? {
        try run.requireRunning()
        return try takeCarried(as: type)
    }
}
