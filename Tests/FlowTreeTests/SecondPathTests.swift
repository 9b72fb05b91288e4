import FlowChain
import FlowKernel
import FlowRuntime
import FlowSnapshot
import FlowStack
import FlowStage
import FlowTestKit
import Testing

/// A slide show on a stack with modals: what the person's gestures take away is noted, in the
/// order the path showed it.
@MainActor
struct Deck: FlowLogic {
    final class Notes {
        var left: [[String]] = []
    }
    let notes = Notes()
    var locked: Set<String> = []

    func start() -> String { "1" }
    func screen(for slide: String) -> any Screen { locked.contains(slide) ? LockedSlide(slide) : LawProbe(slide) }
    func follow(_ path: FlowPath<String>, leaving left: [String]) -> FlowDecision<String, Void>? {
        notes.left.append(left)
        return nil
    }
}

extension ChainFlow {
    /// The handle of the step shown.
    fileprivate var step: StepHandle? { (currentScreen as? ChainSlide)?.step }
}

/// A chain's step that takes no context.
@MainActor
final class ChainSlide: ChainScreen {
    var step: StepHandle?
    let displayName: String
    init(_ name: String) { displayName = name }
}

/// A slide whose guard refuses to be shown.
@MainActor
final class LockedSlide: Screen {
    let displayName: String
    init(_ name: String) { displayName = name }
    func shouldEnter(by origin: FlowEvent.Origin) -> GuardVerdict { .refuse(because: "locked") }
}

/// A deck that remembers the slides it was asked for beside its path.
@MainActor
struct RememberingDeck: FlowLogic {
    typealias Memory = [String]
    var initialMemory: [String] { [] }
    var locked: Set<String> = []
    func start() -> String { "1" }
    func screen(for slide: String) -> any Screen { locked.contains(slide) ? LockedSlide(slide) : LawProbe(slide) }
}

/// Behaviours that rested on one test each, pinned again through another path: the person's
/// other gestures, a guard's refusal rather than the host's, a restore watched from outside, and
/// a journey through the whole tree.
@MainActor
@Suite("Behaviours pinned through a second path")
struct SecondPathTests {
    let host = InMemoryHost()

    @Test func aLogicIsToldWhatThePersonsBackMenuAndSwipeTookAwayInTheOrderShown() throws {
        let deck = LogicFlow("deck", logic: Deck())
        try deck.start(on: host, placement: .root, parent: nil)
        try deck.request { _, path in .show(path.pushing("2").pushing("3")) }

        // The back button's menu: two slides at once.
        try host.user.back(to: .of(try #require(host.screen(for: host.hierarchy.screens(in: "deck")[0]))))
        #expect(deck.logic.notes.left == [["2", "3"]])

        // A modal swiped down.
        try deck.request { _, path in .show(path.presenting("sheet")) }
        try host.user.swipeDown()
        #expect(deck.logic.notes.left == [["2", "3"], ["sheet"]])
        #expect(deck.path.entries == ["1"])
    }

    @Test func aRequestAGuardRefusesLeavesWhatTheLogicRemembersAsItWas() throws {
        let deck = LogicFlow("deck", logic: RememberingDeck(locked: ["2"]))
        try deck.start(on: host, placement: .root, parent: nil)
        let before = host.render()

        let error = #expect(throws: FlowError.self) {
            try deck.requestRemembering { _, path, asked in
                asked.append("2")
                return .show(path.pushing("2"))
            }
        }

        #expect(error?.code == .guardRefused)
        #expect(deck.memory.isEmpty)
        #expect(host.render() == before)
        try deck.requestRemembering { _, path, asked in
            asked.append("3")
            return .show(path.pushing("3"))
        }
        #expect(deck.memory == ["3"])
    }

    @Test func aRestoredLogicFlowShowsItsFirstScreenForTheRestore() throws {
        let deck = LogicFlow("deck", logic: Deck())
        try deck.start(on: host, placement: .root, parent: nil)
        try deck.request { _, path in .show(path.pushing("2")) }
        let snapshot = host.flows.snapshot(of: host)

        let restored = InMemoryHost()
        let events = TranscriptRecorder(observing: restored)
        let report = snapshot.restore(on: restored) { _ in LogicFlow("deck", logic: Deck()) }

        #expect(report.isComplete, "\(report)")
        let origins = events.events.map(\.origin)
        #expect(origins.first == .restored(for: "deck"), "\(events.transcript)")
        #expect(origins.allSatisfy { $0 == .restored(for: "deck") }, "\(events.transcript)")
        #expect(restored.hierarchy.screens(in: "deck").map(\.displayName) == ["1", "2"])
    }

    @Test func aStacksModalsTheSystemTakesAwayTogetherRunTheirCallbacksTopFirst() throws {
        let registry = ScreenRegistry { registry in
            registry.register(LawProbe.self, identifier: "root") { LawProbe("Root") }
            registry.register(LawProbe.self, identifier: "lower") { LawProbe("Lower") }
            registry.register(LawProbe.self, identifier: "upper") { LawProbe("Upper") }
        }
        let navigator = StackNavigator<Void>("stack", registry: registry)
        try navigator.start(on: host, placement: .root, parent: nil)
        var order: [String] = []
        try navigator.goNextAsModal(to: LawProbe.self, identifier: "lower", whenDismissed: { order.append("lower") })
        try navigator.goNextAsModal(to: LawProbe.self, identifier: "upper", whenDismissed: { order.append("upper") })

        // The person swipes the lower sheet down: what it presents goes with it.
        let lower = try #require(host.topmost.flatMap { host.presenter(of: $0) })
        try host.perform(.swipeDown(lower))

        #expect(order == ["upper", "lower"])
        #expect(navigator.stackState == "Root")
    }

    @Test func aChainsPresentedStepSweptDownUnderALaterOneIsNotOnTheWayBackInANestedJourney() throws {
        // The chain runs as a child of a stack navigator, presented over it.
        let registry = ScreenRegistry { $0.register(LawProbe.self) { LawProbe("Home") } }
        let home = StackNavigator<Void>("home", registry: registry)
        try home.start(on: host, placement: .root, parent: nil)
        let chain = StepChain<Void>("chain")
            .addStep { ChainSlide("A") }
            .addStep(
                FlowChain.Step { ChainSlide("B") }.onPresent { screen, context in try context.container.present(screen) }
                    .onDismiss { screen, context in try context.container.dismiss(screen) }
            )
            .addStep { ChainSlide("C") }
            .finish()
        try chain.start(on: host, placement: .presented, parent: "home")
        try chain.step?.next()
        try chain.step?.next()

        try host.user.swipeDown()

        #expect(chain.shownSteps == [0, 2])
        try chain.step?.back()
        #expect(chain.currentStep == 0)
        #expect(host.visibleScreen?.displayName == "A")
        #expect(home.phase == .running)
    }
}
