import FlowKernel

/// An explicit, typed routing graph for a screen's output: StoryFlow's `Flow`.
///
/// Attach one to a producing screen's ``OutputProducing/graph``; `produce` then follows it instead
/// of implicit routing. Each node creates its screen with `init()`, injects the value, attaches the
/// next graph to the new screen, and shows it:
///
/// ```swift
/// welcome.graph = .show(CatalogScreen.self,
///     .show(ProductScreen.self,
///         FlowGraph(.present(CartScreen.self), .unwind())))   // OneOf2<CartItem, Done>
/// ```
@MainActor
public struct FlowGraph<Value> {
    let go: (RouterSession, any Routable, Value) throws -> Void

    init(_ go: @escaping (RouterSession, any Routable, Value) throws -> Void) {
        self.go = go
    }

    /// Shows a screen that requires the value (pushed onto the producer's stack, or presented).
    public static func show<C: InputRequiring & Instantiable>(_ type: C.Type) -> FlowGraph where C.Input == Value {
        FlowGraph { session, from, value in try session.show(C.self, input: value, from: from, then: nil, transition: .show) }
    }

    /// Shows a screen that requires the value, and routes its output along `next`.
    public static func show<C: InputOutput & Instantiable>(_ type: C.Type, _ next: FlowGraph<C.Output>) -> FlowGraph where C.Input == Value {
        FlowGraph { session, from, value in try session.show(C.self, input: value, from: from, then: next, transition: .show) }
    }

    /// Presents a screen that requires the value.
    public static func present<C: InputRequiring & Instantiable>(_ type: C.Type) -> FlowGraph where C.Input == Value {
        FlowGraph { session, from, value in try session.show(C.self, input: value, from: from, then: nil, transition: .present) }
    }

    /// Presents a screen that requires the value, and routes its output along `next`.
    public static func present<C: InputOutput & Instantiable>(_ type: C.Type, _ next: FlowGraph<C.Output>) -> FlowGraph where C.Input == Value {
        FlowGraph { session, from, value in try session.show(C.self, input: value, from: from, then: next, transition: .present) }
    }

    /// Shows a screen that requires the value with your own transition.
    public static func custom<C: InputRequiring & Instantiable>(_ type: C.Type, _ transition: Transition) -> FlowGraph where C.Input == Value {
        FlowGraph { session, from, value in try session.show(C.self, input: value, from: from, then: nil, transition: transition) }
    }

    /// Shows a screen that requires the value with your own transition, and routes its output along `next`.
    public static func custom<C: InputOutput & Instantiable>(_ type: C.Type, _ transition: Transition, _ next: FlowGraph<C.Output>) -> FlowGraph
    where C.Input == Value {
        FlowGraph { session, from, value in try session.show(C.self, input: value, from: from, then: next, transition: transition) }
    }

    /// Unwinds to the nearest shown screen that handles the value's type (no transforms, no custom
    /// transitions). Throws `noRoute` when there is none (StoryFlow called `fatalError`).
    public static func unwind() -> FlowGraph {
        FlowGraph { session, from, value in try session.unwindExplicitly(from: from, value) }
    }

    /// Routes the value implicitly, as if the screen had no graph.
    public static func implicit() -> FlowGraph {
        FlowGraph { session, from, value in try session.implicitRoute(from: from, value: value, declaredType: Value.self) }
    }
}
