import FlowCoordinator
import FlowKernel
import FlowRuntime
import FlowSnapshot
import FlowStage
import FlowTestKit
import Foundation
import Testing

/// A sheet the person cannot swipe away, and that may refuse to be left.
@MainActor
final class EditSheet: Screen {
    let subject: String
    var displayName: String { "Edit \(subject)" }
    var allowsInteractiveDismissal: Bool { swipeable }
    var swipeable = true
    var unsaved = false
    init(_ subject: String) { self.subject = subject }
    func shouldLeave(by origin: FlowEvent.Origin) -> GuardVerdict { unsaved ? .refuse(because: "unsaved changes") : .allow }
}

/// A coordinator that saves its pages and its edit sheet by name, and wires a restored sheet's
/// dismissal again.
final class SheetCoordinator: StackCoordinator<Void> {
    private(set) var dismissals: [String] = []
    private(set) var refusals: [FlowError] = []

    override func start() throws { try move(to: Page("List")) }

    override func save(_ screen: any Screen) -> SavedValue? {
        if let edit = screen as? EditSheet { return .string("edit:" + edit.subject) }
        return (screen as? Page).map { .string($0.displayName) }
    }

    override func restoreScreen(from saved: SavedValue) throws -> (any Screen)? {
        let name = try saved.decode(String.self)
        return name.hasPrefix("edit:") ? EditSheet(String(name.dropFirst(5))) : Page(name)
    }

    override func didRestore(sheet: any Screen) -> (@MainActor () throws -> Void)? {
        { [unowned self] in dismissals.append("restored \(sheet.displayName)") }
    }

    override func refused(_ error: FlowError) {
        refusals.append(error)
        super.refused(error)
    }

    func edit(_ subject: String, sheet: EditSheet? = nil) throws {
        let sheet = sheet ?? EditSheet(subject)
        try present(sheet: sheet) { [unowned self] in dismissals.append(sheet.displayName) }
    }
}

/// A coordinator presents one screen as a sheet, with no coordinator of its own (a port from
/// outside needed a coordinator subclass, drawn as a stack of one screen, for every sheet).
@MainActor
@Suite("Coordinator: a single screen as a sheet")
struct CoordinatorSheetTests {
    let host = InMemoryHost()

    @Test func aSheetIsPresentedOverTheStackAndItsDismissalRunsOnDismissOnce() throws {
        let app = SheetCoordinator("app")
        try app.start(on: host)
        let list = try #require(host.visibleScreen)
        let recorder = TranscriptRecorder(observing: host)

        try app.edit("Standup")

        #expect(host.render() == "stack app\n  Page \"List\"\n  presents EditSheet \"Edit Standup\"")
        #expect(app.presentedSheet?.displayName == "Edit Standup")
        #expect(app.topNode == .of(list))

        try app.dismissSheet()

        #expect(host.render() == "stack app\n  Page \"List\"")
        #expect(app.presentedSheet == nil)
        #expect(app.dismissals == ["Edit Standup"])
        #expect(recorder.transcript.lines == ["[app] present Edit Standup over [app]", "[app] dismiss Edit Standup from [app]"])
        // The coordinator goes on from there.
        try app.move(to: Page("Detail"))
        #expect(host.names(in: "app") == ["List", "Detail"])
    }

    @Test func thePersonsSwipeDismissesTheSheetAndRunsOnDismissOnce() throws {
        let app = SheetCoordinator("app")
        try app.start(on: host)
        try app.edit("Standup")

        try host.user.swipeDown()

        #expect(app.presentedSheet == nil)
        #expect(app.dismissals == ["Edit Standup"])
        try app.move(to: Page("Detail"))
        #expect(host.names(in: "app") == ["List", "Detail"])
    }

    @Test func aSheetThatForbidsTheSwipeStaysWhenThePersonSwipes() throws {
        let app = SheetCoordinator("app")
        try app.start(on: host)
        let sheet = EditSheet("Standup")
        sheet.swipeable = false
        try app.edit("Standup", sheet: sheet)

        let error = #expect(throws: FlowError.self) { try host.user.swipeDown() }

        #expect(error?.code == .gestureRefused)
        #expect(app.presentedSheet === sheet)
        #expect(app.dismissals.isEmpty)
    }

