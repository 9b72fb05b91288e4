import FlowCoordinator
import FlowKernel
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

/// Screens' guards in coordinators: back, the parent's end with a child running, the user's
/// back and a child started on a screen that refuses to be shown are refused whole.
@MainActor
@Suite("Coordinator: screens' guards")
struct CoordinatorGuardTests {
    let host = InMemoryHost()
    let coordinator = PageCoordinator("notes")
    let editor = GuardProbe("Editor", leaving: .refuse(because: "unsaved changes"))

    init() throws {
        try coordinator.start(on: host)
        try coordinator.move(to: editor)
    }

    @Test func backFromAScreenThatRefusesToLeaveKeepsTheCoordinatorOnIt() throws {
        let recorder = TranscriptRecorder(observing: host)
        let error = #expect(throws: FlowError.self) { try coordinator.back() }
        #expect(error?.code == .guardRefused)
        #expect(coordinator.topNode == .of(editor))
        expectTranscript(recorder.transcript, equals: ["[notes] refuse leaving Editor: unsaved changes"])
        editor.leaving = .allow
        try coordinator.back()
        #expect(host.names(in: "notes") == ["notes start"])
    }

    @Test func theUsersBackIsRefusedAndTheCoordinatorsTopStays() throws {
        #expect(throws: FlowError.self) { try host.user.back() }
        #expect(coordinator.topNode == .of(editor))
        try coordinator.move(to: Page("Preview"))
        #expect(host.names(in: "notes") == ["notes start", "Editor", "Preview"])
    }

    @Test func endingWithAChildAsksEachScreenOnceThoughTheChildEndsInsideTheParentsEnd() throws {
        editor.leaving = .allow
        let child = PageCoordinator("draft")
        try coordinator.start(child: child) { _ in }
        let draft = GuardProbe("Draft")
        try child.move(to: draft)
        editor.asked = []
        draft.asked = []
        try coordinator.cancel()
        #expect(editor.asked == ["leave notes"])
        #expect(draft.asked == ["leave notes"])
        #expect([coordinator.phase, child.phase] == [.finished, .finished])
    }

    @Test func endingWithAChildWhoseScreenRefusesToLeaveCancelsNothing() throws {
        editor.leaving = .allow
        let child = PageCoordinator("draft")
        var childEnded = 0
        try coordinator.start(child: child) { _ in childEnded += 1 }
        let draft = GuardProbe("Draft", leaving: .refuse(because: "not sent"))
        try child.move(to: draft)

        let error = #expect(throws: FlowError.self) { try coordinator.cancel() }
        #expect(error?.code == .guardRefused)
        #expect(child.phase == .running)
        #expect(coordinator.phase == .running)
        #expect(childEnded == 0)
        #expect(host.names(in: "notes") == ["notes start", "Editor", "draft start", "Draft"])

        draft.leaving = .allow
        try coordinator.cancel()
        #expect(childEnded == 1)
        #expect(host.hierarchy.root == nil)
    }

    @Test func aChildWhoseFirstScreenRefusesToBeShownDoesNotStart() throws {
        final class Locked: StackCoordinator<Void> {
            override func start() throws {
                try move(to: GuardProbe("Members", entering: .refuse(because: "sign in first")))
            }
        }
        let child = Locked("members")
        let before = host.hierarchy
        let error = #expect(throws: FlowError.self) { try coordinator.start(child: child) }
        #expect(error?.code == .guardRefused)
        #expect(host.hierarchy == before)
        try coordinator.move(to: Page("Next"))
    }
}
