import FlowWeb
import Foundation

/// The laws every ``/FlowWeb/SessionStore`` keeps, checked against a store: an app's own store (a database
/// of its choice) passes them before a site trusts it with sessions.
///
/// ```swift
/// let violations = await SessionStoreLaws.check(try await MyStore.open(...))
/// #expect(violations.isEmpty, "\(violations)")
/// ```
///
/// Each check uses keys of its own, so a store already holding sessions can be checked.
public enum SessionStoreLaws {
    /// Checks the laws; returns a sentence for each law broken, none when the store keeps them.
    public static func check(_ store: any SessionStore) async -> [String] {
        var broken: [String] = []
        do {
            try await check(store, into: &broken)
        } catch {
            broken.append("the store threw \(error)")
        }
        return broken
    }

    private static func check(_ store: any SessionStore, into broken: inout [String]) async throws {
        let now = Date()
        let later = now.addingTimeInterval(3600)
        let key = SessionKey(token: "laws-\(UUID().uuidString)")
        func law(_ holds: Bool, _ sentence: String) { if !holds { broken.append(sentence) } }
        // A store may keep the time to the millisecond, as a database column does.
        func same(_ loaded: StoredSession?, _ written: StoredSession) -> Bool {
            guard let loaded else { return false }
            return loaded.key == written.key && loaded.revision == written.revision && loaded.data == written.data
                && abs(loaded.expires.timeIntervalSince(written.expires)) < 0.001
        }

        let first = StoredSession(key: key, revision: 1, data: Array("first".utf8), expires: later)
        law(try await store.create(first, now: now), "a new key is created")
        law(same(try await store.load(key, now: now), first), "a created session loads as written")
        law(try await store.revision(of: key, now: now) == 1, "a created session's revision is the one written")
        law(!(try await store.create(StoredSession(key: key, revision: 1, data: [1], expires: later), now: now)), "a taken key is not created again")
        law(try await store.load(key, now: now)?.data == first.data, "a refused create changes nothing")

        let second = StoredSession(key: key, revision: 2, data: Array("second".utf8), expires: later)
        law(try await store.replace(second, expected: 1), "a replace at the revision read writes")
        law(
            !(try await store.replace(StoredSession(key: key, revision: 2, data: [2], expires: later), expected: 1)),
            "a replace at a revision that moved on is refused")
        law(same(try await store.load(key, now: now), second), "a refused replace changes nothing")
        law(try await store.revision(of: key, now: now) == 2, "a replaced session's revision is the one written")
        law(
            !(try await store.replace(
                StoredSession(key: SessionKey(token: "laws-missing-\(UUID().uuidString)"), revision: 2, data: [], expires: later), expected: 1)),
            "a replace of a missing session is refused")
        law(try await store.journal(of: key) == [1, 2], "the journal has every revision written, once, in order")

        let empty = StoredSession(key: SessionKey(token: "laws-bytes-\(UUID().uuidString)"), revision: 1, data: Array(0...255), expires: later)
        _ = try await store.create(empty, now: now)
        law(try await store.load(empty.key, now: now)?.data == Array(0...255), "every byte value comes back as written")
        try await store.remove(empty.key)

        law(try await store.load(key, now: later.addingTimeInterval(1)) == nil, "an expired session does not load")
        law(try await store.revision(of: key, now: later.addingTimeInterval(1)) == nil, "an expired session has no revision")
        let expiring = StoredSession(key: SessionKey(token: "laws-expiring-\(UUID().uuidString)"), revision: 1, data: [], expires: now)
        _ = try await store.create(expiring, now: now)
        law(try await store.removeExpired(now: now.addingTimeInterval(1)) >= 1, "expired sessions are removed")
        law(try await store.load(expiring.key, now: .distantPast) == nil, "a removed expired session is gone")

        try await store.remove(key)
        law(try await store.load(key, now: now) == nil, "a removed session does not load")
        law(try await store.revision(of: key, now: now) == nil, "a removed session has no revision")
        law(try await store.create(first, now: now), "a removed session's key can be created again")
        try await store.remove(key)
    }

    /// Checks the laws of a store's ``/FlowWeb/SessionStore/changes``: after a session is read, the watch
    /// vouches for it while nothing is written, and never once another process — `writer`, a
    /// store on the same database — has written or removed it. Returns a sentence for each law
    /// broken; none for a store without a watch.
    ///
    /// - Parameters:
    ///   - store: The store whose watch is checked, watching already.
    ///   - writer: Another store on the same database, as another server opens it.
    ///   - settled: Waits until the watch has heard of every change committed before the call:
    ///     nothing for a watch that hears at once, a round of notices for one that hears over a
    ///     connection.
    public static func checkChanges(
        of store: any SessionStore, writtenBy writer: any SessionStore, settled: @Sendable () async throws -> Void = {}
    ) async -> [String] {
        guard let watch = store.changes else { return [] }
        var broken: [String] = []
        func law(_ holds: Bool, _ sentence: String) { if !holds { broken.append(sentence) } }
        do {
            let now = Date()
            let later = now.addingTimeInterval(3600)
            let key = SessionKey(token: "laws-watch-\(UUID().uuidString)")
            law(try await writer.create(StoredSession(key: key, revision: 1, data: [1], expires: later), now: now), "the writer creates a session")
            try await settled()
            var mark = watch.mark()
            law(try await store.revision(of: key, now: now) == 1, "the store reads what the writer wrote")
            law(watch.isUnchanged(key, at: 1, since: mark), "a session read after the mark, with nothing written since, is vouched for")

            law(try await writer.replace(StoredSession(key: key, revision: 2, data: [2], expires: later), expected: 1), "the writer replaces it")
            try await settled()
            law(!watch.isUnchanged(key, at: 1, since: mark), "a revision another process moved past is not vouched for")
            mark = watch.mark()
            law(try await store.revision(of: key, now: now) == 2, "the store reads the new revision")
            law(watch.isUnchanged(key, at: 2, since: mark), "the revision read again is vouched for")

            try await writer.remove(key)
            try await settled()
            law(!watch.isUnchanged(key, at: 2, since: mark), "a session another process removed is not vouched for")
        } catch {
            broken.append("the store threw \(error)")
        }
        return broken
    }
}
