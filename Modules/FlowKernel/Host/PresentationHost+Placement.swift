// Showing a flow's first screen at a placement, and taking the flow's screens away again: the same
// for every flow that shows a stack, so it is written once.

extension PresentationHost {
    /// Puts a flow's first screen on the host: in a new stack named `stack` as the host's root or
    /// presented over its top-most node, or pushed onto the shared stack of
    /// ``FlowPlacement/onStack(_:)``.
    ///
    /// - Returns: The stack the flow pushes onto from now on.
    @discardableResult
    public func showFirst(_ content: Presentable, newStack stack: ContainerID, at placement: FlowPlacement, for flow: FlowID?) throws -> ContainerID {
        switch placement {
        case .root:
            try setRoot(.stack(stack, [content]), for: flow)
            return stack
        case .presented:
            try presentOnTop(.stack(stack, [content]), for: flow)
            return stack
        case .onStack(let shared):
            try push(content, onto: shared, for: flow)
            return shared
        }
    }

    /// Takes away what a flow showed with ``showFirst(_:newStack:at:for:)``: its own stack, with
    /// everything presented above it; or, on a shared stack, every entry from the flow's first one
    /// up, with whatever those entries present. Does nothing if that is already gone.
    ///
    /// On a shared stack, presentations over the stack itself are not the flow's to judge: a flow
    /// that presented over the stack dismisses those first.
    public func removeFlow(stack: ContainerID, firstEntry: NodeRef, at placement: FlowPlacement, for flow: FlowID?) throws {
        switch placement {
        case .root, .presented:
            let node = NodeRef.container(stack)
            switch place(of: node)?.attachment {
            case .presented(let presenter)?: try apply(.dismiss(presentedBy: presenter), for: flow)
            case .root?: try setRoot(nil, for: flow)
            case .held?, nil: return
            }
        case .onStack:
            guard let index = index(of: firstEntry, in: stack), index > 0, let below = child(at: index - 1, of: .container(stack)) else { return }
            try apply(.popTo(below, in: stack), for: flow)
        }
    }
}
