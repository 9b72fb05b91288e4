import FlowChain
import FlowKernel
import FlowStage
import Testing

/// The earlier name of a step screen's handle still builds, deprecated, and is the same handle.
@MainActor
@Suite("FlowChain: earlier names")
struct ChainDeprecatedNamesTests {
    @available(*, deprecated, message: "uses the earlier names on purpose")
    @Test func aStepsHandleIsStillReadAndWrittenAsFlow() throws {
        let a = Plain("A")
        let b = Plain("B")
        let chain = StepChain<Void>().addStep { a }.addStep { b }.finish()
        try chain.start(on: InMemoryHost())

        #expect(a.flow != nil)
        try a.flow?.next()
        #expect(chain.currentScreen === b)
        b.flow = nil
        #expect(b.step == nil)
    }
}
