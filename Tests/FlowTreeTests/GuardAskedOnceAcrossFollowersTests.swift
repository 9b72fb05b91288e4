import FlowCoordinator
import FlowKernel
import FlowRuntime
import FlowStack
import FlowStage
import Testing

/// A guard answers once for one request, even when the flows that follow the request's change make
/// requests of their own while following.
@MainActor
@Suite("A guard is asked once while the flows that follow a change make requests of their own")
struct GuardAskedOnceAcrossFollowersTests {
    @Test func aChildEndingDetachedAfterItsParentsRequestAsksItsScreensNoSecondTime() throws {
        let host = InMemoryHost()
        let parent = PageCoordinator("parent")
        try parent.start(on: host)
        try parent.move(to: Page("parent top"))
        // Presented over the parent's stack, the child stands on the parent's top page.
        let child = Make.navigator("child")
        try parent.start(child: child, presented: true) { _ in }
        let home = try #require(child.currentScreen as? Home)
        home.leaveAsked = 0

        // The parent's own back takes its top away: asked ahead of the change, the child's screen
        // answers for the child's end; the child then ends detached and removes it.
        try parent.back()

        #expect(child.phase == .finished)
        #expect(host.hierarchy.allScreens(on: host).contains { $0 === home } == false)
        #expect(home.leaveAsked == 1)
    }
}
