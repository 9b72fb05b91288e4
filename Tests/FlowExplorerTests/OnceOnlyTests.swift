import FlowExplorer
import ShopApp
import Testing

/// An order placed is once-only: the explorer finds any journey that places it twice — by Back
/// and a second Pay on the checkout page that kept its order — and the shop's recipe leaves none.
@MainActor
@Suite("Explorer: once-only effects")
struct OnceOnlyTests {
    @Test("Without the recipe, the explorer finds the double order, by its shortest journey", arguments: Strategy.allCases)
    func theDoubleOrderIsFoundWithoutTheRecipe(_ strategy: Strategy) throws {
        let report = try ShopExploration.explorer(strategy, protectsPlacedOrder: false).explore(.breadthFirst(depth: 9))
        let twice = report.findings.filter { $0.kind == .happenedTwice("order placed") }
        #expect(twice.count == 1, "\(report.findings)")
        let reproduction = try #require(twice.first?.reproduction)
        #expect(reproduction.suffix(3) == ["pay", ":back", "pay"], "\(reproduction)")
        #expect(twice.first?.screen == "DoneScreen")
    }

    @Test("With the recipe, no journey places an order twice", arguments: Strategy.allCases)
    func theRecipeLeavesNoDoubleOrder(_ strategy: Strategy) throws {
        let report = try ShopBreadthFirst.report(strategy)
        #expect(report.findings.isEmpty, "\(report.findings)")
    }
}
