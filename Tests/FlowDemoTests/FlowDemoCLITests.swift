import Foundation
import ShopApp
import Testing

/// Runs the built `flow-demo` executable and checks what it prints and how it exits.
@Suite("flow-demo")
struct FlowDemoCLITests {
    static let happy = "start,email ana@example.com,shoes,add,cart,checkout,pay,close"
    static let journey = "start,back,start,email nope,email ana@example.com,hat,back,shoes,add,cart,close,cart,checkout,back,cart,checkout,pay,close"

    @Test("The happy path prints what the expected file holds", arguments: Strategy.allCases)
    func happyPath(_ strategy: Strategy) async throws {
        let run = try await FlowDemo.run(["--strategy", strategy.rawValue, "--script", Self.happy, "--transcript"])
        #expect(run.status == 0)
        try expectOutput(run.stdout, matches: "\(strategy.rawValue)-happy.txt")
    }

    @Test("The journey with back, the modal and a wrong email prints what the expected file holds", arguments: Strategy.allCases)
    func journey(_ strategy: Strategy) async throws {
        let run = try await FlowDemo.run(["--strategy", strategy.rawValue, "--script", Self.journey, "--transcript"])
        // The journey types an invalid address on purpose: it runs to its end, and says so.
        #expect(run.status == 3)
        #expect(run.stderr == "flow-demo: the script ran to its end, but the shop refused 1 step (marked !).\n")
        try expectOutput(run.stdout, matches: "\(strategy.rawValue)-journey.txt")
    }

    @Test func allFourStrategiesEndOnDoneWithTheSameOrder() async throws {
        var orders: [String] = []
        for strategy in Strategy.allCases {
            let run = try await FlowDemo.run(["--strategy", strategy.rawValue, "--script", Self.happy])
            let lines = run.stdout.split(separator: "\n").map(String.init)
            let closing = try #require(lines.lastIndex(of: "> close"))
            #expect(lines[..<closing].last(where: { $0.hasPrefix("== ") }) == "== Done ==")
            let finished = try #require(lines.last)
            orders.append(String(finished.drop { $0 != ":" }))
        }
        #expect(Set(orders) == [": order placed for ana@example.com: Red shoes; total €59."])
    }

