import FlowKernel

/// The links an app opens: patterns, each with how to make a typed destination from what it
/// matched. A plain value with no global state: make one per app, or one per test.
///
/// ```swift
/// enum ShopLink { case product(Product), cart, orderItem(order: Int, index: Int) }
///
/// var links = LinkMap<ShopLink>(schemes: ["shop"])
/// try links.register("/product/:id") { .product(try Product.named(try $0.value("id"))) }
/// try links.register("/cart", .cart)
/// try links.register("/orders/:orderID/items/:index") {
///     .orderItem(order: try $0.value("orderID"), index: try $0.value("index"))
/// }
/// let destination = try links.destination(for: "shop://product/shoes")
/// ```
///
/// ## Which pattern matches
/// Patterns are kept in a tree of segments, so matching reads the link's segments once and costs
/// the same with ten patterns as with a thousand. At each segment a literal wins over a parameter,
/// and a parameter over a repeated parameter; when the more specific branch leads nowhere the next
/// is tried. `/product/new` therefore goes to a `/product/new` pattern when there is one, and to
/// `/product/:id` otherwise. Two patterns that match exactly the same links (`/p/:id` and `/p/:name`)
/// cannot both be registered.
public struct LinkMap<Destination> {
    private struct Route {
        let pattern: LinkPattern
        /// The single parameters' names, in the order their segments come.
        let names: [String]
        let repeatedName: String?
        let make: (LinkParameters) throws -> Destination
    }

    private var trie = LinkTrie()
    private var routes: [Route] = []

    /// The schemes this map opens, lowercased; empty opens any.
    public let schemes: Set<String>
    /// The sites of `http` and `https` links this map opens, lowercased; empty opens any.
    public let sites: Set<String>

    /// Makes an empty map.
    ///
    /// - Parameters:
    ///   - schemes: the schemes to open (`shop`, `https`); any other is an unknown link. Empty, the
    ///     default, opens every scheme. A bare path (`/cart`) has no scheme and is always opened.
    ///   - sites: the sites of `http` and `https` links to open; empty, the default, opens any.
    public init(schemes: Set<String> = [], sites: Set<String> = []) {
        self.schemes = Set(schemes.map { $0.lowercased() })
        self.sites = Set(sites.map { $0.lowercased() })
    }

    /// The patterns registered, in the order they were registered.
    public var patterns: [LinkPattern] { routes.map(\.pattern) }

    /// Registers a pattern with how to make its destination from what a link matched.
    ///
    /// - Parameters:
    ///   - pattern: see ``LinkPattern``.
    ///   - make: makes the destination; throw (a ``/FlowKernel/FlowError`` with
    ///     ``FlowKernel/FlowError/Code/invalidLinkParameter``, say) for parameters that name nothing.
    /// - Throws: ``FlowKernel/FlowError/Code/invalidLinkPattern`` for a pattern that cannot be read
    ///   or that matches exactly what a registered one does; the map is unchanged.
    public mutating func register(_ pattern: String, _ make: @escaping (LinkParameters) throws -> Destination) throws {
        let parsed = try LinkPattern(pattern)
        // Every node the pattern ends at, found (or planned) before anything is added.
        var ends: [(path: [LinkPattern.Segment], repeated: Bool)] = []
        var required = parsed.segments
        var repeatedName: String?
        if case .repeated(let name, let allowsNone)? = required.last {
            required.removeLast()
            repeatedName = name
            ends.append((required, true))
            if allowsNone { ends.append((required, false)) }
        } else {
            let optionalCount = required.reversed().prefix { if case .optional = $0 { true } else { false } }.count
            for kept in 0...optionalCount {
                ends.append((Array(required.dropLast(optionalCount - kept)), false))
            }
        }
        for end in ends {
            if let node = trie.existingNode(for: end.path), let other = end.repeated ? trie.nodes[node].repeated : trie.nodes[node].route {
                throw FlowError(
                    .invalidLinkPattern,
                    "The link pattern \"\(pattern.linkEchoed)\" matches the same links as \(routes[other].pattern), which is registered already.")
            }
        }
        let routeIndex = routes.count
        routes.append(
            Route(
                pattern: parsed,
                names: parsed.segments.compactMap {
                    switch $0 {
                    case .parameter(let name), .optional(let name): name
                    case .literal, .repeated: nil
                    }
                }, repeatedName: repeatedName, make: make))
        for end in ends {
            let node = trie.makeNode(for: end.path)
            if end.repeated { trie.nodes[node].repeated = routeIndex } else { trie.nodes[node].route = routeIndex }
        }
    }

    /// Registers a pattern whose links all go to one destination (`/cart`).
    ///
    /// - Throws: as ``register(_:_:)-(String,(LinkParameters)->Destination)`` does.
    public mutating func register(_ pattern: String, _ destination: Destination) throws {
        try register(pattern) { _ in destination }
    }

