import FlowKernel
import FlowLinks
import FlowRuntime
import FlowStage
import FlowTestKit
import ShopApp
import Testing

/// Every strategy's shop opens every product, the cart and checkout by link from every starting
/// state, with the back stack a person would have built by tapping; a link past sign-in waits and
/// opens once, after sign-in.
@MainActor
@Suite("Shop links")
struct ShopLinkTests {
    static let signIn = "email ana@example.com"

    /// Runs a script of commands, each of which must be taken.
    static func run(_ script: String, on session: ShopSession) throws {
        for command in try Command.script(script) { try session.run(command) }
    }

    /// What a person reaches by tapping through a script from a fresh start.
    static func tapped(_ script: String, in strategy: Strategy) throws -> String {
        let session = try ShopSession(strategy: strategy)
        try run(script, on: session)
        return session.host.render()
    }

    /// The starting states: fresh, waiting on sign-in, mid-flow, a modal presented, and another
    /// tab selected (the coordinator's account tab) or, without tabs, checkout shown. Every state
    /// but the first two has the red shoes in the cart, last.
    static func starts(_ strategy: Strategy) -> [LinkStart<ShopSession>] {
        func at(_ name: String, _ script: String) -> LinkStart<ShopSession> {
            LinkStart(name) { try run(script, on: $0) }
        }
        return [
            .freshStart,
            at("sign-in not yet done", "start"),
            at("mid-flow", "start,\(signIn),hat,add,back,shoes,add"),
            at("the cart presented", "start,\(signIn),shoes,add,cart"),
            strategy == .coordinator
                ? at("the account tab selected", "start,\(signIn),shoes,add,back,account")
                : at("checkout shown", "start,\(signIn),shoes,add,cart,checkout"),
        ]
    }

    static func matrix(_ strategy: Strategy, starts: [LinkStart<ShopSession>]? = nil) -> LinkMatrix<ShopSession> {
        LinkMatrix(starts: starts ?? Self.starts(strategy)) {
            try ShopSession(strategy: strategy)
        } host: {
            $0.host
        } open: {
            try $0.open($1)
        }
    }

    /// Signs in when the link waits on sign-in; the parked link then opens.
    static func signInIfAsked(_ session: ShopSession) throws {
        if session.currentScreen is SignInScreen { try run(signIn, on: session) }
    }

    @Test("every product opens from every starting state, with the catalog under it", arguments: Strategy.allCases)
    func products(_ strategy: Strategy) throws {
        for product in Product.catalog {
            let expected = try Self.tapped("start,\(Self.signIn),\(product.id)", in: strategy)
            try Self.matrix(strategy).expect("shop://product/\(product.id)", arrivesAt: expected, then: Self.signInIfAsked)
        }
    }

    @Test("the cart opens from every starting state, over the catalog", arguments: Strategy.allCases)
    func cart(_ strategy: Strategy) throws {
        let expected = try Self.tapped("start,\(Self.signIn),cart", in: strategy)
        try Self.matrix(strategy).expect("shop://cart", arrivesAt: expected, then: Self.signInIfAsked)
    }

    @Test("checkout opens from every state with something in the cart, where the shop's buttons lead", arguments: Strategy.allCases)
    func checkout(_ strategy: Strategy) throws {
        // Where checkout stands: after the cart opened from the catalog, or — in the chain, which
        // is linear — after the product added last; the router presents it over the cart it
        // declares as checkout's producer (its custom transition decides at run time, and is not
        // replayed).
        let script =
            switch strategy {
            case .chain: "start,\(Self.signIn),shoes,add,cart,checkout"
            case .router: "start,\(Self.signIn),shoes,add,back,cart"
            case .stack, .coordinator: "start,\(Self.signIn),shoes,add,back,cart,checkout"
            }
        var expected = try Self.tapped(script, in: strategy)
        if strategy == .router { expected += "\n      presents CheckoutScreen \"Checkout\"" }
        let withCart = Array(Self.starts(strategy).dropFirst(2))
        try Self.matrix(strategy, starts: withCart).expect("shop://checkout", arrivesAt: expected)
    }

    @Test("every link leads on to a placed order, the chain's catalog cart included", arguments: Strategy.allCases)
    func everyLinkLeadsOnToCheckout(_ strategy: Strategy) throws {
        for link in ShopLinks.examples {
            let session = try ShopSession(strategy: strategy)
            try Self.run("start,\(Self.signIn),scarf,add,back", on: session)
            _ = try session.open(link)
            // From wherever the link lands, the way on to an order: the cart, checkout, pay.
            for _ in 0..<4 where !(session.currentScreen is DoneScreen) {
                let offered = Set(session.currentScreen?.actions.map(\.name) ?? [])
                let next = try #require(["pay", "checkout", "cart"].first(where: offered.contains), "\(link): stuck with \(offered.sorted())")
                try Self.run(next, on: session)
            }
            #expect(session.currentScreen is DoneScreen, "\(link)\n\(session.host.render())")
            #expect(session.model.placedOrders.map { $0.items.map(\.id) } == [["scarf"]], "\(link)")
        }
    }

