import FlowKernel
import FlowLinks
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

/// A tiny app: each destination is a screen set as the host's root.
@MainActor
final class LinkApp {
    enum Page: Equatable {
        case home, signIn, settings, beta, a, b, c, broken
        case product(String)
    }

    final class PageScreen: Screen {
        let page: Page
        init(_ page: Page) { self.page = page }
        var displayName: String { "\(page)" }
    }

    let host = InMemoryHost()
    let recorder: TranscriptRecorder
    var signedIn = false
    var betaEnabled = true
    var arrivals: [Page] = []
    let opener: LinkOpener<Page>

    init(guards extra: [LinkGuard<Page>] = []) throws {
        var links = LinkMap<Page>(schemes: ["app"])
        try links.register("/", .home)
        try links.register("/settings", .settings)
        try links.register("/beta", .beta)
        try links.register("/a", .a)
        try links.register("/b", .b)
        try links.register("/c", .c)
        try links.register("/broken", .broken)
        try links.register("/product/:id") { .product(try $0.value("id")) }
        recorder = TranscriptRecorder(observing: host)
        weak var app: LinkApp?
        let signIn = LinkGuard<Page>("sign-in") { page in
            switch page {
            case .settings, .product: app?.signedIn == true ? .allow : .defer(until: "you have signed in", showing: .signIn)
            default: .allow
            }
        }
        let beta = LinkGuard<Page>("beta") { page in
            page == .beta && app?.betaEnabled == false ? .redirect(to: .home, because: "the beta is off") : .allow
        }
        opener = LinkOpener(links: links, reportingTo: host, guards: [signIn, beta] + extra) { page in
            guard let app else { return }
            if page == .broken { throw FlowError(.hostRejected, "broken cannot be shown") }
            try app.host.setRoot(.screen(PageScreen(page)))
            app.arrivals.append(page)
        }
        app = self
        try host.setRoot(.screen(PageScreen(.home)))
        recorder.reset()
    }

    var shown: String { host.render() }
}

@Suite("Opening links behind guards")
@MainActor
struct LinkOpenerTests {
    @Test("a link every guard allows arrives, and the transcript names the link around the change")
    func arrives() throws {
        let app = try LinkApp()
        let result = try app.opener.open("app://b")
        guard case .arrived(.b) = result else {
            Issue.record("\(result)")
            return
        }
        expectTranscript(
            app.recorder.transcript,
            equals: [
                "(link) open app://b",
                "root b",
                "(link) arrive app://b: b",
            ])
        #expect(app.opener.pending == nil)
        let read = try Link("app://c")
        guard case .arrived(.c) = try app.opener.open(read) else {
            Issue.record("a link already read did not arrive")
            return
        }
    }

    @Test("a link past the sign-in guard waits, shows sign-in meanwhile, and arrives exactly once after sign-in")
    func defersAndResumesOnce() throws {
        let app = try LinkApp()
        let result = try app.opener.open("app://product/shoes")
        guard case .deferred(let parked) = result else {
            Issue.record("\(result)")
            return
        }
        #expect(parked.guardName == "sign-in")
        #expect(parked.until == "you have signed in")
        #expect(app.arrivals == [.signIn])
        expectTranscript(
            app.recorder.transcript,
            equals: [
                "(link) open app://product/shoes",
                "root signIn",
                "(link) defer app://product/shoes: sign-in waits until you have signed in",
            ])

        app.recorder.reset()
        let stillWaiting = try app.opener.resumePending()
        guard case .deferred? = stillWaiting else {
            Issue.record("\(String(describing: stillWaiting))")
            return
        }
        #expect(app.recorder.events.isEmpty)
        #expect(app.arrivals == [.signIn])

        app.signedIn = true
        let resumed = try app.opener.resumePending()
        guard case .arrived(.product("shoes"))? = resumed else {
            Issue.record("\(String(describing: resumed))")
            return
        }
        #expect(try app.opener.resumePending() == nil)
        #expect(app.arrivals == [.signIn, .product("shoes")])
        expectTranscript(
            app.recorder.transcript,
            equals: [
                "(link) resume app://product/shoes",
                "root product(\"shoes\")",
                "(link) arrive app://product/shoes: product(\"shoes\")",
            ])
    }

