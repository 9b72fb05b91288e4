import FlowWeb
import FlowWebTesting
import Foundation
import ShopApp
import Testing

/// A server that holds a session trusts its copy while the store's watch vouches for it and the
/// browser has seen no later revision, and asks the store again whenever either is in doubt.
@MainActor
@Suite("Trusting a session a server holds")
struct TrustingAHeldSessionTests {
    /// A store whose change notices the test delivers, holds back or loses, as a database's
    /// notices over a connection that is slow or drops; it counts what the sites ask it.
    actor WatchedStore: SessionStore {
        let inner = MemorySessionStore()
        nonisolated let notices = SessionNotices(isWatching: true)
        private(set) var loads = 0
        private(set) var revisionReads = 0
        /// Whether notices wait for ``deliver()`` instead of arriving as the writes are made.
        var holdsNotices = false
        private var pending: [(SessionKey, Int)] = []

        nonisolated var changes: (any SessionChangeWatch)? { notices }

        func holdNotices() { holdsNotices = true }

        /// Delivers the notices held back, and lets the next arrive as they are made.
        func deliver() {
            for (key, revision) in pending { notices.changed(key, to: revision) }
            pending = []
            holdsNotices = false
        }

        /// The connection the notices come over drops: what was on the way is lost.
        func dropConnection() {
            pending = []
            notices.lostSight()
        }

        /// The connection is back: notices arrive again, as they are made.
        func reconnect() {
            holdsNotices = false
            notices.watching()
        }

        private func notice(_ key: SessionKey, _ revision: Int) {
            if holdsNotices { pending.append((key, revision)) } else { notices.changed(key, to: revision) }
        }

        func create(_ session: StoredSession, now: Date) async throws -> Bool {
            let created = try await inner.create(session, now: now)
            if created { notice(session.key, session.revision) }
            return created
        }
        func load(_ key: SessionKey, now: Date) async throws -> StoredSession? {
            loads += 1
            return try await inner.load(key, now: now)
        }
        func revision(of key: SessionKey, now: Date) async throws -> Int? {
            revisionReads += 1
            return try await inner.revision(of: key, now: now)
        }
        func replace(_ session: StoredSession, expected: Int) async throws -> Bool {
            let replaced = try await inner.replace(session, expected: expected)
            if replaced { notice(session.key, session.revision) }
            return replaced
        }
        func remove(_ key: SessionKey) async throws {
            try await inner.remove(key)
            notice(key, .max)
        }
        func removeExpired(now: Date) async throws -> Int { try await inner.removeExpired(now: now) }
        func journal(of key: SessionKey) async throws -> [Int] { try await inner.journal(of: key) }
    }

    /// A visitor on the shop's sign-in page, on server `one`, which holds the session.
    private static func onSignIn(_ one: FlowSite) async -> SiteVisitor {
        var visitor = SiteVisitor(one)
        await visitor.get("/", through: [one])
        await visitor.act("start", through: [one])
        await visitor.get(visitor.address, through: [one])
        #expect(visitor.title == "Sign in")
        return visitor
    }

    @Test func aReloadOfASessionTheWatchVouchesForAsksTheStoreNothing() async throws {
        let store = WatchedStore()
        let site = ShopWeb.site(.stack, store: store)
        var visitor = await Self.onSignIn(site)
        let (loads, revisionReads) = (await store.loads, await store.revisionReads)

        for _ in 0..<5 { await visitor.get(visitor.address, through: [site]) }

        #expect(await store.loads == loads)
        #expect(await store.revisionReads == revisionReads)
        #expect(visitor.title == "Sign in")
        #expect(visitor.statuses == [200])
    }

    @Test func theCookieCarriesTheRevisionTheBrowserWasShownAndAReloadSetsNoCookie() async throws {
        let store = MemorySessionStore()
        let site = ShopWeb.site(.stack, store: store)
        let visitor = await Self.onSignIn(site)
        let token = try #require(visitor.token)
        let revision = try #require(try await store.load(SessionKey(token: token), now: Date())?.revision)
        #expect(visitor.cookie == "\(token).\(revision)")

        let reload = await site.respond(to: WebRequest(.get, visitor.address, sessionToken: visitor.cookie))
        #expect(reload.status == 200)
        #expect(reload.setCookie == nil, "the browser has seen this revision")
        // A cookie without the revision, as one set before sites wrote it, still names the session.
        let bare = await site.respond(to: WebRequest(.get, visitor.address, sessionToken: token))
        #expect(bare.status == 200)
        #expect(bare.setCookie?.hasPrefix("\(FlowSite.cookieName)=\(token).\(revision);") == true)
    }

