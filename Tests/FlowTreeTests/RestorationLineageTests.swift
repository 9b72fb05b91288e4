import FlowChain
import FlowCoordinator
import FlowKernel
import FlowRuntime
import FlowSnapshot
import FlowStack
import FlowStage
import Foundation
import Testing

/// Flows of different strategies nested in each other, saved and brought back with their
/// lineage; a parent that does not come back is reported with its children.
@MainActor
@Suite("Restoring nested flows of several strategies")
struct RestorationLineageTests {
    final class Catalog: Screen {}
    final class Product: Screen {}
    final class Email: ChainScreen {
        var step: StepHandle?
    }
    final class Code: ChainScreen {
        var step: StepHandle?
        private(set) var email = ""
        func update(with context: String) { email = context }
    }

    static func makeShop() -> StackNavigator<Void> {
        let registry = ScreenRegistry { registry in
            registry.register(Catalog.self) { Catalog() }
            registry.register(Product.self) { Product() }
        }
        return StackNavigator<Void>("shop", registry: registry, root: Catalog.self)
    }

    static func makeSignIn() -> ChainFlow<String> {
        StepChain<String>("signin").addStep { Email() }.addStep { Code() }.finish()
    }

    @Test func aChainPresentedByANavigatorComesBackAsItsChild() throws {
        let host = InMemoryHost()
        let shop = Self.makeShop()
        try shop.start(on: host)
        try shop.goNext(to: Product.self)
        let signIn = Self.makeSignIn()
        try signIn.start(asChildOf: shop, on: host, placement: .presented) { _ in }
        try (signIn.currentScreen as? Email)?.step?.next(context: "ana@example.com")
        let data = try JSONEncoder().encode(host.flows.snapshot(of: host))
        host.flows.endAll()

        let restored = InMemoryHost()
        let snapshot = try NavigationSnapshot(document: try JSONDecoder().decode(SavedValue.self, from: data))
        let report = snapshot.restore(on: restored) { saved in
            switch saved.id {
            case "shop": Self.makeShop()
            case "signin": Self.makeSignIn()
            default: nil
            }
        }

        #expect(report.isComplete, "\(report)")
        #expect(restored.hierarchy.root.map(SavedNode.init) == snapshot.hierarchy)
        let child = try #require(restored.flows.flow(named: "signin") as? ChainFlow<String>)
        #expect(restored.flows.parent(of: child)?.id == "shop")
        #expect((child.currentScreen as? Code)?.email == "ana@example.com")
        try (child.currentScreen as? Code)?.step?.next(context: "ana")
        #expect(child.outcome?.result == "ana")
        restored.flows.endAll()
    }

    @Test func aParentTheAppDoesNotMakeIsDroppedWithItsChildren() throws {
        final class Home: StackCoordinator<Void> {
            override func start() throws { try move(to: Catalog()) }
        }
        let host = InMemoryHost()
        let home = Home("home")
        try home.start(on: host)
        let signIn = Self.makeSignIn()
        try signIn.start(asChildOf: home, on: host, placement: .presented) { _ in }
        let snapshot = host.flows.snapshot(of: host)
        host.flows.endAll()

        let report = snapshot.restore(on: InMemoryHost()) { saved in saved.id == "signin" ? Self.makeSignIn() : nil }
        #expect(
            report.entries.map(\.description).prefix(2) == [
                "[home] dropped: the flow (the app made no flow for it)",
                "[signin] dropped: the flow (its parent 'home' was not restored before it)",
            ])
    }
}
