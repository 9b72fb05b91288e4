import FlowKernel
import FlowLinks
import FlowStage
import FlowTestKit
import Testing

@Suite("A link that waits behind one guard and then another")
@MainActor
struct LinkWaitingBehindTwoGuardsTests {
    /// Whether the person accepted the terms.
    final class Terms {
        var accepted = false
    }

    /// An app whose settings also wait for the terms to be accepted, showing them meanwhile.
    func app(_ terms: Terms) throws -> LinkApp {
        let terms = LinkGuard<LinkApp.Page>("terms") { page in
            page == .settings && !terms.accepted ? .defer(until: "the terms are accepted", showing: .c) : .allow
        }
        return try LinkApp(guards: [terms])
    }

    @Test func aSecondGuardThatDefersTheDestinationShowsNothingUntilItAllows() throws {
        let terms = Terms()
        let app = try app(terms)
        try app.opener.open("app://settings")
        #expect(app.arrivals == [.signIn])
        #expect(app.opener.pending?.guardName == "sign-in")

        app.signedIn = true
        app.recorder.reset()
        let waiting = try app.opener.resumePending()

        guard case .deferred(let parked)? = waiting else {
            Issue.record("\(String(describing: waiting))")
            return
        }
        #expect(parked.guardName == "terms")
        #expect(app.opener.pending?.guardName == "terms")
        #expect(app.arrivals == [.signIn])
        #expect(app.recorder.events.isEmpty)

        terms.accepted = true
        let arrived = try app.opener.resumePending()

        guard case .arrived(.settings)? = arrived else {
            Issue.record("\(String(describing: arrived))")
            return
        }
        #expect(app.arrivals == [.signIn, .settings])
        #expect(app.opener.pending == nil)
        #expect(try app.opener.resumePending() == nil)
    }

    @Test func aSecondGuardThatDefersTheScreenShownMeanwhileRefusesTheLinkAndShowsNothing() throws {
        let waitForSignIn = LinkGuard<LinkApp.Page>("captcha") { page in
            page == .signIn ? .defer(until: "the captcha is solved", showing: nil) : .allow
        }
        let app = try LinkApp(guards: [waitForSignIn])
        let before = app.shown

        let error = #expect(throws: FlowError.self) { try app.opener.open("app://settings") }

        #expect(error?.code == .linkRefused)
        #expect(app.shown == before)
        #expect(app.arrivals.isEmpty)
        #expect(app.opener.pending == nil)
    }
}
