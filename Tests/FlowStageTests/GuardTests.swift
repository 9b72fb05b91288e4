import FlowKernel
import FlowStage
import FlowTestKit
import Testing

/// A screen whose leave guard tries to navigate, as a guard must not.
@MainActor
private final class NavigatingGuard: Screen {
    let host: InMemoryHost
    var error: FlowError?
    init(_ host: InMemoryHost) { self.host = host }
    func shouldLeave(by origin: FlowEvent.Origin) -> GuardVerdict {
        do { try host.push(LawProbe("Sneaked"), onto: "main") } catch { self.error = error as? FlowError }
        return .allow
    }
}

@MainActor
@Suite("In-memory host: screens' guards")
struct GuardTests {
    let host = InMemoryHost()
    let recorder: TranscriptRecorder
    let home = LawProbe("Home")
    let editor = GuardProbe("Editor", leaving: .refuse(because: "unsaved changes"))

    init() throws {
        try host.setRoot(.stack("main", [.screen(home), .screen(editor)]))
        recorder = TranscriptRecorder(observing: host)
        editor.asked = []
    }

    @Test func theHostObeysTheGuardLawWithTheOtherLaws() {
        let broken = HostLaws.violations { InMemoryHost() }
        #expect(broken.isEmpty, "laws broken: \(broken)")
    }

    @Test func aLeaveGuardRefusesAPopWithOneEventAndChangesNothing() throws {
        let before = host.hierarchy
        let error = #expect(throws: FlowError.self) { try host.pop("main", for: "notes") }
        #expect(error?.code == .guardRefused)
        #expect(error?.message.contains("leaving Editor: unsaved changes") == true)
        #expect(host.hierarchy == before)
        expectTranscript(recorder.transcript, equals: ["[notes] refuse leaving Editor: unsaved changes"])
        #expect(editor.asked == ["leave notes"])
    }

    @Test func onceTheGuardAllowsTheSameChangeIsMade() throws {
        #expect(throws: FlowError.self) { try host.pop("main") }
        editor.leaving = .allow
        try host.pop("main")
        #expect(host.entries(of: "main") == [.of(home)])
    }

    @Test func coveringOrHidingAScreenAsksNoGuard() throws {
        try host.push(LawProbe("Picker"), onto: "main")
        try host.present(.screen(LawProbe("Sheet")), over: .container("main"))
        try host.dismiss(presentedBy: .container("main"))
        try host.pop("main")
        #expect(editor.asked.isEmpty)
    }

    @Test func aScreenShownAgainByTheSameChangeDoesNotLeave() throws {
        try host.apply(.setStack("main", [.screen(editor)]), for: nil)
        try host.setRoot(.stack("other", [.screen(editor)]))
        #expect(host.entries(of: "other") == [.of(editor)])
        #expect(editor.asked.isEmpty)
    }

    @Test func anEnterGuardRefusesShowingAScreenAndChangesNothing() throws {
        let checkout = GuardProbe("Checkout", entering: .refuse(because: "sign in first"))
        let before = host.hierarchy
        let error = #expect(throws: FlowError.self) { try host.present(.stack("sheet", [.screen(checkout)]), over: .container("main")) }
        #expect(error?.code == .guardRefused)
        #expect(host.hierarchy == before)
        expectTranscript(recorder.transcript, equals: ["refuse showing Checkout: sign in first"])
    }

    @Test func aGestureAGuardRefusesIsReportedAsTheGesturesRefusal() throws {
        let before = host.hierarchy
        let error = #expect(throws: FlowError.self) { try host.user.back() }
        #expect(error?.code == .gestureRefused)
        #expect(host.hierarchy == before)
        expectTranscript(recorder.transcript, equals: ["(user) refuse back to Home in [main]: leaving Editor: unsaved changes"])
    }

    @Test func aSwipeDownOfASheetHoldingAGuardedScreenIsRefused() throws {
        let draft = GuardProbe("Draft", leaving: .refuse(because: "not sent"))
        try host.present(.stack("sheet", [.screen(draft), .screen(LawProbe("Attachments"))]), over: .container("main"))
        recorder.reset()
        let error = #expect(throws: FlowError.self) { try host.user.swipeDown() }
        #expect(error?.code == .gestureRefused)
        #expect(host.entries(of: "sheet")?.count == 2)
        expectTranscript(recorder.transcript, equals: ["(user) refuse swipe down [sheet]: leaving Draft: not sent"])
    }

    @Test func aGuardThatNavigatesIsRefusedAsReentrantAndTheChangeGoesOn() throws {
        let sneaky = NavigatingGuard(host)
        try host.push(sneaky, onto: "main")
        recorder.reset()
        try host.pop("main")
        #expect(sneaky.error?.code == .reentrantNavigation)
        #expect(host.entries(of: "main") == [.of(home), .of(editor)])
        expectTranscript(recorder.transcript, equals: ["pop NavigatingGuard from [main]"])
    }

    @Test func askingBeforeSeveralChangesNamesTheFirstRefusalWithoutChangingAnything() throws {
        let sheet = LawProbe("Sheet")
        try host.present(.screen(sheet), over: .container("main"))
        recorder.reset()
        let before = host.hierarchy
        let operations: [HostOperation] = [.dismiss(presentedBy: .container("main")), .popToRoot("main")]
        #expect(host.guardRefusal(of: operations, origin: .system) == GuardRefusal(screen: editor.ref, direction: .leaving, reason: "unsaved changes"))
        let error = #expect(throws: FlowError.self) { try host.checkGuards(of: operations, origin: .system) }
        #expect(error?.code == .guardRefused)
        #expect(host.hierarchy == before)
        expectTranscript(recorder.transcript, equals: ["refuse leaving Editor: unsaved changes"])
        #expect(host.guardRefusal(removing: [.of(sheet)], showing: [LawProbe("New")], origin: .system) == nil)
    }
}
