import ArgumentParser
import FlowExplorer
import FlowKernel
import FlowRecording
import Foundation
import ShopApp

/// How `flow-demo graph` prints a graph.
enum GraphFormat: String, CaseIterable, ExpressibleByArgument {
    case text, mermaid, dot
}

/// `flow-demo graph`: the shop's navigation in a strategy, as the explorer observes it.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print the shop's (or the sign-up's) navigation graph in a strategy: every screen and every move between them.",
        discussion: """
            The graph is observed: the explorer runs the shop from its start and tries every \
            action and system control, breadth-first, to the depth given. With --declared it is \
            what the strategy declares without running: the router's registrations, the chain's \
            steps, the stack registry's order; a step that applies to some answers only is a \
            branch, labelled with its condition. Render DOT with \
            Graphviz ("flow-demo graph --strategy stack --format dot | dot -Tsvg > shop.svg"); \
            paste Mermaid into Markdown that renders it.
            """
    )

    @Option(help: "The app: shop (the default) or signup.")
    var app: SampleApp = .shop

    @Option(help: "The strategy: stack, chain, router or coordinator.")
    var strategy: Strategy

    @Option(help: "text, mermaid or dot.")
    var format: GraphFormat = .text

    @Option(help: "How many moves from the start to explore.")
    var depth = 12

    @Flag(help: "Print the graph the strategy declares without running (stack, chain and router), instead of the observed one.")
    var declared = false

    func validate() throws {
        guard depth >= 1 else { throw ValidationError("--depth must be at least 1, not \(depth).") }
        if declared, strategy == .coordinator {
            throw ValidationError("The coordinator declares no graph: its children are started by code. Leave out --declared to see the observed graph.")
        }
    }

    func run() throws {
        let graph = try MainActor.assumeIsolated {
            if declared, let graph = try AppSessions.make(app, strategy: strategy).declaredGraph { return graph }
            return try AppSessions.explorer(app, strategy: strategy).explore(.breadthFirst(depth: depth)).graph
        }
        switch format {
        case .text: print(graph.text)
        case .mermaid: print(graph.mermaid)
        case .dot: print(graph.dot)
        }
    }
}

/// `flow-demo explore`: the shop explored for defects, with a progress line and a summary.
struct ExploreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Explore the shop (or the sign-up) in a strategy and report what is wrong: dead ends, actions that throw, leaks, screens never reached.",
        discussion: """
            By default the walk is breadth-first until no new state appears (at most --max-states \
            states), and each finding comes with the shortest moves that reproduce it. With \
            --depth it is breadth-first to that many moves. With --seed it is a random walk of \
            --steps moves, starting afresh when the shop ends or after --depth moves; the same \
            seed walks the same way. The summary says whether the walk saw every state or a \
            bound cut it short. With --compare the app's four strategies are walked side by side, \
            every move made in each, and the first moves after which they differ are reported \
            (the differences that are a strategy's nature aside). The exit status is 1 when \
            something was found.
            """
    )

    @Option(help: "The app: shop (the default) or signup.")
    var app: SampleApp = .shop

    @Option(help: "The strategy: stack, chain, router or coordinator.")
    var strategy: Strategy?

    @Flag(help: "Explore the app's four strategies side by side and report where they differ.")
    var compare = false

    @Option(
        help:
            "How many moves from the start: walk breadth-first to this depth instead of until no new state appears; with --seed, the random walk's longest run (30 by default)."
    )
    var depth: Int?

    @Option(help: "Walk randomly from this seed instead of breadth-first.")
    var seed: UInt64?

    @Option(help: "The most states the walk until no new state appears may see before it stops and says so: 10,000 by default.")
    var maxStates: Int?

    @Option(help: "How many moves the random walk makes, with --seed: 10,000 by default.")
    var steps: Int?

    @Option(
        help: ArgumentHelp(
            "Write each finding's moves as a recording in this folder (finding-1.json, ...), for flow-demo replay and FlowTestKit's expectReplay.",
            valueName: "folder"))
    var recordFindings: String?

    func validate() throws {
        if compare {
            guard strategy == nil else { throw ValidationError("--compare explores the four strategies side by side; it takes no --strategy.") }
            guard depth == nil, seed == nil, steps == nil else {
                throw ValidationError("--compare walks until no new state appears; it takes no --depth, --seed or --steps.")
            }
        } else if strategy == nil {
            throw ValidationError("Missing expected argument '--strategy <strategy>' (or --compare, for the four side by side).")
        }
        if let depth, depth < 1 { throw ValidationError("--depth must be at least 1, not \(depth).") }
        if let maxStates {
            guard maxStates >= 1 else { throw ValidationError("--max-states must be at least 1, not \(maxStates).") }
            guard depth == nil, seed == nil else {
                throw ValidationError("--max-states bounds the walk until no new state appears; it takes no --depth and no --seed.")
            }
        }
        guard let steps else { return }
        guard seed != nil else {
            throw ValidationError("--steps counts the random walk's moves and needs --seed; without --seed the walk is breadth-first.")
        }
        guard steps >= 1 else { throw ValidationError("--steps must be at least 1, not \(steps).") }
    }

    func run() throws {
        guard let strategy else { return try runComparison() }
        let walk: NavigationExplorer.Walk =
            if let seed { .random(seed: seed, steps: steps ?? 10_000, depth: depth ?? 30) } else {
                depth.map { .breadthFirst(depth: $0) } ?? .exhaustive(maxStates: maxStates ?? Self.defaultMaxStates)
            }
        let status: Int32 = try MainActor.assumeIsolated {
            let progress = ProgressLine()
            let explorer = AppSessions.explorer(app, strategy: strategy)
            let report = try explorer.explore(walk) { progress.show($0) }
            progress.end()
            print("Explored the \(strategy.rawValue) \(app.name): \(report.summary), \(report.coverage).")
            let nodes = report.graph.sortedNodes
            print("Screens reached: \(nodes.filter { $0.kind != .end }.map(\.name).joined(separator: ", ")).")
            print("Ends reached: \(nodes.filter { $0.kind == .end }.map(\.name).joined(separator: ", ").nonEmpty ?? "none").")
            for finding in report.findings { print("! \(finding)") }
            if let folder = recordFindings {
                try Self.record(report.findings, of: explorer, in: app, strategy: strategy, to: folder)
            }
            return report.findings.isEmpty ? 0 : 1
        }
        if status != 0 { throw ExitCode(status) }
    }
}

