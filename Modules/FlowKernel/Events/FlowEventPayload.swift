/// A kind of event that a product declares: its own values, its own transcript line.
///
/// The kernel names no product: a product that reports something in its own terms declares a
/// value type for it and reports it as ``FlowEvent/Change/payload(_:)``. Observers that know the
/// type read it back with ``FlowEvent/Change/payload(as:)``; those that do not (a logger, a
/// transcript) use its ``line``, its ``kind``, its ``significance`` and its ``fields``.
///
/// ```swift
/// struct CouponApplied: FlowEventPayload {
///     static let kind = "couponApplied"
///     let code: String
///     var significance: FlowEvent.Significance { .lifecycle }
///     var fields: [String: String] { ["code": code] }
///     var line: String { "apply coupon \(code)" }
/// }
/// host.report(FlowEvent(.payload(.init(CouponApplied(code: "SPRING"))), origin: .system))
/// ```
public protocol FlowEventPayload: Hashable, Sendable {
    /// The kind's name, for logs and tools: `linkDecided`.
    static var kind: String { get }
    /// The event's transcript line (the change's part of it, after the origin's prefix).
    var line: String { get }
    /// How much the event matters, which a log's level follows.
    var significance: FlowEvent.Significance { get }
    /// The event's values by name, for logs and tools.
    var fields: [String: String] { get }
}

extension FlowEventPayload {
    /// No values beyond the line.
    public var fields: [String: String] { [:] }
}

extension FlowEvent {
    /// How much an event matters, for a log to pick its level by.
    public enum Significance: Hashable, Sendable {
        /// A strategy's inner step, worth seeing while debugging.
        case detail
        /// Something began or ended: a flow, a link's journey.
        case lifecycle
        /// A request, gesture or link refused, which changed nothing.
        case refusal
        /// Something that should not happen and was put right: a bug to look into.
        case fault
    }

    /// A product's own event value (``FlowEventPayload``), held so that events stay plain values.
    public struct Payload: Hashable, Sendable, CustomStringConvertible {
        // The value, held in an array of one: an array is one reference whatever it holds, so an
        // event stays a value that is copied inline. Held directly, the existential would make
        // every event — a push's included — copied through its type's value witnesses.
        private let storage: [any FlowEventPayload]

        /// The product's value.
        public var value: any FlowEventPayload { storage[0] }

        /// Holds a product's value.
        public init(_ value: some FlowEventPayload) { self.storage = [value] }

        /// The value as the type given, if it is one.
        public func `as`<Value: FlowEventPayload>(_ type: Value.Type) -> Value? { value as? Value }

        /// The kind's name (``FlowEventPayload/kind``).
        public var kind: String { type(of: value).kind }

        /// The value's line (``FlowEventPayload/line``).
        public var description: String { value.line }

        /// Two payloads are equal when they hold equal values of one type.
        public static func == (lhs: Payload, rhs: Payload) -> Bool { AnyHashable(lhs.value) == AnyHashable(rhs.value) }

        /// Hashes the value.
        public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(value)) }
    }

    /// What kind of value a ``Change/delivered(_:to:as:)`` event handed over: a name for logs and
    /// tools, and the verb of its transcript line (`pass Product to Catalog`).
    public struct Delivery: Hashable, Sendable {
        /// The kind's name: `contextPassed`.
        public let kind: String
        /// The first word of the event's line: `pass`.
        public let verb: String

        /// Makes a kind of delivery. A product declares its own as a static member.
        public init(kind: String, verb: String) {
            self.kind = kind
            self.verb = verb
        }
    }
}

extension FlowEvent.Change {
    /// The product's value this event carries, if it is a ``payload(_:)`` of that type.
    public func payload<Value: FlowEventPayload>(as type: Value.Type) -> Value? {
        guard case .payload(let payload) = self else { return nil }
        return payload.as(type)
    }
}
