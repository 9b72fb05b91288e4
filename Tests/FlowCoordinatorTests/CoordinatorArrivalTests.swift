import FlowCoordinator
import FlowKernel
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

/// A page that refuses to be left while it holds unsaved changes.
@MainActor
final class Draft: Screen {
    let displayName = "Draft"
    var unsaved = true
    func shouldLeave(by origin: FlowEvent.Origin) -> GuardVerdict { unsaved ? .refuse(because: "unsaved changes") : .allow }
}

/// A coordinator arrives at a link's destination in one change made for the link, as the other
/// strategies' arrivals do (a port from outside cancelled the child, started another and set the
/// stack: four requests, none of them the link's).
@MainActor
@Suite("Coordinator: arriving at a link")
struct CoordinatorArrivalTests {
    let host = InMemoryHost()

    @Test func anArrivalReplacesTheScreensAndEndsAChildOnTheStackInOneChangeForTheLink() throws {
        let app = PageCoordinator("app", first: "Home")
        try app.start(on: host)
        let child = PageCoordinator("child", first: "Cart")
        var outcomes: [FlowOutcome<String>] = []
        try app.start(child: child) { outcomes.append($0) }
        try child.move(to: Page("Checkout"))
        let events = TranscriptRecorder(observing: host)

        let catalog = Page("Catalog")
        let product = Page("Product")
        try app.arrive(at: [catalog, product])

        #expect(host.names(in: "app") == ["Catalog", "Product"])
        #expect(app.startNode == .of(catalog))
        #expect(app.topNode == .of(product))
        #expect(app.child == nil)
        #expect(child.phase == .finished)
        #expect(outcomes == [.cancelled])
        let changes = events.events.filter { if case .flowCancelled = $0.change { false } else { true } }
        #expect(changes.count == 1, "\(events.transcript)")
        #expect(changes.first?.origin == .link(for: "app"), "\(events.transcript)")
        // The coordinator goes on from there.
        try app.back()
        #expect(host.names(in: "app") == ["Catalog"])
    }

    @Test func anArrivalDismissesAPresentedChildWithItsScreensInOneChange() throws {
        let app = PageCoordinator("app", first: "Home")
        try app.start(on: host)
        let sheet = PageCoordinator("sheet", first: "Filters")
        try app.start(child: sheet, presented: true)

        try app.arrive(at: [Page("Catalog")])

        #expect(host.render() == "stack app\n  Page \"Catalog\"")
        #expect(sheet.phase == .finished)
        #expect(app.child == nil)
    }

    @Test func aChildsGuardRefusesTheArrivalAndNothingChanges() throws {
        let app = PageCoordinator("app", first: "Home")
        try app.start(on: host)
        let child = PageCoordinator("child", first: "Cart")
        try app.start(child: child)
        let draft = Draft()
        try child.move(to: draft)
        let before = host.render()

        let error = #expect(throws: FlowError.self) { try app.arrive(at: [Page("Catalog")]) }

        #expect(error?.code == .guardRefused)
        #expect(host.render() == before)
        #expect(child.phase == .running)
        #expect(app.child === child)
        draft.unsaved = false
        try app.arrive(at: [Page("Catalog")])
        #expect(child.phase == .finished)
    }

    @Test func anEmptyArrivalIsRefusedAndNothingChanges() throws {
        let app = PageCoordinator("app", first: "Home")
        try app.start(on: host)
        let before = host.render()

        let error = #expect(throws: FlowError.self) { try app.arrive(at: []) }

        #expect(error?.code == .hostRejected)
        #expect(host.render() == before)
    }

    @Test func everyScreenAndTheChildAreReleasedOnceTheCoordinatorEnds() throws {
        let leaks = LeakTracker()
        let app = PageCoordinator("app", first: "Home")
        try app.start(on: host)
        do {
            let child = leaks.track(PageCoordinator("child", first: "Cart"))
            try app.start(child: child)
            try app.arrive(at: [leaks.track(Page("Catalog"))])
        }
        try app.cancel()
        #expect(leaks.expectNoLeaks())
    }
}
