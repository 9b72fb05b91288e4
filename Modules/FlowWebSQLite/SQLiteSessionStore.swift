// Compiled with the package's `SQLiteStore` trait only, so that a build that keeps no sessions in
// SQLite resolves and compiles no SQLite package: without the trait this module is empty.
#if SQLiteStore
    import FlowWeb
    import Foundation
    import SQLiteNIO

    /// A ``/FlowWeb/SessionStore`` in an SQLite file, for one server that restarts: its sessions
    /// are still there when it starts again, and a process killed between reading and writing
    /// leaves the last committed revision whole.
    ///
    /// Built on sqlite-nio, which carries its own SQLite (no system library to install) and runs
    /// every call on a thread pool, so a request waiting for the disk holds no thread of the
    /// server's. Each write is one statement, atomic in SQLite: a replace is an `UPDATE … WHERE
    /// revision = ?`, and triggers journal every revision written, with the key and revision as the
    /// journal's primary key, so a revision written twice fails rather than being kept twice.
    ///
    /// Several processes may open one file (SQLite's write-ahead log lets readers and one writer
    /// work at once); for servers on several machines, use a database server.
    public actor SQLiteSessionStore: SessionStore {
        private let connection: SQLiteConnection
        private nonisolated let watch: WriteAheadLogWatch?

        private init(connection: SQLiteConnection, watch: WriteAheadLogWatch?) {
            self.connection = connection
            self.watch = watch
        }

        /// Whether anything was committed to the file — by this process or another — since the
        /// mark: SQLite's own counter of transactions, read from the write-ahead log's index
        /// without a statement. A server that holds a session asks the file nothing while no
        /// transaction was committed; after one, it asks for the revision once more. `nil` when
        /// the file is not in write-ahead-log mode.
        public nonisolated var changes: (any SessionChangeWatch)? { watch }

        /// Opens (or creates) the store in a file, with its tables, safely when several processes
        /// open it at once.
        ///
        /// - Throws: ``/FlowWeb/SessionStoreUnavailable`` when the file cannot be opened or written.
        public static func open(path: String) async throws -> SQLiteSessionStore {
            let connection: SQLiteConnection
            do {
                connection = try await SQLiteConnection.open(storage: .file(path: path))
            } catch {
                throw SessionStoreUnavailable(reason: "the SQLite file \(path) cannot be opened: \(error)")
            }
            let isLogged: Bool
            do {
                isLogged = try await createSchema(on: connection)
            } catch {
                try? await connection.close()
                throw SessionStoreUnavailable(reason: "the SQLite file \(path) cannot hold sessions: \(error)")
            }
            return SQLiteSessionStore(connection: connection, watch: isLogged ? WriteAheadLogWatch(database: path) : nil)
        }

        /// Closes the file; the store answers no more calls.
        public func close() async throws {
            watch?.close()
            try await connection.close()
        }

        /// Makes the tables; returns whether the file is in write-ahead-log mode.
        private static func createSchema(on connection: SQLiteConnection) async throws -> Bool {
            // Another process opening the file at the same moment waits for the lock, up to 5 s.
            _ = try await connection.query("PRAGMA busy_timeout = 5000")
            let mode = try await connection.query("PRAGMA journal_mode = WAL").first?.column("journal_mode")?.string
            for statement in [
                """
                CREATE TABLE IF NOT EXISTS flowkit_sessions (
                    key TEXT PRIMARY KEY NOT NULL, revision INTEGER NOT NULL, data BLOB NOT NULL, expires REAL NOT NULL)
                """,
                "CREATE INDEX IF NOT EXISTS flowkit_sessions_expires ON flowkit_sessions (expires)",
                """
                CREATE TABLE IF NOT EXISTS flowkit_journal (
                    key TEXT NOT NULL, revision INTEGER NOT NULL, PRIMARY KEY (key, revision))
                """,
                """
                CREATE TRIGGER IF NOT EXISTS flowkit_journal_created AFTER INSERT ON flowkit_sessions
                BEGIN INSERT INTO flowkit_journal (key, revision) VALUES (NEW.key, NEW.revision); END
                """,
                """
                CREATE TRIGGER IF NOT EXISTS flowkit_journal_replaced AFTER UPDATE OF revision ON flowkit_sessions
                BEGIN INSERT INTO flowkit_journal (key, revision) VALUES (NEW.key, NEW.revision); END
                """,
                """
                CREATE TRIGGER IF NOT EXISTS flowkit_journal_removed AFTER DELETE ON flowkit_sessions
                BEGIN DELETE FROM flowkit_journal WHERE key = OLD.key; END
                """,
            ] {
                _ = try await connection.query(statement)
            }
            return mode?.lowercased() == "wal"
        }

        public func create(_ session: StoredSession, now: Date) async throws -> Bool {
            try await run {
                _ = try await connection.query("DELETE FROM flowkit_sessions WHERE expires < ?", [.float(now.timeIntervalSince1970)])
                let rows = try await connection.query(
                    "INSERT INTO flowkit_sessions (key, revision, data, expires) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO NOTHING RETURNING revision",
                    [.text(session.key.hex), .integer(session.revision), .blob(ByteBuffer(bytes: session.data)), .float(session.expires.timeIntervalSince1970)])
                return rows.count == 1
            }
        }

        public func load(_ key: SessionKey, now: Date) async throws -> StoredSession? {
            try await run {
                let rows = try await connection.query(
                    "SELECT revision, data, expires FROM flowkit_sessions WHERE key = ? AND expires >= ?", [.text(key.hex), .float(now.timeIntervalSince1970)])
                guard let row = rows.first, let revision = row.column("revision")?.integer, let data = row.column("data")?.blob,
                    let expires = row.column("expires")?.double
                else { return nil }
                return StoredSession(key: key, revision: revision, data: Array(data.readableBytesView), expires: Date(timeIntervalSince1970: expires))
            }
        }

        /// The session's revision alone, without its bytes.
        public func revision(of key: SessionKey, now: Date) async throws -> Int? {
            try await run {
                try await connection.query(
                    "SELECT revision FROM flowkit_sessions WHERE key = ? AND expires >= ?", [.text(key.hex), .float(now.timeIntervalSince1970)]
                ).first?.column("revision")?.integer
            }
        }

        public func replace(_ session: StoredSession, expected: Int) async throws -> Bool {
            try await run {
                let rows = try await connection.query(
                    "UPDATE flowkit_sessions SET revision = ?, data = ?, expires = ? WHERE key = ? AND revision = ? RETURNING revision",
                    [
                        .integer(session.revision), .blob(ByteBuffer(bytes: session.data)), .float(session.expires.timeIntervalSince1970),
                        .text(session.key.hex),
                        .integer(expected),
                    ])
                return rows.count == 1
            }
        }

        public func remove(_ key: SessionKey) async throws {
            try await run { _ = try await connection.query("DELETE FROM flowkit_sessions WHERE key = ?", [.text(key.hex)]) }
        }

        public func removeExpired(now: Date) async throws -> Int {
            try await run {
                try await connection.query("DELETE FROM flowkit_sessions WHERE expires < ? RETURNING key", [.float(now.timeIntervalSince1970)]).count
            }
        }

        public func journal(of key: SessionKey) async throws -> [Int] {
            try await run {
                try await connection.query("SELECT revision FROM flowkit_journal WHERE key = ? ORDER BY rowid", [.text(key.hex)]).compactMap {
                    $0.column("revision")?.integer
                }
            }
        }

        /// Runs statements; what SQLite throws becomes the store being unavailable.
        private func run<T>(_ body: () async throws -> T) async throws -> T {
            do {
                return try await body()
            } catch let error as SessionStoreUnavailable {
                throw error
            } catch {
                throw SessionStoreUnavailable(reason: "SQLite: \(error)")
            }
        }
    }
#endif
