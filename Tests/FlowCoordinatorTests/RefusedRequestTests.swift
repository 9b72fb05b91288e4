import FlowCoordinator
import FlowKernel
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

/// A coordinator that keeps the refusals it is told about, and whether to report them as well.
@MainActor
private final class Keeping: StackCoordinator<String> {
    var errors: [FlowError] = []
    var reports = true

    override func start() throws {
        try move(to: Page("home"))
    }

    override func refused(_ error: FlowError) {
        errors.append(error)
        if reports { super.refused(error) }
    }
}

private struct AppError: Error {}

/// Where a request goes when it is made where nothing can throw: a child's finish handler, a
/// screen's closure run through `attempt`. Nothing is lost, and nothing changes.
@MainActor
@Suite("Coordinator: refused requests from places that cannot throw")
struct RefusedRequestTests {
    let host = InMemoryHost()

    @Test func aChildsFinishHandlerThatThrowsIsReportedAndTheCoordinatorGoesOn() throws {
        let app = Keeping("app")
        try app.start(on: host)
        let recorder = TranscriptRecorder(observing: host)
        let first = PageCoordinator("first")
        try app.start(child: first) { _ in try app.back() }

        try first.finish(with: "done")

        #expect(app.errors.map(\.code) == [.nothingToGoBackTo])
        #expect(
            recorder.transcript.lines.last
                == "[app] refuse request: nothingToGoBackTo: The coordinator 'app' is at its start screen; going back would enter its parent's screens.")
        #expect(first.phase == .finished)
        #expect(app.child == nil)
        #expect(host.names(in: "app") == ["home"])
        let second = PageCoordinator("second")
        try app.start(child: second)
        #expect(app.child === second)
    }

    @Test func anErrorThatIsNotAFlowErrorArrivesAsHandlerFailedNamingIt() throws {
        let app = Keeping("app")
        try app.start(on: host)
        let child = PageCoordinator("child")
        try app.start(child: child) { _ in throw AppError() }

        try child.cancel()

        #expect(app.errors.map(\.code) == [.handlerFailed])
        #expect(app.errors.first?.types == ["AppError"])
    }

    @Test func aRefusedAttemptChangesNothingAndIsReported() throws {
        let app = Keeping("app")
        try app.start(on: host)
        let before = host.hierarchy
        let recorder = TranscriptRecorder(observing: host)

        app.attempt { try app.backToStart() }

        #expect(host.hierarchy == before)
        #expect(app.phase == .running)
        #expect(app.errors.map(\.code) == [.nothingToGoBackTo])
        #expect(recorder.events.map(\.change) == [.requestRefused(app.errors[0])])
    }

    @Test func anAttemptThatSucceedsIsNotReported() throws {
        let app = Keeping("app")
        try app.start(on: host)
        let recorder = TranscriptRecorder(observing: host)

        app.attempt { try app.move(to: Page("next")) }

        #expect(app.errors.isEmpty)
        #expect(recorder.transcript.lines == ["[app] push next onto [app]"])
    }

    @Test func anOverrideDecidesWhetherTheRefusalIsReported() throws {
        let app = Keeping("app")
        app.reports = false
        try app.start(on: host)
        let recorder = TranscriptRecorder(observing: host)

        app.attempt { try app.back() }

        #expect(app.errors.count == 1)
        #expect(recorder.events.isEmpty)
    }

    @Test func aCoordinatorThatEndedHasNoHostToReportTo() throws {
        let app = Keeping("app")
        try app.start(on: host)
        try app.cancel()
        let recorder = TranscriptRecorder(observing: host)

        app.attempt { try app.back() }

        #expect(app.errors.map(\.code) == [.flowFinished])
        #expect(recorder.events.isEmpty)
    }
}
