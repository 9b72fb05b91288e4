import FlowKernel
import FlowRuntime
import FlowStage
import ShopApp
import Testing

/// The shop in every strategy, driven in process.
@MainActor
@Suite("Shop session")
struct ShopSessionTests {
    static let happy = "start,email ana@example.com,shoes,add,cart,checkout,pay,close"
    static let journey = "start,back,start,email nope,email ana@example.com,hat,back,shoes,add,cart,close,cart,checkout,back,cart,checkout,pay,close"
    static let order = Order(email: "ana@example.com", items: [Product.catalog[0]])

    func run(_ script: String, in strategy: Strategy) throws -> ShopSession {
        let session = try ShopSession(strategy: strategy)
        for command in try Command.script(script) {
            let problem = session.perform(command)
            #expect(problem == nil, "\(strategy) refused \(command.text): \(problem ?? "")")
        }
        return session
    }

    @Test("The happy path ends on Done and finishes with the order", arguments: Strategy.allCases)
    func happyPath(_ strategy: Strategy) throws {
        let session = try ShopSession(strategy: strategy)
        let commands = try Command.script(Self.happy)
        for command in commands.dropLast() { #expect(session.perform(command) == nil) }
        #expect(session.currentScreen is DoneScreen)

        #expect(session.perform(commands[commands.count - 1]) == nil)

        #expect(session.outcome == .completed(Self.order))
        #expect(session.host.render() == "(empty)")
    }

    @Test("Back, the cart modal and a wrong email lead to the same order", arguments: Strategy.allCases)
    func journey(_ strategy: Strategy) throws {
        let session = try run(Self.journey, in: strategy)
        #expect(session.outcome == .completed(Self.order))
    }

    @Test("A wrong email keeps the user on Sign in with a message", arguments: Strategy.allCases)
    func wrongEmail(_ strategy: Strategy) throws {
        let session = try run("start,email nope", in: strategy)
        #expect(session.currentScreen is SignInScreen)
        #expect(session.screenText().contains("! \"nope\" is not an email address"))
        #expect(!session.screenText().contains("! "), "the message shows once")
    }

    @Test("Checkout is offered only with something in the cart", arguments: Strategy.allCases)
    func emptyCart(_ strategy: Strategy) throws {
        let session = try run("start,email ana@example.com,shoes,cart", in: strategy)
        #expect(session.currentScreen?.actions.map(\.name) == ["close"])
    }

    @Test("A command is matched in any letter case, and a refusal repeats it as typed")
    func letterCase() throws {
        #expect(Command("START")?.key == "start" && Command("START")?.word == "START")
        #expect(Command(":Open shop://cart")?.key == ":open" && Command(":Open shop://cart")?.argument == "shop://cart")
        let session = try run("Start,EMAIL ana@example.com", in: .chain)
        #expect(session.currentScreen is CatalogScreen)
        #expect(
            session.perform(try #require(Command("Dance")))
                == "\"Dance\" is not an action on Catalog. Try one of: 1 shoes, 2 hat, 3 scarf, 4 cart; help lists everything you can type.")
    }

    @Test("A bad command is refused with what is possible and changes nothing", arguments: Strategy.allCases)
    func badCommands(_ strategy: Strategy) throws {
        let bad: [(String, String)] = [
            ("dance", "\"dance\" is not an action on Sign in. Try one of: 1 email, 2 back; help lists everything you can type."),
            ("9", "\"9\" is not an action on Sign in. Try one of: 1 email, 2 back; help lists everything you can type."),
            ("email", "email needs <address>: type \"email <address>\"."),
            ("back now", "back takes nothing after it, but was given \"now\"."),
        ]
        let session = try run("start", in: strategy)
        let before = session.host.render()
        for (typed, expected) in bad {
            #expect(session.perform(try #require(Command(typed))) == expected)
            #expect(session.host.render() == before)
        }
    }

    @Test("After the shop ends every command is refused", arguments: Strategy.allCases)
    func afterTheEnd(_ strategy: Strategy) throws {
        let session = try run(Self.happy, in: strategy)
        #expect(session.perform(try #require(Command("start"))) == "The shop has ended; there is nothing more to do.")
        #expect(session.summary == "Finished (\(strategy.rawValue)): order placed for \(Self.order).")
    }

    @Test func aNumberChoosesTheActionAtThatPlaceAndTakesItsArgument() throws {
        let session = try ShopSession(strategy: .stack)
        #expect(session.perform(try #require(Command("1"))) == nil)
        #expect(session.currentScreen is SignInScreen)
        #expect(session.perform(try #require(Command("1 ana@example.com"))) == nil)
        #expect(session.currentScreen is CatalogScreen)
    }

    @Test func theCoordinatorShopHasAnAccountTab() throws {
        let session = try run("start,email ana@example.com,account", in: .coordinator)
        #expect(session.currentScreen is AccountScreen)
        #expect(session.perform(try #require(Command("shop"))) == nil)
        #expect(session.currentScreen is CatalogScreen)
    }
}

@Suite("Commands and scripts")
struct CommandTests {
    @Test func aCommandIsAWordAndAnArgument() {
        #expect(Command("  email   ana@example.com ") == Command("email ana@example.com"))
        #expect(Command("email ana@example.com")?.argument == "ana@example.com")
        #expect(Command("start")?.argument == nil)
        #expect(Command("   ") == nil)
    }

    @Test func aScriptIsCommaSeparated() throws {
        #expect(try Command.script("start, email a@b.co ,close").map(\.text) == ["start", "email a@b.co", "close"])
    }

    @Test("An empty step makes the script malformed", arguments: ["", "start,,close", "start,", " ,start"])
    func malformed(_ script: String) {
        #expect(throws: ScriptError.self) { try Command.script(script) }
    }
}
