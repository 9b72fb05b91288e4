import FlowKernel

// Encodes any Encodable value into a SavedValue and decodes it back, with no dependency: the
// runtime and the strategies keep arguments, contexts and inputs in snapshots through these.

extension SavedValue {
    /// Saves an `Encodable` value.
    ///
    /// - Throws: `EncodingError` when the value cannot be encoded (an unsigned integer past
    ///   `Int.max`, or whatever the value's own `encode(to:)` throws).
    public init(encoding value: some Encodable) throws {
        let box = EncodingBox()
        try value.encode(to: SavedValueEncoder(box: box, codingPath: []))
        self = box.value
    }

    /// Saves a flow's own state, which a strategy writes in strings, numbers, flags and saved
    /// values, so its encoding does not fail. Should it fail all the same, the state says why in a
    /// note: saving never fails, and a restore of it reports that it cannot read it.
    public init(flowState state: some Encodable) {
        do {
            try self.init(encoding: state)
        } catch {
            self = .object(["unsaved": .string("the state could not be encoded: \(error)")])
        }
    }

    /// Reads the value back as a type.
    ///
    /// - Throws: `DecodingError` when the value does not have the type's shape.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try T(from: SavedValueDecoder(value: self, codingPath: []))
    }
}

/// What one encoder or container writes: a value, or the fields or items of a container, each a
/// box of its own so a nested container can keep writing after its parent handed it out.
private final class EncodingBox {
    var single: SavedValue?
    var fields: [String: EncodingBox]?
    var items: [EncodingBox]?

    var value: SavedValue {
        if let fields { return .object(fields.mapValues(\.value)) }
        if let items { return .array(items.map(\.value)) }
        return single ?? .object([:])
    }

    func keyed() {
        if fields == nil { fields = [:] }
    }

    func unkeyed() {
        if items == nil { items = [] }
    }
}

private struct SavedValueEncoder: Encoder {
    let box: EncodingBox
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        box.keyed()
        return KeyedEncodingContainer(KeyedSavedValueEncoder<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        box.unkeyed()
        return UnkeyedSavedValueEncoder(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleSavedValueEncoder(box: box, codingPath: codingPath)
    }
}

/// Turns one value into a box: scalars directly, anything else through its own `encode(to:)`.
private func encoded(_ value: some Encodable, at path: [any CodingKey]) throws -> EncodingBox {
    let box = EncodingBox()
    if let scalar = try scalar(value, at: path) {
        box.single = scalar
    } else {
        try value.encode(to: SavedValueEncoder(box: box, codingPath: path))
    }
    return box
}

private func scalar(_ value: Any, at path: [any CodingKey]) throws -> SavedValue? {
    switch value {
    case let value as Bool: return .bool(value)
    case let value as String: return .string(value)
    case let value as Int: return .int(value)
    case let value as Double: return .double(value)
    case let value as Float: return .double(Double(value))
    case let value as any BinaryInteger:
        guard let int = Int(exactly: value) else {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: path, debugDescription: "\(value) does not fit in an Int."))
        }
        return .int(int)
    default: return nil
    }
}

private struct KeyedSavedValueEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: EncodingBox
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {
        let child = EncodingBox()
        child.single = .null
        box.fields?[key.stringValue] = child
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let child = try encoded(value, at: codingPath + [key])
        box.fields?[key.stringValue] = child
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = EncodingBox()
        box.fields?[key.stringValue] = child
        return SavedValueEncoder(box: child, codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = EncodingBox()
        box.fields?[key.stringValue] = child
        return SavedValueEncoder(box: child, codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(named: AnyKey("super"))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: key)
    }

    private func superEncoder(named key: any CodingKey) -> any Encoder {
        let child = EncodingBox()
        box.fields?[key.stringValue] = child
        return SavedValueEncoder(box: child, codingPath: codingPath + [key])
    }
}

private struct UnkeyedSavedValueEncoder: UnkeyedEncodingContainer {
    let box: EncodingBox
    let codingPath: [any CodingKey]
    var count: Int { box.items?.count ?? 0 }
    private var nextKey: AnyKey { AnyKey(index: count) }

    init(box: EncodingBox, codingPath: [any CodingKey]) {
        self.box = box
        self.codingPath = codingPath
    }

