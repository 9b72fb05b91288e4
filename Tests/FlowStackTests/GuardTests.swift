import FlowKernel
import FlowRuntime
import FlowStack
import FlowStage
import FlowTestKit
import Testing

/// A screen with unsaved changes, which refuses to leave until they are saved.
@MainActor
final class EditorScreen: StackScreen {
    weak var navigator: (any NavigatorHandle)?
    var unsaved = true
    init() {}
    func shouldLeave(by origin: FlowEvent.Origin) -> GuardVerdict {
        unsaved ? .refuse(because: "unsaved changes") : .allow
    }
}

/// A screen shown only to people who signed in.
@MainActor
final class MembersScreen: StackScreen {
    weak var navigator: (any NavigatorHandle)?
    let account: Account
    init(_ account: Account) { self.account = account }
    func shouldEnter(by origin: FlowEvent.Origin) -> GuardVerdict {
        account.signedIn ? .allow : .refuse(because: "sign in first")
    }
}

@MainActor
final class Account {
    var signedIn = false
}

/// Screens' guards hold for every way the navigator's screens go or come: its own requests, the
/// user's gestures, a link's arrival, its end; a refusal changes nothing anywhere.
@MainActor
@Suite("Stack navigator: screens' guards")
struct StackGuardTests {
    let host = InMemoryHost()
    let account = Account()
    let registry: ScreenRegistry

    init() {
        registry = ScreenRegistry { [account] registry in
            registry.register(First.self) { First() }
            registry.register(EditorScreen.self) { EditorScreen() }
            registry.register(MembersScreen.self) { MembersScreen(account) }
            registry.register(Third.self) { Third() }
        }
    }

    private func onEditor() throws -> (StackNavigator<Void>, EditorScreen, TranscriptRecorder) {
        let navigator = StackNavigator<Void>("stack", registry: registry, root: First.self)
        try navigator.start(on: host)
        try navigator.goNext(to: EditorScreen.self)
        let editor = try #require(navigator.currentScreen as? EditorScreen)
        return (navigator, editor, TranscriptRecorder(observing: host))
    }

    @Test func backFromAScreenWithUnsavedChangesIsRefusedUntilTheyAreSaved() throws {
        let (navigator, editor, recorder) = try onEditor()
        let error = #expect(throws: FlowError.self) { try navigator.getBack() }
        #expect(error?.code == .guardRefused)
        #expect(navigator.stackState == "First -> EditorScreen")
        #expect(navigator.currentScreen === editor)
        expectTranscript(recorder.transcript, equals: ["[stack] refuse leaving EditorScreen: unsaved changes"])

        editor.unsaved = false
        try navigator.getBack()
        #expect(navigator.stackState == "First")
    }

    @Test func theUsersBackIsRefusedAndTheNavigatorStaysWhereItIs() throws {
        let (navigator, editor, recorder) = try onEditor()
        #expect(throws: FlowError.self) { try host.user.back() }
        #expect(navigator.currentScreen === editor)
        expectTranscript(recorder.transcript, equals: ["(user) refuse back to First in [stack]: leaving EditorScreen: unsaved changes"])
        try navigator.goNext(to: Third.self)
        #expect(navigator.stackState == "First -> EditorScreen -> Third")
    }

    @Test func aModalWithUnsavedChangesRefusesItsDismissalAndItsCallbackWaits() throws {
        let navigator = StackNavigator<Void>("stack", registry: registry, root: First.self)
        try navigator.start(on: host)
        var dismissed = 0
        try navigator.goNextAsModal(to: EditorScreen.self, whenDismissed: { dismissed += 1 })
        let editor = try #require(navigator.currentScreen as? EditorScreen)

        #expect(throws: FlowError.self) { try navigator.getBack(.modal) }
        #expect(throws: FlowError.self) { try host.user.swipeDown() }
        #expect(dismissed == 0)
        #expect(navigator.stackState == "First -> (modal) EditorScreen")

        editor.unsaved = false
        try host.user.swipeDown()
        #expect(dismissed == 1)
        #expect(navigator.stackState == "First")
    }

    @Test func aScreenWhoseEnterGuardRefusesIsNotShownAndTheStackStays() throws {
        let navigator = StackNavigator<Void>("stack", registry: registry, root: First.self)
        try navigator.start(on: host)
        let recorder = TranscriptRecorder(observing: host)
        let error = #expect(throws: FlowError.self) { try navigator.goNext(to: MembersScreen.self) }
        #expect(error?.code == .guardRefused)
        #expect(navigator.stackState == "First")
        #expect(recorder.transcript.lines == ["[stack] refuse showing MembersScreen: sign in first"])

        account.signedIn = true
        try navigator.goNext(to: MembersScreen.self)
        #expect(navigator.stackState == "First -> MembersScreen")
    }

    @Test func aLinkCannotArriveOverUnsavedChanges() throws {
        let (navigator, editor, recorder) = try onEditor()
        let error = #expect(throws: FlowError.self) { try navigator.arrive(at: [.screen(First.self), .screen(Third.self)]) }
        #expect(error?.code == .guardRefused)
        #expect(navigator.currentScreen === editor)
        #expect(recorder.transcript.lines == ["(link) [stack] refuse leaving EditorScreen: unsaved changes"])
    }

    @Test func aRefusedArrivalRunsNoneOfItsConfigureHooks() throws {
        let (navigator, editor, _) = try onEditor()
        var configured: [String] = []
        let path: [ForwardRequest] = [
            .screen(First.self, configure: { _ in configured.append("First") }), .screen(Third.self, configure: { _ in configured.append("Third") }),
        ]
        #expect(throws: FlowError.self) { try navigator.arrive(at: path) }
        #expect(configured.isEmpty)
        #expect(navigator.currentScreen === editor)

        editor.unsaved = false
        try navigator.arrive(at: path)
        #expect(configured == ["First", "Third"])
        #expect(navigator.stackState == "First -> Third")
    }

    @Test func endingIsRefusedWhileAScreenRefusesToLeaveAndTheNavigatorRunsOn() throws {
        let (navigator, editor, _) = try onEditor()
        var finished = 0
        navigator.onFinish { _ in finished += 1 }
        #expect(throws: FlowError.self) { try navigator.finish(with: ()) }
        #expect(finished == 0)
        #expect(navigator.phase == .running)
        #expect(navigator.stackState == "First -> EditorScreen")

        editor.unsaved = false
        try navigator.finish(with: ())
        #expect(finished == 1)
        #expect(host.hierarchy.root == nil)
    }
}
