import FlowKernel
import FlowTestKit
import Testing

@MainActor
@Suite("Leak tracker")
struct LeakTrackerTests {
    final class Thing {}

    @Test func passesWhenEveryTrackedObjectWasReleased() {
        let leaks = LeakTracker()
        do {
            let thing = leaks.track(Thing())
            _ = thing
        }
        #expect(leaks.trackedCount == 1)
        #expect(leaks.survivors.isEmpty)
        #expect(leaks.expectNoLeaks())
    }

    @Test func aCheckOverNothingTrackedFails() {
        let leaks = LeakTracker()

        let issues = CheckIssues.collected { #expect(!leaks.expectNoLeaks()) }
        #expect(issues.count == 1 && issues.first?.contains("Nothing was tracked") == true, "\(issues)")
    }

    @Test func catchesAnObjectThatIsStillAlive() {
        let leaks = LeakTracker()
        let kept = leaks.track(Thing(), as: "kept thing")
        leaks.track(Thing(), as: "released thing")

        #expect(leaks.survivors == ["kept thing"])
        let issues = CheckIssues.collected { leaks.expectNoLeaks() }
        #expect(issues.count == 1 && issues.first?.contains("still alive") == true, "\(issues)")
        withExtendedLifetime(kept) {}
    }

    @Test func catchesARetainCycle() {
        final class Node { var next: Node? }
        let leaks = LeakTracker()
        do {
            let a = leaks.track(Node(), as: "a")
            let b = leaks.track(Node(), as: "b")
            a.next = b
            b.next = a
        }
        #expect(leaks.survivors == ["a", "b"])
    }

    @Test func trackingDoesNotKeepAnObjectAlive() {
        let leaks = LeakTracker()
        weak var probe: Thing?
        do {
            let thing = leaks.track(Thing())
            probe = thing
        }
        #expect(probe == nil)
    }

    @Test func screensKeptAsAnyScreenAreTrackedByTheirOwnType() {
        let leaks = LeakTracker()
        var screens: [any Screen]? = [LawProbe("A"), LawProbe("B")]
        for screen in screens ?? [] { leaks.track(screen) }
        #expect(leaks.survivors == ["LawProbe", "LawProbe"])

        screens = nil

        #expect(leaks.survivors.isEmpty)
    }
}