    @Test("a newer link drops the parked one with an event; a refused newer link keeps it")
    func supersedes() throws {
        let app = try LinkApp()
        try app.opener.open("app://product/shoes")
        #expect(throws: FlowError.self) { try app.opener.open("app://nowhere") }
        #expect(app.opener.pending?.link.text == "app://product/shoes")

        app.recorder.reset()
        try app.opener.open("app://settings")
        #expect(app.opener.pending?.link.text == "app://settings")
        expectTranscript(
            app.recorder.transcript,
            equals: [
                "(link) open app://settings",
                "root signIn",
                "(link) drop app://product/shoes: superseded by app://settings",
                "(link) defer app://settings: sign-in waits until you have signed in",
            ])

        app.recorder.reset()
        try app.opener.open("app://a")
        #expect(app.opener.pending == nil)
        expectTranscript(
            app.recorder.transcript,
            equals: [
                "(link) open app://a",
                "root a",
                "(link) drop app://settings: superseded by app://a",
                "(link) arrive app://a: a",
            ])
        app.signedIn = true
        #expect(try app.opener.resumePending() == nil)
        #expect(app.arrivals == [.signIn, .signIn, .a])
    }

    @Test("a guard that defers without showing anything parks the link and leaves the screen as it was")
    func defersWithoutShowing() throws {
        let maintenance = LinkGuard<LinkApp.Page>("maintenance") { page in
            page == .c ? .defer(until: "maintenance is over") : .allow
        }
        let app = try LinkApp(guards: [maintenance])
        let before = app.shown
        let result = try app.opener.open("app://c")
        guard case .deferred(let parked) = result else {
            Issue.record("\(result)")
            return
        }
        #expect(parked.guardName == "maintenance")
        #expect(app.shown == before)
        #expect(app.arrivals.isEmpty)
        expectTranscript(
            app.recorder.transcript,
            equals: [
                "(link) open app://c",
                "(link) defer app://c: maintenance waits until maintenance is over",
            ])
    }

    @Test("a parked link can be dropped with a reason")
    func dropsOnRequest() throws {
        let app = try LinkApp()
        try app.opener.open("app://settings")
        app.recorder.reset()
        app.opener.dropPending(because: "the user closed the sign-in screen")
        app.opener.dropPending(because: "twice")
        #expect(app.opener.pending == nil)
        expectTranscript(app.recorder.transcript, equals: ["(link) drop app://settings: the user closed the sign-in screen"])
    }

    @Test("a redirect goes elsewhere and says why")
    func redirects() throws {
        let app = try LinkApp()
        app.betaEnabled = false
        let result = try app.opener.open("app://beta")
        guard case .arrived(.home) = result else {
            Issue.record("\(result)")
            return
        }
        expectTranscript(
            app.recorder.transcript,
            equals: [
                "(link) open app://beta",
                "(link) redirect app://beta: beta sends beta to home: the beta is off",
                "root home",
                "(link) arrive app://beta: home",
            ])
    }

    @Test("a redirect loop, or a chain past the limit, is refused naming the chain, and nothing changes")
    func refusesLoops() throws {
        let circle = LinkGuard<LinkApp.Page>("circle") { page in
            switch page {
            case .a: .redirect(to: .b, because: "a moved")
            case .b: .redirect(to: .c, because: "b moved")
            case .c: .redirect(to: .a, because: "c moved")
            default: .allow
            }
        }
        let app = try LinkApp(guards: [circle])
        try app.opener.open("app://settings")
        let before = app.shown
        app.recorder.reset()

        let loop = #expect(throws: FlowError.self) { try app.opener.open("app://a") }
        #expect(loop?.code == .redirectLoop)
        #expect(loop?.message == "The redirects loop: a → b → c → a.")
        #expect(app.shown == before)
        #expect(app.opener.pending?.link.text == "app://settings")
        #expect(app.recorder.transcript.lines.last == "(link) refuse app://a: The redirects loop: a → b → c → a.")

        app.opener.redirectLimit = 1
        let long = #expect(throws: FlowError.self) { try app.opener.open("app://a") }
        #expect(long?.code == .redirectLoop)
        #expect(long?.message == "The redirects go on past the limit of 1: a → b → c.")
        #expect(app.shown == before)
    }

    @Test("a guard's refusal throws with its reason and changes nothing")
    func refuses() throws {
        let unsaved = LinkGuard<LinkApp.Page>("unsaved review") { page in
            page == .home ? .allow : .refuse("the review you are writing is not saved")
        }
        let app = try LinkApp(guards: [unsaved])
        let before = app.shown
        let error = #expect(throws: FlowError.self) { try app.opener.open("app://a") }
        #expect(error?.code == .linkRefused)
        #expect(error?.message == "unsaved review refuses a: the review you are writing is not saved.")
        #expect(app.shown == before)
        #expect(app.arrivals.isEmpty)
        expectTranscript(
            app.recorder.transcript,
            equals: [
                "(link) open app://a",
                "(link) refuse app://a: unsaved review refuses a: the review you are writing is not saved.",
            ])
    }

