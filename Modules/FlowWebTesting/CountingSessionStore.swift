import FlowWeb
import Foundation

/// A ``/FlowWeb/SessionStore`` that counts what a site asks of another: how many sessions it read whole,
/// how many revisions it asked for, how many writes it made. It passes on the store's
/// ``/FlowWeb/SessionStore/changes``, so a test proves that reloads of a session a server holds ask the
/// store nothing.
///
/// ```swift
/// let store = CountingSessionStore(try await SQLiteSessionStore.open(path: path))
/// let site = FlowSite(store: store, start: start, restore: restore)
/// // …
/// #expect(await store.revisionReads == 0)
/// ```
public actor CountingSessionStore: SessionStore {
    /// The store counted.
    public let counted: any SessionStore
    /// How many times a session was read whole.
    public private(set) var loads = 0
    /// How many times a session's revision alone was asked for.
    public private(set) var revisionReads = 0
    /// How many sessions were created or replaced, or asked to be.
    public private(set) var writes = 0

    private nonisolated let passesOnChanges: Bool

    /// Counts what is asked of a store.
    ///
    /// - Parameters:
    ///   - store: The store counted.
    ///   - passingOnChanges: Whether its ``/FlowWeb/SessionStore/changes`` are passed on; `false` makes it
    ///     a store without a watch, as a store of an app's own may be.
    public init(_ store: any SessionStore, passingOnChanges: Bool = true) {
        counted = store
        passesOnChanges = passingOnChanges
    }

    /// The counted store's watch, unless it is not passed on.
    public nonisolated var changes: (any SessionChangeWatch)? { passesOnChanges ? counted.changes : nil }

    /// Every read of a session, whole or its revision alone.
    public var reads: Int { loads + revisionReads }

    public func create(_ session: StoredSession, now: Date) async throws -> Bool {
        writes += 1
        return try await counted.create(session, now: now)
    }

    public func load(_ key: SessionKey, now: Date) async throws -> StoredSession? {
        loads += 1
        return try await counted.load(key, now: now)
    }

    public func revision(of key: SessionKey, now: Date) async throws -> Int? {
        revisionReads += 1
        return try await counted.revision(of: key, now: now)
    }

    public func replace(_ session: StoredSession, expected: Int) async throws -> Bool {
        writes += 1
        return try await counted.replace(session, expected: expected)
    }

    public func remove(_ key: SessionKey) async throws { try await counted.remove(key) }

    public func removeExpired(now: Date) async throws -> Int { try await counted.removeExpired(now: now) }

    public func journal(of key: SessionKey) async throws -> [Int] { try await counted.journal(of: key) }
}
