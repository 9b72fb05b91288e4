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
        try requesting { host in
            try requireNoChildOnStack()
            // The first move puts the stack on the host at the coordinator's site. Decided from the
            // mount, then noted in it: no access to it is held while the host tells its observers.
            guard let showing = try state.mount?.showing(content, on: host) else { preconditionFailure("An active coordinator has a mount.") }
            // Only the first content shown is something the mount notes.
            let change = CoordinatorState.Change(top: content.ref, showing: showing.first == nil ? nil : showing)
            try make(showing.operation, origin: startingFor ?? .flow(id), applying: change, on: host)
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
        try run.request { host in try setStack(screens, on: host) }
    }

    private func setStack(_ screens: [any Screen], on host: any FlowHost) throws {
        try requireNoChildOnStack()
        guard let mount = state.mount, let stack = mount.stack else { preconditionFailure("A running coordinator has a mount.") }
        let own = mount.ownEntries(on: host)
        // A container the coordinator pushed (a tab group) holds flows of its own, which would be
        // left running without their screens.
        for index in own {
            if let entry = host.child(at: index, of: .container(stack)), entry.screen == nil {
                throw FlowError(.hostRejected, "\(entry) on the stack of '\(id)' holds flows of its own; setStack replaces screens only.")
            }
        }
        let contents: [Presentable] = screens.map { .screen($0) }
        let change = CoordinatorState.Change(top: screens.last.map { .of($0) }, replacing: contents)
        try make(mount.replacement(of: contents, on: host), origin: .flow(id), applying: change, on: host)
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
    private func goBack(_ decide: (CoordinatorPosition) throws -> CoordinatorPosition.Back) throws {
        try run.request { host in
            let plan = try decide(position(on: host))
            try make(plan.operation(in: runningStack), origin: .flow(id), applying: CoordinatorState.Change(top: plan.top), on: host)
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
        try run.request { host in
            try position(on: host).requireNoChild()
            let snapshot = host.topEntry(of: runningStack)
            try child.start(on: host, placement: presented ? .presented : .onStack(runningStack), parent: id)
            beginChild(child, shares: !presented, snapshot: snapshot)
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

    /// Makes a request's decision: the host change, then the state's change with it.
    func make(_ operation: HostOperation, origin: FlowEvent.Origin, applying change: CoordinatorState.Change, on host: any FlowHost) throws {
        try run.make(operation, origin: origin, on: host)
        state.apply(change)
    }

    /// The stack of a running coordinator.
    var runningStack: ContainerID {
        guard let stack = state.mount?.stack else { preconditionFailure("A running coordinator has a stack.") }
        return stack
    }
}
