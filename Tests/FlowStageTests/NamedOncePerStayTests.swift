import FlowKernel
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

/// A screen whose name changes while it is shown: a title that follows what it shows.
@MainActor
final class Retitled: Screen {
    var displayName: String
    init(_ name: String) { displayName = name }
}

/// A transcript names a screen once per stay, as it was when it was shown; an operation's own
/// reference, made after the screen's name changed, never renames it (a port from outside found
/// `present C over B`, then `dismiss C from B renamed`, then `pop B`).
@MainActor
@Suite("In-memory host: a screen named once per stay")
struct NamedOncePerStayTests {
    let host = InMemoryHost()

    @Test func aScreenRenamedWhileShownIsNamedInEveryEventAsWhenItWasShown() throws {
        let a = Retitled("A")
        let b = Retitled("B")
        let c = Retitled("C")
        try host.setRoot(.stack("main", [.screen(a)]), for: nil)
        try host.push(b, onto: "main", for: nil)
        let recorder = TranscriptRecorder(observing: host)

        try host.present(.screen(c), over: .of(b), for: nil)
        b.displayName = "B renamed"
        try host.dismiss(presentedBy: .of(b), for: nil)
        try host.pop("main", for: nil)

        #expect(
            recorder.transcript == [
                "present C over B",
                "dismiss C from B",
                "pop B from [main]",
            ])
    }

    @Test func aScreenThatContainsAnotherIsNamedAsWhenItWasShown() throws {
        let frame = Retitled("Frame")
        let inner = Retitled("Inner")
        try host.setRoot(.screen(frame), for: nil)
        let recorder = TranscriptRecorder(observing: host)

        frame.displayName = "Frame renamed"
        try host.apply(.addChild(.screen(inner), to: .of(frame)), origin: .system)
        inner.displayName = "Inner renamed"
        try host.apply(.removeChild(.of(inner)), origin: .system)

        #expect(recorder.transcript.lines.allSatisfy { !$0.contains("renamed") }, "\(recorder.transcript)")
    }
}
