import FlowKernel
import FlowRuntime

/// How a screen the router creates is shown: StoryFlow's `Transition`.
@MainActor
public struct Transition {
    /// What a transition does, as far as a declared graph can tell without running it.
    enum Kind { case show, present, custom }

    let kind: Kind
    /// What the transition decides: the operations that show the destination, in order.
    let decide: (TransitionContext) throws -> [HostOperation]

    /// Carries out what the transition decides as one change, made for the router's flow through
    /// its run: every guard answers before the first operation, so a refusal changes nothing.
    func perform(_ context: TransitionContext) throws {
        try context.make(decide(context))
    }

    /// Pushes onto the producer's stack; presents over the producer when it is not in a stack.
    public static var show: Transition { Transition(kind: .show) { [$0.showing()] } }

    /// Presents over the producer (over what it already presents, if anything).
    public static var present: Transition { Transition(kind: .present) { [$0.presenting()] } }

    /// Your own transition, as a decision: the host operations that show the destination, which
    /// the router carries out as one change, all of them or none.
    ///
    /// ```swift
    /// // Checking out closes the cart and pushes the checkout where the cart was opened from.
    /// router.addTransition(from: CartScreen.self, to: CheckoutScreen.self, .decided { context in
    ///     [.dismiss(presentedBy: opener), .push(.screen(context.to), onto: stack)]
    /// })
    /// ```
    public static func decided(_ decide: @escaping (TransitionContext) throws -> [HostOperation]) -> Transition {
        Transition(kind: .custom, decide: decide)
    }

    /// Your own transition, which changes the host itself. Use ``decided(_:)``: a transition
    /// that makes two changes here makes them one at a time, and a refusal of the second leaves
    /// the first made.
    @available(*, deprecated, message: "Return the operations from a decided transition, or make them with TransitionContext.make(_:).")
    public static func custom(_ perform: @escaping (TransitionContext) throws -> Void) -> Transition {
        Transition(kind: .custom) { context in
            try perform(context)
            return []
        }
    }
}

/// What a transition knows: StoryFlow's `TransitionInfo`, plus the screens, what is shown, and
/// the router flow's run to make its change through.
@MainActor
public struct TransitionContext {
    /// The screen that produced the value.
    public let from: any Screen
    /// The screen the value goes to: a new screen, or the handler unwound to.
    public let to: any Screen
    /// The type produced, after unwrapping a union and before any output transform.
    public let producedType: Any.Type
    /// The type the destination receives, after transforms.
    public let receivedType: Any.Type
    /// Whether this is an unwind to a shown handler rather than a new screen.
    public let isUnwind: Bool
    /// The host the router shows its screens on.
    @available(*, deprecated, message: "Read what is shown with `hierarchy`, and make a change with `make(_:)` or a decided transition.")
    public var host: any FlowHost { shown }
    /// The flow events are reported for.
    public let flow: FlowID?
    /// What the host shows, read by the transition's decisions.
    let shown: any FlowHost
    /// The door the transition's change goes through: the router flow's run.
    let door: any RequestDoor

    init(
        from: any Screen, to: any Screen, producedType: Any.Type, receivedType: Any.Type, isUnwind: Bool, host: any FlowHost, door: any RequestDoor,
        flow: FlowID?
    ) {
        self.from = from
        self.to = to
        self.producedType = producedType
        self.receivedType = receivedType
        self.isUnwind = isUnwind
        self.shown = host
        self.door = door
        self.flow = flow
    }

    /// What the host shows now: where ``from`` and ``to`` stand, what presents what, which stacks
    /// there are.
    public var hierarchy: Hierarchy { shown.hierarchy }

    /// Makes a change of the transition's own, decided from ``hierarchy``: the operations in order,
    /// made for the router's flow through its run as one change, every guard asked before the
    /// first, all of them or none.
    ///
    /// - Throws: `guardRefused` or the host's error; nothing has changed then.
    public func make(_ operations: [HostOperation]) throws {
        try door.make(HostChange(operations, origin: .of(flow)))
    }

    /// Pushes ``to`` onto ``from``'s stack, or presents it over ``from`` when it is not in a stack.
    public func show() throws {
        try Transition.show.perform(self)
    }

    /// Presents ``to`` over ``from``, or over the last node ``from``'s presentations lead to.
    public func present() throws {
        try Transition.present.perform(self)
    }

    /// What ``show()`` does, as a decision: the push onto ``from``'s stack, or the presentation
    /// over it when it is not in a stack.
    public func showing() -> HostOperation {
        if case .container(let stack)? = shown.holder(of: .of(from)), shown.entryCount(of: stack) != nil {
            return .push(.screen(to), onto: stack)
        }
        return presenting()
    }

    /// What ``present()`` does, as a decision: the presentation of ``to`` over ``from``, or over
    /// the last node ``from``'s presentations lead to.
    public func presenting() -> HostOperation {
        var anchor = NodeRef.of(from)
        while let presented = shown.presented(by: anchor) { anchor = presented }
        return .present(.screen(to), over: anchor)
    }
}
