import FlowChain
import FlowKernel
import FlowStage
import FlowTestKit
import Testing

/// Flowter's 20 unit tests (`FlowterTests.swift`), on the in-memory host. Where FlowChain differs on
/// purpose, the test says so and pins the new behaviour.
@MainActor
@Suite("Flowter scenarios: unit tests")
struct OriginalUnitTests {
    let host = InMemoryHost()
    let log = Log()

    @Test func aStepsFactoryIsCalledWhenTheChainStarts() throws {
        var made = 0
        let chain = StepChain<Void>().addStep {
            made += 1
            return Plain("A")
        }.finish()
        #expect(made == 0)
        try chain.start(on: host)
        #expect(made == 1)
    }

    @Test func aStepMadeFromAStepValueIsMadeLazilyToo() throws {
        var made = 0
        let chain = StepChain<Void>().addStep(
            Step {
                made += 1
                return Plain("A")
            }
        ).finish()
        #expect(made == 0)
        try chain.start(on: host)
        #expect(made == 1)
    }

    @Test func startingShowsTheContainerWithTheFirstStep() throws {
        let chain = StepChain<Void>("flow").addStep { Plain("A") }.finish()
        try chain.start(on: host)
        #expect(host.render() == "stack flow\n  Plain \"A\"")
        #expect(chain.phase == .running)
    }

    @Test func nextFromTheOnlyStepRunsTheEndActionAndEndsTheChain() throws {
        let chain = StepChain<Void>().addStep { Plain("A") }.finish { _ in log.add("end") }
        try chain.start(on: host)
        try chain.handle?.next()
        #expect(log.entries == ["end"])
        #expect(host.render() == "(empty)")
        #expect(chain.outcome.map { $0.result != nil } == true)
    }

    @Test func endFlowOnAStepWithItsOwnEndActionRunsOnlyThatAction() throws {
        let chain = StepChain<Void>()
            .addStep(Step { Plain("A") }.onEnd { _, _ in log.add("step end") })
            .finish { _ in log.add("chain end") }
        try chain.start(on: host)
        try chain.handle?.endFlow()
        #expect(log.entries == ["step end"])
        #expect(host.render() == "(empty)")
    }

    @Test func aCustomPresentActionRunsAtStart() throws {
        let chain = StepChain<Void>()
            .addStep(
                Step { Plain("A") }.onPresent { screen, context in
                    log.add("custom present")
                    try context.container.show(screen)
                }
            )
            .finish()
        try chain.start(on: host)
        #expect(log.entries == ["custom present"])
        #expect(host.hierarchy.visibleScreen?.displayName == "A")
    }

    @Test func aFlowWideDefaultPresentRunsForPlainSteps() throws {
        let chain = StepChain<Void>(defaultPresent: { context in
            log.add("default present \(context.screen.displayName)")
            try context.container.show(context.screen)
        }).addStep { Plain("A") }.finish()
        try chain.start(on: host)
        #expect(log.entries == ["default present A"])
    }

    @Test func aCustomDismissActionRunsWhenItsStepGoesBack() throws {
        let chain = StepChain<Void>()
            .addStep { Plain("A") }
            .addStep(
                Step { Plain("B") }.onDismiss { screen, context in
                    log.add("custom dismiss")
                    try context.container.hide(screen, revealing: context.previousScreen)
                }
            )
            .finish()
        try chain.start(on: host)
        try chain.handle?.next()
        try chain.handle?.back()
        #expect(log.entries == ["custom dismiss"])
        #expect(host.hierarchy.visibleScreen?.displayName == "A")
    }

    @Test func aFlowWideDefaultDismissRunsForPlainSteps() throws {
        let chain = StepChain<Void>(defaultDismiss: { context in
            log.add("default dismiss \(context.screen.displayName)")
            try context.container.hide(context.screen, revealing: context.previousScreen)
        }).addStep { Plain("A") }.addStep { Plain("B") }.finish()
        try chain.start(on: host)
        try chain.handle?.next()
        try chain.handle?.back()
        #expect(log.entries == ["default dismiss B"])
    }

    @Test func theNextStepIsUpdatedWithTheContext() throws {
        let second = Labelled("B")
        let chain = StepChain<Void>().addStep { Plain("A") }.addStep { second }.finish()
        try chain.start(on: host)
        try chain.handle?.next(context: "from A")
        #expect(second.received == ["from A"])
    }

    @Test func aContextValueArrivesEqual() throws {
        let second = Greeted()
        let chain = StepChain<Void>().addStep { Plain("A") }.addStep { second }.finish()
        try chain.start(on: host)
        try chain.handle?.next(context: Greeting(text: "hello"))
        #expect(second.greeting == Greeting(text: "hello"))
    }

