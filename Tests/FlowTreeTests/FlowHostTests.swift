import FlowChain
import FlowCoordinator
import FlowKernel
import FlowRouter
import FlowRuntime
import FlowStack
import FlowStage
import FlowTestKit
import Testing

/// A host that shows what it is asked to and keeps no flow tree: a presentation host, not a
/// `FlowHost`.
@MainActor
final class PresentationOnlyHost: PresentationHost {
    private let shown = InMemoryHost()
    var hierarchy: Hierarchy { shown.hierarchy }
    func apply(_ operation: HostOperation, origin: FlowEvent.Origin) throws { try shown.apply(operation, origin: origin) }
    func screen(for ref: ScreenRef) -> (any Screen)? { shown.screen(for: ref) }
    func report(_ event: FlowEvent) { shown.report(event) }
    func addObserver(_ observer: any FlowObserver) { shown.addObserver(observer) }
    func removeObserver(_ observer: any FlowObserver) { shown.removeObserver(observer) }
}

/// Flows run on a `FlowHost`; any other host is refused when a flow starts, with nothing shown.
@MainActor
@Suite("Flows need a FlowHost")
struct FlowHostTests {
    @Test(
        "Every strategy's flow refuses a host that keeps no flow tree, shows nothing and can start on a FlowHost after",
        arguments: ["stack", "chain", "router", "coordinator"])
    func aHostWithoutAFlowTreeIsRefused(_ strategy: String) throws {
        let flow: any Flow =
            switch strategy {
            case "stack": Make.navigator("flow")
            case "chain": Make.chain("flow")
            case "router": try Make.router("flow")
            default: PageCoordinator("flow")
            }
        let host = PresentationOnlyHost()
        let transcript = TranscriptRecorder(observing: host)

        let error = #expect(throws: FlowError.self) { try flow.start(on: host) }

        #expect(error?.code == .hostRejected)
        #expect(error?.message.contains("FlowHost") == true, "\(error?.message ?? "")")
        #expect(host.hierarchy.root == nil)
        #expect(transcript.events.isEmpty)
        #expect(flow.phase == .ready)
        let flowHost = InMemoryHost()
        try flow.start(on: flowHost)
        #expect(flow.phase == .running)
        #expect(flowHost.visibleScreenRef != nil)
    }
}
