import FlowKernel
import FlowStage
import FlowTestKit
import Testing

@MainActor
@Suite("Rejected requests")
struct RejectedRequestTests {
    @Test("An impossible request throws its code and leaves the rendered hierarchy as it was", arguments: HostLaws.rejectedRequests)
    func impossibleRequestThrowsItsCodeAndKeepsTheRendering(_ request: HostLaws.RejectedRequest) throws {
        let host = InMemoryHost()
        let operation = try request.prepare(on: host)
        let before = host.render()
        let recorder = TranscriptRecorder(observing: host)

        let error = #expect(throws: FlowError.self) { try host.apply(operation, for: nil) }

        #expect(error?.code == request.code)
        #expect(host.render() == before)
        #expect(recorder.events.isEmpty)
    }

    @Test func dismissingAPresentedNodeThatIsNotPresentedThrowsNotFound() throws {
        let host = InMemoryHost()
        let welcome = Welcome()
        try host.setRoot(.stack("main", [.screen(welcome)]))
        let before = host.render()

        let error = #expect(throws: FlowError.self) { try host.dismiss(.of(welcome)) }

        #expect(error?.code == .notFound)
        #expect(host.render() == before)
    }

    @Test func anObserverThatNavigatesIsRejectedAndTheOuterChangeStands() throws {
        let host = InMemoryHost()
        try host.setRoot(.stack("main", [.screen(Welcome())]))
        let meddler = Meddler(host: host)
        host.addObserver(meddler)

        try host.push(Catalog(), onto: "main")

        #expect(meddler.errors.map(\.code) == [.reentrantNavigation])
        expectRendered(
            host.render(),
            equals: """
                stack main
                  Welcome
                  Catalog
                """)
    }
}

@MainActor
private final class Meddler: FlowObserver {
    let host: InMemoryHost
    var errors: [FlowError] = []
    init(host: InMemoryHost) { self.host = host }

    func receive(_ event: FlowEvent) {
        do { try host.pop("main") } catch let error as FlowError { errors.append(error) } catch {}
    }
}
