import FlowChain
import FlowKernel
import FlowRouter
import FlowStack

// The screens the workloads show. They are as small as a screen can be, so what is measured is
// FlowKit's cost, not the screens'.

/// A screen with nothing in it.
@MainActor
public final class Plain: Screen {
    public init() {}
}

/// A second screen type, so a registry or a coordinator has somewhere to go.
@MainActor
final class Other: Screen {}

/// A step of a chain.
@MainActor
final class StepScreen: ChainScreen {
    var step: StepHandle?
}

/// A value a router routes forward, and the update it unwinds with.
struct Item: Sendable {}
struct Done: Sendable {}

/// The router's root: produces an `Item` and handles the `Done` that comes back.
@MainActor
final class Home: OutputProducing, UpdateHandling {
    typealias Output = Item
    typealias Update = Done
    let route = RouteSlot()
    func handle(update: Done) {}
}

/// What an `Item` creates: it produces another `Item` (a deeper detail) or `Done`, which unwinds
/// to `Home`.
@MainActor
final class Detail: InputRequiring, OutputProducing, Instantiable {
    typealias Input = Item
    typealias Output = OneOf2<Item, Done>
    let route = RouteSlot()
    init() {}
}

/// A screen type per type argument, to register many distinct screen types on a router.
@MainActor
final class Tagged<T>: InputRequiring, Instantiable {
    typealias Input = T
    let route = RouteSlot()
    init() {}
}
