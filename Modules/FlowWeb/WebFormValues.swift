/// The values of an action's fields as the person posted them, each checked against its field:
/// what ``WebAction/perform`` receives.
///
/// Read them as text, as numbers, as ticks, or decode them into a value of the app's own type
/// with ``decode(_:)``.
public struct WebFormValues: Sendable, Hashable {
    /// The posted text by field name; a field left empty, or a box not ticked, is absent.
    public let texts: [String: String]
    /// The labels by field name, for the messages of a value that does not decode.
    let labels: [String: String]
    /// The words of the messages of a value that does not decode.
    let words: WebWords

    /// Values as a form posted them.
    public init(_ texts: [String: String]) {
        self.init(texts, labels: [:])
    }

    init(_ texts: [String: String], labels: [String: String], words: WebWords = .english) {
        self.texts = texts
        self.labels = labels
        self.words = words
    }

    /// The text of a field; `nil` when it was left empty.
    public subscript(name: String) -> String? { texts[name] }

    /// The number in a number field; `nil` when it was left empty.
    public func number(_ name: String) -> Double? { texts[name].flatMap(Double.init) }

    /// Whether a checkbox was ticked.
    public func isTicked(_ name: String) -> Bool { texts[name] != nil }

    /// The values as one value of the app's own type, a property per field: `String` from text,
    /// `Int`, `Double` and the other numbers from a number, `Bool` from a checkbox, an optional
    /// from a field that may be empty, any `RawRepresentable` enum of strings from a choice.
    ///
    /// - Throws: ``Invalid`` naming the first field whose text does not make the property.
    public func decode<Value: Decodable>(_ type: Value.Type) throws(Invalid) -> Value {
        try decodeNoting(type).value.get()
    }

    /// Decodes as ``decode(_:)`` does, and says which properties the type asked for, by name.
    func decodeNoting<Value: Decodable>(_ type: Value.Type) -> (value: Result<Value, Invalid>, asked: Set<String>) {
        let asked = AskedNames()
        do {
            return (.success(try Value(from: FormDecoder(values: self, codingPath: [], asked: asked))), asked.names)
        } catch let error as Invalid {
            return (.failure(error), asked.names)
        } catch {
            // The app's type asks for what a form cannot hold (a list, a nested value): the person
            // is told the form was not taken, not the decoder's words.
            return (.failure(Invalid(field: "", message: words.formNotTaken)), asked.names)
        }
    }

    /// A field whose text does not make the value asked for.
    public struct Invalid: Error, Hashable, CustomStringConvertible {
        /// The field's name.
        public var field: String
        /// The sentence shown beside it.
        public var message: String
        public var description: String { message }

        /// Names a field and what is wrong with it; `""` names the form as a whole.
        public init(field: String, message: String) {
            self.field = field
            self.message = message
        }
    }

    fileprivate func invalid(_ key: any CodingKey, _ what: KeyPath<WebWords, String>) -> Invalid {
        Invalid(field: key.stringValue, message: words.about(labels[key.stringValue] ?? key.stringValue, what))
    }
}

extension WebAction.Field {
    /// What a posted text means for this field, as the site reads it before an action runs: the
    /// value the action receives (`nil` for none: left empty, or not ticked), or why it does not
    /// hold, with the sentence shown beside the field.
    ///
    /// An empty field is refused when it is required; otherwise the kind decides (an address, a
    /// finite number, one of the choices, `on` for a ticked box), then the field's own
    /// ``check``. Spaces around an address or a number are dropped.
    public func read(_ posted: String?) -> Result<String?, WebFormValues.Invalid> {
        read(posted, in: .english)
    }

    /// What a posted text means for this field, as ``read(_:)`` says, with FlowWeb's messages in
    /// the site's words.
    public func read(_ posted: String?, in words: WebWords) -> Result<String?, WebFormValues.Invalid> {
        let text = posted ?? ""
        let isEmpty =
            switch kind {
            case .password: text.isEmpty
            default: text.allSatisfy(\.isWhitespace)
            }
        if isEmpty {
            return isRequired ? .failure(invalid(words.about(label, kind == .checkbox ? \.mustBeTicked : \.required))) : .success(nil)
        }
        let kept = kind == .number || kind == .email ? text.trimmedSpaces : text
        switch kind {
        case .text, .password:
            break
        case .email where check != nil:
            // The app's own rule for an address decides, with its own words.
            break
        case .email:
            guard Self.isEmailAddress(kept) else {
                return .failure(invalid(words.about(label, \.mustBeEmail)))
            }
        case .number:
            // Written as a number input writes one: digits, a point, a sign, an exponent; no hex,
            // no infinity.
            guard kept.allSatisfy({ "0123456789.-+eE".contains($0) }), let number = Double(kept), number.isFinite else {
                return .failure(invalid(words.about(label, \.mustBeNumber)))
            }
        case .choice(let choices):
            guard choices.contains(where: { $0.value == text }) else { return .failure(invalid(words.about(label, \.chooseAnOption))) }
        case .checkbox:
            guard text == "on" else { return .failure(invalid(words.about(label, \.tickedTakesNoText))) }
        }
        if let check, let message = check(kept) { return .failure(invalid(message)) }
        return .success(kept)
    }

    private func invalid(_ message: String) -> WebFormValues.Invalid { WebFormValues.Invalid(field: name, message: message) }

