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
    /// The single and optional parameters' names, in the order their segments come.
    let names: [String]
    /// The texts of the single parameters the link gave, in the same order; an optional one left off
    /// has none.
    let texts: [String]
    /// The repeated parameter's name, if the pattern has one.
    let repeatedName: String?
    /// The segments the repeated parameter took.
    let repeatedTexts: ArraySlice<String>

    /// A required or optional parameter, decoded.
    ///
    /// - Throws: ``FlowKernel/FlowError/Code/invalidLinkParameter`` when the parameter is absent
    ///   (an optional one left off) or does not decode to `T`, or the pattern has no single
    ///   parameter of that name.
    @inlinable
    public func value<T: LinkValue>(_ name: String, as type: T.Type = T.self) throws -> T {
        guard let text = try text(of: name, type: T.self) else { throw absent(name, type: T.self) }
        return try decode(text, name: name, as: type)
    }

    /// An optional parameter, decoded, or `nil` when the link leaves it off.
    ///
    /// - Throws: ``FlowKernel/FlowError/Code/invalidLinkParameter`` when it is given but does not
    ///   decode to `T`, or the pattern has no single parameter of that name.
    @inlinable
    public func valueIfPresent<T: LinkValue>(_ name: String, as type: T.Type = T.self) throws -> T? {
        guard let text = try text(of: name, type: T.self) else { return nil }
        return try decode(text, name: name, as: type)
    }

    /// A repeated parameter (`:path+`, `:path*`), each segment decoded.
    ///
    /// - Throws: ``FlowKernel/FlowError/Code/invalidLinkParameter`` when a segment does not decode,
    ///   or the pattern has no repeated parameter of that name.
    @inlinable
    public func values<T: LinkValue>(_ name: String, as type: T.Type = T.self) throws -> [T] {
        try repeatedTexts(of: name, type: T.self).map { try decode($0, name: name, as: type) }
    }

    /// A query value, decoded; the first when the name is given more than once.
    ///
    /// - Throws: ``FlowKernel/FlowError/Code/invalidLinkParameter`` when the query has no item of
    ///   that name or its value does not decode.
    @inlinable
    public func query<T: LinkValue>(_ name: String, as type: T.Type = T.self) throws -> T {
        guard let value = try queryIfPresent(name, as: type) else { throw absentQuery(name, type: T.self, description: T.linkValueDescription) }
        return value
    }

    /// A query value, decoded, or `nil` when the query has no item of that name.
    ///
    /// - Throws: ``FlowKernel/FlowError/Code/invalidLinkParameter`` when it is given but does not
    ///   decode to `T`.
    @inlinable
    public func queryIfPresent<T: LinkValue>(_ name: String, as type: T.Type = T.self) throws -> T? {
        guard let item = link.query.first(where: { $0.name == name }) else { return nil }
        return try decode(item.value, name: name, as: type)
    }

    /// Every value a query gives a name, in order, decoded; empty when it gives none.
    ///
    /// - Throws: ``FlowKernel/FlowError/Code/invalidLinkParameter`` when one does not decode.
    @inlinable
    public func queryValues<T: LinkValue>(_ name: String, as type: T.Type = T.self) throws -> [T] {
        try link.query.filter { $0.name == name }.map { try decode($0.value, name: name, as: type) }
    }

    @inlinable
    func decode<T: LinkValue>(_ text: String, name: String, as type: T.Type) throws -> T {
        guard let value = T(linkText: text) else {
            throw undecodable(name, text: text, type: T.self, description: T.linkValueDescription)
        }
        return value
    }

    /// The text of a single parameter, or `nil` when the link left off that optional one.
    @usableFromInline
    func text(of name: String, type: Any.Type) throws -> String? {
        guard let position = names.firstIndex(of: name) else { throw unknownName(name, type) }
        return position < texts.count ? texts[position] : nil
    }

    /// The segments of the repeated parameter.
    @usableFromInline
    func repeatedTexts(of name: String, type: Any.Type) throws -> ArraySlice<String> {
        guard repeatedName == name else { throw unknownName(name, type) }
        return repeatedTexts
    }

    @usableFromInline
    func absent(_ name: String, type: Any.Type) -> FlowError {
        FlowError(.invalidLinkParameter, "The link \"\(link.text.linkEchoed)\" has no \(name); its pattern is \(pattern).", types: [type])
    }

    @usableFromInline
    func absentQuery(_ name: String, type: Any.Type, description: String) -> FlowError {
        FlowError(.invalidLinkParameter, "The link \"\(link.text.linkEchoed)\" needs a query value \(name)= (\(description)).", types: [type])
    }

    @usableFromInline
    func undecodable(_ name: String, text: String, type: Any.Type, description: String) -> FlowError {
        FlowError(
            .invalidLinkParameter, "The link \"\(link.text.linkEchoed)\" gives \(name) as \"\(text.linkEchoed)\", which is not \(description).", types: [type])
    }

    private func unknownName(_ name: String, _ type: Any.Type) -> FlowError {
        let names = pattern.parameterNames
        let known = names.isEmpty ? "it has no parameters" : "its parameters are \(names.joined(separator: ", "))"
        return FlowError(.invalidLinkParameter, "The pattern \(pattern) has no parameter \(name) of that kind; \(known).", types: [type])
    }
}