    @Test("Checkout takes a shipping address of five parts, refuses one that is not, and ships the order there", arguments: Strategy.allCases)
    func checkoutShipsToTheAddressGiven(_ strategy: Strategy) async throws {
        let script = "start,email ana@example.com,shoes,add,cart,checkout,address Lisbon,address Ana Lopez; 1 Rua Augusta; Lisbon; 1100-048; PT,pay,close"
        let run = try await FlowDemo.run(["--strategy", strategy.rawValue, "--script", script])
        #expect(run.status == 3)
        #expect(run.stdout.contains("! \"Lisbon\" is not an address: give its five parts separated by ;"))
        #expect(run.stdout.contains("* Shipping to Ana Lopez, 1 Rua Augusta, 1100-048 Lisbon, Portugal."))
        #expect(
            run.stdout.hasSuffix("order placed for ana@example.com: Red shoes; total €59; shipped to Ana Lopez, 1 Rua Augusta, 1100-048 Lisbon, Portugal.\n"))
    }

    @Test("The cart asks before it removes an item, the swipe cannot take the question away, and Back keeps it", arguments: Strategy.allCases)
    func theCartAsksBeforeItRemoves(_ strategy: Strategy) async throws {
        let typed = [
            "start", "email ana@example.com", "shoes", "add", "back", "hat", "add", "cart", "remove teapot", "remove", ":dismiss", "maybe", ":back",
            "remove shoes", "remove", "close",
        ]
        let run = try await FlowDemo.run(["--strategy", strategy.rawValue], input: typed.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.stdout.suffix(400))")
        let out = run.stdout
        #expect(out.contains("! The cart holds no teapot; it holds hat, shoes."))
        #expect(out.contains("== Remove from cart? ==\nBlue hat"))
        #expect(out.contains("does not allow being swiped down"))
        #expect(out.contains("! \"maybe\" is not an answer to \"Remove from cart?\". Answer with one of: 1 remove, 2 keep."))
        #expect(out.contains("== Remove from cart? ==\nRed shoes"))
        #expect(out.contains("* Removed Red shoes."))
        // Keep left the hat in the cart; Remove took the shoes out.
        #expect(out.contains("  Blue hat (€25)\nTotal: €25"), "\(out.suffix(1_200))")
    }

    @Test("The cart's question, saved while it is up, is asked again after --restore and its answer still removes", arguments: Strategy.allCases)
    func theCartsQuestionComesBackAfterARestore(_ strategy: Strategy) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("flowkit-alert-\(strategy.rawValue)-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let typed = ["start", "email ana@example.com", "shoes", "add", "cart", "remove", ":save \(file)"]
        let saving = try await FlowDemo.run(["--strategy", strategy.rawValue], input: typed.joined(separator: "\n") + "\n")
        #expect(saving.status == 0)

        let restored = try await FlowDemo.run(["--strategy", strategy.rawValue, "--restore", file], input: "remove\n")

        #expect(restored.status == 0)
        let lines = restored.stdout.split(separator: "\n").map(String.init)
        #expect(lines.dropFirst().first == "== Remove from cart? ==", "\(restored.stdout.prefix(600))")
        #expect(restored.stdout.contains("* Removed Red shoes."), "\(restored.stdout.suffix(600))")
    }

    @Test(
        "The sign-up's cancel asks first; its question, saved while it is up, is asked again after --restore and Discard ends it", arguments: Strategy.allCases)
    func theSignupsCancelAsksAndComesBackAfterARestore(_ strategy: Strategy) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("flowkit-discard-\(strategy.rawValue)-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let typed = ["details Ana; ana@example.com; pro", "cancel", ":dismiss", "keep editing", "card 4242 4242 4242 4242", "cancel", ":save \(file)"]
        let saving = try await FlowDemo.run(["--app", "signup", "--strategy", strategy.rawValue], input: typed.joined(separator: "\n") + "\n")
        #expect(saving.status == 0)
        #expect(saving.stdout.contains("== Discard your details? ==\nThe sign-up ends without an account."))
        #expect(saving.stdout.contains("does not allow being swiped down"))
        #expect(saving.stdout.contains("== Confirm =="))

        let restored = try await FlowDemo.run(["--app", "signup", "--strategy", strategy.rawValue, "--restore", file], input: "discard\n")

        #expect(restored.status == 0)
        let lines = restored.stdout.split(separator: "\n").map(String.init)
        #expect(lines.dropFirst().first == "== Discard your details? ==", "\(restored.stdout.prefix(600))")
        #expect(restored.stdout.hasSuffix("Finished (\(strategy.rawValue)): cancelled without an account.\n"), "\(restored.stdout.suffix(600))")
    }

    @Test func typedInputThatIsWrongKeepsTheUserWhereTheyWereAndTheEndOfInputEndsCleanly() async throws {
        let input = "start\nfly\n2\nemail\nstart\nemail nope\nemail ana@example.com\n"
        let run = try await FlowDemo.run(["--strategy", "coordinator"], input: input)
        #expect(run.status == 0)
        try expectOutput(run.stdout, matches: "coordinator-interactive.txt")
    }

    @Test("Long input is repeated cut short, in every message that repeats it", arguments: ["", "email ", ":back ", "start "])
    func longInputIsCutInMessages(prefix: String) async throws {
        let line = prefix + String(repeating: "x", count: 1_000_000)
        let run = try await FlowDemo.run(["--strategy", "stack"], input: "start\n\(line)\n")
        #expect(run.status == 0)
        #expect(run.stdout.utf8.count < 4_000, "\(run.stdout.suffix(300))")
        #expect(run.stdout.contains("more bytes)"))
    }

    @Test("quit, exit and their colon forms stop a run at a prompt with its summary", arguments: ["quit", "exit", ":quit", ":exit"])
    func quitAndExitStopARun(_ word: String) async throws {
        let run = try await FlowDemo.run(["--strategy", "router"], input: "start\n\(word)\nemail ana@example.com\n")
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix("Stopped (router) on Sign in, without an order.\n"), "\(run.stdout.suffix(200))")
        #expect(!run.stdout.contains("== Catalog =="), "nothing after the word runs")
        let scripted = try await FlowDemo.run(["--strategy", "stack", "--script", "start,\(word),email ana@example.com"])
        #expect(scripted.status == 0)
        #expect(scripted.stdout.hasSuffix("Stopped (stack) on Sign in, without an order.\n"), "\(scripted.stdout.suffix(200))")
    }

    @Test("help and :help list everything one can type, at a prompt and in a script", arguments: ["help", ":help"])
    func helpListsEverythingOneCanType(_ word: String) async throws {
        let interactive = try await FlowDemo.run(["--strategy", "coordinator"], input: "start\n\(word)\nquit\n")
        #expect(interactive.status == 0)
        let listed = try #require(interactive.stdout.components(separatedBy: "You can type:").last)
        for typed in ["1 or email <address>", "2 or back", ":back", ":open <link>", "help, :help", "quit"] {
            #expect(listed.contains(typed), "\(typed) is not listed")
        }
        let scripted = try await FlowDemo.run(["--strategy", "stack", "--script", "start,\(word),email ana@example.com"])
        #expect(scripted.status == 0)
        #expect(scripted.stdout.contains("You can type:"))
        #expect(scripted.stdout.contains("== Catalog =="))
    }

    @Test func theFirstHelpPageShowsTheShopsOptionsAndWrapsUnderItsLabels() async throws {
        let run = try await FlowDemo.run(["--help"])
        #expect(run.status == 0)
        for option in ["--strategy <strategy>", "--script <actions>", "--open <link>", "--transcript", "graph", "explore"] {
            #expect(run.stdout.contains(option), "\(option) is not on the first help page")
        }
        let lines = run.stdout.components(separatedBy: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 || $0.hasPrefix("USAGE:") }, "a line is wider than 80 columns")
        let strategies = lines.drop { $0 != "Strategies:" }.dropFirst().prefix { !$0.isEmpty }
        #expect(strategies.count >= 4 && strategies.allSatisfy { $0.hasPrefix("  ") }, "a strategy's summary wraps to column 0")
        #expect(try await FlowDemo.run(["run", "--help"]).stdout.contains("--script <actions>"))
    }

    @Test("A product and the cart opened by link check out to Done", arguments: Strategy.allCases)
    func linksIntoCheckoutReachDone(_ strategy: Strategy) async throws {
        let script = "start,email ana@example.com,:open shop://product/scarf,add,:open shop://cart,checkout,pay,close"
        let run = try await FlowDemo.run(["--strategy", strategy.rawValue, "--script", script])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.hasSuffix("Finished (\(strategy.rawValue)): order placed for ana@example.com: Green scarf; total €19.\n"), "\(run.stdout.suffix(400))")
    }

    @Test func aFailedStepsMessageComesAfterTheScreensPrintedBeforeItWhenOutputIsPiped() async throws {
        let run = try await FlowDemo.run(["--strategy", "stack", "--script", "start,fly"], merged: true)
        #expect(run.status == 1)
        let lines = run.stdout.components(separatedBy: "\n")
        let failure = try #require(lines.lastIndex { $0.hasPrefix("flow-demo:") }, "\(run.stdout)")
        let lastScreen = try #require(lines.lastIndex(of: "== Sign in =="), "\(run.stdout)")
        #expect(lastScreen < failure, "\(run.stdout)")
    }

    #if !WebServer
        /// The light default build has no web server: `serve` says how to get one and fails, rather
        /// than being missing from the help or starting nothing.
        @Test func serveWithoutTheWebServerTraitSaysHowToBuildItAndFails() async throws {
            let run = try await FlowDemo.run(["serve", "--strategy", "stack"])
            #expect(run.status == 1)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.contains("built without its web server"))
            #expect(run.stderr.contains("swift run --traits WebServer flow-demo serve --strategy stack"))
            #expect(try await FlowDemo.run(["--help"]).stdout.contains("serve"))
        }
    #endif

    @Test("A store serve cannot use ends it with a sentence and status 1, before anything is served")
    func serveWithAStoreThatCannotBeUsed() async throws {
        let nonsense = try await FlowDemo.run(["serve", "--strategy", "stack", "--store", "nonsense"])
        #expect(nonsense.status == 1)
        #expect(nonsense.stderr.contains("--store nonsense is not a store: give memory, sqlite:PATH or postgres://"))
        let empty = try await FlowDemo.run(["serve", "--strategy", "stack", "--store", "sqlite:"])
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("is not a store"))
        let ttl = try await FlowDemo.run(["serve", "--strategy", "stack", "--session-ttl", "0"])
        #expect(ttl.status != 0)
        #expect(ttl.stderr.contains("--session-ttl must be a number of seconds above 0"))
    }

    @Test("No journey places the order twice: Back after Pay never reaches Pay again", arguments: Strategy.allCases)
    func backAfterPayNeverPaysAgain(_ strategy: Strategy) async throws {
        let run = try await FlowDemo.run([
            "--strategy", strategy.rawValue, "--script", "start,email ana@example.com,shoes,add,cart,checkout,pay,:back,pay,close",
        ])
        #expect(run.status == 1)
        #expect(run.stdout.components(separatedBy: "Thank you! Order placed").count == 2, "one order")
        let quit = try await FlowDemo.run(["--strategy", strategy.rawValue], input: "start\nemail ana@example.com\nshoes\nadd\ncart\ncheckout\npay\nquit\n")
        #expect(
            quit.stdout.hasSuffix("Stopped (\(strategy.rawValue)) on Done; the order was placed: ana@example.com: Red shoes; total €59.\n"),
            "\(quit.stdout.suffix(200))")
    }

    @Test func exploreRefusesStepsWithoutASeed() async throws {
        let run = try await FlowDemo.run(["explore", "--strategy", "stack", "--steps", "5"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--steps counts the random walk's moves and needs --seed"))
    }

    @Test func shortInputIsRepeatedWhole() {
        #expect("nope".echoed == "nope")
        #expect(String(repeating: "a", count: 41).echoed == String(repeating: "a", count: 40) + "… (1 more bytes)")
    }

    @Test func withoutAStrategyTheUserIsAskedUntilTheyNameOne() async throws {
        let run = try await FlowDemo.run([], input: "queue\n2\nquit\n")
        #expect(run.status == 0)
        #expect(run.stdout.contains("Which strategy should run the shop?"))
        #expect(run.stdout.contains("! \"queue\" is not a strategy. Choose 1-4 or one of: stack, chain, router, coordinator."))
        #expect(run.stdout.hasSuffix("Stopped (chain) on Welcome, without an order.\n"))
    }

    @Test("quit and exit, in any letter case, stop at the strategy prompt", arguments: ["quit", "Exit", ":QUIT", ":exit"])
    func stopWordsEndTheStrategyPrompt(_ word: String) async throws {
        let run = try await FlowDemo.run([], input: "\(word)\n1\n")
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix("No strategy chosen.\n"), "\(run.stdout.suffix(200))")
        #expect(!run.stdout.contains("is not a strategy"))
        #expect(!run.stdout.contains("== Welcome =="), "nothing after the word runs")
    }

    @Test func theStrategyPromptListsTheChoicesAgainOnHelpAndTakesANameInAnyCase() async throws {
        let run = try await FlowDemo.run([], input: "\nhelp\nRouter\nquit\n")
        #expect(run.status == 0)
        #expect(!run.stdout.contains("is not a strategy"), "a blank line and help are not wrong answers")
        let afterHelp = try #require(run.stdout.components(separatedBy: "> help").last)
        #expect(afterHelp.contains("3. router"))
        #expect(afterHelp.contains("quit (or exit) stops"))
        #expect(run.stdout.hasSuffix("Stopped (router) on Welcome, without an order.\n"), "\(run.stdout.suffix(200))")
    }

    @Test func actionsControlsAndStopWordsAreReadInAnyLetterCase() async throws {
        let run = try await FlowDemo.run(["--strategy", "stack"], input: "START\n:Back\nStart\nEmail ana@example.com\nQUIT\n")
        #expect(run.status == 0)
        #expect(!run.stdout.contains("! "), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("Stopped (stack) on Catalog, without an order.\n"), "\(run.stdout.suffix(200))")
    }

    @Test func theEndOfInputBeforeAStrategyEndsCleanly() async throws {
        let run = try await FlowDemo.run([], input: "")
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix("No strategy chosen.\n"))
    }

    @Test func anUnknownStrategyIsAUsageErrorThatNamesTheChoices() async throws {
        let run = try await FlowDemo.run(["--strategy", "queue"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("'queue'"))
        #expect(run.stderr.contains("stack"))
        #expect(run.stderr.contains("coordinator"))
    }

    @Test func aScriptStepThatIsNotAnActionStopsWithStatusOneAndNamesTheStep() async throws {
        let run = try await FlowDemo.run(["--strategy", "stack", "--script", "start,dance,close"])
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "flow-demo: step 2 (\"dance\") failed: \"dance\" is not an action on Sign in. Try one of: 1 email, 2 back; help lists everything you can type.\n"
        )
    }

    @Test("A script drives the system controls as the user, in every strategy", arguments: Strategy.allCases)
    func systemControls(_ strategy: Strategy) async throws {
        let run = try await FlowDemo.run([
            "--strategy", strategy.rawValue, "--script", "start,email ana@example.com,shoes,:back,shoes,add,cart,:dismiss,cart,checkout,pay,close",
            "--transcript",
        ])
        #expect(run.status == 0)
        #expect(run.stdout.contains("(user) pop Product: Red shoes from ["))
        #expect(run.stdout.contains("-- system controls --"))
        #expect(run.stdout.contains("Finished (\(strategy.rawValue)): order placed for ana@example.com: Red shoes; total €59.\n"))
    }

    @Test func aSystemControlThatCannotBeUsedStopsTheScriptAndSaysWhy() async throws {
        let run = try await FlowDemo.run(["--strategy", "router", "--script", ":dismiss"])
        #expect(run.status == 1)
        #expect(run.stderr == "flow-demo: step 1 (\":dismiss\") failed: That did not work: Nothing is presented, so there is nothing to swipe down.\n")
    }

    @Test("--open opens a link past sign-in in every strategy, and it arrives once signed in", arguments: Strategy.allCases)
    func openResumesAfterSignIn(_ strategy: Strategy) async throws {
        let run = try await FlowDemo.run([
            "--strategy", strategy.rawValue, "--open", "shop://product/scarf", "--script", "email ana@example.com,add,:open shop://checkout,pay,close",
            "--transcript",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("shop://product/scarf opens once you have signed in.\n== Sign in =="))
        #expect(run.stdout.contains("* Opened the link you followed before signing in: product scarf.\n"))
        #expect(run.stdout.contains("* Opened shop://checkout: checkout.\n"))
        #expect(run.stdout.contains("(link) defer shop://product/scarf: sign-in waits until you have signed in\n"))
        #expect(run.stdout.contains("Finished (\(strategy.rawValue)): order placed for ana@example.com: Green scarf; total €19.\n"))
    }

    @Test func aLinkThatCannotBeOpenedStopsWithStatusOneAndSaysWhy() async throws {
        let run = try await FlowDemo.run(["--strategy", "chain", "--open", "shop://product/boots", "--script", "start"])
        #expect(run.status == 1)
        #expect(run.stderr == "flow-demo: the link \"shop://product/boots\" was not opened: The shop sells no product \"boots\"; it sells shoes, hat, scarf.\n")
        let malformed = try await FlowDemo.run(["--strategy", "stack", "--script", "start,:open shop://cart?%"])
        #expect(malformed.status == 1)
        #expect(malformed.stderr.contains("step 2 (\":open shop://cart?%\") failed: That did not work: The link \"shop://cart?%\" cannot be read"))
    }

    @Test func aStepAfterTheShopEndedFails() async throws {
        let run = try await FlowDemo.run(["--strategy", "router", "--script", Self.happy + ",start"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("step 9 (\"start\") failed: The shop has ended"))
    }

    @Test(arguments: [
        (["--strategy", "stack", "--script", "start,,close"], "Step 2 of the script is empty"),
        (["--script", "start"], "--script needs --strategy"),
    ])
    func aMalformedScriptIsAUsageError(_ arguments: [String], message: String) async throws {
        let run = try await FlowDemo.run(arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains(message))
    }

    @Test func theStrategiesAreListedOneALine() async throws {
        let run = try await FlowDemo.run(["--list-strategies"])
        #expect(run.status == 0)
        #expect(run.stdout.split(separator: "\n").map { String($0.prefix { $0 != " " }) } == Strategy.allCases.map(\.rawValue))
    }

    @Test func helpExplainsTheAppAndEachStrategy() async throws {
        let run = try await FlowDemo.run(["--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Welcome, Sign in"))
        for strategy in Strategy.allCases { #expect(run.stdout.contains(strategy.summary.prefix(30))) }
    }

    @Test("graph prints the graph the explorer's baseline holds", arguments: Strategy.allCases)
    func graphPrintsTheObservedGraph(_ strategy: Strategy) async throws {
        let run = try await FlowDemo.run(["graph", "--strategy", strategy.rawValue])
        #expect(run.status == 0)
        let baseline = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../FlowExplorerTests/Baselines/shop-\(strategy.rawValue).txt")
        #expect(run.stdout == (try String(contentsOf: baseline, encoding: .utf8)))
    }

    @Test("graph --declared prints the declared graph's baseline", arguments: [Strategy.stack, .chain, .router])
    func graphPrintsTheDeclaredGraph(_ strategy: Strategy) async throws {
        let run = try await FlowDemo.run(["graph", "--strategy", strategy.rawValue, "--declared"])
        #expect(run.status == 0)
        let baseline = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../FlowExplorerTests/Baselines/shop-\(strategy.rawValue)-declared.txt")
        #expect(run.stdout == (try String(contentsOf: baseline, encoding: .utf8)))
    }

    @Test func graphPrintsMermaidAndDot() async throws {
        let mermaid = try await FlowDemo.run(["graph", "--strategy", "router", "--format", "mermaid"])
        #expect(mermaid.status == 0)
        #expect(mermaid.stdout.hasPrefix("flowchart TD\n"))
        #expect(mermaid.stdout.contains("-->|\"push: start\"|"))
        let dot = try await FlowDemo.run(["graph", "--strategy", "router", "--format", "dot"])
        #expect(dot.status == 0)
        #expect(dot.stdout.hasPrefix("digraph navigation {"))
        #expect(dot.stdout.contains("\"WelcomeScreen\" -> \"SignInScreen\" [label=\"push: start\"];"))
    }

    @Test("explore walks every strategy's shop until no new state appears and finds nothing wrong", arguments: Strategy.allCases)
    func exploreSummarisesACleanWalk(_ strategy: Strategy) async throws {
        let run = try await FlowDemo.run(["explore", "--strategy", strategy.rawValue])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Explored the \(strategy.rawValue) shop: "))
        #expect(run.stdout.contains(", 0 findings, explored exhaustively."), "\(run.stdout)")
        #expect(run.stdout.contains("Ends reached: (completed)."))
        // Standard error is no terminal here, so no progress line is written to it.
        #expect(run.stderr.isEmpty)
    }

    @Test func exploreWithABoundOnStatesSaysTheBoundCutItShort() async throws {
        let run = try await FlowDemo.run(["explore", "--app", "signup", "--strategy", "router", "--max-states", "4"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Explored the router sign-up: 4 states"))
        #expect(run.stdout.contains(", cut short by a bound of 4 states."), "\(run.stdout)")
    }

    @Test func exploreToADepthSaysTheDepthCutItShort() async throws {
        let run = try await FlowDemo.run(["explore", "--strategy", "coordinator", "--depth", "8"])
        #expect(run.status == 0)
        #expect(run.stdout.contains(", 0 findings, cut short by a depth of 8 moves."), "\(run.stdout)")
    }

    @Test("explore walks the sign-up until no new state appears and says so", arguments: Strategy.allCases)
    func exploreWalksTheSignupExhaustively(_ strategy: Strategy) async throws {
        let run = try await FlowDemo.run(["explore", "--app", "signup", "--strategy", strategy.rawValue])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Explored the \(strategy.rawValue) sign-up: 14 states"))
        #expect(run.stdout.contains(", 0 findings, explored exhaustively."))
    }

    @Test("explore --compare walks the four strategies of each app side by side, and they agree", arguments: ["shop", "signup"])
    func exploreComparesTheFourStrategies(_ app: String) async throws {
        let run = try await FlowDemo.run(["explore", "--compare", "--app", app])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let name = app == "shop" ? "shop" : "sign-up"
        #expect(run.stdout.hasPrefix("Compared the \(name) in stack, chain, router and coordinator side by side: "))
        #expect(run.stdout.contains(", no difference, explored exhaustively.\n"))
        // The shop's differences of nature are listed with the moves that first met each.
        #expect(run.stdout.contains("Differences declared as a strategy's nature") == (app == "shop"))
        #expect(!run.stdout.contains("! "))
    }

    @Test func aSeededExploreWalksTheSameWayTwice() async throws {
        let first = try await FlowDemo.run(["explore", "--strategy", "chain", "--seed", "1", "--steps", "300"])
        let second = try await FlowDemo.run(["explore", "--strategy", "chain", "--seed", "1", "--steps", "300"])
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.contains("300 distinct moves, 9 nodes, 27 graph edges, 300 moves made (0 to reach states, 11 runs)"))
    }

    @Test(arguments: [
        (["graph"], "Missing expected argument '--strategy <strategy>'"),
        (["graph", "--strategy", "router", "--format", "png"], "The value 'png' is invalid for '--format <format>'"),
        (["graph", "--strategy", "router", "--depth", "0"], "--depth must be at least 1, not 0."),
        (["explore", "--strategy", "maze"], "The value 'maze' is invalid for '--strategy <strategy>'"),
        (["graph", "--strategy", "coordinator", "--declared"], "The coordinator declares no graph"),
        (["explore", "--strategy", "stack", "--seed", "1", "--steps", "0"], "--steps must be at least 1, not 0."),
        (["explore", "--strategy", "stack", "--max-states", "0"], "--max-states must be at least 1, not 0."),
        (
            ["explore", "--strategy", "stack", "--max-states", "50", "--depth", "3"],
            "--max-states bounds the walk until no new state appears; it takes no --depth"
        ),
        (["explore"], "Missing expected argument '--strategy <strategy>' (or --compare, for the four side by side)."),
        (["explore", "--compare", "--strategy", "chain"], "--compare explores the four strategies side by side; it takes no --strategy."),
        (["explore", "--compare", "--depth", "4"], "--compare walks until no new state appears; it takes no --depth, --seed or --steps."),
    ])
    func graphAndExploreRefuseBadArgumentsWithAMessage(arguments: [String], message: String) async throws {
        let run = try await FlowDemo.run(arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains(message))
        #expect(run.stdout.isEmpty)
    }

    /// Compares output with an expected file, line by line, naming the first difference.
    private func expectOutput(_ output: String, matches file: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Expected/\(file)")
        let expected = try String(contentsOf: url, encoding: .utf8)
        guard output != expected else { return }
        let outputLines = output.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let common = min(outputLines.count, expectedLines.count)
        let index = (0..<common).first { outputLines[$0] != expectedLines[$0] } ?? common
        let got = index < outputLines.count ? String(outputLines[index]) : "(end of output)"
        let wanted = index < expectedLines.count ? String(expectedLines[index]) : "(end of file)"
        Issue.record("Output differs from \(file) at line \(index + 1):\n  expected: \(wanted)\n  actual:   \(got)", sourceLocation: sourceLocation)
    }
}

/// The built executable, run as a user would.
enum FlowDemo {
    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// `flow-demo` sits beside the test bundle in the build folder.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("flow-demo")
    }

    /// Runs it with standard output and standard error apart, or `merged` into one pipe as a
    /// terminal or `2>&1` shows them (then ``Run/stdout`` has both, in the order they came).
    ///
    /// The process is waited for on a thread of its own: a wait on the tests' cooperative pool
    /// (two threads on a two-core machine) would hold back every other test meanwhile.
    static func run(_ arguments: [String], input: String = "", merged: Bool = false) async throws -> Run {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try runWaiting(arguments, input: input, merged: merged) })
            }
        }
    }

    /// Runs it and waits on the calling thread.
    private static func runWaiting(_ arguments: [String], input: String, merged: Bool) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = merged ? stdout : Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        // Both pipes are read to the end before the wait, standard error on a thread of its own,
        // so that neither fills up and blocks the child.
        let errors = ErrorsRead()
        let readingErrors = DispatchGroup()
        if !merged {
            readingErrors.enter()
            Thread.detachNewThread {
                errors.set(stderr.fileHandleForReading.readDataToEndOfFile())
                readingErrors.leave()
            }
        }
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        readingErrors.wait()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: errors.data, as: UTF8.self))
    }

    /// What a process wrote to standard error, handed from the thread that read it.
    private final class ErrorsRead: @unchecked Sendable {
        // Every access holds the lock.
        private let lock = NSLock()
        private var read = Data()
        var data: Data { lock.withLock { read } }
        func set(_ data: Data) { lock.withLock { read = data } }
    }
}
