import FlowChain
import FlowKernel
import FlowStage
import FlowTestKit
import Testing

/// A screen that declares what it passes on goes next with that type, checked when it compiles;
/// the untyped handle stays for screens that declare nothing.
@MainActor
@Suite("Typed next")
struct TypedNextTests {
    final class NameScreen: ChainScreen {
        typealias NextContext = String
        var step: StepHandle?
        func update(with context: Never) {}
    }

    final class GreetingScreen: ChainScreen {
        typealias NextContext = Never
        var step: StepHandle?
        private(set) var name: String?
        func update(with context: String) { name = context }
    }

    final class DoneScreen: ChainScreen {
        var step: StepHandle?
        func update(with context: Any) {}
    }

    func chain() -> ChainFlow<Void> {
        StepChain<Void>("hello").addStep { NameScreen() }.addStep { GreetingScreen() }.addStep { DoneScreen() }.finish()
    }

    @Test func aScreenPassesOnTheTypeItDeclaresAndOneThatPassesNothingGoesNextWithoutOne() throws {
        let host = InMemoryHost()
        let chain = chain()
        try chain.start(on: host, placement: .root, parent: nil)
        let name = try #require(chain.currentScreen as? NameScreen)
        try name.next(context: "Ana")
        let greeting = try #require(chain.currentScreen as? GreetingScreen)
        #expect(greeting.name == "Ana")
        try greeting.next()
        #expect(chain.currentScreen is DoneScreen)
    }

    @Test func aScreenOutsideARunningChainIsRefusedAndNothingChanges() throws {
        let host = InMemoryHost()
        let chain = chain()
        try chain.start(on: host, placement: .root, parent: nil)
        let before = host.render()
        let typed = #expect(throws: FlowError.self) { try NameScreen().next(context: "Ana") }
        let plain = #expect(throws: FlowError.self) { try GreetingScreen().next() }
        #expect(typed?.code == .flowNotStarted && plain?.code == .flowNotStarted)
        #expect(host.render() == before)
        #expect(chain.currentScreen is NameScreen)
    }
}
