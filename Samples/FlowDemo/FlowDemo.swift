import ArgumentParser
import Foundation
import ShopApp

extension Strategy: ExpressibleByArgument {}

/// `flow-demo`: the shop, in the strategy the user picks, at a terminal or from a script; and its
/// navigation as a graph, or explored for defects.
@main
struct FlowDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flow-demo",
        abstract: "Run one small shop, written in each FlowKit strategy, headless in your terminal.",
        discussion: RunShop.configuration.discussion,
        subcommands: [RunShop.self, GraphCommand.self, ExploreCommand.self],
        defaultSubcommand: RunShop.self
    )
}

/// `flow-demo run` (the default): the shop at a terminal or from a script.
struct RunShop: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run one small shop, written in each FlowKit strategy, headless in your terminal.",
        discussion: """
            The shop: Welcome, Sign in (an email address; an invalid one keeps you there), Catalog \
            (three products), Product, Cart (a modal), Checkout and Done. Closing Done finishes the \
            run with the order as the flow's typed result.

            Strategies:
              stack        \(Strategy.stack.summary)
              chain        \(Strategy.chain.summary)
              router       \(Strategy.router.summary)
              coordinator  \(Strategy.coordinator.summary)

            Each screen shows what it shows, the hierarchy the in-memory host holds, and numbered \
            actions. Type a number or a name; an action that takes an argument takes it after a \
            space ("email ana@example.com"). "help" lists everything you can type; "quit" or the end \
            of input stops.

            System controls act as the person using the app, not as the screen: ":back" is the \
            system back button, ":back 2" its menu (two screens at once), ":dismiss" swipes the \
            sheet on top down, ":tab 2" taps the second tab. Each screen lists the ones that apply; \
            the flows follow what they change, and the transcript marks them "(user)".

            Links: "--open shop://product/shoes" opens a link as the shop starts, and ":open <link>" \
            opens one at any prompt: shop://signin, shop://catalog, shop://product/<shoes|hat|scarf>, \
            shop://cart, shop://checkout. Each strategy arrives with the back stack a person would \
            have built, so Back walks up it. A link that needs an account waits behind sign-in and \
            opens once you have signed in; the transcript marks its decisions "(link)".

            Examples:
              flow-demo --strategy stack
              flow-demo --strategy router --transcript \\
                --script "start,email ana@example.com,shoes,add,cart,checkout,pay,close"
              flow-demo --strategy coordinator --open shop://product/hat \\
                --script "email ana@example.com,add,:back" --transcript
              flow-demo graph --strategy chain --format mermaid
              flow-demo explore --strategy coordinator --depth 12
              flow-demo explore --strategy router --seed 7
            """
    )

    @Option(help: "The strategy to run: stack, chain, router or coordinator. Asked for when not given.")
    var strategy: Strategy?

    @Flag(help: "List the strategies, one line each, and exit.")
    var listStrategies = false

    @Option(help: ArgumentHelp("Run these comma-separated actions, then exit; the first that fails ends the run with status 1.", valueName: "actions"))
    var script: String?

    @Flag(help: "Print every navigation event when the run ends.")
    var transcript = false

    @Option(help: ArgumentHelp("Open this link as the shop starts, as the platform hands an app a link: shop://product/shoes.", valueName: "link"))
    var open: String?

    func validate() throws {
        guard let script else { return }
        do {
            _ = try Command.script(script)
        } catch let error as ScriptError {
            throw ValidationError(error.description)
        }
        if strategy == nil {
            throw ValidationError("--script needs --strategy: one of \(Strategy.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
    }

    func run() throws {
        if listStrategies {
            for strategy in Strategy.allCases {
                print("\(strategy.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) \(strategy.summary)")
            }
            return
        }
        // ArgumentParser runs a synchronous command on the main thread.
        let status = MainActor.assumeIsolated {
            Runner(strategy: strategy, script: script, transcript: transcript, link: open).run()
        }
        if status != 0 { throw ExitCode(status) }
    }
}
