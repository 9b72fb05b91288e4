import FlowChain
import FlowKernel
import FlowStage
import FlowTestKit
import Testing

/// Every request a screen or a caller can get wrong throws its code and changes nothing.
@MainActor
@Suite("Step chain bad input")
struct ChainBadInputTests {
    struct Case: CustomStringConvertible, Sendable {
        let description: String
        let code: FlowError.Code
        var setUp: @MainActor @Sendable (ChainFlow<Greeting>) throws -> Void = { _ in }
        let request: @MainActor @Sendable (ChainFlow<Greeting>, StepHandle) throws -> Void
    }

    nonisolated static let cases: [Case] = [
        Case(description: "back at the first step", code: .nothingToGoBackTo) { _, first in try first.back() },
        Case(description: "a context the next step does not accept", code: .argumentTypeMismatch) { _, first in try first.next(context: 42) },
        Case(description: "next twice from the same step", code: .stepNotCurrent, setUp: { try $0.handle?.next(context: "x") }) { _, first in try first.next(context: "x") },
        Case(description: "back from a step that is not current", code: .stepNotCurrent, setUp: { try $0.handle?.next(context: "x") }) { _, first in try first.back() },
        Case(description: "endFlow from a step that is not current", code: .stepNotCurrent, setUp: { try $0.handle?.next(context: "x") }) { _, first in try first.endFlow() },
        Case(description: "a last context of the wrong result type", code: .argumentTypeMismatch, setUp: toLastStep) { chain, _ in
            try chain.handle?.next(context: "not a greeting")
        },
        Case(description: "no last context for a typed result", code: .argumentTypeMismatch, setUp: toLastStep) { chain, _ in
            try chain.handle?.next()
        },
        Case(description: "a next step whose factory fails", code: .factoryFailed, setUp: { try $0.handle?.next(context: "x") }) { chain, _ in
            _ = chain
        },
        Case(description: "a second start", code: .flowAlreadyStarted) { chain, _ in try chain.start(on: InMemoryHost()) },
        Case(description: "next after the chain ended", code: .flowFinished, setUp: { try $0.cancel() }) { _, first in try first.next(context: "x") },
        Case(description: "cancel after the chain ended", code: .flowFinished, setUp: { try $0.cancel() }) { chain, _ in try chain.cancel() },
    ]

    /// From A to C, the last step.
    nonisolated static let toLastStep: @MainActor @Sendable (ChainFlow<Greeting>) throws -> Void = { chain in
        try chain.handle?.next(context: "x")
        try chain.handle?.next()
    }

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
        let host = InMemoryHost()
        let recorder = TranscriptRecorder(observing: host)
        let log = Log()
        let second = Labelled("B")
        let failing = bad.description.contains("factory fails")
        let chain = StepChain<Greeting>("flow")
            .addStep { Plain("A") }
            .addStep { second }
            .addStep { () throws -> Plain in if failing { throw Broken() }; return Plain("C") }
            .finish { _ in log.add("end") }
        chain.onFinish { _ in log.add("finished") }
        try chain.start(on: host)
        let first = try #require(chain.handle)
        try bad.setUp(chain)
        func state() -> State {
            State(rendering: host.render(), events: recorder.events.count, step: chain.currentStep, phase: chain.phase, received: second.received, calls: log.entries)
        }
        let before = state()

        let error = #expect(throws: FlowError.self) {
            if failing { try chain.handle?.next() } else { try bad.request(chain, first) }
        }

        #expect(error?.code == bad.code)
        #expect(state() == before)
    }

    @Test("Inserting or removing out of range throws and keeps the steps", arguments: [
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
        let chain = StepChain<Void>("flow").addStep { () throws -> Plain in if fail { throw Broken() }; return Plain("A") }.finish()

        let error = #expect(throws: FlowError.self) { try chain.start(on: host) }

        #expect(error?.code == .factoryFailed)
        #expect(error?.message.contains("no network") == true)
        #expect(host.render() == "(empty)")
        #expect(chain.phase == .ready)
        fail = false
        try chain.start(on: host)
        #expect(host.hierarchy.visibleScreen?.displayName == "A")
    }
}
