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
///
/// The update reaches the screen twice, around the unwind: ``handle(update:)`` before it, as
/// StoryFlow delivers it, and ``didUnwind(with:)`` once the router has unwound to the screen —
/// what was over it is closed, as the person sees it. Do there what follows the close, as the
/// other strategies do after theirs: save, and navigate on.
///
/// ```swift
/// func didUnwind(with update: Update) throws {
///     switch update {
///     case .t1(let edited): try store.save(edited)
///     case .t2(let deleted):
///         try store.delete(deleted)
///         try produce(BackToList())   // routed once this route is done
///     }
/// }
/// ```
@MainActor
public protocol UpdateHandling: Routable {
    /// The type of update the screen handles; a `OneOfN` accepts any of its cases.
    associatedtype Update
    /// Receives an update before the router unwinds to the screen, while what it unwinds from is
    /// still shown: StoryFlow's moment.
    func handle(update: Update)
    /// Receives the update once the router has unwound to the screen: what covered it is gone.
    ///
    /// It may navigate: a value it produces is routed once this route is done, inside the same
    /// request. It may throw: the unwind stands (it was made), and the error is reported as a
    /// `requestRefused` event and handed to the session's `onRefused`, as every refusal nobody
    /// can catch is.
    func didUnwind(with update: Update) throws
}

extension UpdateHandling {
    /// By default a handler only becomes the unwind target.
    public func handle(update: Update) {}
    /// By default nothing follows the unwind.
    public func didUnwind(with update: Update) throws {}
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