    @Test(arguments: ["999", "0", "-3", "x", ""])
    func aCookieThatClaimsARevisionTheStoreNeverWroteIsReadOnceAndCorrected(_ claimed: String) async throws {
        let store = WatchedStore()
        let site = ShopWeb.site(.stack, store: store)
        let visitor = await Self.onSignIn(site)
        let token = try #require(visitor.token)
        let revision = try #require(try await store.inner.revision(of: SessionKey(token: token), now: Date()))
        let journal = try await store.journal(of: SessionKey(token: token))

        let answer = await site.respond(to: WebRequest(.get, visitor.address, sessionToken: "\(token).\(claimed)"))

        #expect(answer.status == 200)
        #expect(answer.body.contains("Sign in"))
        #expect(answer.setCookie?.hasPrefix("\(FlowSite.cookieName)=\(token).\(revision);") == true, "the browser is told the revision it was shown")
        #expect(try await store.journal(of: SessionKey(token: token)) == journal, "nothing was written")
    }

    @Test func aSessionTheOtherServerChangedBetweenTwoReloadsIsShownAsItIsNowWhenItsNoticeArrived() async throws {
        let store = WatchedStore()
        let (one, two) = (ShopWeb.site(.stack, store: store), ShopWeb.site(.stack, store: store))
        var visitor = await Self.onSignIn(one)
        // The person's sign-in goes to the other server, and its answer never reaches the browser:
        // the browser's cookie still says the revision it saw on this server.
        let before = visitor
        await visitor.act("email", "ana@example.com", through: [two])
        #expect(visitor.title == "Catalog")
        visitor = before

        // The person opens the site again (the page they were shown is behind them now: asking for
        // it again would be the browser's Back).
        await visitor.get("/", through: [one])

        #expect(visitor.title == "Catalog")
    }

    @Test func aSessionTheOtherServerChangedBetweenTwoReloadsIsShownAsItIsNowBeforeItsNoticeArrives() async throws {
        let store = WatchedStore()
        let (one, two) = (ShopWeb.site(.stack, store: store), ShopWeb.site(.stack, store: store))
        var visitor = await Self.onSignIn(one)
        await store.holdNotices()
        await visitor.act("email", "ana@example.com", through: [two])
        let loads = await store.loads

        await visitor.get(visitor.address, through: [one])

        #expect(visitor.title == "Catalog", "the browser's cookie says it has seen a later revision")
        #expect(await store.loads == loads + 1)
        await store.deliver()
        await visitor.get(visitor.address, through: [one])
        #expect(visitor.title == "Catalog")
        #expect(await store.loads == loads + 1, "what this server read is trusted again")
    }

    @Test func aNoticeLostWhileTheConnectionWasDownIsMadeUpForByAskingTheStoreAgain() async throws {
        let store = WatchedStore()
        let (one, two) = (ShopWeb.site(.stack, store: store), ShopWeb.site(.stack, store: store))
        var visitor = await Self.onSignIn(one)
        let before = visitor
        await store.holdNotices()
        await visitor.act("email", "ana@example.com", through: [two])
        await store.dropConnection()
        await store.reconnect()
        // A browser whose cookie says only what it saw here: the lost notice must not leave this
        // server showing sign-in.
        visitor = before
        let revisionReads = await store.revisionReads

        await visitor.get("/", through: [one])

        #expect(visitor.title == "Catalog")
        #expect(await store.revisionReads == revisionReads + 1, "the server asked the store before trusting its copy")
    }