    /// Whether a text is an email address as a person writes one: a name, one `@`, and a domain
    /// of dot-separated labels with at least one dot, no empty label (so no leading, trailing or
    /// double dot), no space.
    static func isEmailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }
}

extension WebAction {
    /// A form posted for this action, read field by field: the values, a message for each field
    /// that does not hold, by name (`""` for the form as a whole), and, for a form whose fields
    /// do not match the app's type, what the developer is told.
    func read(_ form: WebForm, in words: WebWords) -> (values: WebFormValues, errors: [String: String], problem: String?) {
        var texts: [String: String] = [:]
        var errors: [String: String] = [:]
        for field in fields {
            switch field.read(form[field.name], in: words) {
            case .success(let value): texts[field.name] = value
            case .failure(let invalid): errors[field.name] = invalid.message
            }
        }
        let values = WebFormValues(texts, labels: Dictionary(fields.map { ($0.name, $0.label) }) { first, _ in first }, words: words)
        guard errors.isEmpty else { return (values, errors, nil) }
        let decoded = decodes(values)
        guard let problem = decoded.problem else { return (values, decoded.errors, nil) }
        return (values, ["": words.formNotRead], problem)
    }
}

extension String {
    var trimmedSpaces: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text = text.dropFirst() }
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return String(text)
    }
}

// MARK: - Decoding

/// The property names a decoding asked a form for.
private final class AskedNames {
    var names: Set<String> = []
}

/// Decodes a value of the app's type from a form's values, one property per field.
private struct FormDecoder: Decoder {
    let values: WebFormValues
    var codingPath: [any CodingKey]
    var asked = AskedNames()
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(FieldsContainer(values: values, codingPath: codingPath, asked: asked))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: "A form holds no lists."))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard let key = codingPath.last else {
            throw DecodingError.typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "A form is a set of named fields."))
        }
        return FieldValue(values: values, key: key, codingPath: codingPath)
    }
}

/// A form's fields by property name.
private struct FieldsContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let values: WebFormValues
    var codingPath: [any CodingKey]
    let asked: AskedNames
    var allKeys: [Key] { values.texts.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool {
        asked.names.insert(key.stringValue)
        return values.texts[key.stringValue] != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        asked.names.insert(key.stringValue)
        return values.texts[key.stringValue] == nil
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        asked.names.insert(key.stringValue)
        return try FieldValue(values: values, key: key, codingPath: codingPath + [key]).decode(Bool.self)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        asked.names.insert(key.stringValue)
        let field = FieldValue(values: values, key: key, codingPath: codingPath + [key])
        if let decoded = try field.decodeBasic(type) { return decoded }
        guard values.texts[key.stringValue] != nil else { throw values.invalid(key, \.mustBeFilledIn) }
        do {
            return try T(from: FormDecoder(values: values, codingPath: codingPath + [key], asked: asked))
        } catch let error as WebFormValues.Invalid {
            throw error
        } catch {
            throw values.invalid(key, \.mustBeAnOption)
        }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw values.invalid(key, \.mustBeSingleValue)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw values.invalid(key, \.mustBeSingleValue) }

    func superDecoder() throws -> any Decoder { FormDecoder(values: values, codingPath: codingPath, asked: asked) }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        asked.names.insert(key.stringValue)
        return FormDecoder(values: values, codingPath: codingPath + [key], asked: asked)
    }
}

/// One field's text as a single value.
private struct FieldValue: SingleValueDecodingContainer {
    let values: WebFormValues
    let key: any CodingKey
    var codingPath: [any CodingKey]

    init(values: WebFormValues, key: any CodingKey, codingPath: [any CodingKey]) {
        self.values = values
        self.key = key
        self.codingPath = codingPath
    }

    private var text: String? { values.texts[key.stringValue] }

    func decodeNil() -> Bool { text == nil }

    func decode(_ type: Bool.Type) throws -> Bool { text != nil }

    func decode(_ type: String.Type) throws -> String {
        guard let text else { throw values.invalid(key, \.mustBeFilledIn) }
        return text
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let decoded = try decodeBasic(type) { return decoded }
        return try T(from: FormDecoder(values: values, codingPath: codingPath))
    }

    /// The property's value, for the kinds a field's text makes directly; `nil` for another type.
    func decodeBasic<T>(_ type: T.Type) throws -> T? {
        switch type {
        case is Bool.Type: return (text != nil) as? T
        case is String.Type: return try decode(String.self) as? T
        case is Double.Type: return try number(Double.init) as? T
        case is Float.Type: return try number(Float.init) as? T
        case is Int.Type: return try whole(Int.init) as? T
        case is Int64.Type: return try whole(Int64.init) as? T
        case is Int32.Type: return try whole(Int32.init) as? T
        case is UInt.Type: return try whole(UInt.init) as? T
        default: return nil
        }
    }

    private func number<N: BinaryFloatingPoint>(_ make: (String) -> N?) throws -> N {
        guard let text else { throw values.invalid(key, \.mustBeFilledIn) }
        guard let number = make(text), number.isFinite else { throw values.invalid(key, \.mustBeNumber) }
        return number
    }

    private func whole<N: FixedWidthInteger>(_ make: (String) -> N?) throws -> N {
        guard let text else { throw values.invalid(key, \.mustBeFilledIn) }
        guard let number = make(text) else { throw values.invalid(key, \.mustBeWholeNumber) }
        return number
    }
}
