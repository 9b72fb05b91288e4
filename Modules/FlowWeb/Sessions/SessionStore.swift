import Foundation

/// A session as a ``SessionStore`` keeps it: the saved visit, its revision and when it expires.
public struct StoredSession: Sendable, Hashable {
    /// Whose session it is: the hash of its cookie token.
    public var key: SessionKey
    /// How many times the session has been written: 1 when created, one more on every replace.
    public var revision: Int
    /// The saved visit (``SavedVisit``, encoded): what the store keeps without reading it.
    public var data: [UInt8]
    /// When the session expires, unless it is written again before.
    public var expires: Date

    /// Makes a stored session.
    public init(key: SessionKey, revision: Int, data: [UInt8], expires: Date) {
        self.key = key
        self.revision = revision
        self.data = data
        self.expires = expires
    }
}

/// Where a ``FlowSite`` keeps its sessions so that they outlive a process and can be served by
/// another: the in-memory store (``MemorySessionStore``, the default), FlowWebSQLite's store for
/// one server that restarts, or a database shared by several.
///
/// Every write is atomic. A replace is a compare-and-set on the session's revision: it writes only
/// when the stored revision is the one the writer read, and says so; a lost race is an answer
/// (`false`), never an error. A store throws only when it cannot answer (the database is
/// unavailable), and changes nothing then. Each write is journalled with its revision, so a test can
/// prove that no revision was lost or written twice.
public protocol SessionStore: Sendable {
    /// Writes a new session at its revision (1); returns `false`, writing nothing, when the key is
    /// already taken. Also removes sessions that expired before `now`.
    func create(_ session: StoredSession, now: Date) async throws -> Bool

    /// The session a key names, unless it is missing or expired at `now`.
    func load(_ key: SessionKey, now: Date) async throws -> StoredSession?

    /// Writes a session whose revision is one more than `expected`, only when the stored revision
    /// is still `expected`; returns whether it wrote.
    func replace(_ session: StoredSession, expected: Int) async throws -> Bool

    /// Removes a session, if it is there.
    func remove(_ key: SessionKey) async throws

    /// Removes every session that expired before `now`; returns how many.
    func removeExpired(now: Date) async throws -> Int

    /// The revisions written for a session, in the order they were written.
    func journal(of key: SessionKey) async throws -> [Int]

    /// The revision of the session a key names, unless it is missing or expired at `now`: what a
    /// process that holds the session checks on each request instead of reading the whole row.
    /// A store answers it with a small read; by default it loads the session.
    func revision(of key: SessionKey, now: Date) async throws -> Int?

    /// How the store tells a process that holds a session that another process changed it, so
    /// that the process trusts what it holds instead of asking ``revision(of:now:)`` on every
    /// request; `nil` (the default) when it cannot.
    var changes: (any SessionChangeWatch)? { get }
}

extension SessionStore {
    /// Loads the session and answers its revision: correct for any store, and as costly as a load.
    public func revision(of key: SessionKey, now: Date) async throws -> Int? {
        try await load(key, now: now)?.revision
    }
}

/// The embedded store: sessions in this process's memory, lost when it ends. A site without a
/// store of its own keeps its sessions so, as it always has.
///
/// Sites that share one in-memory store (tests of several servers) are told of each other's
/// writes as they are made (``changes``), so none asks the store on a request that changes nothing.
public actor MemorySessionStore: SessionStore {
    private var sessions: [SessionKey: StoredSession] = [:]
    private var journals: [SessionKey: [Int]] = [:]
    private nonisolated let notices = SessionNotices(isWatching: true)
    /// Whether the store answers: `false` makes every call throw, as a database that went away
    /// does (for tests of a store that is down).
    public private(set) var isAvailable = true

    /// Makes an empty store.
    public init() {}

    /// Every write, as it is made.
    public nonisolated var changes: (any SessionChangeWatch)? { notices }

    /// Makes the store answer, or throw as an unavailable database does. A store that goes away
    /// vouches for nothing it held: the sites that share it ask it again once it is back.
    public func setAvailable(_ available: Bool) {
        guard available != isAvailable else { return }
        isAvailable = available
        if available { notices.watching() } else { notices.lostSight() }
    }

    /// How many sessions the store holds, expired ones included until they are removed.
    public var count: Int { sessions.count }

    public func create(_ session: StoredSession, now: Date) throws -> Bool {
        try requireAvailable()
        _ = removeExpiredSessions(now: now)
        guard sessions[session.key] == nil else { return false }
        sessions[session.key] = session
        journals[session.key, default: []].append(session.revision)
        notices.changed(session.key, to: session.revision)
        return true
    }

    public func load(_ key: SessionKey, now: Date) throws -> StoredSession? {
        try requireAvailable()
        guard let session = sessions[key], session.expires >= now else { return nil }
        return session
    }

    public func revision(of key: SessionKey, now: Date) throws -> Int? {
        try requireAvailable()
        guard let session = sessions[key], session.expires >= now else { return nil }
        return session.revision
    }

    public func replace(_ session: StoredSession, expected: Int) throws -> Bool {
        try requireAvailable()
        guard sessions[session.key]?.revision == expected else { return false }
        sessions[session.key] = session
        journals[session.key, default: []].append(session.revision)
        notices.changed(session.key, to: session.revision)
        return true
    }

    public func remove(_ key: SessionKey) throws {
        try requireAvailable()
        sessions[key] = nil
        notices.removed(key)
    }

    public func removeExpired(now: Date) throws -> Int {
        try requireAvailable()
        return removeExpiredSessions(now: now)
    }

    public func journal(of key: SessionKey) throws -> [Int] {
        try requireAvailable()
        return journals[key] ?? []
    }

    /// Replaces a stored session's saved visit with other bytes, as a damaged disk or an old
    /// release would leave it (for tests of a session that no longer reads).
    public func corrupt(_ key: SessionKey, with data: [UInt8]) {
        sessions[key]?.data = data
    }

    private func removeExpiredSessions(now: Date) -> Int {
        let expired = sessions.filter { $0.value.expires < now }.map(\.key)
        for key in expired {
            sessions[key] = nil
            notices.removed(key)
        }
        return expired.count
    }

    private func requireAvailable() throws {
        guard isAvailable else { throw SessionStoreUnavailable(reason: "the in-memory store was made unavailable") }
    }
}

/// A store that cannot answer: its database is down or unreachable. A site answers 503 and
/// changes nothing.
public struct SessionStoreUnavailable: Error, CustomStringConvertible {
    /// Why, for the log.
    public var reason: String

    /// Makes the error.
    public init(reason: String) { self.reason = reason }

    public var description: String { "The session store is unavailable: \(reason)" }
}
