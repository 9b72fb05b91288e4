import FlowChain
import FlowKernel
import FlowRuntime
import FlowSnapshot
import FlowStage
import FlowTestKit
import Foundation
import Testing

/// A Codable context, so a snapshot keeps it.
struct Address: Codable, Hashable, Sendable {
    var city: String
}

/// Accepts an `Address`.
@MainActor
final class AddressStep: ChainScreen {
    var step: StepHandle?
    private(set) var address: Address?
    func update(with context: Address) { address = context }
}

/// A step only a signed-in person may see.
@MainActor
final class AccountStep: ChainScreen {
    static var signedIn = true
    var step: StepHandle?
    func shouldEnter(by origin: FlowEvent.Origin) -> GuardVerdict {
        Self.signedIn ? .allow : .refuse(because: "the person is signed out")
    }
}

/// Saving a chain's steps and contexts and bringing them back on a new host, through its arrival
/// path.
@MainActor
@Suite("Step chain: saving and restoring", .serialized)
struct ChainRestorationTests {
    /// Welcome, Name (a String), Address (an Address), Account, Greeted (a Greeting, not Codable).
    static func makeChain(_ id: FlowID = "checkout") -> ChainFlow<String> {
        StepChain<String>(id)
            .addStep { Plain("Welcome") }
            .addStep { Labelled("Name") }
            .addStep { AddressStep() }
            .addStep { AccountStep() }
            .addStep { Greeted() }
            .finish()
    }

    /// The chain run to the address step, with a name and an address passed on the way.
    private func saved(through last: Int = 2) throws -> NavigationSnapshot {
        let host = InMemoryHost()
        let chain = Self.makeChain()
        try chain.start(on: host)
        try chain.handle?.next(context: "Ana")
        try chain.handle?.next(context: Address(city: "Lisbon"))
        if last >= 3 { try chain.handle?.next() }
        if last >= 4 { try chain.handle?.next(context: Greeting(text: "hi")) }
        let snapshot = host.flows.snapshot(of: host)
        host.flows.endAll()
        return try NavigationSnapshot(document: try JSONDecoder().decode(SavedValue.self, from: try JSONEncoder().encode(snapshot)))
    }

    private func restore(_ snapshot: NavigationSnapshot, on host: InMemoryHost, chain: ChainFlow<String> = makeChain()) -> RestorationReport {
        snapshot.restore(on: host) { saved in saved.id == "checkout" ? chain : nil }
    }

    @Test func aChainComesBackAtItsStepWithEveryContextItHad() throws {
        let snapshot = try saved()
        #expect(
            snapshot.flows.first?.state?.description
                == #"{"steps":[{"screen":"Plain"},{"context":{"type":"String","value":"Ana"},"screen":"Labelled"},{"context":{"type":"Address","value":{"city":"Lisbon"}},"screen":"AddressStep"}]}"#
        )
        let host = InMemoryHost()
        let recorder = TranscriptRecorder(observing: host)
        let chain = Self.makeChain()

        let report = restore(snapshot, on: host, chain: chain)

