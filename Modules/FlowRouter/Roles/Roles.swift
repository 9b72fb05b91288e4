import FlowKernel

/// A screen the router can route from or to. It keeps one ``RouteSlot``, where the router stores
/// the screen's input, its explicit graph, a produce stub and the session that shows it.
///
/// ```swift
/// final class ProductScreen: InputRequiring, OutputProducing, Instantiable {
///     typealias Input = Product
///     typealias Output = OneOf2<CartItem, Review>
///     let route = RouteSlot()
///     init() {}
/// }
/// ```
@MainActor
public protocol Routable: Screen {
    /// Where the router keeps what it knows about this screen. Declare it `let route = RouteSlot()`.
    var route: RouteSlot { get }
}

/// A screen that requires an input of a type: StoryFlow's `InputRequiring`. Producing a value of
/// that type (or of a case of a union ``Input``) creates the screen and injects the value.
@MainActor
public protocol InputRequiring: Routable {
    /// The type of value the screen requires; a `OneOfN` accepts any of its cases.
    associatedtype Input
}

/// A screen that produces an output: StoryFlow's `OutputProducing`.
/// ``produce(_:)-(Self.Output)`` routes it.
@MainActor
public protocol OutputProducing: Routable {
    /// The type of value the screen produces; a `OneOfN` routes by the case produced.
    associatedtype Output
}

/// A screen that handles updates of a type while it is shown: StoryFlow's `UpdateHandling`.
/// Producing a value of that type anywhere above it unwinds to it.
@MainActor
public protocol UpdateHandling: Routable {
    /// The type of update the screen handles; a `OneOfN` accepts any of its cases.
    associatedtype Update
    /// Receives an update, before the router unwinds to the screen.
    func handle(update: Update)
}

extension UpdateHandling {
    /// By default a handler only becomes the unwind target.
    public func handle(update: Update) {}
}

/// A screen that requires an input and produces an output: a step in the middle of a route.
public typealias InputOutput = InputRequiring & OutputProducing
/// A screen that requires an input, produces an output and handles updates.
public typealias InputOutputUpdate = InputOutput & UpdateHandling

/// What the router keeps about one screen. Screens hold it; nothing else needs to touch it.
@MainActor
public final class RouteSlot {
    var input: Any?
    var graph: Any?
    var stub: ((Any) -> Any?)?
    weak var session: RouterSession?

    /// Makes an empty slot.
    public init() {}
}
