import FlowKernel
import FlowRuntime
import FlowSnapshot
import FlowStage
import FlowTestKit
import Testing

// The code of FlowRuntime's "Writing a flow of your own", compiled here line for line
// (GettingStartedTests checks every block of the article appears in this file), and run.

/// A tour: its slides one after another, on a stack of its own; it completes after the last.
struct Slides: FlowLogic {
    let slides: [@MainActor () -> any Screen]

    var strategy: String { "slides" }
    func start() -> Int { 0 }
    func screen(for slide: Int) throws -> any Screen {
        guard slides.indices.contains(slide) else { throw FlowError(.indexOutOfRange, "The tour has no slide \(slide).") }
        return slides[slide]()
    }

    /// The next slide, or the end after the last one. The path is what the host shows now,
    /// so the tour follows the person's Back without a line about it.
    func next(_ path: FlowPath<Int>) -> FlowDecision<Int, Void> {
        let shown = path.entries.count
        return shown < slides.count ? .show(path.pushing(shown)) : .complete(())
    }
}

extension LogicFlow where Logic == Slides {
    /// Shows the next slide, or completes after the last one.
    func next() throws { try request { slides, path in slides.next(path) } }
}

@MainActor
final class HoldingSlide: Screen {
    var holds = true
    func shouldLeave(by origin: FlowEvent.Origin) -> GuardVerdict { holds ? .refuse(because: "the video is playing") : .allow }
}

@MainActor
func makeTour(_ names: [String]) -> LogicFlow<Slides> {
    LogicFlow("tour", logic: Slides(slides: names.map { name in { LawProbe(name) } }))
}

/// A tour whose slides the tracker watches.
@MainActor
func makeTour(_ names: [String], tracking leaks: LeakTracker) -> LogicFlow<Slides> {
    LogicFlow("tour", logic: Slides(slides: names.map { name in { leaks.track(LawProbe(name)) } }))
}

final class SlideScreen: Screen {
    var handle: LogicHandle<Slides>?
    func nextTapped() { try? handle?.request { slides, path in slides.next(path) } }
}

extension Slides {
    func attach(_ handle: LogicHandle<Slides>, to screen: any Screen) {
        (screen as? SlideScreen)?.handle = handle
    }
}

/// A three-slide tour on its last slide, and its snapshot.
@MainActor
func tourSavedOnItsLastSlide() throws -> (InMemoryHost, NavigationSnapshot) {
    let host = InMemoryHost()
    let tour = makeTour(["Hello", "Tabs", "Done"])
    try tour.start(on: host, placement: .root, parent: nil)
    try tour.next()
    try tour.next()
    let saved = host.flows.snapshot(of: host)
    return (host, saved)
}

@MainActor
@Suite("Writing a flow of your own")
struct WritingAFlowTests {
    @Test func theArticlesUsageRunsAsItsCommentsSay() throws {
        let host = InMemoryHost()
        let tour = LogicFlow("tour", logic: Slides(slides: [{ LawProbe("Hello") }, { LawProbe("Tabs") }, { LawProbe("Done") }]))
        try tour.start(on: host, placement: .root, parent: nil)
        try tour.next()  // Tabs
        try host.user.back()  // the person goes back to Hello
        try tour.next()  // Tabs again: the path is read from the host

        #expect(host.visibleScreen?.displayName == "Tabs")
        try tour.next()
        try tour.next()
        #expect(tour.outcome?.isCompleted == true)
        #expect(host.hierarchy.root == nil)
    }

    @Test func aSlidesHandleMovesTheTourOnceAndASecondTapOnALeftSlideChangesNothing() throws {
        let host = InMemoryHost()
        let first = SlideScreen()
        let tour = LogicFlow("tour", logic: Slides(slides: [{ first }, { SlideScreen() }]))
        try tour.start(on: host, placement: .root, parent: nil)

        first.nextTapped()
        first.nextTapped()

        #expect(tour.path.entries == [0, 1])
        #expect(tour.phase == .running)
        (tour.currentScreen as? SlideScreen)?.nextTapped()
        #expect(tour.outcome?.isCompleted == true)
    }

    @Test func aTourRunsAsAChildAndItsParentMovesOnOnceItCompletes() throws {
        let host = InMemoryHost()
        let app = LogicFlow("app", logic: Slides(slides: [{ LawProbe("Home") }, { LawProbe("Shop") }]))
        try app.start(on: host, placement: .root, parent: nil)

        let tour = makeTour(["Hello", "Done"])
        tour.onFinish { outcome in
            if outcome.isCompleted { try? app.next() }
        }
        try tour.start(on: host, placement: .presented, parent: app.id)
        #expect(host.flows.parent(of: tour) === app)
        try tour.next()
        try tour.next()

        #expect(host.visibleScreen?.displayName == "Shop")
        #expect(app.path.entries == [0, 1])
    }