    @Test("checkout with an empty cart goes to the cart, saying why", arguments: Strategy.allCases)
    func emptyCheckout(_ strategy: Strategy) throws {
        let session = try ShopSession(strategy: strategy)
        try Self.run("start,\(Self.signIn)", on: session)
        let log = TranscriptRecorder(observing: session.host)
        try session.open("shop://checkout")
        #expect(session.currentScreen is CartScreen)
        #expect(log.transcript.lines.contains("(link) redirect shop://checkout: empty cart sends checkout to cart: the cart is empty"))
    }

    @Test("a link past sign-in shows sign-in, waits, and opens exactly once after sign-in", arguments: Strategy.allCases)
    func resumesOnceAfterSignIn(_ strategy: Strategy) throws {
        let session = try ShopSession(strategy: strategy)
        let said = try session.open("shop://product/hat")
        #expect(said == "shop://product/hat opens once you have signed in.")
        #expect(session.currentScreen is SignInScreen)
        #expect(session.links.pending?.link.text == "shop://product/hat")

        // A wrong address changes nothing: the link still waits.
        #expect(session.perform(Command("email nope")!) == nil)
        #expect(session.currentScreen is SignInScreen)
        #expect(session.links.pending != nil)

        try Self.run(Self.signIn, on: session)
        #expect((session.currentScreen as? ProductScreen)?.product == Product.catalog[1])
        #expect(session.links.pending == nil)
        try Self.run("add,back", on: session)
        #expect(session.currentScreen is CatalogScreen)
        let lines = session.log.lines
        #expect(lines.filter { $0.hasPrefix("(link) resume") }.count == 1)
        #expect(lines.filter { $0.hasPrefix("(link) arrive") }.count == 1)
    }

    @Test("back after a link walks up the logical hierarchy, not out of the app", arguments: Strategy.allCases)
    func backWalksUp(_ strategy: Strategy) throws {
        let session = try ShopSession(strategy: strategy)
        try Self.run("start,\(Self.signIn)", on: session)
        try session.open("shop://product/scarf")
        try Self.run("back", on: session)
        #expect(session.currentScreen is CatalogScreen)
        try Self.run("shoes,add,cart,checkout,pay,close", on: session)
        #expect(session.outcome == .completed(Order(email: "ana@example.com", items: [Product.catalog[0]])))
    }

    @Test("a link that cannot be opened is refused and changes nothing", arguments: Strategy.allCases)
    func refusesBadLinks(_ strategy: Strategy) throws {
        let session = try ShopSession(strategy: strategy)
        try Self.run("start,\(Self.signIn),hat", on: session)
        let before = session.host.hierarchy
        for (link, code) in [
            ("shop://product/boots", FlowError.Code.invalidLinkParameter), ("shop://product/%", .malformedLink), ("shop://orders", .unknownLink),
            ("ftp://cart", .unknownLink),
        ] {
            let error = #expect(throws: FlowError.self, "\(link)") { try session.open(link) }
            #expect(error?.code == code, "\(link)")
            #expect(session.host.hierarchy == before, "\(link)")
        }
        #expect(
            session.perform(Command(":open shop://product/boots")!) == "That did not work: The shop sells no product \"boots\"; it sells shoes, hat, scarf.")
        #expect(session.perform(Command(":open")!) == ":open needs a link: type \":open shop://product/shoes\".")
        #expect(session.host.hierarchy == before)
    }

    @Test("sign-in by link, once signed in, goes to the catalog instead", arguments: Strategy.allCases)
    func signInWhenSignedIn(_ strategy: Strategy) throws {
        let session = try ShopSession(strategy: strategy)
        try Self.run("start,\(Self.signIn),shoes", on: session)
        try session.open("shop://signin")
        #expect(session.currentScreen is CatalogScreen)
    }

    @Test("what a link takes away is released: the cart and the product it leaves", arguments: Strategy.allCases)
    func releasesWhatItTakesAway(_ strategy: Strategy) throws {
        let session = try ShopSession(strategy: strategy)
        try Self.run("start,\(Self.signIn),hat,add,cart", on: session)
        let leaks = LeakTracker()
        let stack: ContainerID = strategy == .coordinator ? "catalog" : "shop"
        leaks.track(try #require(session.currentScreen as? CartScreen))
        leaks.track(try #require(session.host.hierarchy.screens(in: stack).compactMap(session.host.screen(for:)).last as? ProductScreen))
        try session.open("shop://catalog")
        #expect(session.currentScreen is CatalogScreen)
        if strategy == .chain {
            // A chain's step makes its screen once: the product step keeps it, as after Back,
            // until the chain ends.
            #expect(leaks.survivors == ["ProductScreen"])
            try session.flow.cancel()
        }
        leaks.expectNoLeaks()
    }

    @Test("after the shop has ended, a link is refused")
    func afterTheEnd() throws {
        let session = try ShopSession(strategy: .stack)
        try Self.run("start,\(Self.signIn),shoes,add,cart,checkout,pay,close", on: session)
        let error = #expect(throws: FlowError.self) { try session.open("shop://cart") }
        #expect(error?.code == .flowFinished)
    }
}
