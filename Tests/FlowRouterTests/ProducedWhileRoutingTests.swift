import FlowKernel
import FlowRouter
import FlowStage
import FlowTestKit
import Testing

struct Day {}
struct Night {}
struct Tiger: Equatable {}

/// StoryFlow's README Zoo: when night falls it opens a gate, from inside `handle(update:)`.
@MainActor
final class Zoo: OutputProducing, UpdateHandling {
    typealias Output = Tiger
    typealias Update = OneOf2<Day, Night>
    let route = RouteSlot()
    let displayName = "Zoo"
    private(set) var subtitle = ""
    private(set) var gateError: (any Error)?

    func handle(update: Update) {
        switch update {
        case .t1: subtitle = "Open"
        case .t2:
            subtitle = "Closed"
            do { try produce(Tiger()) } catch { gateError = error }
        }
    }
}

/// A value produced while another is being routed waits for that route, then is routed in order,
/// all or nothing; its refusal is reported, since its producer has already returned.
@MainActor
@Suite("Router: values produced while routing")
struct ProducedWhileRoutingTests {
    let stage = RouterStage()

    /// The Zoo on its stack with a clock presented over it, recorded from then on; night falls.
    private func nightFallsOnTheZoo() throws -> (Zoo, TranscriptRecorder) {
        let zoo = Zoo()
        let clock = Producer<Night>("Clock")
        try stage.show(.stack("zoo", [.screen(zoo)]))
        try stage.host.present(.screen(clock), over: .container("zoo"))
        stage.attachAll()
        let recorder = TranscriptRecorder(observing: stage.host)
        try clock.produce(Night())
        return (zoo, recorder)
    }

    @Test func theZooOpensAGateWhenNightFalls() throws {
        try stage.router.register(Taker<Tiger>.self)

        let (zoo, recorder) = try nightFallsOnTheZoo()

        #expect(zoo.subtitle == "Closed")
        #expect(zoo.gateError == nil)
        #expect(stage.current is Taker<Tiger>)
        #expect(
            recorder.transcript.lines == [
                "deliver Night to Zoo", "dismiss Clock from [zoo]", "push Taker<Tiger> onto [zoo]",
            ])
    }

    @Test func aWaitingValueNobodyTakesIsReportedAndChangesNothing() throws {
        let (zoo, recorder) = try nightFallsOnTheZoo()

        #expect(stage.current === zoo)
        #expect(recorder.events.last?.change.isRequestRefused(.noRoute) == true)
        #expect(recorder.transcript.lines.dropLast() == ["deliver Night to Zoo", "dismiss Clock from [zoo]"])
    }

    @Test func valuesProducedInAnswerToEachOtherForeverAreDroppedAndReported() throws {
        let ping = Echo<Int>("Ping")
        let pong = Handler<Int>("Pong")
        let producer = Producer<Int>()
        pong.onHandle = { _ in try? ping.produce(1) }
        try stage.show(.stack("nav", [.screen(ping), .screen(pong), .screen(producer)]))
        let recorder = TranscriptRecorder(observing: stage.host)

        try producer.produce(0)

        let refusals = recorder.events.filter { $0.change.isRequestRefused(.noRoute) }
        #expect(refusals.count == 1)
        #expect(refusals.first?.description.contains("did not settle") == true)
        #expect(pong.received.count == RouterSession.settleLimit + 1)
    }
}

extension FlowEvent.Change {
    /// Whether this is a refused request with a code.
    func isRequestRefused(_ code: FlowError.Code) -> Bool {
        if case .requestRefused(let error) = self { return error.code == code }
        return false
    }
}

/// A screen's request from a place that cannot throw: its refusal goes to the session routing it.
@MainActor
@Suite("Router: requests from places that cannot throw")
struct RouterAttemptTests {
    @Test func aRefusedProduceIsReportedAndHeard() throws {
        let stage = RouterStage()
        var heard: [FlowError.Code] = []
        stage.session.onRefused = { heard.append($0.code) }
        let producer = Producer<T2>()
        try stage.show(.stack("nav", [.screen(producer)]))
        let before = stage.host.hierarchy
        let recorder = TranscriptRecorder(observing: stage.host)

        producer.attempt { try producer.produce(T2()) }

        #expect(heard == [.noRoute])
        #expect(recorder.events.map(\.change.isRequestRefused) == [true])
        #expect(stage.host.hierarchy == before)
    }

    @Test func aRouterFlowHearsWhatItsScreensCouldNotThrow() throws {
        let host = InMemoryHost()
        let flow = RouterFlow<Int>("zoo", router: Router()) { Zoo() }
        var heard: [FlowError.Code] = []
        flow.onRefused = { heard.append($0.code) }
        try flow.start(on: host)
        let zoo = try #require(host.visibleScreen as? Zoo)

        zoo.attempt { try zoo.produce(Tiger()) }

        #expect(heard == [.noRoute])
        #expect(flow.phase == .running)
    }
}

extension FlowEvent.Change {
    var isRequestRefused: Bool {
        if case .requestRefused = self { return true }
        return false
    }
}
