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
    /// - Throws: ``/FlowKernel/FlowError`` with code ``FlowKernel/FlowError/Code/malformedLink``
    ///   for empty text, a space or control character, a missing or invalid scheme, an `http` link
    ///   without a site, an empty segment inside the path (`a//b`), or a `%` escape that is not two
    ///   hex digits or does not decode to UTF-8 text.
    public init(_ text: String) throws {
        var contiguous = text
        contiguous.makeContiguousUTF8()
        self = try contiguous.utf8.withContiguousStorageIfAvailable { try Link(text: text, bytes: $0) }!
    }

    private init(scheme: String?, site: String?, path: [String], query: [QueryItem], fragment: String?, text: String) {
        self.text = text
        self.scheme = scheme
        self.site = site
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// Reads the link over its UTF-8 bytes: every delimiter is ASCII, so a slice between two
    /// delimiters is whole UTF-8 text.
    private init(text: String, bytes: UnsafeBufferPointer<UInt8>) throws {
        func malformed(_ why: String) -> FlowError {
            FlowError(.malformedLink, "The link \"\(text.linkEchoed)\" cannot be read: \(why).")
        }
        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        guard !bytes.isEmpty else { throw malformed("it is empty") }
        if bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F }) {
            throw malformed("it contains a space or a control character; write a space as %20")
        }
        var end = bytes.count
        var fragment: String?
        if let hash = bytes.firstIndex(of: 0x23) {
            guard let decoded = Self.decoded(bytes, hash + 1..<end, plusIsSpace: false) else {
                throw malformed("its fragment has a % that is not followed by two hex digits of UTF-8 text")
            }
            fragment = decoded
            end = hash
        }
        var queryRange: Range<Int>?
        if let question = bytes[..<end].firstIndex(of: 0x3F) {
            queryRange = question + 1..<end
            end = question
        }
        var start = 0
        let scheme: String?
        var site: String?
        if let colon = Self.schemeSeparator(in: bytes, before: end) {
            let name = bytes[..<colon]
            guard let first = name.first, first.isASCIILetter,
                name.allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E })
            else {
                throw malformed("\"\(string(0..<colon).linkEchoed)\" is not a scheme (a letter, then letters, digits, +, - or .)")
            }
            let lowered = Self.lowercased(string(0..<colon))
            scheme = lowered
            start = colon + 3
            if lowered == "http" || lowered == "https" {
                let siteEnd = bytes[start..<end].firstIndex(of: 0x2F) ?? end
                guard siteEnd > start else { throw malformed("an \(lowered) link needs a site after //") }
                site = Self.lowercased(string(start..<siteEnd))
                start = siteEnd
            }
        } else if bytes[0] == 0x2F {
            scheme = nil
        } else {
            throw malformed("it starts with neither a scheme (shop://) nor a /")
        }
        // One leading and one trailing slash are allowed; any other empty segment is not.
        if start < end, bytes[start] == 0x2F { start += 1 }
        if start < end, bytes[end - 1] == 0x2F { end -= 1 }
        var path: [String] = []
        path.reserveCapacity(8)
        var segmentStart = start
        while segmentStart < end {
            let segmentEnd = bytes[segmentStart..<end].firstIndex(of: 0x2F) ?? end
            guard segmentEnd > segmentStart, segmentEnd + 1 != end else { throw malformed("its path has an empty segment (//)") }
            guard let decoded = Self.decoded(bytes, segmentStart..<segmentEnd, plusIsSpace: false) else {
                throw malformed("the segment \"\(string(segmentStart..<segmentEnd).linkEchoed)\" has a % that is not followed by two hex digits of UTF-8 text")
            }
            path.append(decoded)
            segmentStart = segmentEnd + 1
        }
        var query: [QueryItem] = []
        if let queryRange {
            var itemStart = queryRange.lowerBound
            while itemStart < queryRange.upperBound {
                let itemEnd = bytes[itemStart..<queryRange.upperBound].firstIndex(of: 0x26) ?? queryRange.upperBound
                defer { itemStart = itemEnd + 1 }
                guard itemEnd > itemStart else { continue }
                let equals = bytes[itemStart..<itemEnd].firstIndex(of: 0x3D)
                guard let name = Self.decoded(bytes, itemStart..<(equals ?? itemEnd), plusIsSpace: true),
                    let value = Self.decoded(bytes, (equals.map { $0 + 1 } ?? itemEnd)..<itemEnd, plusIsSpace: true)
                else {
                    throw malformed("the query item \"\(string(itemStart..<itemEnd).linkEchoed)\" has a % that is not followed by two hex digits of UTF-8 text")
                }
                guard !name.isEmpty else { throw malformed("a query item has no name") }
                query.append(QueryItem(name: name, value: value))
            }
        }
        self.init(scheme: scheme, site: site, path: path, query: query, fragment: fragment, text: text)
    }

    /// The link as given.
    public var description: String { text }

    /// Where the `:` of the first `://` before `end` is, if there is one.
    static func schemeSeparator(in bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Int? {
        var index = 0
        while index + 2 < end {
            if bytes[index] == 0x3A, bytes[index + 1] == 0x2F, bytes[index + 2] == 0x2F { return index }
            index += 1
        }
        return nil
    }

    /// ASCII letters lowercased; copied only when one is upper-case.
    static func lowercased(_ text: String) -> String {
        text.utf8.contains(where: { (0x41...0x5A).contains($0) }) ? text.lowercased() : text
    }

    /// Percent-decodes bytes, or returns `nil` for a broken escape or bytes that are not UTF-8.
    static func decoded(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, plusIsSpace: Bool) -> String? {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        guard slice.contains(where: { $0 == 0x25 || (plusIsSpace && $0 == 0x2B) }) else {
            return String(decoding: slice, as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(slice.count)
        var iterator = slice.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case 0x25:
                guard let high = iterator.next()?.hexValue, let low = iterator.next()?.hexValue else { return nil }
                decoded.append(high << 4 | low)
            case 0x2B where plusIsSpace:
                decoded.append(0x20)
            default:
                decoded.append(byte)
            }
        }
        return String(validating: decoded, as: UTF8.self)
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
    ///
    /// Cut by Unicode scalars, not characters: one character may join any number of scalars (a
    /// letter with a thousand combining marks), while 60 scalars are at most 240 bytes of UTF-8.
    var linkEchoed: String {
        let limit = 60
        let scalars = unicodeScalars
        guard scalars.count > limit else { return self }
        var start = String.UnicodeScalarView()
        start.append(contentsOf: scalars.prefix(limit))
        let shown = String(start)
        return "\(shown)… (\(utf8.count - shown.utf8.count) more bytes)"
    }
}
