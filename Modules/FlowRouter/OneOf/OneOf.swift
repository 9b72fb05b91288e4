// The unions OneOf2 ... OneOf8. Each has the same shape; they differ only in arity.

/// A value of one of 2 types: StoryFlow's `OneOf2`.
///
/// Produce one to let the router pick a route by the case; require or handle one to accept any
/// of its types. Unions nest without limit. Wrap a value into its case with `.value(_:)`.
public indirect enum OneOf2<T1, T2> {
    /// The value is a `T1`.
    case t1(T1)
    /// The value is a `T2`.
    case t2(T2)

    /// Wraps a `T1` into its case.
    public static func value(_ value: T1) -> Self { .t1(value) }
    /// Wraps a `T2` into its case.
    public static func value(_ value: T2) -> Self { .t2(value) }
}

extension OneOf2: OneOfType {
    /// Every case's type in order, nested unions flattened.
    public static var flattenedCaseTypes: [Any.Type] {
        UnionTypes.flatten(T1.self) + UnionTypes.flatten(T2.self)
    }

    /// The innermost payload and its case's declared type.
    public var payload: (value: Any, type: Any.Type) {
        switch self {
        case .t1(let value): UnionTypes.payload(value)
        case .t2(let value): UnionTypes.payload(value)
        }
    }

    /// Wraps a value into the first case whose type is `type`.
    public static func wrapping(_ value: Any, as type: Any.Type) -> Self? {
        if let wrapped = UnionTypes.wrap(value, as: type, into: T1.self) { return .t1(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T2.self) { return .t2(wrapped) }
        return nil
    }
}

extension OneOf2: Equatable where T1: Equatable, T2: Equatable {}
extension OneOf2: Hashable where T1: Hashable, T2: Hashable {}
extension OneOf2: Codable where T1: Codable, T2: Codable {}
extension OneOf2: Sendable where T1: Sendable, T2: Sendable {}

/// A value of one of 3 types: StoryFlow's `OneOf3`.
///
/// Produce one to let the router pick a route by the case; require or handle one to accept any
/// of its types. Unions nest without limit. Wrap a value into its case with `.value(_:)`.
public indirect enum OneOf3<T1, T2, T3> {
    /// The value is a `T1`.
    case t1(T1)
    /// The value is a `T2`.
    case t2(T2)
    /// The value is a `T3`.
    case t3(T3)

    /// Wraps a `T1` into its case.
    public static func value(_ value: T1) -> Self { .t1(value) }
    /// Wraps a `T2` into its case.
    public static func value(_ value: T2) -> Self { .t2(value) }
    /// Wraps a `T3` into its case.
    public static func value(_ value: T3) -> Self { .t3(value) }
}

extension OneOf3: OneOfType {
    /// Every case's type in order, nested unions flattened.
    public static var flattenedCaseTypes: [Any.Type] {
        UnionTypes.flatten(T1.self) + UnionTypes.flatten(T2.self) + UnionTypes.flatten(T3.self)
    }

    /// The innermost payload and its case's declared type.
    public var payload: (value: Any, type: Any.Type) {
        switch self {
        case .t1(let value): UnionTypes.payload(value)
        case .t2(let value): UnionTypes.payload(value)
        case .t3(let value): UnionTypes.payload(value)
        }
    }

