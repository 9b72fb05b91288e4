import FlowChain
import FlowKernel
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

/// A step that hands on what its child chain completed with.
@MainActor
final class Shopping: ChainScreen {
    typealias NextContext = String
    var step: StepHandle?
    let displayName = "Shopping"
}

/// The last step of the outer chain, handed what the child completed with.
@MainActor
final class Summary: ChainScreen {
    typealias Context = String
    var step: StepHandle?
    let displayName = "Summary"
    private(set) var received: [String] = []
    func update(with context: String) { received.append(context) }
}

/// A child's only step, which completes its chain with a value.
@MainActor
final class Picker: ChainScreen {
    typealias NextContext = String
    var step: StepHandle?
    let displayName = "Picker"
}

/// A step starts a presented child chain in one call: presented over the chain's stack, standing on
/// the step's screen, with an `onFinish` that can throw, as a
/// coordinator's `start(child:presented:onFinish:)` does (a port from outside started them by hand,
/// with the host captured and the parent named by a string).
@MainActor
@Suite("Step chain: a step starts a presented child chain")
struct PresentedChildChainTests {
    let host = InMemoryHost()

    static func outer() -> ChainFlow<String> {
        StepChain<String>("outer").addStep { Shopping() }.addStep { Summary() }.finish()
    }

    static func picker() -> ChainFlow<String> {
        StepChain<String>("picker").addStep { Picker() }.finish()
    }

    @Test func theChildIsPresentedOverTheStepAndItsOutcomeMovesTheChainOn() throws {
        let chain = Self.outer()
        try chain.start(on: host)
        let shopping = try #require(chain.currentScreen as? Shopping)
        let child = Self.picker()

        try shopping.step?.start(child: child) { outcome in
            if case .completed(let item) = outcome { try shopping.step?.next(context: item) }
        }
        #expect(host.presenter(of: .container("picker")) == .container("outer"))
        #expect(host.flows.anchor(of: child) == .of(shopping))
        #expect(host.flows.parent(of: child)?.id == "outer")

        try (child.currentScreen as? Picker)?.step?.next(context: "shoes")

        #expect(child.outcome == .completed("shoes"))
        #expect((chain.currentScreen as? Summary)?.received == ["shoes"])
    }

    @Test func anOnFinishThatThrowsIsReportedAndTheChildHasEnded() throws {
        let chain = Self.outer()
        try chain.start(on: host)
        var refusals: [FlowError.Code] = []
        chain.onRefused = { refusals.append($0.code) }
        let recorder = TranscriptRecorder(observing: host)
        let child = Self.picker()

        try (chain.currentScreen as? Shopping)?.step?.start(child: child) { _ in
            throw FlowError(.hostRejected, "the basket is full")
        }
        try child.cancel()

        #expect(child.phase == .finished)
        #expect(refusals == [.hostRejected])
        #expect(recorder.transcript.lines.last == "[outer] refuse request: hostRejected: the basket is full", "\(recorder.transcript)")
        #expect(chain.currentStep == 0)
    }

    @Test func aStepThatIsNotCurrentStartsNoChildAndNothingChanges() throws {
        let chain = Self.outer()
        try chain.start(on: host)
        let first = try #require(chain.currentScreen as? Shopping)
        try first.step?.next(context: "socks")
        let before = host.render()
        let child = Self.picker()

        let error = #expect(throws: FlowError.self) { try first.step?.start(child: child) }

        #expect(error?.code == .stepNotCurrent)
        #expect(child.phase == .ready)
        #expect(host.render() == before)
    }

    @Test func theChainsEndEndsTheChildAndReleasesIt() throws {
        let leaks = LeakTracker()
        let chain = Self.outer()
        try chain.start(on: host)
        do {
            let child = leaks.track(Self.picker())
            try (chain.currentScreen as? Shopping)?.step?.start(child: child)
        }
        try chain.cancel()

        #expect(host.topmost == nil)
        #expect(leaks.expectNoLeaks())
    }
}