    @Test("what a waiting link would show must itself be allowed")
    func refusesDisallowedWaitingScreen() throws {
        let noSignIn = LinkGuard<LinkApp.Page>("maintenance") { page in
            page == .signIn ? .refuse("sign-in is down") : .allow
        }
        let app = try LinkApp(guards: [noSignIn])
        let error = #expect(throws: FlowError.self) { try app.opener.open("app://settings") }
        #expect(error?.code == .linkRefused)
        #expect(error?.message == "sign-in waits until you have signed in, showing signIn, which maintenance does not allow: sign-in is down.")
        #expect(app.opener.pending == nil)
        #expect(app.arrivals.isEmpty)
    }

    @Test(
        "a link that cannot be read or matched is refused with an event, keeping what is parked",
        arguments: [
            ("app://product/%", FlowError.Code.malformedLink),
            ("app://nowhere", .unknownLink),
            ("web://a", .unknownLink),
            ("app://product/a/b", .unknownLink),
        ])
    func refusesBadLinks(_ text: String, _ code: FlowError.Code) throws {
        let app = try LinkApp()
        try app.opener.open("app://settings")
        let before = app.shown
        app.recorder.reset()
        let error = #expect(throws: FlowError.self) { try app.opener.open(text) }
        #expect(error?.code == code)
        #expect(app.shown == before)
        #expect(app.opener.pending?.link.text == "app://settings")
        #expect(app.recorder.transcript.lines == ["(link) open \(text)", "(link) refuse \(text): \(error?.message ?? "")"])
    }

    @Test("an arrival that fails is refused and keeps what is parked and shown")
    func refusesFailedArrival() throws {
        let app = try LinkApp()
        try app.opener.open("app://settings")
        let before = app.shown
        let error = #expect(throws: FlowError.self) { try app.opener.open("app://broken") }
        #expect(error?.code == .hostRejected)
        #expect(app.shown == before)
        #expect(app.opener.pending?.link.text == "app://settings")
    }

    @Test("a link opened or resumed while the host delivers an event is refused whole")
    func refusesDuringDelivery() throws {
        let app = try LinkApp()
        let before = app.shown
        let opened = DuringDelivery.run(on: app.host) { try app.opener.open("app://a") }
        #expect(throws: FlowError.self) { try opened.get() }
        #expect(app.shown == before)
        #expect(!app.recorder.transcript.lines.contains { $0.hasPrefix("(link)") })

        try app.opener.open("app://settings")
        app.signedIn = true
        let resumed = DuringDelivery.run(on: app.host) { try app.opener.resumePending() }
        #expect(throws: FlowError.self) { try resumed.get() }
        #expect(app.opener.pending?.link.text == "app://settings")
        #expect(try app.opener.resumePending() != nil)
        #expect(app.arrivals.last == .settings)
    }
}

extension LinkResult: Equatable where Destination: Equatable {
    public static func == (lhs: LinkResult, rhs: LinkResult) -> Bool {
        switch (lhs, rhs) {
        case (.arrived(let left), .arrived(let right)): left == right
        case (.deferred(let left), .deferred(let right)): left.link == right.link
        default: false
        }
    }
}

@Suite("Parking a restored link")
@MainActor
struct RestoredPendingLinkTests {
    @Test func aLinkSavedWhileParkedIsParkedAgainWithoutShowingAnything() throws {
        let app = try LinkApp()
        let parked = try app.opener.restorePending("app://product/hat")
        #expect(parked?.guardName == "sign-in")
        #expect(app.arrivals.isEmpty)
        expectTranscript(app.recorder.transcript, equals: ["(link) restore app://product/hat: sign-in waits until you have signed in"])
        app.signedIn = true
        guard case .arrived(.product("hat"))? = try app.opener.resumePending() else {
            Issue.record("the restored link did not arrive once its guard allowed it")
            return
        }
    }

    @Test func aLinkNoGuardMakesWaitNowIsNotParkedNorOpened() throws {
        let app = try LinkApp()
        app.signedIn = true
        #expect(try app.opener.restorePending("app://product/hat") == nil)
        #expect(app.opener.pending == nil)
        #expect(app.arrivals.isEmpty)
        #expect(app.recorder.transcript.lines.isEmpty)
    }

    @Test func aLinkThatNoLongerReadsIsRefusedAndParksNothing() throws {
        let app = try LinkApp()
        #expect(throws: FlowError.self) { try app.opener.restorePending("app://nowhere") }
        #expect(throws: FlowError.self) { try app.opener.restorePending("not a link") }
        #expect(app.opener.pending == nil)
    }
}
