import FlowKernel
import FlowStack
import FlowStage
import FlowWeb
import FlowWebTesting
import Testing

// The code of FlowWeb's "Mounting a flow on the web", compiled here line for line
// (GettingStartedTests checks every block of the article appears in this file), and walked.

final class NameScreen: Screen {}
final class HelloScreen: Screen {
    let name: String
    init(name: String) { self.name = name }
}

/// One visitor's run: its host and its flow, made anew for each visitor.
@MainActor
final class Onboarding {
    let host = InMemoryHost()
    let navigator: StackNavigator<String>

    init() throws {
        let registry = ScreenRegistry { registry in
            registry.register(NameScreen.self) { NameScreen() }
            registry.register(HelloScreen.self, argument: String.self) { HelloScreen(name: $0) }
        }
        navigator = StackNavigator<String>("onboarding", registry: registry, root: NameScreen.self)
        try navigator.start(on: host)
    }
}

@MainActor
func page(for screen: any Screen, in app: Onboarding) -> WebScreen {
    switch screen {
    case is NameScreen:
        WebScreen(
            title: "Your name",
            actions: [
                WebAction("name", label: "Continue", field: .init(label: "Name")) { text in
                    try app.navigator.goNext(to: HelloScreen.self, argument: text ?? "")
                }
            ])
    case let hello as HelloScreen:
        WebScreen(
            title: "Hello",
            content: "<p>Hello, \(hello.name)!</p>",  // escaped
            actions: [WebAction("finish", label: "Finish") { _ in try app.navigator.finish(with: hello.name) }])
    default:
        WebScreen(title: screen.displayName)
    }
}

@MainActor
@Suite("Mounting a flow on the web")
struct MountingAFlowOnTheWebTests {
    let site: FlowSite

    init() {
        let site = FlowSite {
            let app = try Onboarding()
            return WebVisit(
                host: app.host, owner: app,
                page: { screen in page(for: screen, in: app) },
                ended: { WebScreen(title: "Welcome aboard") })
        }
        self.site = site
    }

    @Test func aVisitorIsGreetedByNameAndCanStartAgain() {
        var visitor = SiteVisitor(site)
        visitor.get("/")
        visitor.act("name", "Ana")
        #expect(visitor.title == "Hello")
        visitor.act("finish")
        #expect(visitor.title == "Welcome aboard")
        visitor.startAgain()
        #expect(visitor.title == "Your name")
    }

    @Test func whatAVisitorTypesIsShownAsTextNeverAsMarkup() {
        var visitor = SiteVisitor(site)
        visitor.get("/")
        visitor.act("name", "<script>")
        #expect(visitor.page.contains("<p>Hello, &lt;script&gt;!</p>"))
    }
}

/// What the article's ended page sends its receipts with.
@MainActor
final class Mailer {
    private(set) var receipts: [String] = []
    func sendReceipt(to address: String) throws { receipts.append(address) }
}

@MainActor
@Suite("Mounting a flow on the web: the ended page's own actions")
struct EndedPageActionsTests {
    @Test func theArticlesReceiptIsSentFromTheEndedPage() {
        let mailer = Mailer()
        let endedPage =
            WebScreen(
                title: "You're in",
                actions: [
                    WebAction("receipt", label: "Email me a receipt", fields: [.init("email", label: "Email", kind: .email)]) { values in
                        try mailer.sendReceipt(to: values["email"] ?? "")
                    }
                ], startAgain: nil)
        var visitor = SiteVisitor(
            FlowSite {
                let app = try Onboarding()
                return WebVisit(host: app.host, owner: app, page: { page(for: $0, in: app) }, ended: { endedPage })
            })
        visitor.get("/")
        visitor.act("name", "Ana")
        visitor.act("finish")
        visitor.act("receipt", fields: ["email": "ana@example.com"])
        #expect(mailer.receipts == ["ana@example.com"])
        #expect(visitor.title == "You're in")
        #expect(!visitor.page.contains("/restart"))
    }
}
