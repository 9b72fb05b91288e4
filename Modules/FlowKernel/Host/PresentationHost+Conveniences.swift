// Named shorthands for the operations, so call sites read as sentences:
// `try host.push(.screen(catalog), onto: "shop", for: id)`.

extension PresentationHost {
    /// Replaces everything the host shows.
    public func setRoot(_ content: Presentable?, for flow: FlowID? = nil) throws {
        try apply(.setRoot(content), for: flow)
    }

    /// Pushes content onto a stack.
    public func push(_ content: Presentable, onto stack: ContainerID, for flow: FlowID? = nil) throws {
        try apply(.push(content, onto: stack), for: flow)
    }

    /// Pushes a screen onto a stack.
    public func push(_ screen: any Screen, onto stack: ContainerID, for flow: FlowID? = nil) throws {
        try apply(.push(.screen(screen), onto: stack), for: flow)
    }

    /// Pops the top entry of a stack.
    public func pop(_ stack: ContainerID, for flow: FlowID? = nil) throws {
        try apply(.pop(stack), for: flow)
    }

    /// Pops every entry above a screen.
    public func pop(to screen: any Screen, in stack: ContainerID, for flow: FlowID? = nil) throws {
        try apply(.popTo(.of(screen), in: stack), for: flow)
    }

    /// Pops every entry above the first.
    public func popToRoot(_ stack: ContainerID, for flow: FlowID? = nil) throws {
        try apply(.popToRoot(stack), for: flow)
    }

    /// Replaces a stack's entries.
    public func setStack(_ stack: ContainerID, to entries: [Presentable], for flow: FlowID? = nil) throws {
        try apply(.setStack(stack, entries), for: flow)
    }

    /// Presents content over a node.
    public func present(_ content: Presentable, over anchor: NodeRef, for flow: FlowID? = nil) throws {
        try apply(.present(content, over: anchor), for: flow)
    }

    /// Presents content over the host's top-most node, or makes it the root when nothing is shown.
    /// Returns the node it was presented over, `nil` when it became the root.
    @discardableResult
    public func presentOnTop(_ content: Presentable, for flow: FlowID? = nil) throws -> NodeRef? {
        guard let anchor = topmost else {
            try apply(.setRoot(content), for: flow)
            return nil
        }
        try apply(.present(content, over: anchor), for: flow)
        return anchor
    }

    /// Dismisses what a node presents and everything above it.
    public func dismiss(presentedBy anchor: NodeRef, for flow: FlowID? = nil) throws {
        try apply(.dismiss(presentedBy: anchor), for: flow)
    }

    /// Dismisses a presented node and everything above it.
    ///
    /// - Throws: ``FlowError/Code/notFound`` if the node is not presented by anything.
    public func dismiss(_ presented: NodeRef, for flow: FlowID? = nil) throws {
        try dismiss(presented, origin: .of(flow))
    }

    /// Dismisses a presented node and everything above it, as the change of an origin of your
    /// choosing (a flow's change made for a link, say).
    ///
    /// - Throws: ``FlowError/Code/notFound`` if the node is not presented by anything.
    public func dismiss(_ presented: NodeRef, origin: FlowEvent.Origin) throws {
        guard let presenter = presenter(of: presented) else {
            throw FlowError(.notFound, "\(presented) is not presented, so it cannot be dismissed.")
        }
        try apply(.dismiss(presentedBy: presenter), origin: origin)
    }

    /// Selects a tab.
    public func selectTab(_ index: Int, in tabs: ContainerID, for flow: FlowID? = nil) throws {
        try apply(.selectTab(index, in: tabs), for: flow)
    }

    /// The shown screen a reference names, cast to a type; `nil` if not shown or of another type.
    public func screen<S: Screen>(for ref: ScreenRef, as type: S.Type) -> S? {
        screen(for: ref) as? S
    }

    /// The screen a person is looking at.
    public var visibleScreen: (any Screen)? {
        visibleScreenRef.flatMap { screen(for: $0) }
    }
}
