import FlowChain
import FlowCoordinator
import FlowKernel
import FlowRouter
import FlowStack
import FlowStage
import FlowTestKit
import Testing

/// A coordinator of the app's whole life: it never finishes.
@MainActor
final class AppLifeCoordinator: StackCoordinator<Never> {
    override func start() throws { try move(to: Page("Home")) }
}

/// An app's root flow that runs until the app does: its result type is `Never` in every strategy,
/// a child it runs finishes with its own result, and cancelling is its one way to end.
@MainActor
@Suite("Root flows that never finish")
struct RootsThatNeverFinishTests {
    static func roots() -> [(String, @MainActor () -> any Flow)] {
        [
            ("stack", { StackNavigator<Never>("app", registry: ScreenRegistry { $0.register(Home.self) { Home() } }, root: Home.self) }),
            ("chain", { StepChain<Never>("app").addStep { Step("Home") }.finish() }),
            ("router", { RouterFlow<Never>("app", router: Router()) { Picker() } }),
            ("coordinator", { AppLifeCoordinator("app") }),
        ]
    }

    @Test(arguments: 0..<4)
    func aRootOfNeverRunsAChildToItsResultAndEndsOnlyCancelled(_ index: Int) throws {
        let (name, make) = Self.roots()[index]
        let host = InMemoryHost()
        let recorder = TranscriptRecorder(observing: host)
        let leaks = LeakTracker()
        do {
            let root = leaks.track(make())
            try root.start(on: host)
            let child = leaks.track(PageCoordinator("child"))
            try child.start(on: host, placement: .presented, parent: "app")
            try child.finish(with: ())
            #expect(root.phase == .running, "\(name)")

            try root.cancel()
            #expect(root.phase == .finished, "\(name)")
        }
        #expect(recorder.transcript.lines.contains("[child] complete"), "\(name): \(recorder.transcript)")
        #expect(recorder.transcript.lines.last == "[app] cancel", "\(name): \(recorder.transcript)")
        #expect(host.render() == "(empty)")
        #expect(leaks.expectNoLeaks())
    }
}
