import FlowWebTesting

// The PostgreSQL store has tests only with the package's `PostgresStore` trait; .ci/web-test runs
// them against the server .ci/with-postgres starts, named by FLOWKIT_POSTGRES_URL. Without it they
// fail, never skip.
#if PostgresStore
    import FlowWeb
    import FlowWebPostgres
    import Foundation
    import Glibc
    import ShopApp
    import Testing

    /// The PostgreSQL store against a real server: its laws, servers racing, the schema made by
    /// servers starting at once, the shop continued by another server, and the database stopped
    /// mid-journey.
    @MainActor
    @Suite("Sessions in PostgreSQL", .serialized)
    struct PostgresSessionStoreTests {
        static func url() throws -> String {
            try #require(ProcessInfo.processInfo.environment["FLOWKIT_POSTGRES_URL"], "run with .ci/with-postgres, which starts PostgreSQL")
        }

        static func open() async throws -> PostgresSessionStore {
            try await PostgresSessionStore.open(PostgresSessionStore.Location(url: url()))
        }

        /// Runs the server's pg_ctl (FLOWKIT_POSTGRES_CTL) with a command, `stop` or `start`, and
        /// waits until it has done it. Spawned and waited for directly: Foundation's `Process` can
        /// miss the end of a child here and wait for ever.
        static func postgres(_ command: String) async throws {
            let ctl = try #require(ProcessInfo.processInfo.environment["FLOWKIT_POSTGRES_CTL"])
            let line = "\(ctl) -m fast \(command) >/dev/null"
            let status = await Task.detached { Self.shell(line) }.value
            #expect(status == 0, "pg_ctl \(command)")
        }

        /// Runs a shell command and returns its exit status (0 when another waiter reaped it).
        nonisolated static func shell(_ line: String) -> Int32 {
            var pid: pid_t = 0
            let words: [String] = ["/bin/sh", "-c", line]
            var arguments: [UnsafeMutablePointer<CChar>?] = words.map { word in strdup(word) } + [nil]
            defer { for argument in arguments { free(argument) } }
            guard posix_spawn(&pid, "/bin/sh", nil, nil, &arguments, environ) == 0 else { return -1 }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 {
                if errno != EINTR { return 0 }
            }
            return (status >> 8) & 0xff
        }

        @Test(
            "A postgres URL reads into where to connect, or is refused naming what does not read",
            arguments: [
                ("postgres://shop@db.internal:6543/sessions", "postgres://shop@db.internal:6543/sessions"),
                ("postgresql://shop:secret@db/sessions", "postgresql://shop@db/sessions"),
                ("postgres:///flowkit?host=/tmp/pg", "postgres:///flowkit?host=/tmp/pg"),
                ("postgres://ana@/flowkit?host=/run/postgresql", "postgres://ana@/flowkit?host=/run/postgresql"),
            ])
        func urls(_ url: String, shown: String) throws {
            #expect(try PostgresSessionStore.Location(url: url).description == shown, "the password is never shown")
        }

        @Test(
            "URLs that cannot be used",
            arguments: ["mysql://db/x", "postgres://db", "postgres://db/", "postgres:///flowkit", "postgres://db/x?sslmode=require"])
        func unusableURLs(_ url: String) {
            #expect(throws: SessionStoreUnavailable.self) { try PostgresSessionStore.Location(url: url) }
        }

        @Test("A server that does not answer is a clear error when the store opens")
        func noServer() async throws {
            await #expect(throws: SessionStoreUnavailable.self) {
                try await PostgresSessionStore.open(PostgresSessionStore.Location(url: "postgres://nobody@/none?host=/nonexistent-\(UUID().uuidString)"))
            }
        }

        @Test("The PostgreSQL store keeps every law of a session store")
        func laws() async throws {
            let store = try await Self.open()
            let broken = await SessionStoreLaws.check(store)
            #expect(broken.isEmpty, "\(broken)")
            await store.closeAll()
        }

        @Test("The store hears of every change another server commits, and of its own")
        func watchLaws() async throws {
            let (one, two) = (try await Self.open(), try await Self.open())
            let broken = await SessionStoreLaws.checkChanges(of: one, writtenBy: two) { try await one.caughtUp() }
            #expect(broken.isEmpty, "\(broken)")
            let itself = await SessionStoreLaws.checkChanges(of: one, writtenBy: one) { try await one.caughtUp() }
            #expect(itself.isEmpty, "\(itself)")
            await one.closeAll()
            await two.closeAll()
            #expect(!one.changes!.isUnchanged(SessionKey(token: "x"), at: 1, since: one.changes!.mark()), "a closed store vouches for nothing")
        }

        /// Two servers on the database, and a visitor on the shop's sign-in page that the first
        /// holds and trusts.
        static func twoServersAndAVisitorOnSignIn() async throws -> (
            one: PostgresSessionStore, two: PostgresSessionStore, counted: CountingSessionStore, servers: [FlowSite], visitor: SiteVisitor
        ) {
            let (one, two) = (try await Self.open(), try await Self.open())
            let counted = CountingSessionStore(one)
            let servers = [ShopWeb.site(.stack, store: counted), ShopWeb.site(.stack, store: two)]
            try await one.caughtUp()
            var visitor = SiteVisitor(servers[0])
            await visitor.get("/", through: [servers[0]])
            await visitor.act("start", through: [servers[0]])
            await visitor.get(visitor.address, through: [servers[0]])
            #expect(visitor.title == "Sign in")
            return (one, two, counted, servers, visitor)
        }

        @Test("Reloads ask PostgreSQL nothing until another server changes the session; then the next shows where it is")
        func reloadsBetweenChanges() async throws {
            var (one, two, counted, servers, visitor) = try await Self.twoServersAndAVisitorOnSignIn()
            let reads = await counted.reads
            for _ in 0..<5 { await visitor.get(visitor.address, through: [servers[0]]) }
            #expect(await counted.reads == reads)
            #expect(visitor.title == "Sign in")

            // Changed by the other server between two reloads of this one, its answer lost on the
            // way to the browser: the notice tells this server.
            let before = visitor
            await visitor.act("email", "ana@example.com", through: [servers[1]])
            try await one.caughtUp()
            visitor = before
            await visitor.get("/", through: [servers[0]])
            #expect(visitor.title == "Catalog")
            #expect(await counted.loads > 0)

            // Changed again, the answer reaching the browser: its cookie tells this server, whether
            // or not the notice arrived first.
            await visitor.act("shoes", through: [servers[1]])
            await visitor.get(visitor.address, through: [servers[0]])
            #expect(visitor.title == "Product")
            await one.closeAll()
            await two.closeAll()
        }

        @Test("A notice lost while the listening connection was down: the server asks PostgreSQL again before trusting its copy")
        func noticeLostWhileDisconnected() async throws {
            var (one, two, counted, servers, visitor) = try await Self.twoServersAndAVisitorOnSignIn()
            let before = visitor
            // The listening connection drops (PostgreSQL ends it, and waits until it has gone) …
            let url = try Self.url()
            let ended = await Task.detached {
                Self.shell(
                    "psql '\(url)' -qtA -c \"SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE application_name = '\(PostgresSessionStore.listenerName)'\" >/dev/null"
                )
            }.value
            #expect(ended == 0)
            // … the other server changes the session: its notice reaches nobody here …
            await visitor.act("email", "ana@example.com", through: [servers[1]])
            #expect(visitor.title == "Catalog")
            // … and the store listens again.
            try await one.caughtUp()
            let revisionReads = await counted.revisionReads

            visitor = before
            await visitor.get("/", through: [servers[0]])

            #expect(visitor.title == "Catalog")
            #expect(await counted.revisionReads == revisionReads + 1)
            await one.closeAll()
            await two.closeAll()
        }

        @Test("Servers starting at once on an empty database make the tables once, and race on a session with one winner")
        func serversStartingAtOnce() async throws {
            // An empty database, as on a first deploy.
            let url = try Self.url()
            let dropped = await Task.detached { Self.shell("psql '\(url)' -q -c 'DROP TABLE IF EXISTS flowkit_sessions, flowkit_journal' >/dev/null") }.value
            #expect(dropped == 0)
            let stores = try await withThrowingTaskGroup(of: PostgresSessionStore.self) { group in
                for _ in 0..<4 { group.addTask { try await Self.open() } }
                var opened: [PostgresSessionStore] = []
                for try await store in group { opened.append(store) }
                return opened
            }
            let key = SessionKey(token: "race-\(UUID().uuidString)")
            let later = Date().addingTimeInterval(60)
            #expect(try await stores[0].create(StoredSession(key: key, revision: 1, data: [1], expires: later), now: Date()))
            let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
                for (index, store) in stores.enumerated() {
                    group.addTask { try await store.replace(StoredSession(key: key, revision: 2, data: [UInt8(index)], expires: later), expected: 1) }
                }
                var wins = 0
                for try await won in group where won { wins += 1 }
                return wins
            }
            #expect(wins == 1)
            #expect(try await stores[3].journal(of: key) == [1, 2])
            for store in stores { await store.closeAll() }
        }

        @Test("Another server on the same database shows the page the person was on, and the journey goes on", arguments: Strategy.allCases)
        func anotherServerContinues(_ strategy: Strategy) async throws {
            let (one, two) = (try await Self.open(), try await Self.open())
            let servers = [ShopWeb.site(strategy, store: one), ShopWeb.site(strategy, store: two)]
            var visitor = SiteVisitor(servers[0])
            await visitor.get("/", through: [servers[0]])
            await visitor.act("start", through: [servers[0]])
            await visitor.act("email", "ana@example.com", through: [servers[0]])
            await visitor.act("shoes", through: [servers[0]])
            let product = visitor.address
            await visitor.act("add", through: [servers[0]])
            await visitor.act("cart", through: [servers[0]])
            let cart = (address: visitor.address, page: visitor.page)
            await visitor.get(cart.address, through: [servers[1]])
            #expect(visitor.page == cart.page)
            await visitor.get(product, through: servers)
            #expect(visitor.title == "Product")
            for action in ["cart", "checkout", "pay"] { await visitor.act(action, through: servers) }
            #expect(visitor.title == "Done")
            let token = try #require(visitor.token)
            let stored = try #require(try await two.load(SessionKey(token: token), now: Date()))
            let shop = try JSONDecoder().decode(ShopWeb.SavedWebShop.self, from: SavedVisit(bytes: stored.data).app)
            #expect(shop.shop.model.placedOrders.count == 1)
            let journal = try await one.journal(of: SessionKey(token: token))
            #expect(journal == Array(1...journal.count))
            await one.closeAll()
            await two.closeAll()
        }

        @Test("PostgreSQL stopped mid-journey: 503s that change nothing, then the journey goes on once it is back")
        func databaseStoppedAndStarted() async throws {
            let store = try await Self.open()
            let server = ShopWeb.site(.stack, store: store)
            var visitor = SiteVisitor(server)
            await visitor.get("/", through: [server])
            await visitor.act("start", through: [server])
            await visitor.act("email", "ana@example.com", through: [server])
            await visitor.act("shoes", through: [server])
            let product = (address: visitor.address, page: visitor.page)

            try await Self.postgres("stop")
            await visitor.act("add", through: [server])
            #expect(visitor.statuses == [503])
            await visitor.get(product.address, through: [server])
            #expect(visitor.statuses == [503])
            #expect(visitor.title == "Try again in a moment")

            try await Self.postgres("start")
            await visitor.get(product.address, through: [server])
            #expect(visitor.page == product.page, "the add made while the database was down was not made")
            await visitor.act("add", through: [server])
            await visitor.act("cart", through: [server])
            #expect(visitor.title == "Cart")
            #expect(visitor.page.contains("Red shoes"))
            await store.closeAll()
        }
    }
#endif
