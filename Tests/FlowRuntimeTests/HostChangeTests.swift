import FlowKernel
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

/// The one applier: a decision carried out whole or not at all, named for its origin.
@MainActor
@Suite("HostChange: a decision the runtime carries out")
struct HostChangeTests {
    private func stackHost() throws -> InMemoryHost {
        let host = InMemoryHost()
        try host.setRoot(.stack("shop", [.screen(LawProbe("Welcome"))]))
        return host
    }

    @Test func theOperationsAreMadeInOrderEachReportedForTheChangesOrigin() throws {
        let host = try stackHost()
        let recorder = TranscriptRecorder(observing: host)
        let catalog = LawProbe("Catalog")
        let cart = LawProbe("Cart")

        try host.carryOut(HostChange([.push(.screen(catalog), onto: "shop"), .present(.screen(cart), over: .of(catalog))], origin: .link(for: "shop")))

        #expect(host.entries(of: "shop")?.map(\.description) == ["Welcome", "Catalog"])
        #expect(host.visibleScreen === cart)
        #expect(recorder.transcript.lines.count == 2)
        #expect(recorder.transcript.lines.allSatisfy { $0.contains("(link) [shop]") }, "\(recorder.transcript.lines)")
    }

    @Test func aGuardThatRefusesALaterOperationChangesNothing() throws {
        let host = try stackHost()
        let before = host.hierarchy
        let catalog = LawProbe("Catalog")

        let error = #expect(throws: FlowError.self) {
            try host.carryOut(
                HostChange(
                    [.push(.screen(catalog), onto: "shop"), .present(.screen(GuardProbe("Closed", entering: .refuse(because: "closed"))), over: .of(catalog))],
                    origin: .flow("shop")))
        }

        #expect(error?.code == .guardRefused)
        #expect(host.hierarchy == before)
    }

    @Test func anEmptyChangeChangesNothingAndReportsNothing() throws {
        let host = try stackHost()
        let recorder = TranscriptRecorder(observing: host)

        try host.carryOut(HostChange([], origin: .flow("shop")))

        #expect(recorder.transcript.lines.isEmpty)
        #expect(HostChange([], origin: .flow("shop")).isEmpty)
    }

    @Test func aChangeReadsAsItsOperationsOneALine() {
        let catalog = LawProbe("Catalog")
        let change = HostChange([.push(.screen(catalog), onto: "shop"), .dismiss(presentedBy: .of(catalog)), .selectTab(1, in: "tabs")], origin: .flow("shop"))
        #expect(change.description == "push Catalog onto [shop]\ndismiss what Catalog presents\nselect tab 1 of [tabs]")
    }
}