    @Test(
        "While the sheet is up it covers the stack: every request on it is refused and changes nothing",
        arguments: ["move", "setStack", "back", "backToStart", "child", "presentedChild", "another sheet"])
    func requestsUnderTheSheetAreRefused(_ request: String) throws {
        let app = SheetCoordinator("app")
        try app.start(on: host)
        try app.move(to: Page("Detail"))
        try app.edit("Standup")
        let before = host.render()

        let error = #expect(throws: FlowError.self) {
            switch request {
            case "move": try app.move(to: Page("Other"))
            case "setStack": try app.setStack([Page("Other")])
            case "back": try app.back()
            case "backToStart": try app.backToStart()
            case "child": try app.start(child: PageCoordinator("child"))
            case "presentedChild": try app.start(child: PageCoordinator("child"), presented: true)
            default: try app.edit("Retro")
            }
        }

        #expect(error?.code == .hostRejected)
        #expect(host.render() == before)
        #expect(app.presentedSheet?.displayName == "Edit Standup")
        #expect(app.child == nil)
        #expect(app.dismissals.isEmpty)
    }

    @Test func aSheetIsRefusedWhileAChildRunsAndForAScreenShownAlready() throws {
        let app = SheetCoordinator("app")
        try app.start(on: host)
        let shown = try #require(host.visibleScreen)
        let shownAlready = #expect(throws: FlowError.self) { try app.present(sheet: shown) }
        try app.start(child: PageCoordinator("child"))
        let before = host.render()

        let whileChild = #expect(throws: FlowError.self) { try app.edit("Standup") }

        #expect(shownAlready?.code == .hostRejected)
        #expect(whileChild?.code == .hostRejected)
        #expect(host.render() == before)
    }

    @Test func dismissingWithNoSheetOrAfterTheEndIsRefused() throws {
        let app = SheetCoordinator("app")
        try app.start(on: host)
        let before = host.render()

        let none = #expect(throws: FlowError.self) { try app.dismissSheet() }
        #expect(none?.code == .nothingToGoBackTo)
        #expect(host.render() == before)

        try app.cancel()
        let ended = #expect(throws: FlowError.self) { try app.dismissSheet() }
        let presentAfter = #expect(throws: FlowError.self) { try app.edit("Standup") }
        #expect(ended?.code == .flowFinished)
        #expect(presentAfter?.code == .flowFinished)
    }

    @Test func aSheetsGuardRefusesItsDismissalAndNothingChanges() throws {
        let app = SheetCoordinator("app")
        try app.start(on: host)
        let sheet = EditSheet("Standup")
        try app.edit("Standup", sheet: sheet)
        sheet.unsaved = true
        let before = host.render()

        let error = #expect(throws: FlowError.self) { try app.dismissSheet() }

        #expect(error?.code == .guardRefused)
        #expect(host.render() == before)
        #expect(app.presentedSheet === sheet)
        #expect(app.dismissals.isEmpty)
    }

    @Test func anOnDismissThatThrowsIsReportedAsARefusal() throws {
        let app = SheetCoordinator("app")
        try app.start(on: host)
        let recorder = TranscriptRecorder(observing: host)
        try app.present(sheet: EditSheet("Standup")) { try app.back() }

        try app.dismissSheet()

        #expect(app.presentedSheet == nil)
        #expect(app.refusals.map(\.code) == [.nothingToGoBackTo])
        #expect(recorder.transcript.lines.last?.hasPrefix("[app] refuse request: nothingToGoBackTo") == true, "\(recorder.transcript)")
    }

    @Test func onDismissMayNavigateOnceTheSheetIsGone() throws {
        let app = SheetCoordinator("app")
        try app.start(on: host)
        try app.present(sheet: EditSheet("Standup")) { try app.move(to: Page("Saved")) }

        try app.dismissSheet()

        #expect(host.names(in: "app") == ["List", "Saved"])
        #expect(app.refusals.isEmpty)
    }

    @Test func anArrivalDismissesTheSheetInOneChangeForTheLinkAndRunsOnDismiss() throws {
        let app = SheetCoordinator("app")
        try app.start(on: host)
        try app.edit("Standup")
        let recorder = TranscriptRecorder(observing: host)

        try app.arrive(at: [Page("List"), Page("Retro")])

        #expect(host.render() == "stack app\n  Page \"List\"\n  Page \"Retro\"")
        #expect(app.presentedSheet == nil)
        #expect(app.dismissals == ["Edit Standup"])
        // One request for the link: the dismissal and the replacement, both the link's.
        #expect(recorder.transcript.lines == ["(link) [app] dismiss Edit Standup from [app]", "(link) [app] set [app] to List, Retro"])
        try app.back()
        #expect(host.names(in: "app") == ["List"])
    }

    @Test func aSheetLeavesWithTheCoordinatorWithoutItsOnDismissAndNothingLeaks() throws {
        let leaks = LeakTracker()
        do {
            let app = leaks.track(SheetCoordinator("app"))
            try app.start(on: host)
            try app.present(sheet: leaks.track(EditSheet("Standup"))) { Issue.record("onDismiss ran when the coordinator ended") }
            try app.finish(with: ())
        }
        #expect(host.render() == "(empty)")
        #expect(leaks.expectNoLeaks())
    }

    @Test func aChildCoordinatorsSheetOnItsParentsStackLeavesWithTheChild() throws {
        let app = PageCoordinator("app", first: "Home")
        try app.start(on: host)
        let child = SheetCoordinator("child")
        try app.start(child: child)
        try child.edit("Standup")

        try child.cancel()

        #expect(host.render() == "stack app\n  Page \"Home\"")
        #expect(child.dismissals.isEmpty)
        try app.move(to: Page("Next"))
    }

    @Test func aSheetPresentedInStartIsShownWithTheFirstScreen() throws {
        final class Onboarding: StackCoordinator<Void> {
            override func start() throws {
                try move(to: Page("Home"))
                try present(sheet: Page("Welcome"))
            }
        }
        let app = Onboarding("app")
        try app.start(on: host)
        #expect(host.render() == "stack app\n  Page \"Home\"\n  presents Page \"Welcome\"")
        try app.dismissSheet()
        #expect(host.render() == "stack app\n  Page \"Home\"")
    }

    // MARK: Saving and restoring

    private func saveAndEnd(_ host: InMemoryHost) throws -> NavigationSnapshot {
        let data = try JSONEncoder().encode(host.flows.snapshot(of: host))
        host.flows.endAll()
        return try NavigationSnapshot(document: try JSONDecoder().decode(SavedValue.self, from: data))
    }

    @Test func aSheetIsSavedAndComesBackOverTheScreensWithItsDismissalWiredAgain() throws {
        let app = SheetCoordinator("app")
        try app.start(on: host)
        try app.move(to: Page("Detail"))
        try app.edit("Standup")
        let snapshot = try saveAndEnd(host)

        let restored = InMemoryHost()
        let report = snapshot.restore(on: restored) { _ in SheetCoordinator("app") }

        #expect(report.isComplete, "\(report)")
        #expect(report.description == #"[app] restored: Page("List"), Page("Detail"), sheet EditSheet("edit:Standup")"#)
        #expect(restored.render() == "stack app\n  Page \"List\"\n  Page \"Detail\"\n  presents EditSheet \"Edit Standup\"")
        let again = try #require(restored.flows.flow(named: "app") as? SheetCoordinator)
        try restored.user.swipeDown()
        #expect(again.dismissals == ["restored Edit Standup"])
        try again.back()
        #expect(restored.names(in: "app") == ["List"])
    }

    @Test func aSheetTheCoordinatorDoesNotSaveIsReportedCut() throws {
        let app = PageCoordinator("app", first: "Home")
        try app.start(on: host)
        try app.present(sheet: Page("Unsaved"))
        let snapshot = try saveAndEnd(host)

        let restored = InMemoryHost()
        let report = snapshot.restore(on: restored) { _ in PageCoordinator("app", first: "Home") }

        #expect(restored.render() == "stack app\n  Page \"Home\"")
        let cut = try #require(report.entries(.repaired).first { $0.subject == "sheet Page" })
        #expect(cut.reason?.contains("does not save Page") == true, "\(report)")
    }
}
