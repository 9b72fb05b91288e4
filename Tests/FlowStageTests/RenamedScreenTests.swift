import FlowKernel
import FlowStage
import FlowTestKit
import Testing

/// A screen given a context or an update may name itself anew (a product page shown another
/// product); the host names it as it is now from then on — in its hierarchy and in later events —
/// so a transcript reads the same whether the screen was shown with the product or given it later.
@MainActor
@Suite("Screens that name themselves anew")
struct RenamedScreenTests {
    final class Product: Screen {
        var name: String
        init(_ name: String) { self.name = name }
        var displayName: String { "Product: \(name)" }
    }

    @Test(arguments: [1, 2])
    func aScreenGivenAValueIsNamedAsItIsNowInTheHierarchyAndLaterEvents(receivers: Int) throws {
        let host = InMemoryHost()
        let home = Product("home")
        let product = Product("shoes")
        try host.setRoot(.stack("main", [.screen(home), .screen(product)]))
        let recorder = TranscriptRecorder(observing: host)
        _ = host.render()
        product.name = "hat"
        let type = ScreenType(anyType: String.self)
        let screens = [ScreenRef(product), ScreenRef(home)].prefix(receivers)
        host.report(FlowEvent(.delivered(type, to: Array(screens), as: FlowEvent.Delivery(kind: "given", verb: "give"))))
        #expect(host.render() == "stack main\n  Product \"Product: home\"\n  Product \"Product: hat\"")
        try host.apply(.pop("main"), for: nil)
        #expect(recorder.transcript.lines.last == "pop Product: hat from [main]")
    }
}
