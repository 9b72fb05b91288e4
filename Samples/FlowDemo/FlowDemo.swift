import ArgumentParser
import Foundation
import ShopApp

extension Strategy: ExpressibleByArgument {}
extension SampleApp: ExpressibleByArgument {}

/// `flow-demo`: the shop, in the strategy the user picks, at a terminal or from a script; and its
/// navigation as a graph, or explored for defects. Running the shop is the default subcommand, so
/// the first help page lists its options as well as the subcommands.
@main
struct FlowDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flow-demo",
        abstract: "Run one small shop, or a sign-up wizard, written in each FlowKit strategy, headless in your terminal.",
        discussion: RunOptions.discussion + "\n\n" + RunOptions.summary,
        subcommands: [RunShop.self, GraphCommand.self, ExploreCommand.self, ReplayCommand.self, ServeCommand.self],
        defaultSubcommand: RunShop.self
    )
}

/// `flow-demo run` (the default): the shop at a terminal or from a script.
struct RunShop: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run one small shop, written in each FlowKit strategy, headless in your terminal.",
        discussion: RunOptions.discussion
    )

    @OptionGroup var options: RunOptions

    func run() throws { try options.runShop() }
}

/// The shop's options, shared by the root command and `run`.
struct RunOptions: ParsableArguments {
    /// The options, as the first help page lists them: ArgumentParser lists only the root
    /// command's own there, and running the shop is a subcommand (the default one).
    static var summary: String {
        let options = [
            ("--app <app>", Help.app),
            ("--strategy <strategy>", Help.strategy),
            ("--script <actions>", Help.script),
            ("--open <link>", Help.open),
            ("--restore <file>", Help.restore),
            ("--record <file>", Help.record),
            ("--transcript", Help.transcript),
            ("--list-strategies", Help.listStrategies),
        ]
        let rows = options.map { hanging("  \($0.0.padding(toLength: 24, withPad: " ", startingAt: 0))", $0.1) }
        return "Options of the shop (flow-demo [run] ...):\n" + rows.joined(separator: "\n")
    }

    /// Each option's help, written once for the option and the first help page.
    enum Help {
        static let app = "The app to run: shop (the default) or signup, the sign-up wizard; a file given to --restore says its own."
        static let strategy = "The strategy to run: stack, chain, router or coordinator. Asked for when not given."
        static let listStrategies = "List the strategies, one line each, and exit."
        static let script =
            "Run these comma-separated actions, then exit: status 1 at the first that cannot be done, 3 at the end if a screen refused any (an invalid address), 0 otherwise."
        static let transcript = "Print every navigation event when the run ends."
        static let open = "Open this link as the shop starts, as the platform hands an app a link: shop://product/shoes."
        static let record =
            "Record what you do (actions, system controls, links; your email address as a stand-in) and write it to this file when the run ends; flow-demo replay <file> replays it."
        static let restore =
            "Bring back a shop saved with \":save <file>\": its cart and every screen it showed, in the strategy it was saved in (or --strategy's, which starts anew with the cart if the navigation cannot come back)."
    }

