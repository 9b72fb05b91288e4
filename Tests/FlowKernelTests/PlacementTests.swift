import FlowKernel
import FlowStage
import FlowTestKit
import Testing

@MainActor
@Suite("Placements")
struct PlacementTests {
    @Test("Showing a first screen and removing the flow restores the host", arguments: [FlowPlacement.root, .presented, .onStack("base")])
    func showThenRemoveRestores(_ placement: FlowPlacement) throws {
        let host = InMemoryHost()
        if placement != .root { try host.setRoot(.stack("base", [.screen(LawProbe("Base"))])) }
        let before = host.hierarchy
        let first = LawProbe("First")

        let stack = try host.showFirst(.screen(first), newStack: "flow", at: placement, for: "flow")
        try host.push(LawProbe("Second"), onto: stack, for: "flow")
        #expect(host.hierarchy.visibleScreen?.displayName == "Second")
        try host.removeFlow(stack: stack, firstEntry: .of(first), at: placement, for: "flow")

        #expect(host.hierarchy == before)
    }

    @Test func onASharedStackTheFlowPushesOntoIt() throws {
        let host = InMemoryHost()
        try host.setRoot(.stack("base", [.screen(LawProbe("Base"))]))
        #expect(try host.showFirst(.screen(LawProbe("First")), newStack: "unused", at: .onStack("base"), for: nil) == "base")
    }

    @Test func removingAFlowThatIsAlreadyGoneDoesNothing() throws {
        let host = InMemoryHost()
        try host.removeFlow(stack: "gone", firstEntry: .container("gone"), at: .presented, for: nil)
        try host.removeFlow(stack: "gone", firstEntry: .container("gone"), at: .onStack("gone"), for: nil)
        #expect(host.render() == "(empty)")
    }
}