    mutating func encodeNil() throws {
        let child = EncodingBox()
        child.single = .null
        box.items?.append(child)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let child = try encoded(value, at: codingPath + [nextKey])
        box.items?.append(child)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = EncodingBox()
        let path = codingPath + [nextKey]
        box.items?.append(child)
        return SavedValueEncoder(box: child, codingPath: path).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = EncodingBox()
        let path = codingPath + [nextKey]
        box.items?.append(child)
        return SavedValueEncoder(box: child, codingPath: path).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = EncodingBox()
        let path = codingPath + [nextKey]
        box.items?.append(child)
        return SavedValueEncoder(box: child, codingPath: path)
    }
}

private struct SingleSavedValueEncoder: SingleValueEncodingContainer {
    let box: EncodingBox
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { box.single = .null }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let inner = try encoded(value, at: codingPath)
        box.single = inner.value
    }
}

// MARK: Decoding

private struct SavedValueDecoder: Decoder {
    let value: SavedValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let fields) = value else { throw mismatch([String: SavedValue].self, value, codingPath) }
        return KeyedDecodingContainer(KeyedSavedValueDecoder<Key>(fields: fields, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch([SavedValue].self, value, codingPath) }
        return UnkeyedSavedValueDecoder(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleSavedValueDecoder(value: value, codingPath: codingPath)
    }
}

private func mismatch(_ type: Any.Type, _ value: SavedValue, _ path: [any CodingKey]) -> DecodingError {
    .typeMismatch(type, DecodingError.Context(codingPath: path, debugDescription: "Expected a \(type), found \(value.kind)."))
}

extension SavedValue {
    /// What kind of value this is, for messages: `a string`, `an object`.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .int: "an integer"
        case .double: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}

/// Reads one value as a type: scalars directly, anything else through its own `init(from:)`.
private func decoded<T: Decodable>(_ type: T.Type, from value: SavedValue, at path: [any CodingKey]) throws -> T {
    // A saved value inside a saved value (a flow's state) is taken as it is.
    if let value = value as? T { return value }
    let scalar: Any? =
        switch (value, type) {
        case (.bool(let bool), is Bool.Type): bool
        case (.string(let string), is String.Type): string
        case (.int(let int), is Int.Type): int
        case (.int(let int), is Double.Type): Double(int)
        case (.double(let double), is Double.Type): double
        case (.int(let int), is Float.Type): Float(int)
        case (.double(let double), is Float.Type): Float(double)
        default: nil
        }
    if let scalar = scalar as? T { return scalar }
    if let integer = type as? any BinaryInteger.Type {
        guard case .int(let int) = value else { throw mismatch(type, value, path) }
        guard let converted = integer.init(exactly: int) as? T else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: "\(int) does not fit in a \(type)."))
        }
        return converted
    }
    if type is Bool.Type || type is String.Type || type is Double.Type || type is Float.Type {
        throw mismatch(type, value, path)
    }
    return try T(from: SavedValueDecoder(value: value, codingPath: path))
}

private struct KeyedSavedValueDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [String: SavedValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { fields.keys.sorted().compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

    private func field(_ key: Key) throws -> SavedValue {
        guard let value = fields[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "No value for \(key.stringValue)."))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try field(key) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoded(type, from: try field(key), at: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try SavedValueDecoder(value: try field(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try SavedValueDecoder(value: try field(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        SavedValueDecoder(value: fields["super"] ?? .null, codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        SavedValueDecoder(value: fields[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct UnkeyedSavedValueDecoder: UnkeyedDecodingContainer {
    let items: [SavedValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    init(items: [SavedValue], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    private mutating func next(_ type: Any.Type) throws -> (SavedValue, [any CodingKey]) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(codingPath: codingPath, debugDescription: "The list has no more items."))
        }
        defer { currentIndex += 1 }
        return (items[currentIndex], codingPath + [AnyKey(index: currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try next(type)
        return try decoded(type, from: value, at: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, path) = try next([String: SavedValue].self)
        return try SavedValueDecoder(value: value, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try next([SavedValue].self)
        return try SavedValueDecoder(value: value, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try next(SavedValue.self)
        return SavedValueDecoder(value: value, codingPath: path)
    }
}

private struct SingleSavedValueDecoder: SingleValueDecodingContainer {
    let value: SavedValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoded(type, from: value, at: codingPath)
    }
}