    /// What a link matches: the pattern and its parameters.
    ///
    /// - Throws: ``FlowKernel/FlowError/Code/unknownLink`` for a scheme or site this map does not
    ///   open, or a path no pattern matches.
    public func match(_ link: Link) throws -> LinkParameters {
        try matched(link).parameters
    }

    private func matched(_ link: Link) throws -> (route: Route, parameters: LinkParameters) {
        if let scheme = link.scheme, !schemes.isEmpty, !schemes.contains(scheme) {
            throw FlowError(
                .unknownLink,
                "The link \"\(link.text.linkEchoed)\" has the scheme \(scheme.linkEchoed); this app opens \(schemes.sorted().joined(separator: ", ")) links.")
        }
        if let site = link.site, !sites.isEmpty, !sites.contains(site) {
            throw FlowError(
                .unknownLink,
                "The link \"\(link.text.linkEchoed)\" is for \(site.linkEchoed); this app opens links for \(sites.sorted().joined(separator: ", ")).")
        }
        var captured: [String] = []
        captured.reserveCapacity(4)
        guard let found = trie.find(link.path, from: 0, at: 0, captured: &captured) else {
            throw FlowError(.unknownLink, "No link pattern matches \"\(link.text.linkEchoed)\".")
        }
        let route = routes[found.route]
        return (
            route,
            LinkParameters(
                link: link,
                pattern: route.pattern,
                names: route.names,
                texts: captured,
                repeatedName: route.repeatedName,
                repeatedTexts: link.path[(found.restStart ?? link.path.endIndex)...]
            )
        )
    }

    /// The destination a link goes to.
    ///
    /// - Throws: ``FlowKernel/FlowError/Code/unknownLink`` as ``match(_:)`` does; what the
    ///   destination's `make` throws, as a ``/FlowKernel/FlowError`` (an error of another type is
    ///   reported as ``FlowKernel/FlowError/Code/invalidLinkParameter``).
    public func destination(for link: Link) throws -> Destination {
        let (route, parameters) = try matched(link)
        do {
            return try route.make(parameters)
        } catch let error as FlowError {
            throw error
        } catch {
            throw FlowError(.invalidLinkParameter, "The link \"\(link.text.linkEchoed)\" names nothing to open: \(error)", types: [type(of: error)])
        }
    }

    /// Reads a link, then finds its destination.
    ///
    /// - Throws: ``FlowKernel/FlowError/Code/malformedLink`` for text that is not a link, then as
    ///   ``destination(for:)-(Link)`` does.
    public func destination(for text: String) throws -> Destination {
        try destination(for: Link(text))
    }
}

/// The patterns' segments as a tree: a node per literal and per parameter position, with the
/// routes that end at each. Not generic, so matching never asks the runtime for a type's metadata.
struct LinkTrie {
    struct Node {
        var literals: [String: Int] = [:]
        var parameter: Int?
        /// The route ending here, reached with no segment left.
        var route: Int?
        /// The route of a repeated parameter starting here, taking every segment left (one or more).
        var repeated: Int?
    }

    var nodes = [Node()]

    func find(_ path: [String], from node: Int, at index: Int, captured: inout [String]) -> (route: Int, restStart: Int?)? {
        let here = nodes[node]
        guard index < path.count else { return here.route.map { ($0, nil) } }
        let segment = path[index]
        if let next = here.literals[segment], let found = find(path, from: next, at: index + 1, captured: &captured) {
            return found
        }
        if let next = here.parameter {
            captured.append(segment)
            if let found = find(path, from: next, at: index + 1, captured: &captured) { return found }
            captured.removeLast()
        }
        return here.repeated.map { ($0, index) }
    }

    func existingNode(for path: [LinkPattern.Segment]) -> Int? {
        var node = 0
        for segment in path {
            switch segment {
            case .literal(let text):
                guard let next = nodes[node].literals[text] else { return nil }
                node = next
            case .parameter, .optional:
                guard let next = nodes[node].parameter else { return nil }
                node = next
            case .repeated:
                preconditionFailure("A repeated segment ends a pattern and is kept on its node.")
            }
        }
        return node
    }

    mutating func makeNode(for path: [LinkPattern.Segment]) -> Int {
        var node = 0
        for segment in path {
            switch segment {
            case .literal(let text):
                if let next = nodes[node].literals[text] {
                    node = next
                } else {
                    nodes.append(Node())
                    nodes[node].literals[text] = nodes.count - 1
                    node = nodes.count - 1
                }
            case .parameter, .optional:
                if let next = nodes[node].parameter {
                    node = next
                } else {
                    nodes.append(Node())
                    nodes[node].parameter = nodes.count - 1
                    node = nodes.count - 1
                }
            case .repeated:
                preconditionFailure("A repeated segment ends a pattern and is kept on its node.")
            }
        }
        return node
    }
}