    @Test func aContextTheNextStepDoesNotAcceptIsAnErrorNotALoss() throws {
        // Flowter printed a warning and went on; FlowChain throws and stays where it was.
        let chain = StepChain<Void>().addStep { Plain("A") }.addStep { Plain("B") }.finish()
        try chain.start(on: host)
        let before = host.render()

        let error = #expect(throws: FlowError.self) { try chain.handle?.next(context: Greeting(text: "lost")) }

        #expect(error?.code == .argumentTypeMismatch)
        #expect(host.render() == before)
        try chain.handle?.next()
        try chain.handle?.next()
        #expect(chain.phase == .finished)
    }

    @Test func anEmptyChainCannotBeFinished() throws {
        // Flowter returned nil; here `StepChain` has no `finish`, so an empty chain does not compile.
        // The one way to empty a filled chain at run time is refused:
        var chain = StepChain<Void>().addStep { Plain("A") }
        let error = #expect(throws: FlowError.self) { try chain.remove(at: 0) }
        #expect(error?.code == .emptyChain)
        #expect(chain.count == 1)
    }

    @Test func aSingleChildContainerShowsOneStepAtATimeAndCustomActionsRun() throws {
        let chain = StepChain<Void>("box", container: .single)
            .addStep { Plain("A") }
            .addStep(
                Step { Plain("B") }
                    .onPresent { screen, context in
                        log.add("show B")
                        try context.container.show(screen)
                    }
                    .onDismiss { screen, context in
                        log.add("hide B")
                        try context.container.hide(screen, revealing: context.previousScreen)
                    }
            )
            .addStep { Plain("C") }
            .finish { _ in log.add("end") }
        try chain.start(on: host)
        try chain.handle?.next()
        try chain.handle?.back()
        try chain.handle?.next()
        expectRendered(
            host.render(),
            equals: """
                ContainerHolder "box"
                  child Plain "B"
                """)
        try chain.handle?.next()
        try chain.handle?.next()

        #expect(log.entries == ["show B", "hide B", "show B", "end"])
        #expect(host.render() == "(empty)")
    }

    // Also Flowter's `testDoubleNextCallingWithDelay`: with no delays anywhere, it is this scenario.
    @Test func callingNextTwiceFromOneStepShowsTheNextStepOnce() throws {
        let chain = StepChain<Void>("flow").addStep { Plain("A") }.addStep { Plain("B") }.finish()
        try chain.start(on: host)
        let first = try #require(chain.handle)

        try first.next()
        let error = #expect(throws: FlowError.self) { try first.next() }

        #expect(error?.code == .stepNotCurrent)
        #expect(host.hierarchy.screens(in: "flow").map(\.displayName) == ["A", "B"])
        try chain.handle?.next()
        #expect(chain.phase == .finished)
    }

    @Test func keepingAnIntermediateBuilderChangesNothingElse() throws {
        let start = StepChain<Void>().addStep(
            Step { Plain("A") }.onPresent { s, c in
                log.add("present A")
                try c.container.show(s)
            })
        let withB = start.addStep(
            Step { Plain("B") }.onPresent { s, c in
                log.add("present B")
                try c.container.show(s)
            })
        let chain = start.finish { _ in log.add("end") }

        #expect(start.count == 1)
        #expect(withB.count == 2)
        try chain.start(on: host)
        try chain.handle?.next()

        #expect(log.entries == ["present A", "end"])
    }

    @Test func aStepInsertedInTheMiddleIsWalkedInOrder() throws {
        var builder = StepChain<Void>("flow").addStep { Plain("A") }.addStep { Plain("C") }
        try builder.insert(Step { Plain("B") }, at: 1)
        #expect(try walk(builder) == ["A", "B", "C"])
    }

    @Test func stepsInsertedAtTheStartAndPastTheEndAreWalkedInOrder() throws {
        var builder = StepChain<Void>("flow").addStep { Plain("B") }
        try builder.insert(Step { Plain("A") }, at: 0)
        try builder.insert(Step { Plain("C") }, at: 5)
        #expect(try walk(builder) == ["A", "B", "C"])
    }

    @Test func removingAStepTakesItOutAndRemovingPastTheEndIsRefused() throws {
        // Flowter ignored a removal past the end; FlowChain says so with an error and keeps the steps.
        var builder = StepChain<Void>("flow").addStep { Plain("A") }.addStep { Plain("X") }.addStep { Plain("B") }
        try builder.remove(at: 1)
        let error = #expect(throws: FlowError.self) { try builder.remove(at: 3) }
        #expect(error?.code == .indexOutOfRange)
        #expect(try walk(builder) == ["A", "B"])
    }

    /// Starts a chain and walks it to the end, returning the screens shown in order.
    private func walk(_ builder: FilledStepChain<Void>) throws -> [String] {
        let chain = builder.finish()
        var shown: [String] = []
        try chain.start(on: host)
        while let screen = chain.currentScreen {
            shown.append(screen.displayName)
            try chain.handle?.next()
        }
        #expect(chain.phase == .finished)
        return shown
    }
}
