import FlowKernel
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

// The code of FlowRuntime's "Writing a flow of your own", compiled here line for line
// (GettingStartedTests checks every block of the article appears in this file), and run.

@MainActor
final class SlidesFlow: Flow, RunningFlow {
    private let lifecycle: FlowLifecycle<Void>
    private let slides: [() -> any Screen]
    private var mount: FlowMount?

    init(_ id: FlowID, slides: [() -> any Screen]) {
        precondition(!slides.isEmpty, "A slides flow shows at least one slide.")
        self.lifecycle = FlowLifecycle(id: id)
        self.slides = slides
    }

    // The flow's phase, outcome and handlers are its lifecycle's.
    var id: FlowID { lifecycle.id }
    var phase: FlowPhase { lifecycle.phase }
    var outcome: FlowOutcome<Void>? { lifecycle.outcome }
    func onFinish(_ handler: @escaping @MainActor (FlowOutcome<Void>) -> Void) { lifecycle.onFinish(handler) }

    func start(on host: any PresentationHost, placement: FlowPlacement, parent: FlowID?) throws {
        let host = try host.requireFlowHost(for: id)
        try lifecycle.requireReady()
        var mount = try FlowMount(for: id, at: FlowMount.Site(placement), on: host)
        try lifecycle.start(self, on: host, parent: parent) {
            try mount.show(.screen(slides[0]()), on: host)
            self.mount = mount
            try lifecycle.didStart(on: host, parent: parent)
        }
    }

    /// Shows the next slide, or completes after the last one.
    func next() throws {
        let wasLast = try lifecycle.navigate { host in
            // Where the flow stands is read from the host, so it follows the person's Back.
            let shown = mount?.ownEntries(on: host).count ?? 0
            guard shown < slides.count, let stack = mount?.stack else { return true }
            try host.carryOut(.push(.screen(slides[shown]()), onto: stack), origin: .flow(id))
            return false
        }
        if wasLast { try end(.completed(())) }
    }

    func cancel() throws { try end(.cancelled) }

    private func end(_ outcome: FlowOutcome<Void>) throws {
        try lifecycle.navigate { host in
            try lifecycle.checkChildrenGuards(on: host)
            try removeSlides(from: host)
        }
        try lifecycle.finish(outcome)
    }

    private func removeSlides(from host: any FlowHost) throws {
        if let mount { try host.carryOut(mount.removing(on: host)) }
        mount?.didRemove()
    }

    // What the host's flow tree asks of a running flow.
    var baseNode: NodeRef? { mount?.firstEntry }
    func endRefusal() -> GuardRefusal? { lifecycle.removalRefusal(of: mount) }
    func endDetached() { lifecycle.endDetached(removing: removeSlides(from:), releasing: {}) }

    func hostDidChange(by origin: FlowEvent.Origin) {
        // The person took the first slide away: the flow ends, cancelled.
        guard let host = lifecycle.host, mount?.isGone(on: host) == true else { return }
        endDetached()
    }
}

/// A slide whose guard refuses to leave while it holds.
@MainActor
final class HoldingSlide: Screen {
    var holds = true
    func shouldLeave(by origin: FlowEvent.Origin) -> GuardVerdict { holds ? .refuse(because: "the video is playing") : .allow }
}

@MainActor
@Suite("Writing a flow of your own")
struct WritingAFlowTests {
    @Test func theArticlesUsageRunsAsItsCommentsSay() throws {
        let host = InMemoryHost()
        let slides = SlidesFlow("tour", slides: [{ LawProbe("Hello") }, { LawProbe("Tabs") }, { LawProbe("Done") }])
        try slides.start(on: host, placement: .root, parent: nil)
        try slides.next()  // Tabs
        try host.user.back()  // the person goes back to Hello
        try slides.next()  // Tabs again: the position is read from the host

        #expect(host.visibleScreen?.displayName == "Tabs")
        try slides.next()
        try slides.next()
        #expect(slides.outcome?.isCompleted == true)
        #expect(host.hierarchy.root == nil)
    }

    @Test func theSlidesFlowKeepsTheFlowLaws() {
        FlowLaws.check(makeHost: { InMemoryHost() }, make: { SlidesFlow("tour", slides: [{ LawProbe("Hello") }, { LawProbe("Done") }]) }) { slides in
            try slides.next()
            try slides.next()
        }
    }

    @Test func thePersonTakingTheFirstSlideAwayEndsItOnceAndReleasesEverySlide() throws {
        let leaks = LeakTracker()
        let host = InMemoryHost()
        try host.setRoot(.stack("app", [.screen(LawProbe("Home"))]))
        var outcomes: [FlowOutcome<Void>] = []
        do {
            let slides = SlidesFlow("tour", slides: [{ leaks.track(LawProbe("Hello")) }, { leaks.track(LawProbe("Tabs")) }])
            slides.onFinish { outcomes.append($0) }
            try slides.start(on: host, placement: .presented, parent: nil)
            try slides.next()
        }

        try host.user.swipeDown()

        #expect(outcomes.map(\.isCancelled) == [true])
        #expect(host.visibleScreen?.displayName == "Home")
        #expect(leaks.expectNoLeaks())
    }

    @Test func aSlideThatRefusesToLeaveKeepsTheFlowRunningAndShownWhenItIsCancelled() throws {
        let host = InMemoryHost()
        let holding = HoldingSlide()
        let slides = SlidesFlow("tour", slides: [{ LawProbe("Hello") }, { holding }])
        try slides.start(on: host, placement: .root, parent: nil)
        try slides.next()
        let before = host.hierarchy

        let error = #expect(throws: FlowError.self) { try slides.cancel() }

        #expect(error?.code == .guardRefused)
        #expect(slides.phase == .running)
        #expect(host.hierarchy == before)
        holding.holds = false
        try slides.cancel()
        #expect(slides.outcome?.isCancelled == true)
    }
}
