import FlowKernel

/// A value as a snapshot keeps it: the shape of JSON, with integers kept apart from other
/// numbers.
///
/// Arguments, contexts and inputs enter a ``NavigationSnapshot`` as saved values, so the snapshot
/// stays one Codable value that any encoder writes and a person reads in a bug report, whatever
/// types the app's screens take. ``init(encoding:)`` saves any `Encodable` value and
/// ``decode(_:)`` reads it back, without Foundation.
///
/// ```swift
/// let saved = try SavedValue(encoding: Product(name: "Red shoes", price: 59))
/// let product = try saved.decode(Product.self)
/// ```
public enum SavedValue: Hashable, Sendable {
    /// No value: an optional that was `nil`.
    case null
    /// A Boolean.
    case bool(Bool)
    /// An integer.
    case int(Int)
    /// A number with a fraction.
    case double(Double)
    /// A string.
    case string(String)
    /// An ordered list.
    case array([SavedValue])
    /// Named values; a keyed container's keys.
    case object([String: SavedValue])

    /// The value under a key of an object, or `nil`.
    public subscript(key: String) -> SavedValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    /// How deep the value nests: 0 for a scalar, 1 for a list of scalars.
    public var depth: Int {
        var deepest = 0
        var pending: [(SavedValue, Int)] = [(self, 0)]
        while let (value, level) = pending.popLast() {
            deepest = max(deepest, level)
            switch value {
            case .array(let items): pending += items.map { ($0, level + 1) }
            case .object(let fields): pending += fields.values.map { ($0, level + 1) }
            default: break
            }
        }
        return deepest
    }
}

extension SavedValue: Codable {
    /// Reads the value as the decoder's format has it: JSON's null, Booleans, numbers (an
    /// integer when it has no fraction), strings, arrays and objects.
    public init(from decoder: any Decoder) throws {
        // Scalars first, strings first of all: most of a snapshot is its leaves, and each kind
        // tried in vain costs a thrown error.
        if let single = try? decoder.singleValueContainer() {
            if single.decodeNil() {
                self = .null
                return
            }
            if let value = try? single.decode(String.self) {
                self = .string(value)
                return
            }
            if let value = try? single.decode(Int.self) {
                self = .int(value)
                return
            }
            if let value = try? single.decode(Bool.self) {
                self = .bool(value)
                return
            }
            if let value = try? single.decode(Double.self) {
                self = .double(value)
                return
            }
        }
        if var list = try? decoder.unkeyedContainer() {
            var items: [SavedValue] = []
            while !list.isAtEnd { items.append(try list.decode(SavedValue.self)) }
            self = .array(items)
            return
        }
        let keyed = try decoder.container(keyedBy: AnyKey.self)
        var fields: [String: SavedValue] = [:]
        for key in keyed.allKeys { fields[key.stringValue] = try keyed.decode(SavedValue.self, forKey: key) }
        self = .object(fields)
    }

    /// Writes the value as its format's null, Boolean, number, string, array or object.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .array(let items):
            var list = encoder.unkeyedContainer()
            for item in items { try list.encode(item) }
        case .object(let fields):
            var keyed = encoder.container(keyedBy: AnyKey.self)
            // Keys in order, so the same value always writes the same bytes.
            for (key, value) in fields.sorted(by: { $0.key < $1.key }) { try keyed.encode(value, forKey: AnyKey(key)) }
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .int(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .double(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .string(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        }
    }
}

extension SavedValue: CustomStringConvertible {
    /// The value as compact JSON-like text, keys sorted: `{"name":"Red shoes","price":59}`.
    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .int(let value): "\(value)"
        case .double(let value): "\(value)"
        case .string(let value): "\"\(value)\""
        case .array(let items): "[" + items.map(\.description).joined(separator: ",") + "]"
        case .object(let fields): "{" + fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
        }
    }
}

/// A coding key made from any string or index.
struct AnyKey: CodingKey, Hashable {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) {
        self.stringValue = string
        self.intValue = nil
    }

    init(index: Int) {
        self.stringValue = "\(index)"
        self.intValue = index
    }

    init?(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) { self.init(index: intValue) }
}
