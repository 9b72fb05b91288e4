import FlowKernel
import FlowRuntime
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

    @Test func aLeaveGuardRefusesAPopWithOneEventAndChangesNothing() throws {
        let before = host.hierarchy
        let error = #expect(throws: FlowError.self) { try host.pop("main", for: "notes") }
        #expect(error?.code == .guardRefused)
        #expect(error?.message.contains("leaving Editor: unsaved changes") == true)
        #expect(host.hierarchy == before)
        expectTranscript(recorder.transcript, equals: ["[notes] refuse leaving Editor: unsaved changes"])
        #expect(editor.asked == ["leave notes"])
    }

    @Test func aChangeOfSeveralOperationsAsksEachGuardOnce() throws {
        let sheet = GuardProbe("Sheet")
        let next = GuardProbe("Next")
        editor.leaving = .allow
        try host.present(.screen(sheet), over: .container("main"))
        sheet.asked = []
        editor.asked = []

        try host.carryOut(
            HostChange([.dismiss(presentedBy: .container("main")), .pop("main"), .push(.screen(next), onto: "main")], origin: .flow("notes")))

        #expect(sheet.asked == ["leave notes"])
        #expect(editor.asked == ["leave notes"])
        #expect(next.asked == ["enter notes"])
        #expect(host.entries(of: "main") == [.of(home), .of(next)])
    }

    @Test func aChangeOfSeveralOperationsRefusedByItsLastGuardAsksEachOnceAndChangesNothing() throws {
        let sheet = GuardProbe("Sheet")
        let next = GuardProbe("Next", entering: .refuse(because: "not yet"))
        editor.leaving = .allow
        try host.present(.screen(sheet), over: .container("main"))
        sheet.asked = []
        editor.asked = []
        let before = host.hierarchy

        let error = #expect(throws: FlowError.self) {
            try host.carryOut(
                HostChange([.dismiss(presentedBy: .container("main")), .pop("main"), .push(.screen(next), onto: "main")], origin: .flow("notes")))
        }

        #expect(error?.code == .guardRefused)
        #expect(host.hierarchy == before)
        #expect(sheet.asked == ["leave notes"])
        #expect(editor.asked == ["leave notes"])
        #expect(next.asked == ["enter notes"])
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

    @Test func aGuardThatNavigatesWhileAChangeOfSeveralOperationsIsAskedIsRefusedAsReentrant() throws {
        let sneaky = NavigatingGuard(host)
        let next = LawProbe("Next")
        try host.push(sneaky, onto: "main")
        recorder.reset()
        try host.carryOut(HostChange([.pop("main"), .push(.screen(next), onto: "main")], origin: .system))
        #expect(sneaky.error?.code == .reentrantNavigation)
        #expect(host.entries(of: "main") == [.of(home), .of(editor), .of(next)])
        expectTranscript(recorder.transcript, equals: ["pop NavigatingGuard from [main]", "push Next onto [main]"])
    }

    @Test func aPersonsBackAsksEachGuardOnceAllowedOrRefused() throws {
        let error = #expect(throws: FlowError.self) { try host.user.back() }
        #expect(error?.code == .gestureRefused)
        #expect(editor.asked == ["leave user"])
        editor.leaving = .allow
        editor.asked = []
        try host.user.back()
        #expect(editor.asked == ["leave user"])
        #expect(host.entries(of: "main") == [.of(home)])
    }

    @Test func aGuardThatNavigatesWhileAGestureIsAskedIsRefusedAsReentrant() throws {
        let sneaky = NavigatingGuard(host)
        try host.push(sneaky, onto: "main")
        recorder.reset()
        try host.user.back()
        #expect(sneaky.error?.code == .reentrantNavigation)
        #expect(host.entries(of: "main") == [.of(home), .of(editor)])
        expectTranscript(recorder.transcript, equals: ["(user) pop NavigatingGuard from [main]"])
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

    @Test func whatALeavingScreenContainsAndPresentsIsAskedByTheQueryBasedAnswerAsByTheHost() throws {
        let host = InMemoryHost()
        let page = LawProbe("Page")
        let pane = GuardProbe("Pane", leaving: .refuse(because: "busy"))
        let sheet = GuardProbe("Sheet", leaving: .refuse(because: "not sent"))
        try host.setRoot(.stack("main", [.screen(home), .screen(page)]))
        try host.apply(.addChild(.screen(pane), to: .of(page)), for: nil)
        try host.apply(.present(.screen(sheet), over: .of(pane)), for: nil)
        #expect(host.guardRefusal(of: .pop("main"), origin: .system) == GuardRefusal(screen: pane.ref, direction: .leaving, reason: "busy"))
        pane.leaving = .allow
        let presented = GuardRefusal(screen: sheet.ref, direction: .leaving, reason: "not sent")
        #expect(host.guardRefusal(of: .pop("main"), origin: .system) == presented)
        #expect(host.guardRefusal(removing: [.of(page)], origin: .system) == presented)
        let before = host.hierarchy
        let error = #expect(throws: FlowError.self) { try host.pop("main") }
        #expect(error?.message.contains("leaving Sheet: not sent") == true)
        #expect(host.hierarchy == before)
        sheet.leaving = .allow
        #expect(host.guardRefusal(of: .pop("main"), origin: .system) == nil)
    }

    @Test func theKernelsQueryBasedAnswerAgreesWithTheHostForEveryKindOfChange() throws {
        let pane = GuardProbe("Pane", leaving: .refuse(because: "busy"))
        let draft = GuardProbe("Draft", leaving: .refuse(because: "not sent"))
        let locked = GuardProbe("Locked", entering: .refuse(because: "sign in first"))
        try host.apply(.addChild(.screen(pane), to: .of(home)), for: nil)
        try host.present(
            .tabs(
                "tabs",
                [
                    Presentable.Tab(TabItem(title: "One"), .screen(draft)),
                    Presentable.Tab(TabItem(title: "Two"), .screen(LawProbe("Two"))),
                ], selected: 0), over: .container("main"))
        let leavingEditor = GuardRefusal(screen: editor.ref, direction: .leaving, reason: "unsaved changes")
        let leavingPane = GuardRefusal(screen: pane.ref, direction: .leaving, reason: "busy")
        let leavingDraft = GuardRefusal(screen: draft.ref, direction: .leaving, reason: "not sent")
        let cases: [(HostOperation, GuardRefusal?)] = [
            (.pop("main"), leavingEditor),
            (.popTo(.of(home), in: "main"), leavingEditor),
            (.popToRoot("main"), leavingEditor),
            (.setStack("main", [.screen(home)]), leavingEditor),
            (.setStack("main", [.screen(home), .screen(editor)]), nil),
            (.setRoot(nil), leavingPane),
            // The new root shows Home and Editor again, but not what Home contained.
            (.setRoot(.stack("main", [.screen(home), .screen(editor)])), leavingPane),
            (.dismiss(presentedBy: .container("main")), leavingDraft),
            (.removeTab(at: 0, in: "tabs"), leavingDraft),
            (.removeTab(at: 1, in: "tabs"), nil),
            (.removeChild(.of(pane)), leavingPane),
            (.selectTab(1, in: "tabs"), nil),
            (.push(.screen(locked), onto: "main"), GuardRefusal(screen: locked.ref, direction: .entering, reason: "sign in first")),
        ]
        let before = host.hierarchy
        for (operation, expected) in cases {
            #expect(host.guardRefusal(of: operation, origin: .system) == expected, "\(operation)")
            // The host refuses what the kernel's answer refuses; what it allows is not made here,
            // so that every case starts from the same hierarchy.
            guard expected != nil else { continue }
            let error = #expect(throws: FlowError.self, "\(operation)") { try host.apply(operation, origin: .system) }
            #expect(error?.code == .guardRefused)
            #expect(host.hierarchy == before)
        }
    }
}
