import FlowKernel

/// A value a screen was made or updated with — an argument, a context, an input — as a
/// snapshot keeps it: its value when it is `Codable`, or why it could not be saved.
public struct SavedArgument: Codable, Hashable, Sendable {
    /// The value's type, for people and for messages.
    public var type: String
    /// The saved value, when it could be saved.
    public var value: SavedValue?
    /// Why there is no value, when there is none.
    public var unsaved: String?

    /// Saves a value: encoded when it is `Encodable`, otherwise a note saying why it is not.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - typeName: The name to save it under; the value's own type's name by default.
    public init(saving value: Any, as typeName: String? = nil) {
        let type = typeName ?? "\(Swift.type(of: value))"
        self.type = type
        guard let encodable = value as? any Encodable else {
            unsaved = "\(type) is not Codable"
            return
        }
        do {
            self.value = try SavedValue(encoding: encodable)
        } catch {
            unsaved = "the \(type) could not be encoded: \(error)"
        }
    }

    /// The saved value, or its type when it was not saved: `{"city":"Lisbon"}`, `Session`.
    public var label: String { value?.description ?? type }

    /// Reads the value back as a type.
    ///
    /// - Parameters:
    ///   - type: The type to read it as.
    ///   - subject: What the value is, for messages: `the argument of Product`.
    /// - Throws: ``/FlowKernel/FlowError/Code/argumentTypeMismatch`` when the value was not saved, when the
    ///   type is not `Decodable`, or when the value no longer reads as it.
    public func read(as type: Any.Type, for subject: String) throws -> Any {
        guard let value else {
            throw FlowError(.argumentTypeMismatch, "\(subject) was not saved: \(unsaved ?? "it is missing")")
        }
        guard let decodable = type as? any Decodable.Type else {
            throw FlowError(.argumentTypeMismatch, "\(subject) is a \(type), which cannot be read back", types: [type])
        }
        do {
            return try value.decode(decodable)
        } catch {
            throw FlowError(.argumentTypeMismatch, "\(subject) no longer reads as a \(type): \(NavigationSnapshot.explain(error))", types: [type])
        }
    }

    /// The value as a snapshot writes it, leaving out what it does not have.
    public var saved: SavedValue {
        var fields: [String: SavedValue] = ["type": .string(type)]
        if let value { fields["value"] = value }
        if let unsaved { fields["unsaved"] = .string(unsaved) }
        return .object(fields)
    }
}