    /// Wraps a value into the first case whose type is `type`.
    public static func wrapping(_ value: Any, as type: Any.Type) -> Self? {
        if let wrapped = UnionTypes.wrap(value, as: type, into: T1.self) { return .t1(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T2.self) { return .t2(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T3.self) { return .t3(wrapped) }
        return nil
    }
}

extension OneOf3: Equatable where T1: Equatable, T2: Equatable, T3: Equatable {}
extension OneOf3: Hashable where T1: Hashable, T2: Hashable, T3: Hashable {}
extension OneOf3: Codable where T1: Codable, T2: Codable, T3: Codable {}
extension OneOf3: Sendable where T1: Sendable, T2: Sendable, T3: Sendable {}

/// A value of one of 4 types: StoryFlow's `OneOf4`.
///
/// Produce one to let the router pick a route by the case; require or handle one to accept any
/// of its types. Unions nest without limit. Wrap a value into its case with `.value(_:)`.
public indirect enum OneOf4<T1, T2, T3, T4> {
    /// The value is a `T1`.
    case t1(T1)
    /// The value is a `T2`.
    case t2(T2)
    /// The value is a `T3`.
    case t3(T3)
    /// The value is a `T4`.
    case t4(T4)

    /// Wraps a `T1` into its case.
    public static func value(_ value: T1) -> Self { .t1(value) }
    /// Wraps a `T2` into its case.
    public static func value(_ value: T2) -> Self { .t2(value) }
    /// Wraps a `T3` into its case.
    public static func value(_ value: T3) -> Self { .t3(value) }
    /// Wraps a `T4` into its case.
    public static func value(_ value: T4) -> Self { .t4(value) }
}

extension OneOf4: OneOfType {
    /// Every case's type in order, nested unions flattened.
    public static var flattenedCaseTypes: [Any.Type] {
        UnionTypes.flatten(T1.self) + UnionTypes.flatten(T2.self) + UnionTypes.flatten(T3.self) + UnionTypes.flatten(T4.self)
    }

    /// The innermost payload and its case's declared type.
    public var payload: (value: Any, type: Any.Type) {
        switch self {
        case .t1(let value): UnionTypes.payload(value)
        case .t2(let value): UnionTypes.payload(value)
        case .t3(let value): UnionTypes.payload(value)
        case .t4(let value): UnionTypes.payload(value)
        }
    }

    /// Wraps a value into the first case whose type is `type`.
    public static func wrapping(_ value: Any, as type: Any.Type) -> Self? {
        if let wrapped = UnionTypes.wrap(value, as: type, into: T1.self) { return .t1(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T2.self) { return .t2(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T3.self) { return .t3(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T4.self) { return .t4(wrapped) }
        return nil
    }
}

extension OneOf4: Equatable where T1: Equatable, T2: Equatable, T3: Equatable, T4: Equatable {}
extension OneOf4: Hashable where T1: Hashable, T2: Hashable, T3: Hashable, T4: Hashable {}
extension OneOf4: Codable where T1: Codable, T2: Codable, T3: Codable, T4: Codable {}
extension OneOf4: Sendable where T1: Sendable, T2: Sendable, T3: Sendable, T4: Sendable {}

/// A value of one of 5 types: StoryFlow's `OneOf5`.
///
/// Produce one to let the router pick a route by the case; require or handle one to accept any
/// of its types. Unions nest without limit. Wrap a value into its case with `.value(_:)`.
public indirect enum OneOf5<T1, T2, T3, T4, T5> {
    /// The value is a `T1`.
    case t1(T1)
    /// The value is a `T2`.
    case t2(T2)
    /// The value is a `T3`.
    case t3(T3)
    /// The value is a `T4`.
    case t4(T4)
    /// The value is a `T5`.
    case t5(T5)

    /// Wraps a `T1` into its case.
    public static func value(_ value: T1) -> Self { .t1(value) }
    /// Wraps a `T2` into its case.
    public static func value(_ value: T2) -> Self { .t2(value) }
    /// Wraps a `T3` into its case.
    public static func value(_ value: T3) -> Self { .t3(value) }
    /// Wraps a `T4` into its case.
    public static func value(_ value: T4) -> Self { .t4(value) }
    /// Wraps a `T5` into its case.
    public static func value(_ value: T5) -> Self { .t5(value) }
}

extension OneOf5: OneOfType {
    /// Every case's type in order, nested unions flattened.
    public static var flattenedCaseTypes: [Any.Type] {
        UnionTypes.flatten(T1.self) + UnionTypes.flatten(T2.self) + UnionTypes.flatten(T3.self) + UnionTypes.flatten(T4.self) + UnionTypes.flatten(T5.self)
    }

    /// The innermost payload and its case's declared type.
    public var payload: (value: Any, type: Any.Type) {
        switch self {
        case .t1(let value): UnionTypes.payload(value)
        case .t2(let value): UnionTypes.payload(value)
        case .t3(let value): UnionTypes.payload(value)
        case .t4(let value): UnionTypes.payload(value)
        case .t5(let value): UnionTypes.payload(value)
        }
    }

    /// Wraps a value into the first case whose type is `type`.
    public static func wrapping(_ value: Any, as type: Any.Type) -> Self? {
        if let wrapped = UnionTypes.wrap(value, as: type, into: T1.self) { return .t1(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T2.self) { return .t2(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T3.self) { return .t3(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T4.self) { return .t4(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T5.self) { return .t5(wrapped) }
        return nil
    }
}

extension OneOf5: Equatable where T1: Equatable, T2: Equatable, T3: Equatable, T4: Equatable, T5: Equatable {}
extension OneOf5: Hashable where T1: Hashable, T2: Hashable, T3: Hashable, T4: Hashable, T5: Hashable {}
extension OneOf5: Codable where T1: Codable, T2: Codable, T3: Codable, T4: Codable, T5: Codable {}
extension OneOf5: Sendable where T1: Sendable, T2: Sendable, T3: Sendable, T4: Sendable, T5: Sendable {}

/// A value of one of 6 types: StoryFlow's `OneOf6`.
///
/// Produce one to let the router pick a route by the case; require or handle one to accept any
/// of its types. Unions nest without limit. Wrap a value into its case with `.value(_:)`.
public indirect enum OneOf6<T1, T2, T3, T4, T5, T6> {
    /// The value is a `T1`.
    case t1(T1)
    /// The value is a `T2`.
    case t2(T2)
    /// The value is a `T3`.
    case t3(T3)
    /// The value is a `T4`.
    case t4(T4)
    /// The value is a `T5`.
    case t5(T5)
    /// The value is a `T6`.
    case t6(T6)

    /// Wraps a `T1` into its case.
    public static func value(_ value: T1) -> Self { .t1(value) }
    /// Wraps a `T2` into its case.
    public static func value(_ value: T2) -> Self { .t2(value) }
    /// Wraps a `T3` into its case.
    public static func value(_ value: T3) -> Self { .t3(value) }
    /// Wraps a `T4` into its case.
    public static func value(_ value: T4) -> Self { .t4(value) }
    /// Wraps a `T5` into its case.
    public static func value(_ value: T5) -> Self { .t5(value) }
    /// Wraps a `T6` into its case.
    public static func value(_ value: T6) -> Self { .t6(value) }
}

extension OneOf6: OneOfType {
    /// Every case's type in order, nested unions flattened.
    public static var flattenedCaseTypes: [Any.Type] {
        UnionTypes.flatten(T1.self) + UnionTypes.flatten(T2.self) + UnionTypes.flatten(T3.self) + UnionTypes.flatten(T4.self) + UnionTypes.flatten(T5.self) + UnionTypes.flatten(T6.self)
    }

    /// The innermost payload and its case's declared type.
    public var payload: (value: Any, type: Any.Type) {
        switch self {
        case .t1(let value): UnionTypes.payload(value)
        case .t2(let value): UnionTypes.payload(value)
        case .t3(let value): UnionTypes.payload(value)
        case .t4(let value): UnionTypes.payload(value)
        case .t5(let value): UnionTypes.payload(value)
        case .t6(let value): UnionTypes.payload(value)
        }
    }

    /// Wraps a value into the first case whose type is `type`.
    public static func wrapping(_ value: Any, as type: Any.Type) -> Self? {
        if let wrapped = UnionTypes.wrap(value, as: type, into: T1.self) { return .t1(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T2.self) { return .t2(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T3.self) { return .t3(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T4.self) { return .t4(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T5.self) { return .t5(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T6.self) { return .t6(wrapped) }
        return nil
    }
}

extension OneOf6: Equatable where T1: Equatable, T2: Equatable, T3: Equatable, T4: Equatable, T5: Equatable, T6: Equatable {}
extension OneOf6: Hashable where T1: Hashable, T2: Hashable, T3: Hashable, T4: Hashable, T5: Hashable, T6: Hashable {}
extension OneOf6: Codable where T1: Codable, T2: Codable, T3: Codable, T4: Codable, T5: Codable, T6: Codable {}
extension OneOf6: Sendable where T1: Sendable, T2: Sendable, T3: Sendable, T4: Sendable, T5: Sendable, T6: Sendable {}

/// A value of one of 7 types: StoryFlow's `OneOf7`.
///
/// Produce one to let the router pick a route by the case; require or handle one to accept any
/// of its types. Unions nest without limit. Wrap a value into its case with `.value(_:)`.
public indirect enum OneOf7<T1, T2, T3, T4, T5, T6, T7> {
    /// The value is a `T1`.
    case t1(T1)
    /// The value is a `T2`.
    case t2(T2)
    /// The value is a `T3`.
    case t3(T3)
    /// The value is a `T4`.
    case t4(T4)
    /// The value is a `T5`.
    case t5(T5)
    /// The value is a `T6`.
    case t6(T6)
    /// The value is a `T7`.
    case t7(T7)

    /// Wraps a `T1` into its case.
    public static func value(_ value: T1) -> Self { .t1(value) }
    /// Wraps a `T2` into its case.
    public static func value(_ value: T2) -> Self { .t2(value) }
    /// Wraps a `T3` into its case.
    public static func value(_ value: T3) -> Self { .t3(value) }
    /// Wraps a `T4` into its case.
    public static func value(_ value: T4) -> Self { .t4(value) }
    /// Wraps a `T5` into its case.
    public static func value(_ value: T5) -> Self { .t5(value) }
    /// Wraps a `T6` into its case.
    public static func value(_ value: T6) -> Self { .t6(value) }
    /// Wraps a `T7` into its case.
    public static func value(_ value: T7) -> Self { .t7(value) }
}

extension OneOf7: OneOfType {
    /// Every case's type in order, nested unions flattened.
    public static var flattenedCaseTypes: [Any.Type] {
        UnionTypes.flatten(T1.self) + UnionTypes.flatten(T2.self) + UnionTypes.flatten(T3.self) + UnionTypes.flatten(T4.self) + UnionTypes.flatten(T5.self) + UnionTypes.flatten(T6.self) + UnionTypes.flatten(T7.self)
    }

    /// The innermost payload and its case's declared type.
    public var payload: (value: Any, type: Any.Type) {
        switch self {
        case .t1(let value): UnionTypes.payload(value)
        case .t2(let value): UnionTypes.payload(value)
        case .t3(let value): UnionTypes.payload(value)
        case .t4(let value): UnionTypes.payload(value)
        case .t5(let value): UnionTypes.payload(value)
        case .t6(let value): UnionTypes.payload(value)
        case .t7(let value): UnionTypes.payload(value)
        }
    }

    /// Wraps a value into the first case whose type is `type`.
    public static func wrapping(_ value: Any, as type: Any.Type) -> Self? {
        if let wrapped = UnionTypes.wrap(value, as: type, into: T1.self) { return .t1(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T2.self) { return .t2(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T3.self) { return .t3(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T4.self) { return .t4(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T5.self) { return .t5(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T6.self) { return .t6(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T7.self) { return .t7(wrapped) }
        return nil
    }
}

extension OneOf7: Equatable where T1: Equatable, T2: Equatable, T3: Equatable, T4: Equatable, T5: Equatable, T6: Equatable, T7: Equatable {}
extension OneOf7: Hashable where T1: Hashable, T2: Hashable, T3: Hashable, T4: Hashable, T5: Hashable, T6: Hashable, T7: Hashable {}
extension OneOf7: Codable where T1: Codable, T2: Codable, T3: Codable, T4: Codable, T5: Codable, T6: Codable, T7: Codable {}
extension OneOf7: Sendable where T1: Sendable, T2: Sendable, T3: Sendable, T4: Sendable, T5: Sendable, T6: Sendable, T7: Sendable {}

/// A value of one of 8 types: StoryFlow's `OneOf8`.
///
/// Produce one to let the router pick a route by the case; require or handle one to accept any
/// of its types. Unions nest without limit. Wrap a value into its case with `.value(_:)`.
public indirect enum OneOf8<T1, T2, T3, T4, T5, T6, T7, T8> {
    /// The value is a `T1`.
    case t1(T1)
    /// The value is a `T2`.
    case t2(T2)
    /// The value is a `T3`.
    case t3(T3)
    /// The value is a `T4`.
    case t4(T4)
    /// The value is a `T5`.
    case t5(T5)
    /// The value is a `T6`.
    case t6(T6)
    /// The value is a `T7`.
    case t7(T7)
    /// The value is a `T8`.
    case t8(T8)

    /// Wraps a `T1` into its case.
    public static func value(_ value: T1) -> Self { .t1(value) }
    /// Wraps a `T2` into its case.
    public static func value(_ value: T2) -> Self { .t2(value) }
    /// Wraps a `T3` into its case.
    public static func value(_ value: T3) -> Self { .t3(value) }
    /// Wraps a `T4` into its case.
    public static func value(_ value: T4) -> Self { .t4(value) }
    /// Wraps a `T5` into its case.
    public static func value(_ value: T5) -> Self { .t5(value) }
    /// Wraps a `T6` into its case.
    public static func value(_ value: T6) -> Self { .t6(value) }
    /// Wraps a `T7` into its case.
    public static func value(_ value: T7) -> Self { .t7(value) }
    /// Wraps a `T8` into its case.
    public static func value(_ value: T8) -> Self { .t8(value) }
}

extension OneOf8: OneOfType {
    /// Every case's type in order, nested unions flattened.
    public static var flattenedCaseTypes: [Any.Type] {
        UnionTypes.flatten(T1.self) + UnionTypes.flatten(T2.self) + UnionTypes.flatten(T3.self) + UnionTypes.flatten(T4.self) + UnionTypes.flatten(T5.self) + UnionTypes.flatten(T6.self) + UnionTypes.flatten(T7.self) + UnionTypes.flatten(T8.self)
    }

    /// The innermost payload and its case's declared type.
    public var payload: (value: Any, type: Any.Type) {
        switch self {
        case .t1(let value): UnionTypes.payload(value)
        case .t2(let value): UnionTypes.payload(value)
        case .t3(let value): UnionTypes.payload(value)
        case .t4(let value): UnionTypes.payload(value)
        case .t5(let value): UnionTypes.payload(value)
        case .t6(let value): UnionTypes.payload(value)
        case .t7(let value): UnionTypes.payload(value)
        case .t8(let value): UnionTypes.payload(value)
        }
    }

    /// Wraps a value into the first case whose type is `type`.
    public static func wrapping(_ value: Any, as type: Any.Type) -> Self? {
        if let wrapped = UnionTypes.wrap(value, as: type, into: T1.self) { return .t1(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T2.self) { return .t2(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T3.self) { return .t3(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T4.self) { return .t4(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T5.self) { return .t5(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T6.self) { return .t6(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T7.self) { return .t7(wrapped) }
        if let wrapped = UnionTypes.wrap(value, as: type, into: T8.self) { return .t8(wrapped) }
        return nil
    }
}

extension OneOf8: Equatable where T1: Equatable, T2: Equatable, T3: Equatable, T4: Equatable, T5: Equatable, T6: Equatable, T7: Equatable, T8: Equatable {}
extension OneOf8: Hashable where T1: Hashable, T2: Hashable, T3: Hashable, T4: Hashable, T5: Hashable, T6: Hashable, T7: Hashable, T8: Hashable {}
extension OneOf8: Codable where T1: Codable, T2: Codable, T3: Codable, T4: Codable, T5: Codable, T6: Codable, T7: Codable, T8: Codable {}
extension OneOf8: Sendable where T1: Sendable, T2: Sendable, T3: Sendable, T4: Sendable, T5: Sendable, T6: Sendable, T7: Sendable, T8: Sendable {}
