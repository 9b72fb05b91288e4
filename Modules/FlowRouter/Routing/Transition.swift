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

    /// Carries out what the transition decides as one change, made for the router's flow: every
    /// guard answers before the first operation, so a refusal changes nothing.
    func perform(_ context: TransitionContext) throws {
        try context.host.make(FlowChange(HostChange(decide(context), origin: .of(context.flow)), state: ()))
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

    /// Your own transition, which changes the host itself. Prefer ``decided(_:)``: a transition
    /// that makes two changes here makes them one at a time, and a refusal of the second leaves
    /// the first made.
    public static func custom(_ perform: @escaping (TransitionContext) throws -> Void) -> Transition {
        Transition(kind: .custom) { context in
            try perform(context)
            return []
        }
    }
}

/// What a transition knows: StoryFlow's `TransitionInfo`, plus the screens and the host to act on.
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
    /// The host to act on.
    public let host: any FlowHost
    /// The flow events are reported for.
    public let flow: FlowID?

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
        if case .container(let stack)? = host.holder(of: .of(from)), host.entryCount(of: stack) != nil {
            return .push(.screen(to), onto: stack)
        }
        return presenting()
    }

    /// What ``present()`` does, as a decision: the presentation of ``to`` over ``from``, or over
    /// the last node ``from``'s presentations lead to.
    public func presenting() -> HostOperation {
        var anchor = NodeRef.of(from)
        while let presented = host.presented(by: anchor) { anchor = presented }
        return .present(.screen(to), over: anchor)
    }
}
