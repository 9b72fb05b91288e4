import FlowKernel
import FlowStage
import Foundation
import Testing

/// The code of FlowStage's Getting Started, compiled and run here; the rendering the page shows
/// in comments is compared with the host's.
@MainActor
enum FlowStageGettingStarted {
    final class WelcomeScreen: Screen {}
    final class CartScreen: Screen {}

    static func showCart() throws -> String {
        let host = InMemoryHost()
        try host.setRoot(.stack("main", [.screen(WelcomeScreen())]))
        try host.presentOnTop(.stack("cart", [.screen(CartScreen())]))
        let picture = host.render()
        // stack main
        //   WelcomeScreen
        //   presents stack cart
        //     CartScreen
        return picture
    }

    @MainActor @Suite struct Tests {
        @Test func theRenderingIsTheOneThePageShows() throws {
            let page = try String(
                contentsOf: GettingStartedTests.root.appendingPathComponent("Modules/FlowStage/FlowStage.docc/GettingStarted.md"), encoding: .utf8)
            let block = try #require(SnippetCheck.swiftBlocks(in: page).first)
            let shown = block.split(separator: "\n").compactMap { line in
                line.hasPrefix("// ") ? String(line.dropFirst(3)) : nil
            }
            #expect(try showCart().split(separator: "\n").map(String.init) == shown)
        }
    }
}
