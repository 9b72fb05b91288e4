import FlowKernel
import FlowStack
import FlowStage
import FlowTestKit
import Testing

/// A screen's request from a place that cannot throw: its refusal is reported and heard, not lost.
@MainActor
@Suite("Stack navigator: requests from places that cannot throw")
struct StackAttemptTests {
    let host = InMemoryHost()
    let registry = ScreenRegistry { registry in
        registry.register(First.self) { First() }
        registry.register(Second.self) { Second() }
    }

    @Test func aRefusedAttemptIsReportedHeardAndChangesNothing() throws {
        let navigator = StackNavigator<Void>("stack", registry: registry, root: First.self)
        var heard: [FlowError.Code] = []
        navigator.onRefused = { heard.append($0.code) }
        try navigator.start(on: host)
        let screen = try #require(navigator.currentScreen as? First)
        let before = host.hierarchy
        let recorder = TranscriptRecorder(observing: host)

        screen.navigator?.attempt { try $0.getBack() }

        #expect(heard == [.nothingToGoBackTo])
        #expect(recorder.transcript.lines == ["[stack] refuse request: nothingToGoBackTo: First is at the root; there is nothing to go back to."])
        #expect(host.hierarchy == before)
    }

    @Test func anAttemptThatSucceedsIsNeitherReportedNorHeard() throws {
        let navigator = StackNavigator<Void>("stack", registry: registry, root: First.self)
        var heard: [FlowError] = []
        navigator.onRefused = { heard.append($0) }
        try navigator.start(on: host)

        navigator.attempt { try $0.goNext() }

        #expect(heard.isEmpty)
        #expect(navigator.stackState == "First -> Second")
    }

    @Test func afterTheEndARefusalIsStillHeardButHasNoHostToReportTo() throws {
        let navigator = StackNavigator<Void>("stack", registry: registry, root: First.self)
        var heard: [FlowError.Code] = []
        navigator.onRefused = { heard.append($0.code) }
        try navigator.start(on: host)
        try navigator.dismiss()
        let recorder = TranscriptRecorder(observing: host)

        navigator.attempt { try $0.goNext() }

        #expect(heard == [.flowFinished])
        #expect(recorder.events.isEmpty)
    }
}
