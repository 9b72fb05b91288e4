import FlowKernel

/// The shape of the links one destination answers: `/product/:id`, `/orders/:orderID/items/:index`.
///
/// A pattern is a path of segments, each one of:
/// - a literal, matched exactly: `product`;
/// - a parameter, matching any one segment: `:id`;
/// - an optional parameter, which may be left off: `:page?` — only at the end, after every required
///   segment (`/search/:term?/:page?`);
/// - a repeated parameter, matching what is left of the path: `:path+` (one segment or more),
///   `:path*` (none or more) — only as the last segment, and not in a pattern with optional ones.
///
/// Parameter names are letters, digits and `_`, each used once. Query items are not part of a
/// pattern: the destination reads the ones it wants from ``LinkParameters``.
public struct LinkPattern: Hashable, Sendable, CustomStringConvertible {
    /// One segment of a pattern.
    public enum Segment: Hashable, Sendable {
        /// Matches exactly this text.
        case literal(String)
        /// Matches any one segment, kept under this name.
        case parameter(String)
        /// Matches one segment if there is one left, kept under this name.
        case optional(String)
        /// Matches every segment left, kept under this name; `allowsNone` for `*`, not for `+`.
        case repeated(String, allowsNone: Bool)
    }

    /// The text the pattern was read from.
    public let text: String
    /// The segments, in order.
    public let segments: [Segment]

    /// Reads a pattern.
    ///
    /// - Parameter text: a path starting with `/`; `/` alone matches the root link.
    /// - Throws: ``/FlowKernel/FlowError`` with code ``FlowKernel/FlowError/Code/invalidLinkPattern``
    ///   saying what is wrong: no leading `/`, an empty segment, a parameter without a valid name or
    ///   with a name used twice, an optional segment before a required one, a repeated segment that
    ///   is not last, or both kinds in one pattern.
    public init(_ text: String) throws {
        self.text = text
        func invalid(_ why: String) -> FlowError {
            FlowError(.invalidLinkPattern, "The link pattern \"\(text.linkEchoed)\" cannot be used: \(why).")
        }
        guard text.first == "/" else { throw invalid("it must start with /") }
        var parts = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true { parts.removeLast() }
        var segments: [Segment] = []
        var names: Set<String> = []
        for (index, part) in parts.enumerated() {
            guard !part.isEmpty else { throw invalid("segment \(index + 1) is empty (//)") }
            if case .repeated = segments.last { throw invalid("a repeated parameter (+ or *) must be the last segment") }
            guard part.first == ":" else {
                if part.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F || $0 == 0x3F || $0 == 0x23 || $0 == 0x25 }) {
                    throw invalid("the literal \"\(part)\" has a space, a control character, ?, # or %")
                }
                if case .optional = segments.last { throw invalid("an optional parameter (?) must come after every required segment") }
                segments.append(.literal(String(part)))
                continue
            }
            var name = part.dropFirst()
            let segment: Segment
            switch name.last {
            case "?":
                name = name.dropLast()
                segment = .optional(String(name))
            case "+":
                name = name.dropLast()
                segment = .repeated(String(name), allowsNone: false)
            case "*":
                name = name.dropLast()
                segment = .repeated(String(name), allowsNone: true)
            default:
                segment = .parameter(String(name))
            }
            guard !name.isEmpty, name.utf8.allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit || $0 == 0x5F }) else {
                throw invalid("\"\(part)\" needs a name of letters, digits and _ after the colon, then ?, + or * if it is optional or repeated")
            }
            guard names.insert(String(name)).inserted else { throw invalid("the parameter \"\(name)\" is named twice") }
            switch segment {
            case .parameter:
                if case .optional = segments.last { throw invalid("an optional parameter (?) must come after every required segment") }
            case .repeated:
                if case .optional = segments.last { throw invalid("a pattern cannot have both optional (?) and repeated (+ or *) parameters") }
            case .literal, .optional:
                break
            }
            segments.append(segment)
        }
        self.segments = segments
    }

    /// The pattern as written.
    public var description: String { text }

    /// The names of the pattern's parameters, in order.
    public var parameterNames: [String] {
        segments.compactMap {
            switch $0 {
            case .literal: nil
            case .parameter(let name), .optional(let name), .repeated(let name, _): name
            }
        }
    }
}
