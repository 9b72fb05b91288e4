import FlowKernel
import FlowRuntime

/// How a screen the router creates is shown: StoryFlow's `Transition`.
@MainActor
public struct Transition {
    /// What a transition does, as far as a declared graph can tell without running it.
    enum Kind { case show, present, custom }

    let kind: Kind
    let perform: (TransitionContext) throws -> Void

    /// Pushes onto the producer's stack; presents over the producer when it is not in a stack.
    public static var show: Transition { Transition(kind: .show) { try $0.show() } }

    /// Presents over the producer (over what it already presents, if anything).
    public static var present: Transition { Transition(kind: .present) { try $0.present() } }

    /// Your own transition.
    public static func custom(_ perform: @escaping (TransitionContext) throws -> Void) -> Transition {
        Transition(kind: .custom, perform: perform)
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
        if case .container(let stack)? = host.holder(of: .of(from)), host.entryCount(of: stack) != nil {
            try host.carryOut(.push(.screen(to), onto: stack), origin: .of(flow))
        } else {
            try present()
        }
    }

    /// Presents ``to`` over ``from``, or over the last node ``from``'s presentations lead to.
    public func present() throws {
        var anchor = NodeRef.of(from)
        while let presented = host.presented(by: anchor) { anchor = presented }
        try host.carryOut(.present(.screen(to), over: anchor), origin: .of(flow))
    }
}