        #expect(report.isComplete, "\(report)")
        #expect(chain.currentStep == 2)
        #expect((chain.currentScreen as? AddressStep)?.address == Address(city: "Lisbon"))
        #expect(host.hierarchy.root.map(SavedNode.init) == snapshot.hierarchy)
        #expect(
            recorder.transcript.lines == [
                "(restored) [checkout] root [checkout]",
                "(restored) [checkout] start",
                "(restored) [checkout] push Name onto [checkout]",
                "(restored) [checkout] pass String to Name",
                "(restored) [checkout] push AddressStep onto [checkout]",
                "(restored) [checkout] pass Address to AddressStep",
            ])
        // The restored chain goes on as if never interrupted.
        try chain.handle?.back()
        #expect((chain.currentScreen as? Labelled)?.received == ["Ana"])
    }

    @Test func aContextThatIsNotCodableIsNotedAndTheChainIsCutBeforeItsStep() throws {
        let snapshot = try saved(through: 4)
        #expect(snapshot.flows.first?.state?.description.contains(#""unsaved":"Greeting is not Codable""#) == true)
        let host = InMemoryHost()
        let chain = Self.makeChain()
        let report = restore(snapshot, on: host, chain: chain)
        #expect(chain.currentStep == 3)
        #expect(
            report.entries(.repaired).first?.description
                == "[checkout] repaired: Greeted(Greeting) (cut: the context of Greeted(Greeting) was not saved: Greeting is not Codable)")
    }

    @Test func aStepAGuardRefusesIsNotRestoredAndTheReportSaysWhy() throws {
        AccountStep.signedIn = true
        defer { AccountStep.signedIn = true }
        let snapshot = try saved(through: 3)
        AccountStep.signedIn = false
        let chain = Self.makeChain()
        let report = restore(snapshot, on: InMemoryHost(), chain: chain)
        #expect(chain.currentStep == 2)
        #expect(report.entries(.repaired).first?.subject == "AccountStep")
        #expect(report.entries(.repaired).first?.reason?.contains("the person is signed out") == true)
    }

    @Test func aChainWhoseStepsChangedIsCutWhereTheyDiffer() throws {
        let snapshot = try saved()
        let changed = StepChain<String>("checkout")
            .addStep { Plain("Welcome") }
            .addStep { AddressStep() }
            .finish()
        let report = restore(snapshot, on: InMemoryHost(), chain: changed)
        #expect(changed.currentStep == 0)
        #expect(report.entries(.repaired).first?.reason == "cut: step 1 of the chain 'checkout' is now AddressStep, not Labelled")
    }

    @Test func aContextOfAnyTypeCannotBeReadBackAndIsCut() throws {
        let host = InMemoryHost()
        let chain = StepChain<String>("checkout").addStep { Plain("A") }.addStep { Anything() }.finish()
        try chain.start(on: host)
        try chain.handle?.next(context: 3)
        let snapshot = host.flows.snapshot(of: host)
        host.flows.endAll()
        let restored = StepChain<String>("checkout").addStep { Plain("A") }.addStep { Anything() }.finish()
        let report = restore(snapshot, on: InMemoryHost(), chain: restored)
        #expect(restored.currentStep == 0)
        #expect(report.entries(.repaired).first?.reason == "cut: Anything takes a context of type Any, which cannot be read back")
    }

    @Test func aStateOfAnotherShapeOrARunningChainIsRefusedAndChangesNothing() throws {
        var snapshot = try saved()
        snapshot.flows[0].state = .object(["steps": .int(2)])
        let host = InMemoryHost()
        let report = restore(snapshot, on: host)
        #expect(report.entries.first?.outcome == .dropped)
        #expect(host.hierarchy.root == nil)

        let running = Self.makeChain()
        try running.start(on: host)
        let before = host.hierarchy
        let error = #expect(throws: FlowError.self) { try running.restore(try saved().flows[0], on: host, parent: nil) }
        #expect(error?.code == .flowAlreadyStarted)
        #expect(host.hierarchy == before)
    }

    @Test func aRestoredChainFinishesWithNothingLeaked() throws {
        let snapshot = try saved(through: 3)
        let leaks = LeakTracker()
        let chain = StepChain<String>("checkout")
            .addStep { leaks.track(Plain("Welcome")) }
            .addStep { leaks.track(Labelled("Name")) }
            .addStep { leaks.track(AddressStep()) }
            .addStep { leaks.track(AccountStep()) }
            .addStep { leaks.track(Labelled("Done")) }
            .finish()
        do {
            let host = InMemoryHost()
            #expect(restore(snapshot, on: host, chain: chain).isComplete)
            try chain.handle?.next(context: "ok")
            try chain.handle?.next(context: "done")
        }
        #expect(chain.outcome?.result == "done")
        leaks.expectNoLeaks()
    }
}
