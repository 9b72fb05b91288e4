import FlowKernel
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

@MainActor
final class Locked: Screen {
    let displayName: String
    let back: Bool, dismissal: Bool
    init(_ name: String, back: Bool = true, dismissal: Bool = true) {
        displayName = name
        self.back = back
        self.dismissal = dismissal
    }
    var allowsInteractiveBack: Bool { back }
    var allowsInteractiveDismissal: Bool { dismissal }
}

@MainActor
@Suite("User gestures")
struct UserGestureTests {
    let host = InMemoryHost()
    let recorder: TranscriptRecorder
    let home = LawProbe("Home"), list = LawProbe("List"), detail = LawProbe("Detail"), settings = LawProbe("Settings")

    init() throws {
        try host.setRoot(
            .tabs(
                "app",
                [
                    Presentable.Tab(TabItem(title: "Home"), .stack("home", [.screen(home), .screen(list), .screen(detail)])),
                    Presentable.Tab(TabItem(title: "Settings"), .stack("settings", [.screen(settings)])),
                ], selected: 0))
        recorder = TranscriptRecorder(observing: host)
    }

    @Test func backPopsOneEntryOfTheStackThePersonSeesAsTheUsers() throws {
        try host.user.back()
        #expect(host.hierarchy.screens(in: "home") == [home.ref, list.ref])
        expectTranscript(recorder.transcript, equals: ["(user) pop Detail from [home]"])
        #expect(recorder.events.map(\.origin) == [.user])
    }

    @Test func backToAnEntryPopsSeveralAtOnceInOneEvent() throws {
        try host.user.back(to: .of(home))
        #expect(host.hierarchy.screens(in: "home") == [home.ref])
        expectTranscript(recorder.transcript, equals: ["(user) pop Detail, List from [home]"])
    }

    @Test func backAtTheRootOfEveryStackThrowsAndChangesNothing() throws {
        try host.user.selectTab(1)
        recorder.reset()
        let before = host.hierarchy
        #expect(throws: FlowError.self) { try host.user.back() }
        #expect(host.hierarchy == before)
        #expect(recorder.events.isEmpty)
    }

    @Test func backToTheTopOrToANodeOutsideAStackThrowsAndChangesNothing() throws {
        let before = host.hierarchy
        let atTop = #expect(throws: FlowError.self) { try host.user.back(to: .of(detail)) }
        #expect(atTop?.code == .nothingToGoBackTo)
        let notAnEntry = #expect(throws: FlowError.self) { try host.user.back(to: .container("home")) }
        #expect(notAnEntry?.code == .notFound)
        #expect(host.hierarchy == before)
        #expect(recorder.events.isEmpty)
    }

    @Test func swipeDownDismissesTheTopMostPresentation() throws {
        try host.present(.stack("sheet", [.screen(LawProbe("Sheet"))]), over: .container("app"))
        try host.present(.screen(LawProbe("Alert")), over: .container("sheet"))
        recorder.reset()
        try host.user.swipeDown()
        #expect(host.topmost == .container("sheet"))
        expectTranscript(recorder.transcript, equals: ["(user) dismiss Alert from [sheet]"])
    }

    @Test func swipeDownWithNothingPresentedThrowsNothingToGoBackTo() throws {
        let error = #expect(throws: FlowError.self) { try host.user.swipeDown() }
        #expect(error?.code == .nothingToGoBackTo)
        #expect(recorder.events.isEmpty)
    }

    @Test func selectTabPicksTheTabGroupAroundTheVisibleScreen() throws {
        try host.user.selectTab(1)
        #expect(host.selectedTab(of: "app") == 1)
        expectTranscript(recorder.transcript, equals: ["(user) select tab 1 of [app]"])
        let error = #expect(throws: FlowError.self) { try host.user.selectTab(5) }
        #expect(error?.code == .indexOutOfRange)
        #expect(host.selectedTab(of: "app") == 1)
    }

    @Test func aScreenThatDisallowsBackRefusesTheGestureReportsItAndChangesNothing() throws {
        let form = Locked("Form", back: false)
        try host.push(form, onto: "home")
        recorder.reset()
        let before = host.hierarchy
        let error = #expect(throws: FlowError.self) { try host.user.back() }
        #expect(error?.code == .gestureRefused)
        let menu = #expect(throws: FlowError.self) { try host.user.back(to: .of(home)) }
        #expect(menu?.code == .gestureRefused)
        #expect(host.hierarchy == before)
        expectTranscript(
            recorder.transcript,
            equals: [
                "(user) refuse back to Detail in [home]: Form does not allow going back",
                "(user) refuse back to Home in [home]: Form does not allow going back",
            ])
    }

    @Test func aScreenThatDisallowsDismissalRefusesTheSwipeEvenInsideAStack() throws {
        try host.present(.stack("sheet", [.screen(LawProbe("Sheet")), .screen(Locked("Payment", dismissal: false))]), over: .container("app"))
        recorder.reset()
        let before = host.hierarchy
        let error = #expect(throws: FlowError.self) { try host.user.swipeDown() }
        #expect(error?.code == .gestureRefused)
        #expect(host.hierarchy == before)
        expectTranscript(recorder.transcript, equals: ["(user) refuse swipe down [sheet]: Payment does not allow being swiped down"])
        // Going back inside the sheet is still the person's to do.
        try host.user.back()
        try host.user.swipeDown()
        #expect(host.topmost == .container("app"))
    }

    @Test("A back that would end a flow whose screen refuses to leave is the gesture's refusal, and changes nothing")
    func aBackThatWouldEndARefusingFlowIsRefusedAsTheGesture() throws {
        let host = InMemoryHost()
        let parent = TreeProbeFlow("parent")
        try parent.start(on: host, placement: .root, parent: nil)
        try parent.push("P1")
        // The child stands on P1, the screen the person saw, and is presented over the stack: the
        // back takes P1 away, so the child would end, and its editor refuses to leave.
        let child = TreeProbeFlow("child")
        try child.start(on: host, placement: .presented, parent: parent.id)
        let editor = GuardedProbe("Editor")
        try host.push(editor, onto: "child", for: child.id)
        let recorder = TranscriptRecorder(observing: host)
        let before = host.hierarchy
        let root = try #require(host.child(at: 0, of: .container("parent")))

        let error = #expect(throws: FlowError.self) { try host.user.back(to: root) }

        #expect(error?.code == .gestureRefused)
        expectTranscript(recorder.transcript, equals: ["(user) refuse back to parent 0 in [parent]: leaving Editor: unsaved changes"])
        #expect(host.hierarchy == before)
        #expect([parent.phase, child.phase] == [.running, .running])
        editor.holds = false
        try host.user.back(to: root)
        #expect(child.phase == .finished)
        #expect(host.render() == "stack parent\n  LawProbe \"parent 0\"")
    }
}
