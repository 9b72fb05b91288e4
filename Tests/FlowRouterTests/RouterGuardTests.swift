import FlowKernel
import FlowRouter
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

/// Requires a number and produces a `T3` or an order; refuses to leave while it has unsaved changes.
@MainActor
final class Editor: InputOutput, Instantiable {
    typealias Input = Int
    typealias Output = OneOf2<T3, Order>
    let route = RouteSlot()
    var unsaved = true
    /// How many times the leave guard was asked.
    private(set) var leaveAsked = 0
    init() {}
    func shouldLeave(by origin: FlowEvent.Origin) -> GuardVerdict {
        leaveAsked += 1
        return unsaved ? .refuse(because: "unsaved changes") : .allow
    }
}

/// Requires a `T2`; refuses to be shown.
@MainActor
final class Locked: InputRequiring, Instantiable {
    typealias Input = T2
    let route = RouteSlot()
    init() {}
    func shouldEnter(by origin: FlowEvent.Origin) -> GuardVerdict { .refuse(because: "sign in first") }
}

/// Produces numbers and handles `T3` updates.
@MainActor
final class Shelf: OutputProducing, UpdateHandling {
    typealias Output = Int
    let route = RouteSlot()
    private(set) var received: [T3] = []
    func handle(update: T3) { received.append(update) }
}

/// Screens' guards in routing: an unwind, the flow's end, an arrival and the user's back are
/// refused whole — no update delivered, nothing popped — and a screen that refuses to be shown
/// is not.
@MainActor
@Suite("Router flow: screens' guards")
struct RouterGuardTests {
    let host = InMemoryHost()
    let catalog = Shelf()
    let flow: RouterFlow<Order>
    let editor: Editor
    let recorder: TranscriptRecorder

    init() throws {
        let router = Router()
        try router.register(Editor.self)
        try router.register(Locked.self)
        flow = RouterFlow<Order>("shop", router: router) { [catalog] in catalog }
        try flow.start(on: host)
        try catalog.produce(7)
        editor = try #require(host.visibleScreen as? Editor)
        recorder = TranscriptRecorder(observing: host)
    }

    @Test func anUnwindPastAScreenThatRefusesToLeaveDeliversNoUpdate() throws {
        let error = #expect(throws: FlowError.self) { try editor.produce(T3(tag: "saved")) }
        #expect(error?.code == .guardRefused)
        #expect(catalog.received.isEmpty)
        #expect(host.visibleScreen === editor)
        expectTranscript(recorder.transcript, equals: ["[shop] refuse leaving Editor: unsaved changes"])

        editor.unsaved = false
        try editor.produce(T3(tag: "saved"))
        #expect(catalog.received == [T3(tag: "saved")])
        #expect(host.visibleScreen === catalog)
    }

    @Test func anUnwindAsksTheGuardOnceThoughItAsksBeforeTheUpdateAndUnwindsAfter() throws {
        editor.unsaved = false
        let before = editor.leaveAsked
        try editor.produce(T3(tag: "saved"))
        #expect(editor.leaveAsked == before + 1)
        #expect(host.visibleScreen === catalog)
    }

    @Test func theFlowDoesNotEndWhileAScreenRefusesToLeave() throws {
        #expect(throws: FlowError.self) { try editor.produce(Order(id: 1)) }
        #expect(flow.phase == .running)
        #expect(flow.outcome == nil)
        editor.unsaved = false
        try editor.produce(Order(id: 1))
        #expect(flow.outcome == .completed(Order(id: 1)))
    }

    @Test func aScreenThatRefusesToBeShownIsNotRoutedTo() throws {
        editor.unsaved = false
        try editor.produce(T3())
        recorder.reset()
        let before = host.hierarchy
        let error = #expect(throws: FlowError.self) { try catalog.produceDirect(T2()) }
        #expect(error?.code == .guardRefused)
        #expect(host.hierarchy == before)
        #expect(recorder.transcript.lines == ["[shop] refuse showing Locked: sign in first"])
    }

    @Test func theUsersBackAndALinksArrivalAreRefusedOverUnsavedChanges() throws {
        #expect(throws: FlowError.self) { try host.user.back() }
        let error = #expect(throws: FlowError.self) { try flow.arrive(at: 8, resolving: { _ in nil }) }
        #expect(error?.code == .guardRefused)
        #expect(host.visibleScreen === editor)
        #expect(host.entries(of: "shop")?.count == 2)
        expectTranscript(
            recorder.transcript,
            equals: [
                "(user) refuse back to Shelf in [shop]: leaving Editor: unsaved changes",
                "(link) [shop] refuse leaving Editor: unsaved changes",
            ])
    }
}