    @Test func whileTheConnectionIsDownEveryRequestAsksTheStore() async throws {
        let store = WatchedStore()
        let site = ShopWeb.site(.stack, store: store)
        var visitor = await Self.onSignIn(site)
        await store.dropConnection()
        let revisionReads = await store.revisionReads

        for _ in 0..<3 { await visitor.get(visitor.address, through: [site]) }

        #expect(await store.revisionReads == revisionReads + 3)
        await store.reconnect()
        await visitor.get(visitor.address, through: [site])
        await visitor.get(visitor.address, through: [site])
        #expect(await store.revisionReads == revisionReads + 4, "the first request after the gap asks once, the next trusts")
        #expect(visitor.title == "Sign in")
    }

    @Test func aSessionRemovedByAnotherServerIsNotShownFromTheCopyHeldHere() async throws {
        let store = WatchedStore()
        let site = ShopWeb.site(.stack, store: store)
        var visitor = await Self.onSignIn(site)
        try await store.remove(SessionKey(token: try #require(visitor.token)))
        let token = visitor.token

        await visitor.get(visitor.address, through: [site])

        #expect(visitor.token != token, "the visitor starts a new session")
        #expect(visitor.title == "Welcome")
    }

    @Test func aStoreThatGoesAwayVouchesForNothingSoAReloadIsA503() async throws {
        let store = MemorySessionStore()
        let site = ShopWeb.site(.stack, store: store)
        var visitor = await Self.onSignIn(site)
        await store.setAvailable(false)

        await visitor.get(visitor.address, through: [site])

        #expect(visitor.statuses == [503])
        await store.setAvailable(true)
        await visitor.get(visitor.address, through: [site])
        #expect(visitor.title == "Sign in")
    }
}

/// ``SessionNotices``: what it vouches for, as a table.
@Suite("Session notices")
struct SessionNoticesTests {
    let key = SessionKey(token: "a")
    let other = SessionKey(token: "b")

    @Test func itVouchesForARevisionReadAfterItsMarkUntilALaterOneIsNoticed() {
        let notices = SessionNotices(isWatching: true)
        let mark = notices.mark()
        #expect(notices.isUnchanged(key, at: 3, since: mark))
        notices.changed(key, to: 3)
        notices.changed(other, to: 9)
        #expect(notices.isUnchanged(key, at: 3, since: mark), "its own write, or one it read")
        notices.changed(key, to: 4)
        #expect(!notices.isUnchanged(key, at: 3, since: mark))
        #expect(notices.isUnchanged(key, at: 4, since: mark))
        notices.changed(key, to: 2)
        #expect(notices.isUnchanged(key, at: 4, since: mark), "a late notice of an older write changes nothing")
        notices.removed(key)
        #expect(!notices.isUnchanged(key, at: 4, since: mark))
        #expect(!notices.isUnchanged(key, at: Int.max - 1, since: mark))
    }

    @Test func aGapMakesEveryMarkTakenBeforeItWorthNothing() {
        let notices = SessionNotices(isWatching: true)
        let before = notices.mark()
        notices.lostSight()
        let during = notices.mark()
        #expect(!notices.isUnchanged(key, at: 1, since: before))
        #expect(!notices.isUnchanged(key, at: 1, since: during), "nothing is vouched for while it cannot see")
        notices.changed(key, to: 2)
        notices.watching()
        #expect(!notices.isUnchanged(key, at: 1, since: before))
        #expect(!notices.isUnchanged(key, at: 1, since: during))
        #expect(notices.isUnchanged(key, at: 1, since: notices.mark()))
    }

    @Test func aWatchThatHasNotStartedVouchesForNothing() {
        let notices = SessionNotices(isWatching: false)
        #expect(!notices.isWatching)
        #expect(!notices.isUnchanged(key, at: 1, since: notices.mark()))
    }

    @Test func rememberingOneSessionMoreThanItsCapacityStartsANewGeneration() {
        let notices = SessionNotices(isWatching: true, capacity: 2)
        let mark = notices.mark()
        notices.changed(key, to: 1)
        notices.changed(other, to: 1)
        #expect(notices.isUnchanged(key, at: 1, since: mark))
        notices.changed(key, to: 2)
        #expect(notices.generation == mark.value, "a session it remembers already takes no room")
        notices.changed(SessionKey(token: "c"), to: 1)
        #expect(notices.generation != mark.value)
        #expect(!notices.isUnchanged(other, at: 1, since: mark))
        #expect(notices.isUnchanged(other, at: 1, since: notices.mark()))
    }
}
