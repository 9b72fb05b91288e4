import FlowStage
import FlowTestKit
import Testing

@MainActor
@Suite("Host laws")
struct HostLawTests {
    @Test func inMemoryHostObeysEveryHostLaw() {
        HostLaws.check { InMemoryHost() }
    }
}
