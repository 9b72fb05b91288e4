import FlowKernel
import FlowRuntime

extension InputRequiring {
    /// The input the router injected.
    ///
    /// - Throws: ``/FlowKernel/FlowError/Code/notFound`` when no input was ever set (StoryFlow
    ///   called `fatalError`).
    public var input: Input {
        get throws {
            guard let input = route.input as? Input else {
                throw FlowError(.notFound, "\(Self.self) was made without its \(Input.self) input; a router or init(input:) sets it.", types: [Input.self])
            }
            return input
        }
    }

}

extension InputRequiring where Self: Instantiable {
    /// Makes the screen with its input, as the router does; for tests and previews.
    public init(input: Input) {
        self.init()
        route.input = input
    }
}

extension OutputProducing {
    /// Routes a value: unwinds to a shown screen that handles it, or shows a new screen that
    /// requires it (see ``Router``). With an explicit ``graph``, follows the graph instead. With a
    /// produce stub, the stub decides first.
    ///
    /// - Throws: ``/FlowKernel/FlowError`` and changes nothing: `noRoute` when nothing takes the
    ///   value, `ambiguousRoute`, `flowFinished` after the flow ended, `notFound` when the screen is
    ///   not shown by a router session.
    public func produce(_ output: Output) throws {
        var value: Any = output
        if let stub = route.stub {
            guard let replacement = stub(output) else { return }
            value = replacement
        }
        guard let session = route.session else {
            throw FlowError(.notFound, "\(Self.self) is not shown by a router session, so it has nowhere to produce to.")
        }
        if let graph = route.graph as? FlowGraph<Output>, let typed = value as? Output {
            try session.follow(graph, from: self, value: typed)
        } else {
            try session.routeImplicitly(from: self, value: value, declaredType: Output.self)
        }
    }

    /// Routes a value of any type through implicit routing, by its dynamic type: StoryFlow's
    /// `produceDirect`, without its latent crash (it never pairs the value with ``Output``).
    public func produceDirect<T>(_ value: T) throws {
        guard let session = route.session else {
            throw FlowError(.notFound, "\(Self.self) is not shown by a router session, so it has nowhere to produce to.")
        }
        try session.routeImplicitly(from: self, value: value, declaredType: type(of: value as Any))
    }

    /// The explicit graph that routes this screen's output instead of implicit routing.
    public var graph: FlowGraph<Output>? {
        get { route.graph as? FlowGraph<Output> }
        set { route.graph = newValue }
    }

    /// Replaces routing with a stub for tests: return a value to route it instead, or `nil` to
    /// swallow the output.
    public func stubProduce(_ stub: @escaping (Output) -> Output?) {
        route.stub = { value in (value as? Output).flatMap(stub) }
    }

    /// Swallows every output into a closure, for tests that only check what was produced.
    public func stubProduce(capturing capture: @escaping (Output) -> Void) {
        stubProduce {
            capture($0)
            return nil
        }
    }
}

extension InputRequiring where Self: OutputProducing & Instantiable {
    /// Makes the screen with its input and a produce stub.
    public init(input: Input, produceStub: @escaping (Output) -> Output?) {
        self.init(input: input)
        stubProduce(produceStub)
    }

    /// Makes the screen with its input and a stub that captures every output.
    public init(input: Input, capturing capture: @escaping (Output) -> Void) {
        self.init(input: input)
        stubProduce(capturing: capture)
    }
}

extension Routable {
    /// Runs a request from a place that cannot throw — a button's action, a model's observer —
    /// and sends its refusal to the session routing this screen (``RouterSession/refused(_:)``)
    /// instead of losing it in a `try?`. A screen no session routes has nobody to tell.
    ///
    /// ```swift
    /// func openGateTapped() { attempt { try produce(Tiger()) } }
    /// ```
    public func attempt(_ request: () throws -> Void) {
        do {
            try request()
        } catch {
            route.session?.refused(.wrapping(error))
        }
    }
}
