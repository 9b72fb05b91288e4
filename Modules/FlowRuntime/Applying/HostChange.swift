import FlowKernel

/// What a request decided the host is to change: operations in order, made for one origin.
///
/// A strategy computes its decision from where its flow stands and the request, as a value; the
/// runtime carries it out (`FlowHost/carryOut(_:)`). The origin is part of the decision, so a
/// link's arrival or a restore names itself in every event it causes without any state being
/// swapped around the call.
///
/// ```swift
/// let change = HostChange([.dismiss(presentedBy: .of(cart)), .pop(stack)], origin: .link(for: id))
/// try host.carryOut(change)   // both guards asked first, then both made
/// try host.carryOut(.pop(stack), origin: .flow(id))   // a change of one operation
/// ```
@MainActor
@usableFromInline package struct HostChange {
    /// The operations, held without an array when there is one: most requests make one.
    @usableFromInline enum Operations {
        case one(HostOperation)
        case many([HostOperation])
    }

    @usableFromInline var storage: Operations
    /// Who makes the change, named in every event it reports.
    @usableFromInline package var origin: FlowEvent.Origin

    /// A change of operations made for an origin.
    @inlinable
    package init(_ operations: [HostOperation], origin: FlowEvent.Origin) {
        self.storage = .many(operations)
        self.origin = origin
    }

    /// A change of one operation made for an origin: the most common request's.
    @inlinable
    package init(_ operation: HostOperation, origin: FlowEvent.Origin) {
        self.storage = .one(operation)
        self.origin = origin
    }

    /// The operations, in the order the host makes them.
    @usableFromInline package var operations: [HostOperation] {
        get {
            switch storage {
            case .one(let operation): [operation]
            case .many(let operations): operations
            }
        }
        set { storage = .many(newValue) }
    }

    /// Whether the change makes no operation.
    @usableFromInline package var isEmpty: Bool {
        if case .many(let operations) = storage { return operations.isEmpty }
        return false
    }
}

extension HostChange: @MainActor CustomStringConvertible {
    /// The operations in order, one per line.
    @usableFromInline package var description: String { operations.map(\.description).joined(separator: "\n") }
}

extension FlowHost {
    /// Carries out a decision whole or not at all.
    ///
    /// Every guard the change would ask — of the screens it takes away and shows, and of the flows
    /// it would end — answers once, before the first operation, so a refusal of the third
    /// operation changes nothing rather than leaving the first two made. The operations are then
    /// made in order (``apply(asked:origin:)``), each reported as one event named for
    /// `HostChange/origin`.
    ///
    /// - Throws: ``/FlowKernel/FlowError`` with `guardRefused` when a guard refuses (nothing
    ///   changes then), or what the host throws for an operation it cannot make.
    @usableFromInline package func carryOut(_ change: HostChange) throws {
        guard case .many(let operations) = change.storage else {
            if case .one(let operation) = change.storage { try carryOut(operation, origin: change.origin) }
            return
        }
        switch operations.count {
        case 0: return
        case 1: try carryOut(operations[0], origin: change.origin)
        default:
            try checkGuards(of: operations, origin: change.origin)
            for operation in operations { try apply(asked: operation, origin: change.origin) }
        }
    }

    /// Carries out a decision whole or not at all, running `onceAccepted` after every guard has
    /// allowed it and before the first operation: what a request does only once it is sure to
    /// happen, such as a `configure` hook on the screens it is about to show.
    ///
    /// - Throws: what `carryOut(_:)` throws; `onceAccepted` has not run when a guard refused.
    @usableFromInline package func carryOut(_ change: HostChange, onceAccepted: () -> Void) throws {
        try checkGuards(of: change.operations, origin: change.origin)
        onceAccepted()
        for operation in change.operations { try apply(asked: operation, origin: change.origin) }
    }

    /// Carries out a decision of one operation: the host asks the guards the operation would ask
    /// as it makes it, and reports it as one event named for `origin`.
    ///
    /// - Throws: what `carryOut(_:)` throws.
    @usableFromInline package func carryOut(_ operation: HostOperation, origin: FlowEvent.Origin) throws {
        try apply(operation, origin: origin)
    }
}
