import FlowChain
import FlowKernel
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

/// Every request a screen or a caller can get wrong throws its code and changes nothing.
@MainActor
@Suite("Step chain bad input")
struct ChainBadInputTests {
    /// A three-step chain (A, B accepting a String, C) running on a host, and the first step's
    /// handle kept for stale-handle cases.
    @MainActor
    final class Fixture {
        final class Toggle { var on = false }

        let host = InMemoryHost()
        let recorder: TranscriptRecorder
        let log = Log()
        let second = Labelled("B")
        /// Makes C's factory fail.
        let failC = Toggle()
        let chain: ChainFlow<Greeting>
        let first: StepHandle

        init() throws {
            recorder = TranscriptRecorder(observing: host)
            let failC = failC
            let log = log
            chain = StepChain<Greeting>("flow")
                .addStep { Plain("A") }
                .addStep { [second] in second }
                .addStep { () throws -> Plain in
                    if failC.on { throw Broken() }
                    return Plain("C")
                }
                .finish { _ in log.add("end") }
            chain.onFinish { _ in log.add("finished") }
            try chain.start(on: host)
            first = try #require(chain.handle)
        }

        /// From A to C, the last step.
        func toLastStep() throws {
            try chain.handle?.next(context: "x")
            try chain.handle?.next()
        }
    }

    typealias Case = BadRequest<Fixture>

    nonisolated static let cases: [Case] = [
        Case("back at the first step", .nothingToGoBackTo) { try $0.first.back() },
        Case("a context the next step does not accept", .argumentTypeMismatch) { try $0.first.next(context: 42) },
        Case("next twice from the same step", .stepNotCurrent, setUp: { try $0.first.next(context: "x") }) { try $0.first.next(context: "x") },
        Case("back from a step that is not current", .stepNotCurrent, setUp: { try $0.first.next(context: "x") }) { try $0.first.back() },
        Case("endFlow from a step that is not current", .stepNotCurrent, setUp: { try $0.first.next(context: "x") }) { try $0.first.endFlow() },
        Case("a last context of the wrong result type", .argumentTypeMismatch, setUp: { try $0.toLastStep() }) {
            try $0.chain.handle?.next(context: "not a greeting")
        },
        Case("no last context for a typed result", .argumentTypeMismatch, setUp: { try $0.toLastStep() }) { try $0.chain.handle?.next() },
        Case(
            "a next step whose factory fails", .factoryFailed,
            setUp: {
                $0.failC.on = true
                try $0.first.next(context: "x")
            }
        ) {
            try $0.chain.handle?.next()
        },
        Case("a second start", .flowAlreadyStarted) { try $0.chain.start(on: InMemoryHost()) },
        Case("next after the chain ended", .flowFinished, setUp: { try $0.chain.cancel() }) { try $0.first.next(context: "x") },
        Case("cancel after the chain ended", .flowFinished, setUp: { try $0.chain.cancel() }) { try $0.chain.cancel() },
    ]

    struct State: Equatable {
        let rendering: String
        let events: Int
        let step: Int?
        let phase: FlowPhase
        let received: [String]
        let calls: [String]
    }

    @Test("A bad request throws its code and changes nothing", arguments: cases)
    func badRequestChangesNothing(_ bad: Case) throws {
        let fixture = try Fixture()
        try bad.check(on: fixture) {
            State(
                rendering: fixture.host.render(), events: fixture.recorder.events.count, step: fixture.chain.currentStep,
                phase: fixture.chain.phase, received: fixture.second.received, calls: fixture.log.entries
            )
        }
    }

    @Test(
        "Inserting or removing out of range throws and keeps the steps",
        arguments: [
            ("insert at -1", FlowError.Code.indexOutOfRange),
            ("remove at 2", .indexOutOfRange),
            ("remove at -1", .indexOutOfRange),
        ])
    func outOfRangeBuilderChangesNothing(_ request: String, code: FlowError.Code) {
        var builder = StepChain<Void>().addStep { Plain("A") }.addStep { Labelled("B") }
        let before = builder.screenTypes
        let error = #expect(throws: FlowError.self) {
            switch request {
            case "insert at -1": try builder.insert(Step { Plain("X") }, at: -1)
            case "remove at 2": try builder.remove(at: 2)
            default: try builder.remove(at: -1)
            }
        }
        #expect(error?.code == code)
        #expect(builder.screenTypes == before)
    }

    @Test func aHandleWhoseChainIsGoneSaysTheFlowFinished() throws {
        let host = InMemoryHost()
        var handle: StepHandle?
        do {
            let chain = StepChain<Void>().addStep { Plain("A") }.finish()
            try chain.start(on: host)
            handle = chain.handle
            try chain.cancel()
        }
        let error = #expect(throws: FlowError.self) { try handle?.next() }
        #expect(error?.code == .flowFinished)
    }

    @Test func aFirstStepThatCannotBeShownLeavesNothingAndTheChainCanStartAgain() throws {
        let host = InMemoryHost()
        var fail = true
        let chain = StepChain<Void>("flow").addStep { () throws -> Plain in
            if fail { throw Broken() }
            return Plain("A")
        }.finish()

        let error = #expect(throws: FlowError.self) { try chain.start(on: host) }

        #expect(error?.code == .factoryFailed)
        #expect(error?.message.contains("no network") == true)
        #expect(host.render() == "(empty)")
        #expect(chain.phase == .ready)
        fail = false
        try chain.start(on: host)
        #expect(host.hierarchy.visibleScreen?.displayName == "A")
    }

    @Test func aPresentActionThatThrowsLeavesTheChainWhereItWasAndReportsNoPass() throws {
        let host = InMemoryHost()
        let recorder = TranscriptRecorder(observing: host)
        var fail = true
        weak var refusedScreen: Labelled?
        let chain = StepChain<Void>("flow")
            .addStep { Plain("A") }
            .addStep(
                Step { () -> Labelled in
                    let screen = Labelled("B")
                    if refusedScreen == nil { refusedScreen = screen }
                    return screen
                }.onPresent { screen, context in
                    if fail { throw FlowError(.hostRejected, "not now") }
                    try context.container.show(screen)
                }
            )
            .finish()
        try chain.start(on: host)
        recorder.reset()
        let before = host.hierarchy

        let error = #expect(throws: FlowError.self) { try chain.handle?.next(context: "hello") }

        #expect(error?.code == .hostRejected)
        #expect(host.hierarchy == before)
        #expect(recorder.events.isEmpty)
        #expect(chain.currentScreen?.displayName == "A")
        #expect(refusedScreen == nil, "the screen made for the refused step is not kept")
        fail = false
        try chain.handle?.next(context: "hello")
        #expect((chain.currentScreen as? Labelled)?.received == ["hello"])
        #expect(recorder.transcript.lines == ["[flow] push B onto [flow]", "[flow] pass String to B"])
    }
}
