import FlowChain
import FlowKernel
import FlowStage
import FlowTestKit
import Testing

/// Flowter's demo journeys (its KIF UI tests), headless: "Flow Start" (custom present) → 1st → 2nd
/// → 3rd → "Flow Ending" (presented modally) → end. Each screen passes its label to the next; a
/// close button calls `endFlow()`.
@MainActor
@Suite("Flowter scenarios: demo journeys")
struct DemoJourneyTests {
    let host = InMemoryHost()
    let recorder: TranscriptRecorder
    let chain: ChainFlow<Void>
    let home = Plain("Home")

    init() throws {
        try host.setRoot(.stack("home", [.screen(home)]))
        recorder = TranscriptRecorder(observing: host)
        chain = StepChain<Void>("demo")
            .addStep(Step { Labelled("Flow Start") })
            .addStep { Labelled("1st Step") }
            .addStep { Labelled("2nd Step") }
            .addStep { Labelled("3rd Step") }
            .addStep(
                Step { Labelled("Flow Ending") }
                    .onPresent { screen, context in try context.container.present(screen) }
                    .onDismiss { screen, context in try context.container.dismiss(screen) }
            )
            .finish()
        try chain.start(on: host)
    }

    var current: Labelled? { chain.currentScreen as? Labelled }

    /// Like tapping "next": the screen passes its own label on; the last one passes nothing.
    func tapNext() throws {
        let screen = try #require(current)
        try screen.step?.next(context: chain.currentStep == chain.stepCount - 1 ? nil : screen.displayName)
    }

    func tapBack() throws { try #require(current).step?.back() }
    func tapClose() throws { try #require(current).step?.endFlow() }

    var homeIsVisibleAgain: Bool { host.render() == "stack home\n  Plain \"Home\"" && chain.phase == .finished }

    @Test func openAndClose() throws {
        #expect(current?.displayName == "Flow Start")
        try tapClose()
        #expect(homeIsVisibleAgain)
        expectTranscript(
            recorder.transcript,
            equals: [
                "[demo] present [demo] over [home]",
                "[demo] start",
                "[demo] dismiss [demo] from [home]",
                "[demo] cancel",
            ])
    }

    @Test func forward() throws {
        var seen: [String] = []
        for _ in 0..<4 {
            try tapNext()
            seen.append(try #require(current).displayName)
        }
        #expect(seen == ["1st Step", "2nd Step", "3rd Step", "Flow Ending"])
        #expect(current?.received == ["3rd Step"])
        try tapClose()
        #expect(homeIsVisibleAgain)
    }

    @Test func back() throws {
        for _ in 0..<4 { try tapNext() }
        var seen: [String] = []
        for _ in 0..<4 {
            try tapBack()
            seen.append(try #require(current).displayName)
        }
        #expect(seen == ["3rd Step", "2nd Step", "1st Step", "Flow Start"])
        try tapClose()
        #expect(homeIsVisibleAgain)
    }

    @Test func complete() throws {
        for _ in 0..<5 { try tapNext() }
        #expect(homeIsVisibleAgain)
        #expect(chain.outcome.map { $0.result != nil } == true)
        expectTranscript(
            recorder.transcript,
            equals: [
                "[demo] present [demo] over [home]",
                "[demo] start",
                "[demo] push 1st Step onto [demo]",
                "[demo] pass String to 1st Step",
                "[demo] push 2nd Step onto [demo]",
                "[demo] pass String to 2nd Step",
                "[demo] push 3rd Step onto [demo]",
                "[demo] pass String to 3rd Step",
                "[demo] present Flow Ending over [demo]",
                "[demo] pass String to Flow Ending",
                "[demo] dismiss [demo] from [home]",
                "[demo] complete",
            ])
    }

    @Test func closeMidFlow() throws {
        try tapNext()
        try tapNext()
        #expect(current?.displayName == "2nd Step")
        try tapClose()
        #expect(homeIsVisibleAgain)
    }

    @Test func stressForwardAndBack() throws {
        for _ in 0..<2 {
            for _ in 0..<4 { try tapNext() }
            for _ in 0..<4 { try tapBack() }
        }
        #expect(current?.displayName == "Flow Start")
        #expect(host.hierarchy.screens(in: "demo").map(\.displayName) == ["Flow Start"])
        try tapClose()
        #expect(homeIsVisibleAgain)
    }
}
