import FlowChain
import FlowKernel
import FlowRuntime
import FlowSnapshot
import FlowStage
import FlowTestKit
import Testing

/// Where the road forks, as a port from outside found it: B takes a count and hands on the road.
enum Road: String, CaseIterable, Sendable {
    case c, d
}

/// A step that takes a count and hands on the road to take.
@MainActor
final class Counting: ChainScreen {
    typealias Context = Int
    typealias NextContext = Road
    var step: StepHandle?
    let displayName: String
    private(set) var received: [Int] = []
    init(_ name: String) { displayName = name }
    func update(with context: Int) { received.append(context) }
}

/// A step that takes the road it is on.
@MainActor
final class OnTheRoad: ChainScreen {
    typealias Context = Road
    var step: StepHandle?
    let displayName: String
    init(_ name: String) { displayName = name }
    func update(with context: Road) {}
}

/// The chain's arrival, as an app ported from outside met it: through a step that picks the next,
/// over steps shown already, and under someone else's sheet.
@MainActor
@Suite("Step chain: an arrival as the port found it")
struct PortFindingsArrivalTests {
    let host = InMemoryHost()

    /// A → B (picks C or D from the road it hands on) → C → D.
    static func forked() -> ChainFlow<Road> {
        StepChain<Road>("fork")
            .addStep { Plain("A") }
            .addStep(Step { Counting("B") }.choosingNext("by road", among: ["c", "d"]) { (road: Road) in road.rawValue })
            .addStep(Step { OnTheRoad("C") }.named("c"))
            .addStep(Step { OnTheRoad("D") }.named("d"))
            .finish()
    }

    @Test func anArrivalThroughAStepThatPicksShowsTheStepPickedAndSkipsTheOneBetween() throws {
        let chain = Self.forked()
        try chain.start(on: host)

        try chain.arrive(atStep: 3) { [1: 7, 3: Road.d][$0] }

        #expect(host.entries(of: "fork")?.map(\.description) == ["A", "B", "D"])
        #expect(chain.shownSteps == [0, 1, 3])
        try chain.handle?.back()
        #expect(chain.currentStep == 1)
    }

    @Test func anArrivalAtAStepThePickDoesNotTakeIsRefusedAndChangesNothing() throws {
        let chain = Self.forked()
        try chain.start(on: host)
        let before = host.render()

        // C with the road to D: B would pick D, never C.
        let error = #expect(throws: FlowError.self) { try chain.arrive(atStep: 2) { [1: 7, 2: Road.d][$0] } }

        #expect(error?.code == .stepSkipped)
        #expect(host.render() == before)
        #expect(chain.shownSteps == [0])
    }

    @Test(arguments: Road.allCases)
    func theArrivalAgreesWithNextOnEveryRoadThePickCanTake(_ road: Road) throws {
        let byNext = Self.forked()
        let nextHost = InMemoryHost()
        try byNext.start(on: nextHost)
        try byNext.handle?.next()
        try (byNext.currentScreen as? Counting)?.step?.next(context: road)

        let byArrival = Self.forked()
        let arrivalHost = InMemoryHost()
        try byArrival.start(on: arrivalHost)
        let target = road == .c ? 2 : 3
        try byArrival.arrive(atStep: target) { $0 == target ? road : $0 == 1 ? 7 : nil }

        #expect(arrivalHost.entries(of: "fork")?.map(\.description) == nextHost.entries(of: "fork")?.map(\.description))
        #expect(byArrival.shownSteps == byNext.shownSteps)
    }

    @Test func aStepShownAlreadyTakesTheContextTheArrivalGivesIt() throws {
        let chain = Self.forked()
        try chain.start(on: host)
        try chain.arrive(atStep: 1) { $0 == 1 ? 1 : nil }
        let b = try #require(chain.currentScreen as? Counting)

        try chain.arrive(atStep: 3) { [1: 2, 3: Road.d][$0] }

        #expect(b.received == [1, 2])
        #expect(host.entries(of: "fork")?.map(\.description) == ["A", "B", "D"])
        let saved = host.flows.snapshot(of: host)
        #expect(saved.flows.first?.state?.description.contains("2") == true, "\(String(describing: saved.flows.first?.state))")
    }

    @Test func anArrivalOnAnotherRoadGoesBackToTheForkThenTakesTheRoadItsContextsName() throws {
        let chain = Self.forked()
        try chain.start(on: host)
        try chain.arrive(atStep: 2) { [1: 7, 2: Road.c][$0] }
        #expect(host.entries(of: "fork")?.map(\.description) == ["A", "B", "C"])
        let recorder = TranscriptRecorder(observing: host)

        // D, by the road to D: the pick at B takes it, not the C the trail went through.
        try chain.arrive(atStep: 3) { [3: Road.d][$0] }

        #expect(host.entries(of: "fork")?.map(\.description) == ["A", "B", "D"])
        #expect(chain.shownSteps == [0, 1, 3])
        #expect(recorder.events.allSatisfy { $0.origin == .link(for: "fork") }, "\(recorder.transcript)")
        try chain.handle?.back()
        #expect(chain.currentStep == 1)
    }

    @Test func aLinkThatSaysNothingOfTheRoadKeepsTheTrailsRoad() throws {
        let chain = Self.forked()
        try chain.start(on: host)
        try chain.arrive(atStep: 2) { [1: 7, 2: Road.c][$0] }

        // D with no context: the trail's road, through C, goes on to D in order.
        try chain.arrive(atStep: 3)

        #expect(host.entries(of: "fork")?.map(\.description) == ["A", "B", "C", "D"])
    }

    @Test func goingBackAStepBelowTheTargetTakesItsNewContextToo() throws {
        let chain = Self.forked()
        try chain.start(on: host)
        try chain.arrive(atStep: 3) { [1: 1, 3: Road.d][$0] }
        let b = try #require(host.entries(of: "fork")?[1].screen.flatMap { host.screen(for: $0) } as? Counting)

        try chain.arrive(atStep: 1) { [1: 2][$0] }
        #expect(b.received == [1, 2])

        try chain.arrive(atStep: 3) { [1: 2, 3: Road.d][$0] }
        try chain.arrive(atStep: 3) { [0: 5, 1: 3, 3: Road.d][$0] }
        #expect(b.received == [1, 2, 3])
    }

    @Test func aStepShownAlreadyIsNotHandedTheContextItShowsAgain() throws {
        let chain = Self.forked()
        try chain.start(on: host)
        try chain.arrive(atStep: 1) { $0 == 1 ? 1 : nil }
        let b = try #require(chain.currentScreen as? Counting)
        let recorder = TranscriptRecorder(observing: host)

        try chain.arrive(atStep: 3) { [1: 1, 3: Road.d][$0] }

        #expect(b.received == [1])
        #expect(!recorder.transcript.lines.contains { $0.contains("pass Int to B") }, "\(recorder.transcript)")
    }

    @Test func anArrivalUnderAChildsSheetOverTheChainsStackIsRefusedAndChangesNothing() throws {
        let chain = Self.forked()
        try chain.start(on: host)
        let child = StepChain<Void>("sheet").addStep { Plain("Sheet") }.finish()
        try child.start(on: host, placement: .presented, parent: "fork")
        let before = host.render()

        let error = #expect(throws: FlowError.self) { try chain.arrive(atStep: 1) { $0 == 1 ? 1 : nil } }

        #expect(error?.code == .hostRejected)
        #expect(host.render() == before)
        #expect(child.phase == .running)
    }
}
