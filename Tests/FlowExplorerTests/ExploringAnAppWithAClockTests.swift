import FlowExplorer
import FlowKernel
import FlowStack
import FlowStage
import FlowTestKit
import Testing

// The code of FlowExplorer's "Exploring an app with a clock", compiled here line for line
// (GettingStartedTests checks every block of the article appears in this file), and run.

final class RecordingScreen: StackScreen, ExplorableScreen {
    weak var navigator: (any NavigatorHandle)?
    let length: Int
    private(set) var elapsed = 0
    init(length: Int) { self.length = length }
    func skip(to second: Int) { elapsed = min(second, length) }
    var displayName: String { elapsed < length ? "Recording" : "Time is up" }
    var explorationActions: [ScreenAction] {
        var actions = [ScreenAction("end meeting") { [unowned self] in try navigator?.finish(with: elapsed) }]
        if elapsed < length { actions.append(ScreenAction("tick") { [unowned self] in elapsed += 1 }) }
        return actions
    }
}

@MainActor
@Suite("Exploring an app with a clock")
struct ExploringAnAppWithAClockTests {
    /// A meeting of `length` seconds, on a stack of its own.
    static func start(length: Int) throws -> (InMemoryHost, StackNavigator<Int>, RecordingScreen) {
        let registry = ScreenRegistry { $0.register(RecordingScreen.self) { RecordingScreen(length: length) } }
        let host = InMemoryHost()
        let meeting = StackNavigator<Int>("meeting", registry: registry, root: RecordingScreen.self)
        try meeting.start(on: host)
        let recording = try #require(host.visibleScreen as? RecordingScreen)
        return (host, meeting, recording)
    }

    static func unbounded(length: Int) -> NavigationExplorer {
        NavigationExplorer {
            let (host, meeting, recording) = try start(length: length)
            return ExplorationRun(host: host, flow: meeting, state: { "\(recording.elapsed)s" })
        }
    }

    static func bounded(length: Int) -> NavigationExplorer {
        NavigationExplorer {
            let (host, meeting, recording) = try start(length: length)
            return ExplorationRun(
                host: host, flow: meeting, state: { "\(recording.elapsed)s" },
                actions: { screen in
                    guard let recording = screen as? RecordingScreen else { return [] }
                    var actions = recording.explorationActions
                    let inTheMiddle = recording.elapsed >= 2 && recording.elapsed < recording.length - 1
                    if inTheMiddle { actions.removeAll { $0.name == "tick" } }
                    if recording.elapsed < recording.length - 1 {
                        actions.append(ScreenAction("skip to the last second") { recording.skip(to: recording.length - 1) })
                    }
                    return actions
                })
        }
    }

    @Test func walkedAsItIsTheMeetingIsAStateForEverySecond() throws {
        let report = try Self.unbounded(length: 30).explore(.exhaustive(maxStates: 1_000))
        #expect(report.coverage.isExhaustive)
        #expect(report.states >= 31, "\(report.summary)")
    }

    @Test(arguments: [30, 300])
    func boundedTheWalkIsAHandfulOfStatesWhateverTheLength(_ length: Int) throws {
        let report = try Self.bounded(length: length).explore(.exhaustive(maxStates: 1_000))
        #expect(report.coverage.isExhaustive)
        expectNoFindings(report)
        // 0 s, 1 s, 2 s, the last second, and time up.
        #expect(report.states == 5, "\(report.summary)")
        let moves = Set(report.graph.edges.map { "\($0.from) -\($0.label)-> \($0.to)" })
        #expect(moves.contains("RecordingScreen -end meeting-> (completed)"), "\(moves.sorted())")
    }
}