    /// Help's long text, wrapped to 78 columns with hanging indents, so no line wraps to column 0.
    static var discussion: String {
        let strategies = Strategy.allCases.map { hanging("  \($0.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0))", $0.summary) }
        return [
            wrapped(
                "The shop: Welcome, Sign in (an email address; an invalid one keeps you there), Catalog (three products), Product, Cart (a modal), Checkout and Done. Closing Done finishes the run with the order as the flow's typed result."
            ),
            "Strategies:\n" + strategies.joined(separator: "\n"),
            wrapped(
                "The sign-up (--app signup): Details (a name, an email address and a plan, typed \"details Ana; ana@example.com; pro\"), a Card for the pro plan only (\"card 4242 4242 4242 4242\"), Confirm and Done. The free plan never shows the card, and Back from Confirm shows the details as entered. Every option and subcommand below takes --app."
            ),
            wrapped(
                "Each screen shows what it shows, the hierarchy the in-memory host holds, and numbered actions. Type a number or a name; an action that takes an argument takes it after a space (\"email ana@example.com\"). \"help\" lists everything you can type; \"quit\" (or \"exit\") or the end of input stops."
            ),
            wrapped(
                "System controls act as the person using the app, not as the screen: \":back\" is the system back button, \":back 2\" its menu (two screens at once), \":dismiss\" swipes the sheet on top down, \":tab 2\" taps the second tab. Each screen lists the ones that apply; the flows follow what they change, and the transcript marks them \"(user)\"."
            ),
            wrapped(
                "Saving: \":save shop.json\" at any prompt writes the shop — who is signed in, the cart, and every screen with the back stack behind it — as JSON; \"flow-demo --restore shop.json\" brings it back where it was, as an app comes back after the system ended it in the background, and says what could not come back."
            ),
            wrapped(
                "Recording: \"--record bug.json\" writes what you did — each action, system control and link, with what it changed — when the run ends; \"flow-demo replay bug.json\" replays it on a fresh shop and shows the first difference, as a test would (\"--strategy\" replays it in another strategy; \"--minimise short.json\" cuts a failing one to its shortest reproduction)."
            ),
            wrapped(
                "Links: \"--open shop://product/shoes\" opens a link as the shop starts, and \":open <link>\" opens one at any prompt: shop://signin, shop://catalog, shop://product/<shoes|hat|scarf>, shop://cart, shop://checkout. Each strategy arrives with the back stack a person would have built, so Back walks up it. A link that needs an account waits behind sign-in and opens once you have signed in; the transcript marks its decisions \"(link)\"."
            ),
            """
            Examples:
              flow-demo --strategy stack
              flow-demo --strategy router --transcript \\
                --script "start,email ana@example.com,shoes,add,cart,checkout,pay,close"
              flow-demo --strategy coordinator --open shop://product/hat \\
                --script "email ana@example.com,add,:back" --transcript
              flow-demo graph --strategy chain --format mermaid
              flow-demo explore --strategy coordinator --depth 12
              flow-demo explore --strategy router --seed 7
              flow-demo --strategy chain --record bug.json --script "start,:back"
              flow-demo replay bug.json --strategy stack
              flow-demo --app signup --strategy chain --transcript \\
                --script "details Ana; ana@example.com; pro,card 4242424242424242,confirm,close"
              flow-demo graph --app signup --strategy stack --declared
            """,
        ].joined(separator: "\n\n")
    }

    @Option(help: ArgumentHelp(Help.app))
    var app: SampleApp?

    @Option(help: ArgumentHelp(Help.strategy))
    var strategy: Strategy?

    @Flag(help: ArgumentHelp(Help.listStrategies))
    var listStrategies = false

    @Option(help: ArgumentHelp(Help.script, valueName: "actions"))
    var script: String?

    @Flag(help: ArgumentHelp(Help.transcript))
    var transcript = false

    @Option(help: ArgumentHelp(Help.open, valueName: "link"))
    var open: String?

    @Option(help: ArgumentHelp(Help.restore, valueName: "file"))
    var restore: String?

    @Option(help: ArgumentHelp(Help.record, valueName: "file"))
    var record: String?

    func validate() throws {
        guard let script else { return }
        do {
            _ = try Command.script(script)
        } catch let error as ScriptError {
            throw ValidationError(error.description)
        }
        if strategy == nil, restore == nil {
            throw ValidationError("--script needs --strategy: one of \(Strategy.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
    }

    /// Runs the shop as the options say.
    func runShop() throws {
        if listStrategies {
            for strategy in Strategy.allCases {
                print("\(strategy.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) \(strategy.summary)")
            }
            return
        }
        // ArgumentParser runs a synchronous command on the main thread.
        let status = MainActor.assumeIsolated {
            Runner(app: app, strategy: strategy, script: script, transcript: transcript, link: open, restoreFrom: restore, recordTo: record).run()
        }
        if status != 0 { throw ExitCode(status) }
    }
}

/// Text wrapped to `width` columns.
func wrapped(_ text: String, width: Int = 78) -> String {
    hanging("", text, width: width)
}

/// Text after a label, wrapped to `width` columns, its later lines indented to the label's width.
func hanging(_ label: String, _ text: String, width: Int = 78) -> String {
    let indent = String(repeating: " ", count: label.count)
    var lines: [String] = []
    var line = label
    var hasWord = false
    for word in text.split(separator: " ") {
        if hasWord, line.count + 1 + word.count > width {
            lines.append(line)
            line = indent
            hasWord = false
        }
        line += (hasWord ? " " : "") + word
        hasWord = true
    }
    lines.append(line)
    return lines.joined(separator: "\n")
}