extension ExploreCommand {
    /// Explores the app's four strategies side by side and prints what it met.
    func runComparison() throws {
        let status: Int32 = try MainActor.assumeIsolated {
            let progress = ProgressLine()
            let comparison = AppSessions.sideBySide(app)
            let report = try comparison.explore(maxStates: maxStates ?? Self.defaultMaxStates) { progress.show($0) }
            progress.end()
            let names = report.versions
            let versions = names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
            print("Compared the \(app.name) in \(versions) side by side: \(report.summary), \(report.coverage).")
            if !report.declared.isEmpty {
                print("Differences declared as a strategy's nature (Docs/Strategies.md), each where it was first met:")
                for (difference, moves) in report.declared { print("  \(difference)\n    after \(moves.joined(separator: ", "))") }
            }
            guard let difference = report.difference else { return 0 }
            print("! \(difference)")
            if let folder = recordFindings {
                let directory = URL(fileURLWithPath: folder)
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                var recording = difference.recording
                recording.tags = ["app": app.recordingTag, "strategy": names[0], "finding": "the strategies differ"]
                let file = directory.appendingPathComponent("difference.json")
                try recording.write(to: file)
                print("* Recorded the moves to \(file.path); flow-demo replay \(file.path) --strategy S replays them in a strategy.")
            }
            return 1
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// The most states a walk until no new state appears sees unless told otherwise: far more
    /// than either sample has, few enough to end in seconds if an app's states never close.
    static let defaultMaxStates = 10_000

    /// Writes each finding that has moves to reproduce it as a recording in a folder.
    @MainActor
    static func record(_ findings: [ExplorationFinding], of explorer: NavigationExplorer, in app: SampleApp, strategy: Strategy, to folder: String) throws {
        let directory = URL(fileURLWithPath: folder)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (index, finding) in findings.enumerated() where !finding.reproduction.isEmpty {
            var recording = try explorer.recording(of: finding)
            recording.tags = ["app": app.recordingTag, "strategy": strategy.rawValue, "finding": finding.description]
            let file = directory.appendingPathComponent("finding-\(index + 1).json")
            try recording.write(to: file)
            print("* Recorded finding \(index + 1) to \(file.path); flow-demo replay \(file.path) replays it.")
        }
    }
}

extension String {
    /// The text, or `nil` when it is empty.
    var nonEmpty: String? { isEmpty ? nil : self }
}

/// A line on standard error that a terminal shows rewritten in place as an exploration goes on;
/// nothing when standard error is not a terminal, so logs stay clean.
@MainActor
final class ProgressLine {
    private let isTerminal = isatty(FileHandle.standardError.fileDescriptor) != 0
    private var shown = false

    func show(_ progress: ExplorationProgress) {
        guard isTerminal else { return }
        write("\rexploring: \(progress.states) states, \(progress.moves) distinct moves, \(progress.movesMade) moves made, \(progress.findings) findings")
        shown = true
    }

    func end() {
        if shown { write("\n") }
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
