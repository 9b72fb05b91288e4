import FlowKernel

/// What a link matched: the pattern, each parameter's text, and the query, with typed access that
/// throws a clear ``/FlowKernel/FlowError`` instead of handing a destination bad data.
///
/// ```swift
/// try links.register("/orders/:orderID/items/:index") { parameters in
///     .orderItem(order: try parameters.value("orderID"), index: try parameters.value("index"))
/// }
/// ```
///
/// Asking for a name the pattern does not have is a mistake in the app, reported the same way, with
/// the pattern's names.
public struct LinkParameters: Sendable {
    /// The link that matched.
    public let link: Link
    /// The pattern it matched.
    public let pattern: LinkPattern
    /// Each single parameter's name and text; an optional one left off is absent.
    let single: [(name: String, text: String)]
    /// The repeated parameter's name and segments, if the pattern has one.
    let repeated: (name: String, texts: ArraySlice<String>)?

    /// A required or optional parameter, decoded.
    ///
    /// - Throws: ``/FlowKernel/FlowError/Code/invalidLinkParameter`` when the parameter is absent
    ///   (an optional one left off) or does not decode to `T`.
    public func value<T: LinkValue>(_ name: String, as type: T.Type = T.self) throws -> T {
        guard let value = try valueIfPresent(name, as: type) else {
            throw FlowError(.invalidLinkParameter, "The link \"\(link.text.linkEchoed)\" has no \(name); its pattern is \(pattern).", types: [T.self])
        }
        return value
    }

    /// An optional parameter, decoded, or `nil` when the link leaves it off.
    ///
    /// - Throws: ``/FlowKernel/FlowError/Code/invalidLinkParameter`` when it is given but does not
    ///   decode to `T`, or the pattern has no single parameter of that name.
    public func valueIfPresent<T: LinkValue>(_ name: String, as type: T.Type = T.self) throws -> T? {
        guard pattern.segments.contains(where: { $0 == .parameter(name) || $0 == .optional(name) }) else {
            throw unknownName(name, T.self)
        }
        guard let text = single.first(where: { $0.name == name })?.text else { return nil }
        return try decode(text, name: name, as: type)
    }

    /// A repeated parameter (`:path+`, `:path*`), each segment decoded.
    ///
    /// - Throws: ``/FlowKernel/FlowError/Code/invalidLinkParameter`` when a segment does not decode,
    ///   or the pattern has no repeated parameter of that name.
    public func values<T: LinkValue>(_ name: String, as type: T.Type = T.self) throws -> [T] {
        guard let repeated, repeated.name == name else { throw unknownName(name, T.self) }
        return try repeated.texts.map { try decode($0, name: name, as: type) }
    }

    /// A query value, decoded; the first when the name is given more than once.
    ///
    /// - Throws: ``/FlowKernel/FlowError/Code/invalidLinkParameter`` when the query has no item of
    ///   that name or its value does not decode.
    public func query<T: LinkValue>(_ name: String, as type: T.Type = T.self) throws -> T {
        guard let value = try queryIfPresent(name, as: type) else {
            throw FlowError(.invalidLinkParameter, "The link \"\(link.text.linkEchoed)\" needs a query value \(name)= (\(T.linkValueDescription)).", types: [T.self])
        }
        return value
    }

    /// A query value, decoded, or `nil` when the query has no item of that name.
    ///
    /// - Throws: ``/FlowKernel/FlowError/Code/invalidLinkParameter`` when it is given but does not
    ///   decode to `T`.
    public func queryIfPresent<T: LinkValue>(_ name: String, as type: T.Type = T.self) throws -> T? {
        guard let item = link.query.first(where: { $0.name == name }) else { return nil }
        return try decode(item.value, name: name, as: type)
    }

    /// Every value a query gives a name, in order, decoded; empty when it gives none.
    ///
    /// - Throws: ``/FlowKernel/FlowError/Code/invalidLinkParameter`` when one does not decode.
    public func queryValues<T: LinkValue>(_ name: String, as type: T.Type = T.self) throws -> [T] {
        try link.query.filter { $0.name == name }.map { try decode($0.value, name: name, as: type) }
    }

    private func decode<T: LinkValue>(_ text: String, name: String, as type: T.Type) throws -> T {
        guard let value = T(linkText: text) else {
            throw FlowError(.invalidLinkParameter, "The link \"\(link.text.linkEchoed)\" gives \(name) as \"\(text.linkEchoed)\", which is not \(T.linkValueDescription).", types: [T.self])
        }
        return value
    }

    private func unknownName(_ name: String, _ type: Any.Type) -> FlowError {
        let names = pattern.parameterNames
        let known = names.isEmpty ? "it has no parameters" : "its parameters are \(names.joined(separator: ", "))"
        return FlowError(.invalidLinkParameter, "The pattern \(pattern) has no parameter \(name) of that kind; \(known).", types: [type])
    }
}
