/// A piece of HTML that is safe to put in a page: text written into it is escaped unless it is
/// HTML itself.
///
/// The literal parts of an `HTML` value are markup the developer wrote; every `String` (or other
/// value) interpolated into it is text, escaped where it stands, so what a person typed can never
/// become markup:
///
/// ```swift
/// let name = "<script>"
/// let line: HTML = "<p>Hello, \(name)</p>"   // <p>Hello, &lt;script&gt;</p>
/// let list: HTML = "<ul>\(items.map { "<li>\($0)</li>" as HTML })</ul>"
/// ```
public struct HTML: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The markup, escaped where it holds text.
    public let markup: String

    /// Markup taken as it is: for markup the app wrote itself, never for what a person typed.
    public init(trusted markup: String) { self.markup = markup }

    /// Markup written as a literal: trusted, as any literal the developer writes.
    public init(stringLiteral value: String) { self.markup = value }

    /// Markup with text interpolated into it, escaped.
    public init(stringInterpolation: Interpolation) { self.markup = stringInterpolation.markup }

    /// Text as HTML: escaped, so it shows as written.
    public init(text: String) { self.markup = HTML.escape(text) }

    /// Nothing.
    public static let empty = HTML(trusted: "")

    public var description: String { markup }

    /// Builds an ``HTML`` value from a literal: the literal is markup, what is interpolated is text.
    public struct Interpolation: StringInterpolationProtocol {
        var markup = ""

        public init(literalCapacity: Int, interpolationCount: Int) { markup.reserveCapacity(literalCapacity * 2) }

        public mutating func appendLiteral(_ literal: String) { markup += literal }

        /// Text, escaped.
        public mutating func appendInterpolation(_ text: some CustomStringConvertible) { markup += HTML.escape(text.description) }

        /// HTML, as it is.
        public mutating func appendInterpolation(_ html: HTML) { markup += html.markup }

        /// Pieces of HTML, one after another.
        public mutating func appendInterpolation(_ pieces: [HTML]) {
            for piece in pieces { markup += piece.markup }
        }
    }

    /// Text with `&`, `<`, `>`, `"` and `'` written as entities: safe in content and in quoted
    /// attribute values.
    public static func escape(_ text: String) -> String {
        // Most text has nothing to escape, and comes back as it is. The five characters are ASCII,
        // and no byte of a longer UTF-8 sequence is ASCII, so the bytes are read one by one.
        var text = text
        let escaped: String? = text.withUTF8 { bytes in
            guard let first = bytes.firstIndex(where: Self.needsEscaping) else { return nil }
            var escaped: [UInt8] = []
            escaped.reserveCapacity(bytes.count + 16)
            escaped.append(contentsOf: bytes[..<first])
            for byte in bytes[first...] {
                switch byte {
                case UInt8(ascii: "&"): escaped.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): escaped.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): escaped.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): escaped.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'"): escaped.append(contentsOf: "&#39;".utf8)
                default: escaped.append(byte)
                }
            }
            return String(decoding: escaped, as: UTF8.self)
        }
        return escaped ?? text
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        default: false
        }
    }
}
