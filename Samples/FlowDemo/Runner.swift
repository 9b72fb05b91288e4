import FlowExplorer
import FlowKernel
import FlowRecording
import FlowRuntime
import FlowSnapshot
import Foundation
import ShopApp

/// Runs an app of the sample, the shop by default: asks for a strategy if needed, then reads
/// actions from a script or from standard input, printing each screen. Returns the exit status.
@MainActor
struct Runner {
    /// The app to run; a file to restore from says its own, and the shop is the default.
    var app: SampleApp? = nil
    let strategy: Strategy?
    let script: String?
    let transcript: Bool
    /// A link to open as the shop starts.
    let link: String?
    /// A file written by `:save` to bring the shop back from.
    var restoreFrom: String? = nil
    /// A file to write the recording of what the person did to, when the run ends.
    var recordTo: String? = nil

    /// Whether standard input is typed at a terminal; piped input is echoed so the output reads
    /// like a session.
    private let interactive = isatty(FileHandle.standardInput.fileDescriptor) != 0

    func run() -> Int32 {
        var saved: SavedApp?
        if let restoreFrom {
            do {
                saved = try Self.read(restoreFrom)
            } catch {
                printError("flow-demo: \(restoreFrom.echoed) could not be restored: \(Self.explain(error, app: app ?? .shop))")
                return 1
            }
        }
        if let app, let saved, saved.app != app {
            printError("flow-demo: \(restoreFrom?.echoed ?? "") could not be restored: it is a saved \(saved.app.name), not a \(app.name).")
            return 1
        }
        let app = app ?? saved?.app ?? .shop
        guard let strategy = strategy ?? saved.flatMap({ Strategy(rawValue: $0.strategy) }) ?? askForStrategy(for: app) else {
            print("No strategy chosen.")
            return 0
        }
        let session: any AppSession
        do {
            session = try AppSessions.make(app, strategy: strategy, restoring: saved)
        } catch {
            printError("flow-demo: the \(strategy.rawValue) \(app.name) could not start: \(error)")
            return 1
        }
        session.saveTo = { [unowned session] file in try Self.write(session.saved(), to: file) }
        if let restoreFrom, let report = session.restoration {
            let lines = report.entries.filter { $0.outcome != .restored }
            let restored = "* Restored the \(app.name) from \(restoreFrom.echoed)"
            print(lines.isEmpty ? "\(restored)." : "\(restored), not all of it:")
            for line in lines { print("*   \(line)") }
        }
        if recordTo != nil {
            do {
                try session.startRecording(keepingLast: 500)
            } catch {
                printError("flow-demo: the \(app.name) could not be recorded: \(FlowError.wrapping(error).message)")
                return 1
            }
        }
        if let link {
            do {
                // Recorded as the first step when the shop is recorded.
                print(try session.open(link))
            } catch {
                printError("flow-demo: the link \"\(link.echoed)\" was not opened: \(FlowError.wrapping(error).message)")
                return 1
            }
        }
        var status = script.map { run($0, in: session) } ?? converse(with: session)
        if let recordTo, let recording = session.recording {
            do {
                try recording.write(to: URL(fileURLWithPath: recordTo))
                let steps = recording.steps.count == 1 ? "1 step" : "\(recording.steps.count) steps"
                print("* Recorded \(steps) to \(recordTo.echoed); flow-demo replay \(recordTo.echoed) replays them.")
            } catch {
                printError("flow-demo: the recording could not be written to \(recordTo.echoed): \(Self.explain(error))")
                status = 1
            }
        }
        if transcript {
            print("-- transcript --")
            session.log.lines.forEach { print($0) }
        }
        return status
    }

