import FlowKernel
import Foundation
import ShopApp

/// Runs the shop: asks for a strategy if needed, then reads actions from a script or from standard
/// input, printing each screen. Returns the exit status.
@MainActor
struct Runner {
    let strategy: Strategy?
    let script: String?
    let transcript: Bool
    /// A link to open as the shop starts.
    let link: String?

    /// Whether standard input is typed at a terminal; piped input is echoed so the output reads
    /// like a session.
    private let interactive = isatty(FileHandle.standardInput.fileDescriptor) != 0

    func run() -> Int32 {
        guard let strategy = strategy ?? askForStrategy() else {
            print("No strategy chosen.")
            return 0
        }
        let session: ShopSession
        do {
            session = try ShopSession(strategy: strategy)
        } catch {
            printError("flow-demo: the \(strategy.rawValue) shop could not start: \(error)")
            return 1
        }
        if let link {
            do {
                print(try session.open(link))
            } catch {
                printError("flow-demo: the link \"\(link.echoed)\" was not opened: \(FlowError.wrapping(error).message)")
                return 1
            }
        }
        let status = script.map { run($0, in: session) } ?? converse(with: session)
        if transcript {
            print("-- transcript --")
            session.log.lines.forEach { print($0) }
        }
        return status
    }

    /// Runs a script; the first step that fails ends the run with status 1.
    private func run(_ script: String, in session: ShopSession) -> Int32 {
        // `validate()` has read the script already; a failure here cannot happen.
        let commands = (try? Command.script(script)) ?? []
        print(session.screenText())
        for (index, command) in commands.enumerated() {
            print("> \(command.text.echoed)")
            if Self.asksForHelp(command) {
                print(session.helpText())
                continue
            }
            if let problem = session.perform(command) {
                printError("flow-demo: step \(index + 1) (\"\(command.text.echoed)\") failed: \(problem)")
                return 1
            }
            print(session.outcome == nil ? session.screenText() : session.summary)
        }
        if session.outcome == nil { print(session.summary) }
        if session.refusals > 0 {
            let steps = session.refusals == 1 ? "1 step" : "\(session.refusals) steps"
            printError("flow-demo: the script ran to its end, but the shop refused \(steps) (marked !).")
            return 3
        }
        return 0
    }

    /// Reads actions until the shop ends, "quit", or the end of input.
    private func converse(with session: ShopSession) -> Int32 {
        print(session.screenText())
        while session.outcome == nil {
            guard let line = prompt() else {
                print(session.summary)
                return 0
            }
            guard let command = Command(line) else { continue }
            if command.word == "quit" {
                print(session.summary)
                return 0
            }
            if Self.asksForHelp(command) {
                print(session.helpText())
                continue
            }
            if let problem = session.perform(command) {
                print("! \(problem)")
                continue
            }
            print(session.outcome == nil ? session.screenText() : session.summary)
        }
        return 0
    }

    /// Asks which strategy to run until the answer names one; `nil` at the end of input.
    private func askForStrategy() -> Strategy? {
        print("Which strategy should run the shop?")
        for (index, strategy) in Strategy.allCases.enumerated() {
            print("  \(index + 1). \(strategy.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) \(strategy.summary)")
        }
        while let line = prompt() {
            let answer = line.trimmingCharacters(in: .whitespaces)
            if let number = Int(answer), Strategy.allCases.indices.contains(number - 1) { return Strategy.allCases[number - 1] }
            if let strategy = Strategy(rawValue: answer) { return strategy }
            print("! \"\(answer.echoed)\" is not a strategy. Choose 1-4 or one of: \(Strategy.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return nil
    }

    /// Whether a command asks what can be typed: `help` or `:help`, alone.
    static func asksForHelp(_ command: Command) -> Bool {
        (command.word == "help" || command.word == ":help") && command.argument == nil
    }

    /// Prints the prompt and reads a line; `nil` at the end of input.
    private func prompt() -> String? {
        print("> ", terminator: "")
        fflush(nil)
        guard let line = readLine() else {
            print("")
            return nil
        }
        if !interactive { print(line.echoed) }
        return line
    }

    private func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
