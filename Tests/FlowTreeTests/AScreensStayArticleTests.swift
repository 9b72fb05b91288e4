import FlowKernel
import FlowRuntime
import FlowStage
import Testing

// The code of FlowRuntime's "A screen's stay", compiled here line for line (GettingStartedTests
// checks every block of the article appears in this file), and run.

@MainActor
enum AScreensStayArticle {
    /// The meeting's clock: the app's, turned by a test, and by a real timer in the app.
    final class MeetingClock {
        private(set) var elapsed = 0
        private(set) var isRunning = false
        func start() { isRunning = true }
        func stop() { isRunning = false }
        func tick() { if isRunning { elapsed += 1 } }
    }

    final class RecordingModel: ScreenStayObserver {
        let clock = MeetingClock()

        func stayDidBegin(_ stay: any ScreenStay) {
            clock.start()
            stay.onEnd { [clock] in clock.stop() }  // whoever takes the screen away
        }
    }

    final class RecordingScreen: Screen, StayObservingScreen {
        let model = RecordingModel()
        var stayObserver: (any ScreenStayObserver)? { model }
    }

    final class ListScreen: Screen {}

    @MainActor @Suite("A screen's stay, the article")
    struct Tests {
        @Test func theClockStopsWhenThePersonLeavesTheRecording() throws {
            let host = InMemoryHost()
            try host.setRoot(.stack("main", [.screen(ListScreen())]))
            let recording = RecordingScreen()

            try host.push(recording, onto: "main")
            recording.model.clock.tick()
            try host.user.back()  // the person's Back: the stay ends
            recording.model.clock.tick()

            #expect(recording.model.clock.elapsed == 1)
            #expect(!recording.model.clock.isRunning)
        }

        @Test func aTaskTiedToTheStayIsCancelledWithIt() throws {
            let host = InMemoryHost()
            try host.setRoot(.stack("main", [.screen(ListScreen())]))
            let screen = Watching()
            try host.push(screen, onto: "main")
            let task = try #require(screen.task)
            try host.pop("main")
            #expect(task.isCancelled)
        }
    }

    final class Watching: Screen, ScreenStayObserver {
        private(set) var task: Task<Void, Never>?
        func stayDidBegin(_ stay: any ScreenStay) {
            task = stay.task {
                for await _ in AsyncStream<Int>(unfolding: { nil }) {}
            }
        }
    }
}
