import FlowKernel
import FlowRuntime

extension StackCoordinator {
    /// Pushes a screen; the first one becomes ``startNode``, every one becomes ``topNode``.
    ///
    /// The first move puts the coordinator's stack on the host at its placement.
    ///
    /// - Throws: ``/FlowKernel/FlowError`` and changes nothing: `hostRejected` if the screen is
    ///   already shown or a child runs on the stack; `flowFinished` after the coordinator ended.
    public func move(to screen: any Screen) throws {
        try move(toContent: .screen(screen))
    }

    /// Pushes any content, such as a tab group.
    func move(toContent content: Presentable) throws {
        try decideFromState { host in
            try requireStackInReach()
            // The first move puts the stack on the host at the coordinator's site. Decided from the
            // mount, then noted in it: no access to it is held while the host tells its observers.
            guard let showing = try state.mount?.showing(content, on: host) else { preconditionFailure("An active coordinator has a mount.") }
            // Only the first content shown is something the mount notes.
            let change = CoordinatorState.Change(top: content.ref, showing: showing.first == nil ? nil : showing)
            // While start() runs for a restore, the run makes its moves for the restore.
            return .change(FlowChange(HostChange(showing.operation, origin: .flow(id)), state: change))
        }
    }

    /// Replaces the coordinator's own screens with `screens`, bottom first, in one change
    /// (XCoordinator's `.set`, FlowStacks' `routes = [...]`): the first becomes ``startNode``, the
    /// last ``topNode``. Screens already on its stack may stay; the others leave.
    ///
    /// - Throws: `hostRejected` for an empty list, a screen shown elsewhere or twice, a container
    ///   among its entries (a tab coordinator's tab group), or while a child runs on the stack;
    ///   `flowFinished`. Nothing changes then.
    public func setStack(_ screens: [any Screen]) throws {
        try decideFromState { host in try replacing(with: screens.map { .screen($0) }, origin: .flow(id), on: host) }
    }

    /// Arrives at a link's destination in one change made for the link, as the other strategies'
    /// arrivals do: what is presented over the coordinator's screens is dismissed, and its own
    /// screens are replaced with `screens`, bottom first (the first becomes ``startNode``, the
    /// last ``topNode``). A child it runs — on its stack, or presented over it — goes with them:
    /// it ends cancelled, its handler runs once, and the coordinator returns to nothing it showed.
    ///
    /// ```swift
    /// try shop.arrive(at: [catalog, ProductScreen(product)])
    /// ```
    ///
    /// Every guard of what goes — the screens, the child's, what the child presents — answers
    /// before anything changes.
    ///
    /// - Throws: `hostRejected` for an empty list, a screen shown elsewhere or twice, or a
    ///   container among its entries (a tab coordinator's tab group); `guardRefused`;
    ///   `flowFinished`. Nothing changes then, and a running child goes on.
    public func arrive(at screens: [any Screen]) throws {
        try decideFromState { host in
            try replacing(with: screens.map { .screen($0) }, origin: .link(for: id), on: host, endingChild: true)
        }
    }

    /// Decides the replacement of the coordinator's own entries with `contents`, bottom first;
    /// refused while a child runs on the stack unless the replacement ends it (an arrival), which
    /// also dismisses what is presented over the entries.
    func replacing(
        with contents: [Presentable], origin: FlowEvent.Origin, on host: any FlowHost, endingChild: Bool = false
    ) throws -> FlowDecree<CoordinatorState.Change> {
        if !endingChild { try requireStackInReach() }
        guard let mount = state.mount, let stack = mount.stack else { preconditionFailure("A running coordinator has a mount.") }
        let own = mount.ownEntries(on: host)
        // A container the coordinator pushed (a tab group) holds flows of its own, which would be
        // left running without their screens.
        for index in own {
            if let entry = host.child(at: index, of: .container(stack)), entry.screen == nil {
                throw FlowError(.hostRejected, "\(entry) on the stack of '\(id)' holds flows of its own; setStack replaces screens only.")
            }
        }
        guard !contents.isEmpty else {
            throw FlowError(.hostRejected, "The coordinator '\(id)' needs at least one screen on its stack.")
        }
        var change = CoordinatorState.Change(top: contents.last?.ref, replacing: contents)
        let replacement = try mount.replacement(of: contents, on: host)
        guard endingChild else { return .change(FlowChange(HostChange(replacement, origin: origin), state: change)) }
        change.forgettingChild = true
        // What is presented over the coordinator's own entries goes first: a presented child,
        // a sheet of the child's on the stack, the coordinator's own sheet.
        var presenters = own.compactMap { index in host.child(at: index, of: .container(stack)) }.filter { host.presented(by: $0) != nil }
        if let sheet = state.sheet, let presenter = host.presenter(of: sheet.node), !presenters.contains(presenter) {
            presenters.insert(presenter, at: 0)
            change.sheet = .dismissing
        }
        let operations = PathPlan.arrival(dismissing: presenters, replacing: replacement, presenting: [], over: .container(stack))
        return .change(FlowChange(HostChange(operations, origin: origin), state: change))
    }

