import FlowKernel
import FlowRuntime
import FlowSnapshot
import FlowStack
import FlowStage
import FlowWeb
import FlowWebTesting
import Foundation
import Testing

// The code of FlowWeb's "Keeping sessions in a store", compiled here line for line
// (GettingStartedTests checks every block of the article appears in this file), and walked. It
// reuses the screens of "Mounting a flow on the web".

/// One visitor's run, which saves itself and comes back from what it saved.
@MainActor
final class Greeting {
    let host = InMemoryHost()
    let navigator: StackNavigator<String>

    /// A new run, or the run `saved` holds, made again as it was.
    init(restoring saved: Data? = nil) throws {
        let registry = ScreenRegistry { registry in
            registry.register(NameScreen.self) { NameScreen() }
            registry.register(HelloScreen.self, argument: String.self) { HelloScreen(name: $0) }
        }
        navigator = StackNavigator<String>("greeting", registry: registry, root: NameScreen.self)
        guard let saved else {
            try navigator.start(on: host)
            return
        }
        let snapshot = try JSONDecoder().decode(NavigationSnapshot.self, from: saved)
        let report = snapshot.restore(on: host) { [navigator] _ in navigator }
        guard report.isComplete, navigator.phase == .running else {
            throw FlowError(.invalidSnapshot, "The run did not come back whole: \(report)")
        }
    }

    /// What the store keeps of the run: its navigation.
    func save() throws -> Data {
        try JSONEncoder().encode(host.flows.snapshot(of: host))
    }

    /// The run as a web visit that saves itself.
    static func visit(restoring saved: Data? = nil) throws -> WebVisit {
        let app = try Greeting(restoring: saved)
        return WebVisit(
            host: app.host, owner: app,
            page: { screen in app.page(for: screen) },
            ended: { WebScreen(title: "Welcome aboard") },
            saving: { try app.save() })
    }

    func page(for screen: any Screen) -> WebScreen {
        switch screen {
        case is NameScreen:
            WebScreen(
                title: "Your name",
                actions: [
                    WebAction("name", label: "Continue", field: .init(label: "Name")) { [navigator] text in
                        try navigator.goNext(to: HelloScreen.self, argument: text ?? "")
                    }
                ])
        case let hello as HelloScreen:
            WebScreen(
                title: "Hello", content: "<p>Hello, \(hello.name)!</p>",
                actions: [WebAction("finish", label: "Finish") { [navigator] _ in try navigator.finish(with: hello.name) }])
        default:
            WebScreen(title: screen.displayName)
        }
    }
}

@MainActor
@Suite("Keeping sessions in a store")
struct KeepingSessionsInAStoreTests {
    @Test func anotherServerOnTheStoreGreetsTheVisitorByName() async {
        let store = MemorySessionStore()
        func server() -> FlowSite {
            FlowSite(
                store: store,
                sessionLifetime: 24 * 60 * 60,
                start: { try Greeting.visit() },
                restore: { saved in try Greeting.visit(restoring: saved) })
        }
        let first = server()
        var visitor = SiteVisitor(first)
        await visitor.get("/", through: [first])
        await visitor.act("name", "Ana", through: [first])
        #expect(visitor.title == "Hello")
        first.endAll()

        let second = server()
        await visitor.get(visitor.address, through: [second])
        #expect(visitor.page.contains("Hello, Ana!"))
    }

    @Test func aFinishedSessionComesBackAsItsEndedPageAfterARestartOnAnotherServer() async {
        let store = MemorySessionStore()
        func server() -> FlowSite {
            FlowSite(
                store: store, sessionLifetime: 24 * 60 * 60, start: { try Greeting.visit() }, restore: { saved in try Greeting.visit(restoring: saved) })
        }
        let first = server()
        var visitor = SiteVisitor(first)
        await visitor.get("/", through: [first])
        await visitor.act("name", "Ana", through: [first])
        await visitor.act("finish", through: [first])
        #expect(visitor.title == "Welcome aboard")
        first.endAll()

        let second = server()
        var problems: [SiteProblem] = []
        second.onProblem = { problems.append($0) }
        await visitor.get("/", through: [second])

        #expect(visitor.statuses == [200])
        #expect(visitor.title == "Welcome aboard")
        #expect(problems.isEmpty)
        await visitor.startAgain(through: [second])
        #expect(visitor.title == "Your name")
    }

    @Test func whatTheAppCannotSaveIsDroppedAndThePersonIsTold() async throws {
        final class Failing { var saves = true }
        struct CannotSave: Error {}
        let failing = Failing()
        let store = MemorySessionStore()
        let site = FlowSite(
            store: store,
            start: {
                let app = try Greeting()
                return WebVisit(
                    host: app.host, owner: app, page: { app.page(for: $0) }, ended: { WebScreen(title: "Welcome aboard") },
                    saving: {
                        guard failing.saves else { throw CannotSave() }
                        return try app.save()
                    })
            },
            restore: { saved in try Greeting.visit(restoring: saved) })
        var visitor = SiteVisitor(site)
        await visitor.get("/", through: [site])
        failing.saves = false
        await visitor.act("name", "Ana", through: [site])
        #expect(visitor.statuses == [500])
        #expect(visitor.title == "The site could not save what you did, so it was not kept. Try again.")
        let token = try #require(visitor.token)
        #expect(try await store.journal(of: SessionKey(token: token)) == [1], "the store keeps the session as it was")
        await visitor.get("/", through: [site])
        #expect(visitor.title == "Your name", "the session as the store keeps it, without the name")
    }
}
