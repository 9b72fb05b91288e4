import FlowKernel

/// What a screen type declares to the router: the case types of its input, output and update
/// (a union's cases, flattened; a plain type alone), read when a declared graph is asked for, so
/// registering costs nothing more.
struct DeclaredRoles {
    let inputs: [Any.Type]
    let outputs: [Any.Type]
    let updates: [Any.Type]

    init(_ type: Any.Type) {
        inputs = (type as? any InputRequiring.Type).map { Self.inputCases(of: $0) } ?? []
        outputs = (type as? any OutputProducing.Type).map { Self.outputCases(of: $0) } ?? []
        updates = (type as? any UpdateHandling.Type).map { Self.updateCases(of: $0) } ?? []
    }

    private static func inputCases<S: InputRequiring>(of _: S.Type) -> [Any.Type] { UnionTypes.flatten(S.Input.self) }
    private static func outputCases<S: OutputProducing>(of _: S.Type) -> [Any.Type] { UnionTypes.flatten(S.Output.self) }
    private static func updateCases<S: UpdateHandling>(of _: S.Type) -> [Any.Type] { UnionTypes.flatten(S.Update.self) }
}

extension Router {
    /// The navigation the router's registrations declare, without running anything: a node per
    /// screen type (the start and every registered one) with the types it takes and produces, and
    /// for every case a screen produces, an edge to each screen that can take it. A screen that
    /// produces nothing is left by the person's Back (or swipe) to the screen it was shown from.
    ///
    /// A produced case is first rewritten by the first transform from its type, as routing does.
    /// It then leads to every other screen whose update takes it (an unwind, when that screen is
    /// shown below), to the registered screen that requires it (presented when a transition to
    /// that screen was added as `.present`, pushed otherwise), and to the flow's end when it is
    /// the flow's result. Edges are labelled with the produced type (`CartItem as Cart` when a
    /// transform rewrote it).
    ///
    /// Explicit graphs attached to screens at run time and custom transitions that decide by value
    /// are not declarations, so they are not in it; FlowExplorer's explorer sees them.
    ///
    /// - Parameters:
    ///   - start: The screen the flow starts on, which is not registered (it requires nothing).
    ///   - result: The type that completes the flow when nothing takes it (a ``RouterFlow``'s
    ///     result), if any.
    public func declaredGraph<Start: Routable>(start: Start.Type, completingWith result: Any.Type? = nil) -> NavigationGraph {
        let startType = ScreenType(Start.self)
        var screens: [(type: ScreenType, roles: DeclaredRoles)] = [(startType, DeclaredRoles(Start.self))]
        for type in registeredScreens where type != startType {
            if let destination = destinationsByScreen[type] { screens.append((type, DeclaredRoles(destination.metatype))) }
        }
        var graph = NavigationGraph(start: startType.name)
        for screen in screens {
            graph.add(NavigationGraph.Node(screen.type.name, takes: screen.roles.inputs.map(Self.name), produces: screen.roles.outputs.map(Self.name)))
        }
        for producer in screens {
            for produced in producer.roles.outputs {
                for (received, label) in declaredRewrites(of: produced) {
                    for handler in screens where handler.type != producer.type && handler.roles.updates.contains(where: { UnionTypes.same($0, received) }) {
                        graph.add(NavigationGraph.Edge(from: producer.type.name, to: handler.type.name, kind: .unwind, label: label))
                    }
                    if let destination = destination(for: received) {
                        let kind: NavigationGraph.Edge.Kind = isDeclaredPresented(destination.screenType, from: producer.type) ? .present : .push
                        graph.add(NavigationGraph.Edge(from: producer.type.name, to: destination.screenType.name, kind: kind, label: label))
                    }
                    if let result, UnionTypes.same(result, received) {
                        graph.add(NavigationGraph.Node("(completed)", kind: .end))
                        graph.add(NavigationGraph.Edge(from: producer.type.name, to: "(completed)", kind: .finish, label: label))
                    }
                }
            }
        }
        // A screen that produces nothing — a read-only detail — is left by the person's Back (or
        // swipe, when presented) to the screen it was shown from: its only way out, which the
        // graph draws so that it is no dead end.
        for screen in screens where screen.roles.outputs.isEmpty {
            for edge in graph.edges where edge.to == screen.type.name && (edge.kind == .push || edge.kind == .present) {
                let gesture = edge.kind == .push ? "the person's Back" : "the person's swipe down"
                graph.add(NavigationGraph.Edge(from: screen.type.name, to: edge.from, kind: .unwind, label: gesture))
            }
        }
        return graph
    }

    /// The types a produced case is routed as, with the label its edges carry: itself, or the
    /// cases the first transform from its type rewrites it to.
    func declaredRewrites(of produced: Any.Type) -> [(Any.Type, String)] {
        guard let transform = transforms.first(where: { UnionTypes.same($0.from, produced) }) else {
            return [(produced, Self.name(produced))]
        }
        return UnionTypes.flatten(transform.to).map { ($0, "\(Self.name(produced)) as \(Self.name($0))") }
    }

    func isDeclaredPresented(_ screen: ScreenType, from producer: ScreenType) -> Bool {
        declaredPresentations.contains { $0.to == screen.id && ($0.from == nil || $0.from == producer.id) }
    }

    private static func name(_ type: Any.Type) -> String { String(describing: type) }
}

extension RouterFlow {
    /// The navigation the flow's router declares, starting on `start` and completing with the
    /// flow's result (``Router/declaredGraph(start:completingWith:)``).
    public func declaredGraph<Start: Routable>(start: Start.Type) -> NavigationGraph {
        router.declaredGraph(start: start, completingWith: Result.self)
    }
}
