import Synchronization

/// How a ``SessionStore`` tells the processes that hold its sessions that one changed, so that a
/// process can trust the copy it holds without asking the store on every request.
///
/// A site takes a ``mark()`` before it reads a session's revision from the store, keeps it with
/// the copy it makes, and afterwards asks ``isUnchanged(_:at:since:)`` instead of the store. A
/// watch answers `true` only when it is certain: it has seen every change to the store since the
/// mark, and none to that session past the revision. When it lost sight of the store for a
/// moment — a connection that dropped, a store that did not answer — every mark taken before is
/// worth nothing, and the site asks the store again before it trusts what it holds.
///
/// Calls are synchronous and cheap (a lock, a dictionary read): they are made on every request.
public protocol SessionChangeWatch: Sendable {
    /// Where the watch stands now.
    func mark() -> SessionChangeMark

    /// Whether the session a key names is still at `revision`: it was read at that revision after
    /// `mark` was taken, and the watch has seen no change to it since, nor lost sight of the store.
    func isUnchanged(_ key: SessionKey, at revision: Int, since mark: SessionChangeMark) -> Bool
}

/// Where a ``SessionChangeWatch`` stood when a site read a session: a value only the watch that
/// made it reads.
public struct SessionChangeMark: Sendable, Hashable {
    /// The watch's own value: a generation, a counter of the store's.
    public var value: UInt64

    /// Makes a mark of a watch's value.
    public init(_ value: UInt64) { self.value = value }
}

extension SessionStore {
    /// No watch: a process asks the store for a held session's revision on every request.
    public var changes: (any SessionChangeWatch)? { nil }
}

/// A ``SessionChangeWatch`` told of every change by its store: the in-memory store tells it as it
/// writes, PostgreSQL's store as its notices arrive. A store of your own that hears of changes —
/// a message bus, a database's change feed — can tell one too.
///
/// It remembers the latest revision noticed for each session, and a generation: every time the
/// store says it lost sight of changes, or starts watching again, the generation moves on and
/// what was noticed is forgotten, so that no mark taken before vouches for anything. It remembers
/// at most ``capacity`` sessions; noticing one more starts a new generation (every process asks
/// the store once more), so a long-lived server's memory does not grow with every session anyone
/// writes.
public final class SessionNotices: SessionChangeWatch {
    private struct State {
        var generation: UInt64 = 1
        var isWatching: Bool
        var latest: [SessionKey: Int] = [:]
    }

    /// The most sessions remembered before a new generation starts.
    public let capacity: Int
    private let state: Mutex<State>

    /// Makes a watch.
    ///
    /// - Parameters:
    ///   - isWatching: Whether changes are being noticed from the start: `false` for a store that
    ///     connects to its notices later (it calls ``watching()`` once it does).
    ///   - capacity: The most sessions remembered before a new generation starts.
    public init(isWatching: Bool, capacity: Int = 100_000) {
        self.capacity = max(1, capacity)
        state = Mutex(State(isWatching: isWatching))
    }

    /// Whether changes are being noticed now.
    public var isWatching: Bool { state.withLock { $0.isWatching } }

    /// The generation now: it moves on each time the watch loses sight of the store or starts
    /// watching again.
    public var generation: UInt64 { state.withLock { $0.generation } }

    public func mark() -> SessionChangeMark {
        state.withLock { SessionChangeMark($0.generation) }
    }

    public func isUnchanged(_ key: SessionKey, at revision: Int, since mark: SessionChangeMark) -> Bool {
        state.withLock { state in
            guard state.isWatching, state.generation == mark.value else { return false }
            // A revision noticed at or below the one held is a write the holder has read (or made).
            return (state.latest[key] ?? revision) <= revision
        }
    }

    /// Notes that a session was written at a revision.
    public func changed(_ key: SessionKey, to revision: Int) {
        state.withLock { state in
            guard state.isWatching else { return }
            if state.latest[key] == nil, state.latest.count >= capacity { Self.newGeneration(&state) }
            state.latest[key] = max(state.latest[key] ?? revision, revision)
        }
    }

    /// Notes that a session was removed: no revision of it is current any more.
    public func removed(_ key: SessionKey) {
        changed(key, to: Int.max)
    }

    /// Notes that changes may have been missed (a connection dropped, the store did not answer):
    /// nothing is vouched for until ``watching()``.
    public func lostSight() {
        state.withLock { state in
            state.isWatching = false
            Self.newGeneration(&state)
        }
    }

    /// Notes that every change from now on will be noticed: marks taken from now vouch again.
    public func watching() {
        state.withLock { state in
            state.isWatching = true
            Self.newGeneration(&state)
        }
    }

    private static func newGeneration(_ state: inout State) {
        state.generation &+= 1
        state.latest = [:]
    }
}
