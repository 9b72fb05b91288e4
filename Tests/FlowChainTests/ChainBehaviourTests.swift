import FlowChain
import FlowKernel
import FlowStage
import FlowTestKit
import Testing

@MainActor
@Suite("Step chain")
struct ChainBehaviourTests {
    let host = InMemoryHost()
    let log = Log()

    @Test func contextReachesOnlyTheImmediateNextStep() throws {
        let b = Labelled("B")
        let c = Labelled("C")
        let chain = StepChain<Void>().addStep { Plain("A") }.addStep { b }.addStep { c }.finish()
        try chain.start(on: host)
        try chain.handle?.next(context: "for B")
        try chain.handle?.next()
        #expect(b.received == ["for B"])
        #expect(c.received == [])
    }

    @Test func aPassedContextIsReportedAsATypedEventAfterTheStepIsShown() throws {
        let b = Labelled("B")
        let chain = StepChain<Void>("shop").addStep { Plain("A") }.addStep { b }.finish()
        try chain.start(on: host)
        let recorder = TranscriptRecorder(observing: host)

        try chain.handle?.next(context: "for B")

        #expect(recorder.events.map(\.change).last == .delivered(ScreenType(anyType: String.self), to: [ScreenRef(b)], as: .context))
        #expect(recorder.transcript.lines.suffix(2) == ["[shop] push B onto [shop]", "[shop] pass String to B"])
    }

    @Test func anUntypedStepAcceptsAnyContext() throws {
        let anything = Anything()
        let chain = StepChain<Void>().addStep { Plain("A") }.addStep { anything }.finish()
        try chain.start(on: host)
        try chain.handle?.next(context: 42)
        #expect(anything.received.first as? Int == 42)
    }

    @Test func theLastStepsContextIsTheTypedResult() async throws {
        let chain = StepChain<Greeting>().addStep { Plain("A") }.addStep { Plain("B") }.finish()
        var received: Greeting?
        chain.onFinish { received = $0.result }
        try chain.start(on: host)
        async let awaited = chain.finished()
        try chain.handle?.next()

        try chain.handle?.next(context: Greeting(text: "done"))

        #expect(received == Greeting(text: "done"))
        #expect(await awaited == .completed(Greeting(text: "done")))
    }

    @Test func aStepShownAgainReusesItsScreen() throws {
        var made = 0
        let chain = StepChain<Void>().addStep { Plain("A") }.addStep {
            made += 1
            return Plain("B")
        }.finish()
        try chain.start(on: host)
        try chain.handle?.next()
        let first = chain.currentScreen
        try chain.handle?.back()
        try chain.handle?.next()
        #expect(made == 1)
        #expect(chain.currentScreen === first)
    }

    @Test(
        "Per-step actions beat the chain's defaults, which beat the built-ins",
        arguments: [
            (true, true, "step"), (false, true, "chain"), (false, false, "built-in"),
        ])
    func actionPrecedence(stepAction: Bool, chainDefault: Bool, expected: String) throws {
        var step = Step { Plain("B") }
        if stepAction {
            step = step.onPresent { s, c in
                log.add("step")
                try c.container.show(s)
            }
        }
        var defaultPresent: StepAction?
        if chainDefault {
            defaultPresent = { context in
                log.add("chain")
                try context.container.show(context.screen)
            }
        }
        let chain = StepChain<Void>(defaultPresent: defaultPresent).addStep(Step { Plain("A") }.onPresent { s, c in try c.container.show(s) }).addStep(step)
            .finish()
        try chain.start(on: host)
        try chain.handle?.next()
        #expect((log.entries.last ?? "built-in") == expected)
        #expect(host.hierarchy.visibleScreen?.displayName == "B")
    }

    @Test func aCustomEndActionDoesNotStopTheDefaultPresent() throws {
        // Flowter gave a step with only a custom end action no present action at all.
        let chain = StepChain<Void>("flow").addStep(Step { Plain("A") }.onEnd { _, _ in }).finish()
        try chain.start(on: host)
        #expect(host.hierarchy.visibleScreen?.displayName == "A")
    }

    @Test func theEndActionRunsExactlyOnceAndBeforeTheContainerGoes() throws {
        let chain = StepChain<Void>("flow").addStep { Plain("A") }.finish { container in
            log.add("end while shown: \(container.isShown)")
        }
        chain.onFinish { _ in log.add("finished") }
        try chain.start(on: host)
        let handle = try #require(chain.handle)

        try handle.next()
        let again = #expect(throws: FlowError.self) { try handle.next() }

        #expect(again?.code == .flowFinished)
        #expect(log.entries == ["end while shown: true", "finished"])
    }

    @Test func cancellingFromTheParentRunsNoEndAction() throws {
        let chain = StepChain<Void>("flow").addStep { Plain("A") }.finish { _ in log.add("end") }
        try chain.start(on: host)
        try chain.cancel()
        #expect(log.entries.isEmpty)
        #expect(chain.outcome.map { $0.result == nil } == true)
        #expect(host.render() == "(empty)")
    }

    @Test func afterTheEndEveryScreenLosesItsHandle() throws {
        let a = Plain("A")
        let b = Plain("B")
        let chain = StepChain<Void>().addStep { a }.addStep { b }.finish()
        try chain.start(on: host)
        try chain.handle?.next()
        try chain.handle?.endFlow()
        #expect(a.step == nil)
        #expect(b.step == nil)
    }

    @Test func aChainRunsOnAStackItSharesAndLeavesItAsItWas() throws {
        let home = Plain("Home")
        try host.setRoot(.stack("app", [.screen(home)]))
        let chain = StepChain<Void>("signup").addStep { Plain("A") }.addStep { Plain("B") }.finish()
        try chain.start(on: host, placement: .onStack("app"))
        try chain.handle?.next()
        #expect(host.hierarchy.screens(in: "app").map(\.displayName) == ["Home", "A", "B"])

        try chain.handle?.next()

        #expect(host.hierarchy.entries(of: "app") == [.of(home)])
    }

    @Test func endingOnASharedStackDismissesTheChainsModalsAndLeavesTheStackAsItWas() throws {
        let home = Plain("Home")
        try host.setRoot(.stack("app", [.screen(home)]))
        let chain = StepChain<Void>("signup")
            .addStep { Plain("A") }
            .addStep(Step { Plain("Terms") }.onPresent { screen, context in try context.container.present(screen) })
            .finish()
        try chain.start(on: host, placement: .onStack("app"))
        try chain.handle?.next()
        #expect(host.hierarchy.visibleScreen?.displayName == "Terms")

        try chain.handle?.endFlow()

        #expect(host.render() == "stack app\n  Plain \"Home\"")
    }

    @Test func aSingleChildChainCanBeTheHostsRoot() throws {
        let chain = StepChain<Void>("box", container: .single).addStep { Plain("A") }.addStep { Plain("B") }.finish()
        try chain.start(on: host, placement: .root)
        try chain.handle?.next()
        #expect(host.render() == "ContainerHolder \"box\"\n  child Plain \"B\"")
        try chain.handle?.back()
        #expect(host.render() == "ContainerHolder \"box\"\n  child Plain \"A\"")
    }
}