    /// Runs a script; the first step that fails ends the run with status 1.
    private func run(_ script: String, in session: any AppSession) -> Int32 {
        // `validate()` has read the script already; a failure here cannot happen.
        let commands = (try? Command.script(script)) ?? []
        print(session.screenText())
        for (index, command) in commands.enumerated() {
            print("> \(command.text.echoed)")
            // A script that says to stop ends there, as a person at the prompt would.
            if Self.asksToStop(command) { break }
            if Self.asksForHelp(command) {
                print(session.helpText())
                continue
            }
            if let problem = session.perform(command) {
                printError("flow-demo: step \(index + 1) (\"\(command.text.echoed)\") failed: \(problem)")
                return 1
            }
            print(session.hasEnded ? session.summary : session.screenText())
        }
        if !session.hasEnded { print(session.summary) }
        if session.refusals > 0 {
            let steps = session.refusals == 1 ? "1 step" : "\(session.refusals) steps"
            printError("flow-demo: the script ran to its end, but the \(session.app.name) refused \(steps) (marked !).")
            return 3
        }
        return 0
    }

    /// Reads actions until the shop ends, `quit` (or `exit`), or the end of input.
    private func converse(with session: any AppSession) -> Int32 {
        print(session.screenText())
        while !session.hasEnded {
            guard let line = prompt() else {
                print(session.summary)
                return 0
            }
            guard let command = Command(line) else { continue }
            if Self.asksToStop(command) {
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
            print(session.hasEnded ? session.summary : session.screenText())
        }
        return 0
    }

    /// Asks which strategy to run until the answer names one, in any letter case; `nil` at the end
    /// of input or when the answer asks to stop. `help` lists the strategies again.
    private func askForStrategy(for app: SampleApp) -> Strategy? {
        print("Which strategy should run the \(app.name)?")
        print(Self.strategyList)
        while let line = prompt() {
            let answer = line.trimmingCharacters(in: .whitespaces)
            if answer.isEmpty { continue }
            if let number = Int(answer), Strategy.allCases.indices.contains(number - 1) { return Strategy.allCases[number - 1] }
            if let strategy = Strategy(rawValue: answer.lowercased()) { return strategy }
            if let command = Command(answer) {
                if Self.asksToStop(command) { return nil }
                if Self.asksForHelp(command) {
                    print(Self.strategyList + "\nType a number or a name; quit (or exit) stops.")
                    continue
                }
            }
            print("! \"\(answer.echoed)\" is not a strategy. Choose 1-4 or one of: \(Strategy.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return nil
    }

    /// The strategies, numbered, each with what it is.
    static var strategyList: String {
        Strategy.allCases.enumerated().map { index, strategy in
            "  \(index + 1). \(strategy.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) \(strategy.summary)"
        }.joined(separator: "\n")
    }

    /// Whether a command asks what can be typed: `help` or `:help`, alone.
    static func asksForHelp(_ command: Command) -> Bool {
        ["help", ":help"].contains(command.key) && command.argument == nil
    }

    /// Whether a line asks to stop: `quit` or `exit`, with or without the colon of a system control.
    static func asksToStop(_ command: Command) -> Bool {
        ["quit", "exit", ":quit", ":exit"].contains(command.key) && command.argument == nil
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

    /// Reads a saved shop or sign-up: refused before it is decoded when it is too large, and
    /// with a clear error when it is not one.
    static func read(_ file: String) throws -> SavedApp {
        let url = URL(fileURLWithPath: file)
        let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
        try NavigationSnapshot.checkSize(size)
        return try JSONDecoder().decode(SavedApp.self, from: try Data(contentsOf: url))
    }

    /// Writes a saved app as JSON a person can read; returns the sentence the screen shows.
    static func write(_ saved: SavedApp, to file: String) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try encoder.encode(saved).write(to: URL(fileURLWithPath: file))
        } catch {
            throw FlowError(.notFound, "The \(saved.app.name) could not be saved to \(file.echoed): \(explain(error))")
        }
        return "Saved the \(saved.app.name) to \(file.echoed); flow-demo --restore \(file.echoed) brings it back."
    }

    /// An error as a sentence: a decoding error says what was wrong and where.
    static func explain(_ error: any Error, app: SampleApp = .shop) -> String {
        switch error {
        case let error as FlowError: error.message
        case let error as CommandRefused: error.description
        case is DecodingError: "it is not a saved \(app.name): " + NavigationSnapshot.explain(error)
        default: fileProblem(error) ?? error.localizedDescription
        }
    }
}
