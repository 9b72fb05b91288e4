import FlowExplorer
import FlowKernel
import FlowTestKit
import FlowWeb
import FlowWebTesting
import Foundation
import ShopApp
import Testing

/// Sessions kept in a store: two sites on one store are two server processes (a restart, or two
/// servers behind a load balancer), so what one process knew only in memory is gone for the other.
@MainActor
@Suite("Web sessions in a store")
struct SessionStoreTests {
    /// A clock a test moves by hand.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var time = Date(timeIntervalSince1970: 1_800_000_000)
        var now: Date { lock.withLock { time } }
        func advance(_ seconds: TimeInterval) { lock.withLock { time += seconds } }
    }

    /// A server of the shop on a store: a process of its own, sharing nothing but the store.
    static func server(_ strategy: Strategy, _ store: any SessionStore, clock: Clock? = nil, lifetime: TimeInterval = 3600) -> FlowSite {
        guard let clock else { return ShopWeb.site(strategy, store: store, sessionLifetime: lifetime) }
        return FlowSite(
            store: store, sessionLifetime: lifetime, now: { clock.now }, start: { try ShopWeb.visit(strategy) },
            restore: { try ShopWeb.visit(strategy, restoring: $0) })
    }

    /// The shop as the store keeps a session: its saved state.
    static func savedShop(_ store: MemorySessionStore, _ token: String?) async throws -> ShopWeb.SavedWebShop {
        let token = try #require(token)
        let stored = try #require(try await store.load(SessionKey(token: token), now: .distantPast))
        return try JSONDecoder().decode(ShopWeb.SavedWebShop.self, from: SavedVisit(bytes: stored.data).app)
    }

    /// Signs in through the servers.
    static func signIn(_ visitor: inout SiteVisitor, through servers: [FlowSite]) async {
        await visitor.get("/", through: servers)
        await visitor.act("start", through: servers)
        await visitor.act("email", "ana@example.com", through: servers)
    }

    /// FIPS 180-4's examples, and a message of several blocks.
    static let digests: [(message: String, hex: String)] = [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (String(repeating: "a", count: 1000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ]

    @Test("A session key is the SHA-256 of the token, never the token")
    func keyIsTheTokensHash() {
        for (message, hex) in Self.digests { #expect(SessionKey(token: message).hex == hex, "\(message.prefix(10))") }
    }

    @Test("A server started again on the store shows the page the person was on, and Back, the cart and Pay go on", arguments: Strategy.allCases)
    func restartContinuesTheJourney(_ strategy: Strategy) async throws {
        let store = MemorySessionStore()
        let first = Self.server(strategy, store)
        var visitor = SiteVisitor(first)
        await Self.signIn(&visitor, through: [first])
        await visitor.act("shoes", through: [first])
        let product = visitor.address
        await visitor.act("add", through: [first])
        await visitor.act("cart", through: [first])
        let cart = (address: visitor.address, title: visitor.title, page: visitor.page)
        first.endAll()

        // Another process: it knows nothing but the store.
        let second = Self.server(strategy, store)
        await visitor.get(cart.address, through: [second])
        #expect(visitor.statuses == [200])
        #expect(visitor.title == cart.title)
        #expect(visitor.page == cart.page, "the page is the same, its numbers, form token and revision included")

        // The person's Back: the product page, at the number it had.
        await visitor.get(product, through: [second])
        #expect(visitor.address == product)
        await visitor.act("cart", through: [second])
        await visitor.act("checkout", through: [second])
        await visitor.act("pay", through: [second])
        let saved = try await Self.savedShop(store, visitor.token)
        #expect(saved.shop.model.placedOrders.count == 1)
        #expect(saved.shop.model.placedOrders.first?.items.map(\.name) == ["Red shoes"])
    }

    @Test("Two servers taking turns on every request serve one journey, and the journal has every revision once", arguments: Strategy.allCases)
    func serversTakingTurns(_ strategy: Strategy) async throws {
        let store = MemorySessionStore()
        let servers = [Self.server(strategy, store), Self.server(strategy, store)]
        var visitor = SiteVisitor(servers[0])
        await Self.signIn(&visitor, through: servers)
        for action in ["shoes", "add", "cart", "checkout", "pay"] {
            await visitor.act(action, through: servers)
            #expect(visitor.statuses.allSatisfy { $0 == 200 || $0 == 303 }, "\(action): \(visitor.statuses)")
            #expect(visitor.notice == nil, "\(action): \(visitor.notice ?? "")")
        }
        #expect(try await Self.savedShop(store, visitor.token).shop.model.placedOrders.count == 1)
        let journal = try await store.journal(of: SessionKey(token: try #require(visitor.token)))
        #expect(journal == Array(1...journal.count), "gapless, each revision once")
        #expect(journal.count > 5)
    }

    @Test("The same Pay form posted to two servers at once places one order; the loser answers as a page out of date", arguments: Strategy.allCases)
    func doubleClickOnTwoServers(_ strategy: Strategy) async throws {
        let store = MemorySessionStore()
        let servers = [Self.server(strategy, store), Self.server(strategy, store)]
        var visitor = SiteVisitor(servers[0])
        await Self.signIn(&visitor, through: servers)
        for action in ["shoes", "add", "cart", "checkout"] { await visitor.act(action, through: servers) }
        // Both servers have read the session, as after a page served by each.
        await visitor.get(visitor.address, through: [servers[1]])
        await visitor.get(visitor.address, through: [servers[0]])
        var fields = visitor.hidden
        fields["action"] = "pay"
        let body = fields.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        let request = WebRequest(.post, visitor.address, body: body, sessionToken: visitor.token)
        async let one = servers[0].respond(to: request)
        async let two = servers[1].respond(to: request)
        let answers = await [one, two]
        #expect(answers.map(\.status) == [303, 303])
        #expect(try await Self.savedShop(store, visitor.token).shop.model.placedOrders.count == 1)
        let journal = try await store.journal(of: SessionKey(token: try #require(visitor.token)))
        #expect(journal == Array(1...journal.count))
        // The loser's answer tells the person, on the page they land on.
        await visitor.get(visitor.address, through: servers)
        #expect(visitor.statuses.last == 200)
    }

    @Test("Sixteen Pay posts of one form at once, spread over two servers, place one order")
    func sixteenPays() async throws {
        let store = MemorySessionStore()
        let servers = [Self.server(.stack, store), Self.server(.stack, store)]
        var visitor = SiteVisitor(servers[0])
        await Self.signIn(&visitor, through: servers)
        for action in ["shoes", "add", "cart", "checkout"] { await visitor.act(action, through: servers) }
        var fields = visitor.hidden
        fields["action"] = "pay"
        let request = WebRequest(.post, visitor.address, body: fields.map { "\($0.key)=\($0.value)" }.joined(separator: "&"), sessionToken: visitor.token)
        let statuses = await withTaskGroup(of: Int.self) { group in
            for index in 0..<16 { group.addTask { await servers[index % 2].respond(to: request).status } }
            var statuses: [Int] = []
            for await status in group { statuses.append(status) }
            return statuses
        }
        #expect(statuses.allSatisfy { $0 == 303 })
        #expect(try await Self.savedShop(store, visitor.token).shop.model.placedOrders.count == 1)
    }

    @Test("A store that does not answer gets 503 and nothing changes; the journey goes on once it is back", arguments: Strategy.allCases)
    func storeDown(_ strategy: Strategy) async throws {
        let store = MemorySessionStore()
        let server = Self.server(strategy, store)
        var visitor = SiteVisitor(server)
        await Self.signIn(&visitor, through: [server])
        await visitor.act("shoes", through: [server])
        let product = (address: visitor.address, page: visitor.page)
        let before = try await Self.savedShop(store, visitor.token)

        final class Told { var reasons: [String] = [] }
        let told = Told()
        server.storeFailed = { told.reasons.append("\($0)") }
        await store.setAvailable(false)
        await visitor.act("add", through: [server])
        #expect(visitor.statuses == [503])
        #expect(visitor.title == "Try again in a moment")
        #expect(told.reasons == ["The session store is unavailable: the in-memory store was made unavailable"], "the server's log is told why")
        await visitor.get(product.address, through: [server])
        #expect(visitor.statuses == [503])

        await store.setAvailable(true)
        #expect(try await Self.savedShop(store, visitor.token) == before, "nothing the store keeps changed")
        await visitor.get(product.address, through: [server])
        #expect(visitor.page == product.page, "the product page, as it was: the add was not made")
        await visitor.act("add", through: [server])
        await visitor.act("cart", through: [server])
        #expect(try await Self.savedShop(store, visitor.token).shop.model.cart.count == 1)
    }

    @Test("A server's copy of a session another server moved on is released when it reads the session again, flows, screens and all")
    func staleCopiesAreReleased() async throws {
        let store = MemorySessionStore()
        let leaks = LeakTracker()
        let servers = [Self.server(.stack, store), Self.server(.stack, store)]
        var visitor = SiteVisitor(servers[0])
        await Self.signIn(&visitor, through: [servers[0]])
        let token = try #require(visitor.token)
        do {
            // Tracked, not held: the test keeps no reference of its own.
            let stale = try #require(servers[0].visit(for: token))
            _ = leaks.track(stale, as: "the first server's visit")
            _ = leaks.track(stale.platform, as: "its pages")
            let screen: AnyObject = try #require(stale.host.visibleScreen)
            _ = leaks.track(screen, as: "its visible screen")
        }
        await visitor.act("shoes", through: [servers[1]])
        await visitor.get(visitor.address, through: [servers[0]])
        #expect(visitor.title == "Product")
        #expect(servers[0].visit(for: token) != nil, "the first server made the session again from the store")
        leaks.expectNoLeaks()
        await visitor.get("/", through: servers)
        for server in servers { server.endAll() }
    }

    @Test("A stored session that no longer reads ends in a page that says so and offers a new start; the server serves others")
    func corruptSession() async throws {
        let store = MemorySessionStore()
        let server = Self.server(.coordinator, store)
        var damaged = SiteVisitor(server)
        var other = SiteVisitor(server)
        await Self.signIn(&damaged, through: [server])
        await Self.signIn(&other, through: [server])
        let key = SessionKey(token: try #require(damaged.token))
        await store.corrupt(key, with: Array("{\"version\":1,\"app\":\"bm90IGEgc2hvcA==\"".utf8))
        await damaged.act("shoes", through: [Self.server(.coordinator, store)])
        #expect(damaged.statuses == [409])
        #expect(damaged.title == "Your session could not be continued")
        #expect(damaged.token == nil, "the cookie is cleared")
        #expect(try await store.load(key, now: .distantPast) == nil)
        await damaged.get("/", through: [server])
        #expect(damaged.title == "Welcome")

        await other.act("shoes", through: [server])
        #expect(other.statuses.allSatisfy { $0 == 303 || $0 == 200 })
    }

    @Test("A saved shop of another strategy is not shown as this one: the page is the site's words, the reason is in the log")
    func otherStrategy() async throws {
        let store = MemorySessionStore()
        var visitor = SiteVisitor(Self.server(.stack, store))
        await Self.signIn(&visitor, through: [Self.server(.stack, store)])
        let router = Self.server(.router, store)
        var problems: [SiteProblem] = []
        router.onProblem = { problems.append($0) }
        await visitor.get(visitor.address, through: [router])
        #expect(visitor.statuses == [409])
        #expect(visitor.title == "Your session could not be continued")
        #expect(!visitor.page.contains("stack strategy"))
        #expect(!visitor.page.contains("Screen"))
        #expect(problems.map(\.kind) == [.sessionSetAside])
        #expect(problems.first?.detail.contains("stack strategy") == true)
    }

    @Test("A session ends a lifetime after its last change: the visitor starts anew, and the store lets it go")
    func expiry() async throws {
        let store = MemorySessionStore()
        let clock = Clock()
        let server = Self.server(.stack, store, clock: clock, lifetime: 600)
        var visitor = SiteVisitor(server)
        await Self.signIn(&visitor, through: [server])
        await visitor.act("shoes", through: [server])
        clock.advance(599)
        await visitor.act("add", through: [server])
        #expect(visitor.notice == nil)
        clock.advance(601)
        let expired = try #require(visitor.token)
        await visitor.get(visitor.address, through: [server])
        #expect(visitor.title == "Welcome")
        #expect(visitor.token != expired)
        #expect(try await store.removeExpired(now: clock.now) == 0, "the new session's start removed the expired one")
        #expect(try await store.load(SessionKey(token: expired), now: .distantPast) == nil)
    }

    @Test("A run that ended stays ended when another server continues it, and Start again begins a new session")
    func endedRun() async throws {
        let store = MemorySessionStore()
        let servers = [Self.server(.router, store), Self.server(.router, store)]
        var visitor = SiteVisitor(servers[0])
        await Self.signIn(&visitor, through: servers)
        for action in ["shoes", "add", "cart", "checkout", "pay", "close"] { await visitor.act(action, through: servers) }
        #expect(visitor.title == "Thank you")
        let ended = visitor.page
        await visitor.get("/", through: [Self.server(.router, store)])
        #expect(visitor.page == ended, "the same page, saying how the run ended")
        let old = try #require(visitor.token)
        await visitor.post(["token": visitor.hidden["token"] ?? ""], to: "/restart", through: servers)
        #expect(visitor.title == "Welcome")
        #expect(visitor.token != old)
        #expect(try await store.load(SessionKey(token: old), now: .distantPast) == nil)
    }
}

@Suite("The in-memory session store")
struct MemorySessionStoreTests {
    @Test("The in-memory store keeps every law of a session store")
    func laws() async {
        let broken = await SessionStoreLaws.check(MemorySessionStore())
        #expect(broken.isEmpty, "\(broken)")
    }

    @Test("A store that is unavailable throws for every call and keeps what it had")
    func unavailable() async throws {
        let store = MemorySessionStore()
        let key = SessionKey(token: "t")
        _ = try await store.create(StoredSession(key: key, revision: 1, data: [1], expires: .distantFuture), now: Date())
        await store.setAvailable(false)
        await #expect(throws: SessionStoreUnavailable.self) { try await store.load(key, now: Date()) }
        await #expect(throws: SessionStoreUnavailable.self) {
            try await store.replace(StoredSession(key: key, revision: 2, data: [2], expires: .distantFuture), expected: 1)
        }
        await store.setAvailable(true)
        #expect(try await store.load(key, now: Date())?.data == [1])
    }
}

/// Random browsing with sessions in a store, each request landing on either of two servers, one
/// of which is now and then replaced by a new process, the store's change notices now and then
/// held back, delivered late or lost with their connection, and an answer now and then lost on
/// its way to the browser: after every step the page shown is the one the session's model says
/// and the one the store's session says, nothing drifted, and the journal has every revision once.
@MainActor
@Suite("Random browsing over servers that share a store")
struct RandomStoredBrowsingTests {
    @Test("Random moves over two servers and restarts never leave the page, the model and the store apart", arguments: Strategy.allCases)
    func randomBrowsing(_ strategy: Strategy) async throws {
        let runs = Int(ProcessInfo.processInfo.environment["FLOWKIT_WEB_FUZZ"] ?? "") ?? 2
        let seed = UInt64(ProcessInfo.processInfo.environment["FLOWKIT_WEB_FUZZ_SEED"] ?? "") ?? 37
        var random = SeededGenerator(seed: seed &+ UInt64(Strategy.allCases.firstIndex(of: strategy) ?? 0))
        for run in 0..<runs {
            let store = TrustingAHeldSessionTests.WatchedStore()
            var servers = [SessionStoreTests.server(strategy, store), SessionStoreTests.server(strategy, store)]
            var visitor = SiteVisitor(servers[0])
            await visitor.get("/", through: servers)
            var seen: [String] = [visitor.address]
            for step in 0..<25 {
                let names = RandomBrowsingTests.actions(on: visitor.page)
                let holdingNotices = await store.holdsNotices
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<5 where !names.isEmpty:
                    let name = names.randomElement(using: &random)!
                    await visitor.act(name, name == "email" ? ["ana@example.com", "nope"].randomElement(using: &random) : nil, through: servers)
                case 5:
                    await visitor.get(seen.randomElement(using: &random)!, through: servers)
                case 6 where !names.isEmpty && !holdingNotices:
                    // A move whose answer never reaches the browser, whose cookie then says nothing
                    // of it (the notice does); the person opens the site again.
                    let before = visitor
                    await visitor.act(names.randomElement(using: &random)!, "ana@example.com", through: servers)
                    visitor = before
                    await visitor.get("/", through: servers)
                case 9:
                    // The store's notices: held back, delivered late, or lost with their connection.
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: await store.holdNotices()
                    case 1: await store.deliver()
                    default:
                        await store.dropConnection()
                        await store.reconnect()
                    }
                    await visitor.get(visitor.address, through: servers)
                case 7:
                    // A server restarts: a new process, knowing only the store.
                    let index = Int.random(in: 0..<2, using: &random)
                    servers[index].endAll()
                    servers[index] = SessionStoreTests.server(strategy, store)
                    await visitor.get(visitor.address, through: servers)
                case 8 where !names.isEmpty:
                    // A double click on both servers at once, whose answers the browser drops: only
                    // the notices tell the servers what the other did.
                    if holdingNotices { await store.deliver() }
                    var fields = visitor.hidden
                    fields["action"] = names.randomElement(using: &random)!
                    let body = fields.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
                    let request = WebRequest(.post, visitor.address, body: body, sessionToken: visitor.token)
                    let (first, second) = (servers[0], servers[1])
                    async let one = first.respond(to: request)
                    async let two = second.respond(to: request)
                    _ = await (one, two)
                    await visitor.get(visitor.address, through: servers)
                default:
                    await visitor.get(visitor.address, through: servers)
                }
                if visitor.address == "/", visitor.page.contains("Start again") {
                    await visitor.post(["token": visitor.hidden["token"] ?? ""], to: "/restart", through: servers)
                    seen = []
                }
                if !seen.contains(visitor.address) { seen.append(visitor.address) }
                let answered = visitor.statuses.allSatisfy { [200, 303, 422].contains($0) }
                let last = servers[(visitor.requestsThroughServers - 1) % servers.count]
                let token = try #require(visitor.token, "run \(run) step \(step): no session")
                let visit = try #require(last.visit(for: token), "run \(run) step \(step): the server that answered holds no session")
                let agrees = visit.drifts.isEmpty && visitor.address == visit.currentAddress && visit.platform.hierarchy == visit.host.hierarchy
                let journal = try await store.journal(of: SessionKey(token: token))
                let gapless = journal == Array(1...max(journal.count, 1)) || journal.isEmpty
                // A new process knowing only the store sends the person where the page shown is.
                let fresh = SessionStoreTests.server(strategy, store)
                let stored = await fresh.respond(to: WebRequest(.get, "/", sessionToken: token))
                let current = journal.isEmpty || stored.location == visitor.address
                fresh.endAll()
                #expect(
                    agrees && answered && gapless && current,
                    "run \(run) (seed \(seed)) step \(step): \(visitor.statuses) at \(visitor.address), model at \(visit.currentAddress), store at \(stored.location ?? "?"), drifts \(visit.drifts), journal \(journal)"
                )
                if !(agrees && answered && gapless && current) { return }
            }
            for server in servers { server.endAll() }
        }
    }
}
