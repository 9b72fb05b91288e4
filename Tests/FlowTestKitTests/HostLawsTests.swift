import FlowKernel
import FlowStage
import FlowTestKit
import Testing

@MainActor
@Suite("Host laws")
struct HostLawsTests {
    @Test func aCorrectHostBreaksNoLaw() {
        #expect(HostLaws.violations { InMemoryHost() }.isEmpty)
    }

    @Test(
        "A flawed host is caught by the law it breaks",
        arguments: [
            (BrokenHost.Flaw.silent, "every change reports one matching event"),
            (.changesBeforeRejecting, "a rejected request changes nothing (pop the last entry)"),
            (.reentrant, "a request during another is rejected"),
            (.hoarding, "the host releases what it no longer shows"),
            (.wrongCodes, "a rejected request changes nothing (pop the last entry)"),
            (.staleQueries, "the targeted queries agree with the hierarchy"),
            (.reportsOutOfOrder, "every observer sees one stream in one order"),
            (.silentRefusals, "a guard's refusal changes nothing (pop a screen that refuses to leave)"),
            (.wrongCodes, "a guard's refusal changes nothing (dismiss a sheet whose screen refuses)"),
            (.openWhileAsking, "a request while guards are asked ahead of a change is rejected"),
            (.forgetfulMakers, "a host that records makers names the flow that made each node"),
        ])
    func aFlawedHostIsCaught(_ flaw: BrokenHost.Flaw, law: String) {
        let broken = HostLaws.violations { BrokenHost(flaw) }.map(\.law)
        #expect(broken.contains(law), "laws broken: \(broken)")
    }

    @Test func theQueriesDefaultImplementationsAgreeWithTheHierarchy() {
        // The broken host answers the queries through the kernel's defaults, built on `hierarchy`;
        // hoarding breaks another law, not this one.
        let broken = HostLaws.violations { BrokenHost(.hoarding) }.map(\.law)
        #expect(!broken.contains("the targeted queries agree with the hierarchy"), "laws broken: \(broken)")
        #expect(broken.contains("the host releases what it no longer shows"))
    }

    @Test func checkRecordsAnIssueForEachViolation() {
        let issues = CheckIssues.collected { HostLaws.check { BrokenHost(.hoarding) } }
        #expect(!issues.isEmpty && issues.allSatisfy { $0.hasPrefix("Host law broken — ") }, "\(issues)")
    }
}