    @Test func theSlidesFlowKeepsTheFlowLaws() {
        FlowLaws.check(makeHost: { InMemoryHost() }, make: { makeTour(["Hello", "Done"]) }) { tour in
            try tour.next()
            try tour.next()
        }
    }

    @Test func thePersonTakingTheFirstSlideAwayEndsItOnceAndReleasesEverySlide() throws {
        let leaks = LeakTracker()
        let host = InMemoryHost()
        try host.setRoot(.stack("app", [.screen(LawProbe("Home"))]))
        var outcomes: [FlowOutcome<Void>] = []
        do {
            let tour = makeTour(["Hello", "Tabs"], tracking: leaks)
            leaks.track(tour)
            tour.onFinish { outcomes.append($0) }
            try tour.start(on: host, placement: .presented, parent: nil)
            try tour.next()
        }

        try host.user.swipeDown()

        #expect(outcomes.map(\.isCancelled) == [true])
        #expect(host.visibleScreen?.displayName == "Home")
        #expect(leaks.expectNoLeaks())
    }

    @Test func aParentsCancelEndsTheTourFirstWithItsOwnEventAndReleasesIt() throws {
        let leaks = LeakTracker()
        let host = InMemoryHost()
        let recorder = TranscriptRecorder()
        host.addObserver(recorder)
        var ended: [String] = []
        do {
            let parent = LogicFlow("app", logic: Slides(slides: [{ leaks.track(LawProbe("Home")) }]))
            let tour = makeTour(["Hello", "Tabs"], tracking: leaks)
            leaks.track(parent)
            leaks.track(tour)
            parent.onFinish { _ in ended.append("app") }
            tour.onFinish { ended.append($0.isCancelled ? "tour cancelled" : "tour completed") }
            try parent.start(on: host, placement: .root, parent: nil)
            try tour.start(on: host, placement: .presented, parent: "app")
            try tour.next()

            try parent.cancel()
        }

        #expect(ended == ["tour cancelled", "app"])
        #expect(host.hierarchy.root == nil)
        #expect(recorder.transcript.lines.filter { $0.contains("cancel") } == ["[tour] cancel", "[app] cancel"])
        #expect(host.flows.isEmpty)
        #expect(leaks.expectNoLeaks())
    }

    @Test func aSavedTourComesBackOnANewHostWhereItWasAndGoesOn() throws {
        let (host, saved) = try tourSavedOnItsLastSlide()

        let again = InMemoryHost()
        let restored = makeTour(["Hello", "Tabs", "Done"])
        let report = saved.restore(on: again) { $0.id == "tour" ? restored : nil }

        #expect(report.isComplete, "\(report)")
        #expect(again.render() == host.render())
        #expect(restored.path.entries == [0, 1, 2])
        try again.user.back()
        #expect(again.visibleScreen?.displayName == "Tabs")
        try restored.next()
        try restored.next()
        #expect(restored.outcome?.isCompleted == true)
    }

    @Test func aSlideThatRefusesToLeaveKeepsTheFlowRunningAndShownWhenItIsCancelled() throws {
        let host = InMemoryHost()
        let holding = HoldingSlide()
        let tour = LogicFlow("tour", logic: Slides(slides: [{ LawProbe("Hello") }, { holding }]))
        try tour.start(on: host, placement: .root, parent: nil)
        try tour.next()
        let before = host.hierarchy

        let error = #expect(throws: FlowError.self) { try tour.cancel() }

        #expect(error?.code == .guardRefused)
        #expect(tour.phase == .running)
        #expect(host.hierarchy == before)
        holding.holds = false
        try tour.cancel()
        #expect(tour.outcome?.isCancelled == true)
    }
}

@MainActor
@Suite("Writing a flow of your own: restoring what no longer holds")
struct WritingAFlowRestoreTests {
    @Test func aSavedSlideTheTourNoLongerHasIsCutWithItsReason() throws {
        let (_, saved) = try tourSavedOnItsLastSlide()

        let again = InMemoryHost()
        let shorter = makeTour(["Hello", "Tabs"])
        let report = saved.restore(on: again) { _ in shorter }

        #expect(shorter.path.entries == [0, 1])
        #expect(report.entries(.repaired).map(\.subject).contains("2"))
        #expect(report.description.contains("The tour has no slide 2."))
    }
}
