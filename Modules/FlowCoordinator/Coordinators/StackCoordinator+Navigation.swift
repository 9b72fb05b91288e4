import FlowKernel

extension StackCoordinator {
    /// Pushes a screen; the first one becomes ``startNode``, every one becomes ``topNode``.
    ///
    /// The first move puts the coordinator's stack on the host at its placement.
    ///
    /// - Throws: ``FlowKernel/FlowError`` and changes nothing: `hostRejected` if the screen is
    ///   already shown or a child runs on the stack; `flowFinished` after the coordinator ended.
    public func move(to screen: any Screen) throws {
        try move(toContent: .screen(screen))
    }

    /// Pushes any content, such as a tab group.
    func move(toContent content: Presentable) throws {
        let host = try requireActive()
        try requireNoChildOnStack()
        guard let mount else { preconditionFailure("An active coordinator has a mount.") }
        // On a shared stack the coordinator has shown something once its start node is there; with
        // its own stack, once that stack is.
        let shown = mount.sharesStack
            ? startNode.map { host.contains($0) } ?? false
            : host.contains(.container(mount.stack))
        if shown {
            try host.push(content, onto: mount.stack, for: id)
        } else {
            try showFirst(content, mount: mount, on: host)
        }
        if startNode == nil { startNode = content.ref }
        topNode = content.ref
    }

    /// Pops one screen; ``topNode`` becomes the new top.
    ///
    /// - Throws: `nothingToGoBackTo` at the coordinator's start screen (popping further would enter
    ///   its parent's screens); `hostRejected` while a child runs on the stack; `flowFinished`.
    public func back() throws {
        let host = try lifecycle.requireNavigable()
        try requireNoChildOnStack()
        let own = ownRange(on: host)
        guard own.count > 1, let below = host.child(at: own.upperBound - 2, of: .container(runningStack)) else {
            throw FlowError(.nothingToGoBackTo, "The coordinator '\(id)' is at its start screen; going back would enter its parent's screens.")
        }
        try host.pop(runningStack, for: id)
        topNode = below
    }

    /// Pops back to ``startNode``, which becomes ``topNode``.
    ///
    /// - Throws: `nothingToGoBackTo` when the start screen is on top; `hostRejected`; `flowFinished`.
    public func backToStart() throws {
        let host = try lifecycle.requireNavigable()
        try requireNoChildOnStack()
        guard let start = startNode, ownRange(on: host).count > 1 else {
            throw FlowError(.nothingToGoBackTo, "The coordinator '\(id)' is already at its start screen.")
        }
        try host.apply(.popTo(start, in: runningStack), for: id)
        topNode = start
    }

    /// Pops back to ``topNode``: the last screen moved to, or the one on top when the last child
    /// started (UIFlow's snapshot).
    ///
    /// - Throws: `nothingToGoBackTo` when it is already on top; `notFound` when it is no longer in
    ///   the stack; `hostRejected`; `flowFinished`.
    public func backToTop() throws {
        let host = try lifecycle.requireNavigable()
        try requireNoChildOnStack()
        let own = ownRange(on: host)
        guard let topNode, let index = host.index(of: topNode, in: runningStack), own.contains(index) else {
            throw FlowError(.notFound, "The coordinator '\(id)' has no top screen in its stack to go back to.")
        }
        guard index < own.upperBound - 1 else {
            throw FlowError(.nothingToGoBackTo, "\(topNode) is already on top.")
        }
        try host.apply(.popTo(topNode, in: runningStack), for: id)
    }

    /// Runs a child flow of any strategy — a stack navigator, a step chain, a router flow, another
    /// coordinator — on this coordinator's stack (the default) or presented over it.
    ///
    /// When the child ends, the coordinator forgets it and — for a child on its stack — pops back to
    /// the screen that was on top when the child started, then calls `onFinish` with the child's
    /// outcome.
    ///
    /// - Throws: ``FlowKernel/FlowError`` and changes nothing: `hostRejected` while another child
    ///   runs (one child at a time: finish or cancel it first); the child's own error if it cannot
    ///   start; `flowFinished` after the coordinator ended.
    public func start<Child: Flow>(child: Child, presented: Bool = false, onFinish: (@MainActor (FlowOutcome<Child.Result>) -> Void)? = nil) throws {
        let host = try lifecycle.requireNavigable()
        if let running = self.child {
            throw FlowError(.hostRejected, "The coordinator '\(id)' already runs the child '\(running.id)'; one child at a time — finish or cancel it first.")
        }
        let snapshot = host.topEntry(of: runningStack)
        try child.start(on: host, placement: presented ? .presented : .onStack(runningStack), parent: id)
        beginChild(child, shares: !presented, snapshot: snapshot)
        child.onFinish { [weak self, weak child] outcome in
            if let self, let child { self.childDidFinish(child) }
            onFinish?(outcome)
        }
    }

    /// The stack of a running coordinator.
    var runningStack: ContainerID {
        guard let stack else { preconditionFailure("A running coordinator has a stack.") }
        return stack
    }

    /// Puts the stack on the host with its first entry, at the coordinator's mount.
    private func showFirst(_ content: Presentable, mount: CoordinatorMount, on host: any PresentationHost) throws {
        if case .tab(let stack, let tabs, let index, let item) = mount {
            try host.apply(.insertTab(Presentable.Tab(item, .stack(stack, [content])), at: index, in: tabs), for: id)
        } else if let placement = mount.placement {
            try host.showFirst(content, newStack: mount.stack, at: placement, for: id)
        }
    }
}
