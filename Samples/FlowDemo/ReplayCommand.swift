import ArgumentParser
import FlowExplorer
import FlowKernel
import FlowRecording
import Foundation
import ShopApp

/// `flow-demo replay FILE`: a recording made with `--record`, replayed on a fresh shop.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a recording made with --record on a fresh shop (or sign-up), and say where it differs.",
        discussion: """
            Each step is made again as the person made it: the action by its name on the screen \
            shown, the gesture, the link. In the strategy it was recorded in, every step's \
            transcript is compared; in another (--strategy), the screens the person saw, since \
            the strategies' transcripts differ by design. The first difference stops the replay \
            and is shown as a diff with the hierarchy there. The exit status is 0 when every step \
            matched, 1 at a difference, 2 when the file cannot be read or replayed.
            """
    )

    @Argument(help: ArgumentHelp("The recording: a file written by flow-demo --record.", valueName: "file"))
    var file: String

    @Option(help: "The strategy to replay in; the one it was recorded in by default.")
    var strategy: Strategy?

    @Option(help: ArgumentHelp("At a difference, write the shortest recording that still fails the same way to this file.", valueName: "file"))
    var minimise: String?

    func run() throws {
        let status = MainActor.assumeIsolated { replay() }
        if status != 0 { throw ExitCode(status) }
    }

    @MainActor
    private func replay() -> Int32 {
        let recording: JourneyRecording
        do {
            recording = try JourneyRecording(contentsOf: URL(fileURLWithPath: file))
        } catch {
            printError("flow-demo: \(file.echoed) could not be replayed: \(Self.explain(error))")
            return 2
        }
        let recorded = recording.tags["strategy"].flatMap(Strategy.init(rawValue:))
        guard let strategy = strategy ?? recorded else {
            printError("flow-demo: \(file.echoed) does not say which strategy recorded it; choose one with --strategy.")
            return 2
        }
        let sameStrategy = recorded == strategy
        // The recording says which app made it; one made before the sign-up came is the shop's.
        let app = SampleApp(recordingTag: recording.tags["app"])
        let steps = recording.steps.count == 1 ? "1 step" : "\(recording.steps.count) steps"
        let start = if case .app = recording.start { "from the \(app.name)'s start" } else { "from a saved moment" }
        print("Replaying \(steps) \(start) in the \(strategy.rawValue) \(app.name).")
        if !sameStrategy {
            print(
                "* Recorded in \(recorded?.rawValue ?? "an unknown strategy"): comparing the screens the person saw, not transcripts, which differ between strategies by design."
            )
        }
        let replay = AppSessions.replay(app, strategy: strategy, comparing: sameStrategy ? .transcript : .screens)
        let report: ReplayReport
        do {
            report = try replay.replay(recording)
        } catch {
            printError("flow-demo: \(file.echoed) could not be replayed: \(Self.explain(error))")
            return 2
        }
        guard let divergence = report.divergence else {
            print(report.description)
            return 0
        }
        print("Replayed \(report.replayed) of \(report.total) steps; the replay differs at \(divergence)")
        if !sameStrategy {
            print("* This is where the \(recorded?.rawValue ?? "recorded") and \(strategy.rawValue) \(app == .shop ? "shops" : "sign-ups") differ.")
        }
        if let minimise {
            do {
                if let shortest = try replay.minimise(recording) {
                    try shortest.recording.write(to: URL(fileURLWithPath: minimise))
                    let count = shortest.recording.steps.count
                    print("* The shortest reproduction (\(count == 1 ? "1 step" : "\(count) steps")), written to \(minimise.echoed):")
                    print("  " + shortest.recording.labels.map(\.echoed).joined(separator: ","))
                }
            } catch {
                printError("flow-demo: the shortest reproduction could not be written to \(minimise.echoed): \(Self.explain(error))")
            }
        }
        printError("flow-demo: the replay differs from the recording at \(divergence.step.map { "step \($0)" } ?? "the end").")
        return 1
    }

    static func explain(_ error: any Error) -> String {
        switch error {
        case let error as FlowError: error.message
        default: fileProblem(error) ?? "\(error)"
        }
    }
}
