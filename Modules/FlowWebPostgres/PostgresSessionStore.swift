// Compiled with the package's `PostgresStore` trait only, so that a build that keeps no sessions in
// PostgreSQL resolves and compiles no PostgreSQL package: without the trait this module is empty.
#if PostgresStore
    import FlowWeb
    import Foundation
    import Logging
    import PostgresNIO
    import ServiceLifecycle

    /// A ``/FlowWeb/SessionStore`` in a PostgreSQL database that several servers share: any of them
    /// continues any session, and one that is killed loses nothing the others need.
    ///
    /// Every write is one statement: a replace is an `UPDATE … WHERE revision = $read`, which
    /// PostgreSQL makes wait for a concurrent writer of the same row and then finds nothing to
    /// update, so of two servers racing, one writes and the other is told it lost. The same
    /// statement journals the revision (the journal's key is the session and the revision, so a
    /// revision cannot be written twice). The tables are made on first use, under an advisory lock,
    /// so that servers starting at once do not trip over each other.
    ///
    /// The store keeps up to 16 connections of its own rather than postgres-nio's `PostgresClient`:
    /// that pool holds requests while the database is down, until its circuit breaker trips after a
    /// minute, and then lets them through unannounced if the database came back. Here a request that
    /// cannot reach the database fails at once (``/FlowWeb/SessionStoreUnavailable``), the site
    /// answers 503 and changes nothing, and the next request connects again.
    ///
    /// A server hears of every change to a session as it is committed: a trigger on the sessions'
    /// table sends a notice (`NOTIFY`) with the session's key and revision, and the store listens
    /// on a connection of its own (``changes``), so that a server trusts a session it holds until
    /// another server changes it, and asks the database nothing on a reload. The store starts
    /// listening with its first request, and when the listening connection drops it vouches for
    /// nothing until it listens again (the next request connects it again): every session is then
    /// asked for once before it is trusted, so a notice lost in the gap loses nothing.
    ///
    /// Run it as a service of the server's application (`FlowWebServer.serve(site, services:
    /// [store])`): it closes its connections when the application shuts down. Expired sessions are
    /// removed in the background, at most once a minute, after a session starts.
    public actor PostgresSessionStore: SessionStore, Service {
        /// Where the database is: a `postgres://` URL read into a connection's configuration.
        public struct Location: Sendable, CustomStringConvertible {
            /// The connection's configuration.
            public var configuration: PostgresConnection.Configuration
            /// The URL as given, without its password.
            public var description: String

            /// Reads `postgres://USER[:PASSWORD]@HOST[:PORT]/DB`, or a Unix socket's folder as
            /// `postgres://USER@/DB?host=/path` (also `postgres:///DB?host=/path`, as user `postgres`).
            ///
            /// - Throws: ``/FlowWeb/SessionStoreUnavailable`` naming what does not read.
            public init(url: String) throws {
                guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme ?? "") else {
                    throw SessionStoreUnavailable(reason: "\(url) is not a postgres:// URL")
                }
                let database = String(components.path.dropFirst())
                guard !database.isEmpty, !database.contains("/") else {
                    throw SessionStoreUnavailable(reason: "\(url) names no database: give postgres://USER@HOST:PORT/DB")
                }
                let user = components.user ?? "postgres"
                let password = components.password
                let port = components.port ?? 5432
                var query: [String: String] = [:]
                for item in components.queryItems ?? [] { query[item.name] = item.value ?? "" }
                if let unknown = query.keys.first(where: { $0 != "host" }) {
                    throw SessionStoreUnavailable(reason: "\(url): the parameter \(unknown) is not understood (only host=/socket/folder is)")
                }
                if let folder = query["host"], folder.hasPrefix("/") {
                    configuration = .init(unixSocketPath: "\(folder)/.s.PGSQL.\(port)", username: user, password: password, database: database)
                } else if let host = components.host, !host.isEmpty {
                    configuration = .init(host: host, port: port, username: user, password: password, database: database, tls: .disable)
                } else {
                    throw SessionStoreUnavailable(reason: "\(url) names no server: give a host, or host=/socket/folder")
                }
                var shown = components
                shown.password = nil
                description = shown.string ?? url
            }
        }

        private let location: Location
        private let logger: Logger
        private var idle: [PostgresConnection] = []
        private var nextID = 0
        private var lastSweep: Date?
        /// The most connections open at once; a request beyond them waits for one to be given back.
        private let connectionLimit = 16
        /// The connections leased now.
        private var leased = 0
        /// The requests waiting for a connection, first come first served.
        private var waiting: [CheckedContinuation<Void, Never>] = []
        /// What the listening connection has heard.
        private nonisolated let notices = SessionNotices(isWatching: false)
        /// The task that listens for the sessions' notices, while it runs.
        private var listener: Task<Void, Never>?
        /// The connection it listens on, once connected.
        private var listening: PostgresConnection?
        /// Those waiting for the listener to listen (or to fail).
        private var awaitingListener: [CheckedContinuation<Void, Never>] = []
        /// Those waiting for a notice of their own to come back: see ``caughtUp()``.
        private var awaitingEcho: [String: CheckedContinuation<Void, any Error>] = [:]
        /// Whether ``closeAll()`` was called: the store listens no more.
        private var isClosed = false

        /// The channel the sessions' notices are sent on.
        static let channel = "flowkit_sessions"
        /// The name the listening connection gives itself, as `pg_stat_activity` shows it.
        public static let listenerName = "flowkit sessions: changes"

        private init(location: Location, logger: Logger) {
            self.location = location
            self.logger = logger
        }

        /// Connects to the database and makes the store's tables if they are missing.
        ///
        /// - Throws: ``/FlowWeb/SessionStoreUnavailable`` when the database cannot be reached or used.
        public static func open(_ location: Location, logger: Logger = Logger(label: "FlowWebPostgres")) async throws -> PostgresSessionStore {
            let store = PostgresSessionStore(location: location, logger: logger)
            try await store.createSchema()
            return store
        }

        /// Waits until the application shuts down, then closes the store's connections.
        public func run() async throws {
            try? await gracefulShutdown()
            await closeAll()
        }

        /// Closes every idle connection and the listening one: the store listens no more.
        public func closeAll() async {
            isClosed = true
            listener?.cancel()
            try? await listening?.close()
            let connections = idle
            idle = []
            for connection in connections { try? await connection.close() }
        }

        // MARK: Hearing of changes

        /// Every session's notices, as the listening connection hears them: nothing is vouched
        /// for until the store listens, nor after the connection dropped until it listens again.
        public nonisolated var changes: (any SessionChangeWatch)? { notices }

        /// Waits until the store has heard of every change committed before the call: it listens
        /// (connecting if it does not), sends a notice of its own and waits for it to come back,
        /// as notices arrive in the order they were committed.
        ///
        /// - Throws: ``/FlowWeb/SessionStoreUnavailable`` when the database cannot be reached or the
        ///   listening connection dropped before the notice came back.
        public func caughtUp() async throws {
            listen()
            if !notices.isWatching, listener != nil {
                await withCheckedContinuation { awaitingListener.append($0) }
            }
            guard notices.isWatching else { throw SessionStoreUnavailable(reason: "PostgreSQL at \(location): its notices cannot be heard") }
            let echo = "echo \(UUID().uuidString)"
            try await withCheckedThrowingContinuation { continuation in
                awaitingEcho[echo] = continuation
                Task { await self.send(echo) }
            }
        }

        /// Sends a notice of the store's own, for ``caughtUp()``.
        private func send(_ echo: String) async {
            do {
                try await run { connection in
                    _ = try await connection.query("SELECT pg_notify(\(Self.channel), \(echo))", logger: logger)
                }
            } catch {
                awaitingEcho.removeValue(forKey: echo)?.resume(throwing: error)
            }
        }

        /// Starts listening for the sessions' notices, unless the store listens already.
        private func listen() {
            guard listener == nil, !isClosed else { return }
            listener = Task { await self.listenUntilTheConnectionDrops() }
        }

        /// Listens on a connection of its own until it drops or the store closes, then notes the
        /// gap: nothing heard before it is trusted again.
        private func listenUntilTheConnectionDrops() async {
            do {
                nextID += 1
                let connection = try await PostgresConnection.connect(configuration: location.configuration, id: nextID, logger: logger)
                listening = connection
                guard !isClosed else { throw CancellationError() }
                try await connection.query("SET application_name = \(unescaped: "'" + Self.listenerName + "'")", logger: logger)
                try await connection.listen(on: Self.channel) { heard in
                    self.startedListening()
                    for try await notice in heard { self.heard(notice.payload) }
                }
            } catch {
                logger.debug("The store stopped hearing of changes", metadata: ["error": "\(String(reflecting: error))"])
            }
            notices.lostSight()
            try? await listening?.close()
            listening = nil
            listener = nil
            for waiter in awaitingListener { waiter.resume() }
            awaitingListener = []
            let echoes = awaitingEcho
            awaitingEcho = [:]
            for waiter in echoes.values {
                waiter.resume(throwing: SessionStoreUnavailable(reason: "PostgreSQL at \(location): the connection that hears of changes dropped"))
            }
        }

        private func startedListening() {
            notices.watching()
            for waiter in awaitingListener { waiter.resume() }
            awaitingListener = []
        }

        /// A notice: `KEY REVISION` for a session written, `KEY -` for one removed, or an echo.
        private func heard(_ payload: String) {
            if payload.hasPrefix("echo ") {
                awaitingEcho.removeValue(forKey: payload)?.resume()
                return
            }
            let words = payload.split(separator: " ")
            guard words.count == 2 else { return }
            let key = SessionKey(hex: String(words[0]))
            if let revision = Int(words[1]) {
                notices.changed(key, to: revision)
            } else {
                notices.removed(key)
            }
        }

        private func createSchema() async throws {
            try await run { connection in
                try await connection.withTransaction(logger: logger) { connection in
                    // Servers starting at once make the tables one after the other.
                    try await connection.query("SELECT pg_advisory_xact_lock(7301202611)", logger: logger)
                    try await connection.query(
                        """
                        CREATE TABLE IF NOT EXISTS flowkit_sessions (
                            key text PRIMARY KEY, revision bigint NOT NULL, data bytea NOT NULL, expires double precision NOT NULL)
                        """, logger: logger)
                    try await connection.query("CREATE INDEX IF NOT EXISTS flowkit_sessions_expires ON flowkit_sessions (expires)", logger: logger)
                    try await connection.query(
                        "CREATE TABLE IF NOT EXISTS flowkit_journal (key text NOT NULL, revision bigint NOT NULL, PRIMARY KEY (key, revision))", logger: logger)
                    // Every change to a session, whoever makes it, is a notice to the servers
                    // that listen: the key and the revision, or `-` when it is removed.
                    try await connection.query(
                        """
                        CREATE OR REPLACE FUNCTION flowkit_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
                        BEGIN
                            IF TG_OP = 'DELETE' THEN
                                PERFORM pg_notify('flowkit_sessions', OLD.key || ' -');
                                RETURN OLD;
                            END IF;
                            PERFORM pg_notify('flowkit_sessions', NEW.key || ' ' || NEW.revision);
                            RETURN NEW;
                        END $$
                        """, logger: logger)
                    try await connection.query(
                        """
                        DO $$ BEGIN
                            IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'flowkit_sessions_changed') THEN
                                CREATE TRIGGER flowkit_sessions_changed AFTER INSERT OR UPDATE OR DELETE ON flowkit_sessions
                                    FOR EACH ROW EXECUTE FUNCTION flowkit_session_changed();
                            END IF;
                        END $$
                        """, logger: logger)
                }
            }
        }

        public func create(_ session: StoredSession, now: Date) async throws -> Bool {
            let created = try await run { connection in
                try await Self.count(connection.execute(Create(session: session), logger: logger)) == 1
            }
            sweepInTheBackground(now: now)
            return created
        }

        public func load(_ key: SessionKey, now: Date) async throws -> StoredSession? {
            listen()
            return try await run { connection in
                for try await (revision, data, expires) in try await connection.execute(Load(key: key.hex, now: now.timeIntervalSince1970), logger: logger) {
                    return StoredSession(key: key, revision: revision, data: Array(data.readableBytesView), expires: Date(timeIntervalSince1970: expires))
                }
                return nil
            }
        }

        /// The session's revision alone, without its bytes.
        public func revision(of key: SessionKey, now: Date) async throws -> Int? {
            listen()
            return try await run { connection in
                for try await revision in try await connection.execute(Revision(key: key.hex, now: now.timeIntervalSince1970), logger: logger) {
                    return revision
                }
                return nil
            }
        }

        public func replace(_ session: StoredSession, expected: Int) async throws -> Bool {
            try await run { connection in
                try await Self.count(connection.execute(Replace(session: session, expected: expected), logger: logger)) == 1
            }
        }

        public func remove(_ key: SessionKey) async throws {
            try await run { connection in
                _ = try await connection.query(
                    """
                    WITH gone AS (DELETE FROM flowkit_sessions WHERE key = \(key.hex) RETURNING key)
                    DELETE FROM flowkit_journal WHERE key IN (SELECT key FROM gone)
                    """, logger: logger)
            }
        }

        public func removeExpired(now: Date) async throws -> Int {
            try await run { connection in
                let rows = try await connection.query(
                    """
                    WITH gone AS (DELETE FROM flowkit_sessions WHERE expires < \(now.timeIntervalSince1970) RETURNING key),
                        journals AS (DELETE FROM flowkit_journal WHERE key IN (SELECT key FROM gone))
                    SELECT count(*)::bigint FROM gone
                    """, logger: logger)
                for try await count in rows.decode(Int.self) { return count }
                return 0
            }
        }

        public func journal(of key: SessionKey) async throws -> [Int] {
            try await run { connection in
                let rows = try await connection.query("SELECT revision FROM flowkit_journal WHERE key = \(key.hex) ORDER BY revision", logger: logger)
                var revisions: [Int] = []
                for try await revision in rows.decode(Int.self) { revisions.append(revision) }
                return revisions
            }
        }

        // MARK: Connections

        /// Runs statements on a connection of the store's; a connection that failed is closed, and
        /// what PostgreSQL or the network throws becomes the store being unavailable.
        private func run<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
            await takeTurn()
            defer { endTurn() }
            let connection: PostgresConnection
            do {
                connection = try await lease()
            } catch {
                throw SessionStoreUnavailable(reason: "PostgreSQL at \(location) cannot be reached: \(String(reflecting: error))")
            }
            do {
                let result = try await body(connection)
                if !connection.isClosed { idle.append(connection) }
                return result
            } catch {
                try? await connection.close()
                throw SessionStoreUnavailable(reason: "PostgreSQL at \(location): \(String(reflecting: error))")
            }
        }

        /// An idle connection, or a new one.
        private func lease() async throws -> PostgresConnection {
            while let connection = idle.popLast() {
                if !connection.isClosed { return connection }
            }
            nextID += 1
            return try await PostgresConnection.connect(configuration: location.configuration, id: nextID, logger: logger)
        }

        /// Waits until fewer than ``connectionLimit`` requests use a connection.
        private func takeTurn() async {
            if leased < connectionLimit {
                leased += 1
                return
            }
            // The turn is handed over by `endTurn`, which keeps `leased` as it is.
            await withCheckedContinuation { waiting.append($0) }
        }

        private func endTurn() {
            if waiting.isEmpty {
                leased -= 1
            } else {
                waiting.removeFirst().resume()
            }
        }

        /// Removes expired sessions without holding up the request that started one, at most once
        /// a minute of the store's clock.
        private func sweepInTheBackground(now: Date) {
            if let lastSweep, now.timeIntervalSince(lastSweep) < 60 { return }
            lastSweep = now
            Task { _ = try? await self.removeExpired(now: now) }
        }

        private static func count<Rows: AsyncSequence>(_ rows: Rows) async throws -> Int {
            var count = 0
            for try await _ in rows { count += 1 }
            return count
        }

        // MARK: The statements of every request, prepared once a connection

        /// Creates a session unless its key is taken, journalling its revision.
        private struct Create: PostgresPreparedStatement {
            // Short: PostgreSQL cuts a statement's name at 63 bytes.
            static let name = "flowkit_create"
            static let sql = """
                WITH created AS (
                    INSERT INTO flowkit_sessions (key, revision, data, expires) VALUES ($1, $2, $3, $4)
                    ON CONFLICT (key) DO NOTHING RETURNING key, revision)
                INSERT INTO flowkit_journal (key, revision) SELECT key, revision FROM created RETURNING revision
                """
            typealias Row = Int
            var session: StoredSession

            func makeBindings() throws -> PostgresBindings {
                var bindings = PostgresBindings(capacity: 4)
                bindings.append(session.key.hex)
                bindings.append(session.revision)
                bindings.append(ByteBuffer(bytes: session.data))
                bindings.append(session.expires.timeIntervalSince1970)
                return bindings
            }

            func decodeRow(_ row: PostgresRow) throws -> Int { try row.decode(Int.self) }
        }

        /// A session that has not expired.
        private struct Revision: PostgresPreparedStatement {
            static let name = "flowkit_revision"
            static let sql = "SELECT revision FROM flowkit_sessions WHERE key = $1 AND expires >= $2"
            typealias Row = Int
            var key: String
            var now: Double

            func makeBindings() throws -> PostgresBindings { Load(key: key, now: now).bindings }

            func decodeRow(_ row: PostgresRow) throws -> Int { try row.decode(Int.self) }
        }

        private struct Load: PostgresPreparedStatement {
            static let name = "flowkit_load"
            static let sql = "SELECT revision, data, expires FROM flowkit_sessions WHERE key = $1 AND expires >= $2"
            typealias Row = (Int, ByteBuffer, Double)
            var key: String
            var now: Double

            func makeBindings() throws -> PostgresBindings { bindings }

            /// The key and the time, which the revision's statement binds too.
            var bindings: PostgresBindings {
                var bindings = PostgresBindings(capacity: 2)
                bindings.append(key)
                bindings.append(now)
                return bindings
            }

            func decodeRow(_ row: PostgresRow) throws -> (Int, ByteBuffer, Double) { try row.decode((Int, ByteBuffer, Double).self) }
        }

        /// Replaces a session at the revision read, journalling the new revision.
        private struct Replace: PostgresPreparedStatement {
            static let name = "flowkit_replace"
            static let sql = """
                WITH replaced AS (
                    UPDATE flowkit_sessions SET revision = $1, data = $2, expires = $3 WHERE key = $4 AND revision = $5 RETURNING key, revision)
                INSERT INTO flowkit_journal (key, revision) SELECT key, revision FROM replaced RETURNING revision
                """
            typealias Row = Int
            var session: StoredSession
            var expected: Int

            func makeBindings() throws -> PostgresBindings {
                var bindings = PostgresBindings(capacity: 5)
                bindings.append(session.revision)
                bindings.append(ByteBuffer(bytes: session.data))
                bindings.append(session.expires.timeIntervalSince1970)
                bindings.append(session.key.hex)
                bindings.append(expected)
                return bindings
            }

            func decodeRow(_ row: PostgresRow) throws -> Int { try row.decode(Int.self) }
        }
    }
#endif
