import FlowKernel

/// A link as an app receives it — `shop://product/shoes?color=red`, `https://shop.example/cart`,
/// or a bare path `/orders/7` — read into its parts, with every segment and query value
/// percent-decoded.
///
/// Reading is strict, so that a link that means nothing is refused before anything is shown rather
/// than half understood. For `http` and `https` the part after `//` up to the first `/` is the
/// site and the path starts after it; for any other scheme (an app's own, such as `shop://`) there
/// is no site, and the path starts right after `//`, so `shop://product/shoes` has the path
/// `product`, `shoes`.
///
/// ```swift
/// let link = try Link("shop://product/red%20shoes?size=42")
/// link.path          // ["product", "red shoes"]
/// link.query         // [Link.QueryItem(name: "size", value: "42")]
/// ```
public struct Link: Hashable, Sendable, CustomStringConvertible {
    /// The text the link was read from, as given.
    public let text: String
    /// The scheme, lowercased (`shop`, `https`), or `nil` for a bare path.
    public let scheme: String?
    /// The site of an `http` or `https` link, lowercased; `nil` for any other link.
    public let site: String?
    /// The path's segments, percent-decoded; empty for the root (`shop://`, `/`).
    public let path: [String]
    /// The query's items in the order given, percent-decoded, with `+` read as a space.
    public let query: [QueryItem]
    /// What follows `#`, if anything; it takes no part in matching.
    public let fragment: String?

    /// One `name=value` item of a query. An item without `=` has an empty value.
    public struct QueryItem: Hashable, Sendable {
        /// The item's name.
        public let name: String
        /// The item's value.
        public let value: String

        /// Makes an item.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Reads a link.
    ///
    /// - Parameter text: `scheme://path?query#fragment`, `https://site/path?query`, or `/path?query`.
    /// - Throws: ``/FlowKernel/FlowError`` with code ``/FlowKernel/FlowError/Code/malformedLink``
    ///   for empty text, a space or control character, a missing or invalid scheme, an `http` link
    ///   without a site, an empty segment inside the path (`a//b`), or a `%` escape that is not two
    ///   hex digits or does not decode to UTF-8 text.
    public init(_ text: String) throws {
        self.text = text
        func malformed(_ why: String) -> FlowError {
            FlowError(.malformedLink, "The link \"\(text.linkEchoed)\" cannot be read: \(why).")
        }
        guard !text.isEmpty else { throw malformed("it is empty") }
        if text.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) {
            throw malformed("it contains a space or a control character; write a space as %20")
        }
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") {
            guard let decoded = Self.decoded(rest[rest.index(after: hash)...], plusIsSpace: false) else {
                throw malformed("its fragment has a % that is not followed by two hex digits of UTF-8 text")
            }
            fragment = decoded
            rest = rest[..<hash]
        } else {
            fragment = nil
        }
        var queryText: Substring?
        if let question = rest.firstIndex(of: "?") {
            queryText = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        if let separator = Self.schemeSeparator(in: rest) {
            let name = rest[..<separator.lowerBound]
            guard let first = name.utf8.first, first.isASCIILetter,
                  name.utf8.allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }) else {
                throw malformed("\"\(String(name).linkEchoed)\" is not a scheme (a letter, then letters, digits, +, - or .)")
            }
            let scheme = name.lowercased()
            self.scheme = scheme
            rest = rest[separator.upperBound...]
            if scheme == "http" || scheme == "https" {
                let end = rest.firstIndex(of: "/") ?? rest.endIndex
                guard end > rest.startIndex else { throw malformed("an \(scheme) link needs a site after //") }
                site = rest[..<end].lowercased()
                rest = rest[end...]
            } else {
                site = nil
            }
        } else if rest.first == "/" {
            scheme = nil
            site = nil
        } else {
            throw malformed("it starts with neither a scheme (shop://) nor a /")
        }
        var segments = rest.split(separator: "/", omittingEmptySubsequences: false)
        if segments.first?.isEmpty == true { segments.removeFirst() }
        if segments.last?.isEmpty == true { segments.removeLast() }
        var path: [String] = []
        path.reserveCapacity(segments.count)
        for segment in segments {
            guard !segment.isEmpty else { throw malformed("its path has an empty segment (//)") }
            guard let decoded = Self.decoded(segment, plusIsSpace: false) else {
                throw malformed("the segment \"\(String(segment).linkEchoed)\" has a % that is not followed by two hex digits of UTF-8 text")
            }
            path.append(decoded)
        }
        self.path = path
        var query: [QueryItem] = []
        for item in queryText?.split(separator: "&") ?? [] {
            let equals = item.firstIndex(of: "=")
            let name = equals.map { item[..<$0] } ?? item
            let value = equals.map { item[item.index(after: $0)...] } ?? ""
            guard let decodedName = Self.decoded(name, plusIsSpace: true), let decodedValue = Self.decoded(value, plusIsSpace: true) else {
                throw malformed("the query item \"\(String(item).linkEchoed)\" has a % that is not followed by two hex digits of UTF-8 text")
            }
            guard !decodedName.isEmpty else { throw malformed("a query item has no name") }
            query.append(QueryItem(name: decodedName, value: decodedValue))
        }
        self.query = query
    }

    /// The link as given.
    public var description: String { text }

    /// Where `://` first occurs, if it does.
    static func schemeSeparator(in text: Substring) -> Range<Substring.Index>? {
        var index = text.startIndex
        while let colon = text[index...].firstIndex(of: ":") {
            let after = text[text.index(after: colon)...]
            if after.hasPrefix("//") { return colon..<text.index(colon, offsetBy: 3) }
            index = text.index(after: colon)
        }
        return nil
    }

    /// Percent-decodes text, or returns `nil` for a broken escape or bytes that are not UTF-8.
    static func decoded(_ text: Substring, plusIsSpace: Bool) -> String? {
        guard text.utf8.contains(where: { $0 == 0x25 || (plusIsSpace && $0 == 0x2B) }) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case 0x25:
                guard let high = iterator.next()?.hexValue, let low = iterator.next()?.hexValue else { return nil }
                bytes.append(high << 4 | low)
            case 0x2B where plusIsSpace:
                bytes.append(0x20)
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

extension FlowError.Code {
    /// A link that cannot be read: see ``/FlowLinks/Link/init(_:)``.
    public static let malformedLink = FlowError.Code("malformedLink")
    /// A link that is read but that no registered pattern matches, or whose scheme or site the app
    /// does not open.
    public static let unknownLink = FlowError.Code("unknownLink")
    /// A link parameter or query value that is missing or does not decode to the type asked for.
    public static let invalidLinkParameter = FlowError.Code("invalidLinkParameter")
    /// A link pattern that cannot be read, or that matches exactly what another already matches.
    public static let invalidLinkPattern = FlowError.Code("invalidLinkPattern")
}

extension UInt8 {
    var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
    var isASCIIDigit: Bool { (0x30...0x39).contains(self) }

    var hexValue: UInt8? {
        switch self {
        case 0x30...0x39: self - 0x30
        case 0x41...0x46: self - 0x41 + 10
        case 0x61...0x66: self - 0x61 + 10
        default: nil
        }
    }
}

extension String {
    /// Text a message repeats: whole when short, else its start and how much more there was.
    var linkEchoed: String {
        let limit = 60
        guard count > limit else { return self }
        return "\(prefix(limit))… (\(count - limit) more characters)"
    }
}