    /// Pops one screen; ``topNode`` becomes the new top.
    ///
    /// - Throws: `nothingToGoBackTo` at the coordinator's start screen (popping further would enter
    ///   its parent's screens); `hostRejected` while a child runs on the stack; `flowFinished`.
    public func back() throws {
        try goBack { try $0.back() }
    }

    /// Pops back to ``startNode``, which becomes ``topNode``.
    ///
    /// - Throws: `nothingToGoBackTo` when the start screen is on top; `hostRejected`; `flowFinished`.
    public func backToStart() throws {
        try goBack { try $0.backToStart() }
    }

    /// Pops back to ``topNode``: the last screen moved to, or the one on top when the last child
    /// started (UIFlow's snapshot).
    ///
    /// - Throws: `nothingToGoBackTo` when it is already on top; `notFound` when it is no longer in
    ///   the stack; `hostRejected`; `flowFinished`.
    public func backToTop() throws {
        try goBack { try $0.backToTop() }
    }

    /// Pops back to one of the coordinator's own screens, such as the one a back menu names.
    ///
    /// - Throws: `nothingToGoBackTo` when it is on top; `notFound` when it is not one of the
    ///   coordinator's screens on its stack; `hostRejected` while a child runs on the stack;
    ///   `flowFinished`. Nothing changes then.
    public func back(to screen: any Screen) throws {
        try goBack { try $0.back(to: .of(screen)) }
    }

    /// Pops back to the entry at an index of the coordinator's own part of its stack, bottom
    /// first: 0 is ``startNode``.
    ///
    /// - Throws: `indexOutOfRange` for an index with no entry; `nothingToGoBackTo` for the top
    ///   one; `hostRejected` while a child runs on the stack; `flowFinished`. Nothing changes then.
    public func back(toIndex index: Int) throws {
        try goBack { try $0.back(toIndex: index) }
    }

    /// Decides a back request from where the coordinator stands, then applies it: one host
    /// operation, after which the decided node is the top.
    private func goBack(_ back: (CoordinatorPosition) throws -> CoordinatorPosition.Back) throws {
        try decide { position, _ in
            let plan = try back(position)
            return .change(FlowChange(HostChange(plan.operation(in: runningStack), origin: .flow(id)), state: CoordinatorState.Change(top: plan.top)))
        }
    }

    /// Runs a child flow of any strategy — a stack navigator, a step chain, a router flow, another
    /// coordinator — on this coordinator's stack (the default) or presented over it.
    ///
    /// When the child ends, the coordinator forgets it and — for a child on its stack — pops back to
    /// the screen that was on top when the child started, then calls `onFinish` with the child's
    /// outcome. `onFinish` may throw (to start the next child, say): the child has ended either
    /// way, and the error goes to ``refused(_:)``.
    ///
    /// - Throws: ``/FlowKernel/FlowError`` and changes nothing: `hostRejected` while another child
    ///   runs (one child at a time: finish or cancel it first); the child's own error if it cannot
    ///   start; `flowFinished` after the coordinator ended.
    public func start<Child: Flow>(child: Child, presented: Bool = false, onFinish: (@MainActor (FlowOutcome<Child.Result>) throws -> Void)? = nil) throws {
        try decide { position, host in
            try position.requireNoChildNorSheet()
            let snapshot = host.topEntry(of: runningStack)
            // The child's start is the child's own request, inside this one; the coordinator keeps
            // it as its child once it runs.
            try child.start(on: host, placement: presented ? .presented : .onStack(runningStack), parent: id)
            let change = CoordinatorState.Change(top: state.top, beginning: (child, !presented, snapshot))
            return .change(FlowChange(HostChange([], origin: .flow(id)), state: change))
        }
        child.onFinish { [weak self, weak child] outcome in
            if let self, let child { self.childDidFinish(child) }
            do {
                try onFinish?(outcome)
            } catch {
                self?.refused(.wrapping(error))
            }
        }
    }

    /// The stack of a running coordinator.
    var runningStack: ContainerID {
        guard let stack = state.mount?.stack else { preconditionFailure("A running coordinator has a stack.") }
        return stack
    }
}
