import FlowKernel
import FlowRouter
import FlowStage
import FlowTestKit
import Testing

/// A meeting-timer app's records, which remember what the person saw when each change was saved.
@MainActor
final class MeetingStore {
    private(set) var log: [String] = []
    var failing = false
    weak var host: InMemoryHost?

    func save(_ what: String) throws {
        if failing { throw FlowError(.hostRejected, "the store is offline") }
        log.append("\(what) with \(host?.visibleScreen?.displayName ?? "nothing") shown")
    }
}

struct Meeting: Equatable { var title: String }
struct EditRequest {}
struct Edited { var title: String }
struct DeleteRequest {}
struct DeleteConfirmed {}
struct Deleted {}
struct Ended: Equatable { var title: String }

/// The list of meetings: it shows a meeting and handles its deletion.
@MainActor
final class MeetingList: OutputProducing, UpdateHandling {
    typealias Output = Meeting
    typealias Update = Deleted
    let route = RouteSlot()
    let displayName = "Meetings"
}

/// A meeting: it opens its edit sheet and its delete alert, and saves or deletes once they close.
@MainActor
final class MeetingDetail: InputRequiring, OutputProducing, UpdateHandling {
    typealias Input = Meeting
    typealias Output = OneOf4<EditRequest, DeleteRequest, Deleted, Ended>
    typealias Update = OneOf2<Edited, DeleteConfirmed>
    let route = RouteSlot()
    let store: MeetingStore
    private(set) var title: String
    private(set) var handledBeforeUnwind: [String] = []
    var displayName: String { "Meeting \(title)" }
    var endsOnSave = false

    init(_ meeting: Meeting, store: MeetingStore) {
        title = meeting.title
        self.store = store
    }

    func handle(update: Update) {
        handledBeforeUnwind.append(host(update))
    }

    func didUnwind(with update: Update) throws {
        switch update {
        case .t1(let edited):
            title = edited.title
            try store.save("saved \(edited.title)")
            if endsOnSave { try produce(.t4(Ended(title: title))) }
        case .t2:
            try store.save("deleted \(title)")
            try produce(.t3(Deleted()))
        }
    }

    private func host(_ update: Update) -> String {
        switch update {
        case .t1(let edited): "edited \(edited.title) with \(store.host?.visibleScreen?.displayName ?? "nothing") shown"
        case .t2: "delete confirmed"
        }
    }
}

/// The edit sheet, presented over the meeting.
@MainActor
final class EditMeeting: InputRequiring, OutputProducing {
    typealias Input = EditRequest
    typealias Output = Edited
    let route = RouteSlot()
    let displayName = "Edit"
}

/// The delete alert, presented over the meeting.
@MainActor
final class ConfirmDelete: InputRequiring, OutputProducing {
    typealias Input = DeleteRequest
    typealias Output = DeleteConfirmed
    let route = RouteSlot()
    let displayName = "Delete?"
}

/// A router's update may save and navigate once the unwind has closed what was over the handler,
/// as the other strategies do after their close (a port from outside saved before the close,
/// through `attempt { }`, because `handle(update:)` cannot throw).
@MainActor
@Suite("Router: what follows an unwind")
struct UpdateAfterUnwindTests {
    let host = InMemoryHost()
    let store = MeetingStore()

    private func meetings(ending: Bool = false) throws -> RouterFlow<Ended> {
        store.host = host
        let router = Router()
        try router.register(MeetingDetail.self) { [store] meeting in
            let detail = MeetingDetail(meeting, store: store)
            detail.endsOnSave = ending
            return detail
        }
        try router.register(EditMeeting.self) { EditMeeting() }
        try router.register(ConfirmDelete.self) { ConfirmDelete() }
        router.addTransition(to: EditMeeting.self, .present)
        router.addTransition(to: ConfirmDelete.self, .present)
        let flow = RouterFlow<Ended>("meetings", router: router) { MeetingList() }
        try flow.start(on: host)
        try (host.visibleScreen as? MeetingList)?.produce(Meeting(title: "Standup"))
        return flow
    }

    private var detail: MeetingDetail? { host.visibleScreen as? MeetingDetail }

    @Test func theSheetClosesBeforeTheSaveAndTheOldHookStillSeesItOpen() throws {
        _ = try meetings()
        let detail = try #require(self.detail)
        try detail.produce(.t1(EditRequest()))
        let recorder = TranscriptRecorder(observing: host)

        try #require(host.visibleScreen as? EditMeeting).produce(Edited(title: "Retro"))

        #expect(store.log == ["saved Retro with Meeting Retro shown"])
        #expect(detail.handledBeforeUnwind == ["edited Retro with Edit shown"])
        #expect(recorder.transcript.lines == ["[meetings] deliver Edited to Meeting Standup", "[meetings] dismiss Edit from Meeting Standup"])
    }

    @Test func anUpdateDeletesThenNavigatesInsideTheSameRequest() throws {
        _ = try meetings()
        let detail = try #require(self.detail)
        try detail.produce(.t2(DeleteRequest()))
        let recorder = TranscriptRecorder(observing: host)

        try #require(host.visibleScreen as? ConfirmDelete).produce(DeleteConfirmed())

        #expect(store.log == ["deleted Standup with Meeting Standup shown"])
        #expect(host.visibleScreen is MeetingList)
        #expect(
            recorder.transcript.lines == [
                "[meetings] deliver DeleteConfirmed to Meeting Standup", "[meetings] dismiss Delete? from Meeting Standup",
                "[meetings] deliver Deleted to Meetings", "[meetings] pop Meeting Standup from [meetings]",
            ])
    }

    @Test func anUpdateThatThrowsIsReportedAndTheCloseStands() throws {
        let flow = try meetings()
        var heard: [FlowError.Code] = []
        flow.onRefused = { heard.append($0.code) }
        let detail = try #require(self.detail)
        try detail.produce(.t1(EditRequest()))
        store.failing = true
        let recorder = TranscriptRecorder(observing: host)

        try #require(host.visibleScreen as? EditMeeting).produce(Edited(title: "Retro"))

        #expect(heard == [.hostRejected])
        #expect(host.visibleScreen === detail)
        #expect(store.log.isEmpty)
        #expect(recorder.events.last?.change.isRequestRefused(.hostRejected) == true, "\(recorder.transcript)")
        // The flow goes on.
        try detail.produce(.t1(EditRequest()))
        #expect(host.visibleScreen is EditMeeting)
    }

    @Test func anUpdateThatCompletesTheFlowEndsItInsideTheRoutesRequest() throws {
        let flow = try meetings(ending: true)
        var outcomes: [FlowOutcome<Ended>] = []
        flow.onFinish { outcomes.append($0) }
        try #require(self.detail).produce(.t1(EditRequest()))

        try #require(host.visibleScreen as? EditMeeting).produce(Edited(title: "Retro"))

        #expect(outcomes == [.completed(Ended(title: "Retro"))])
        #expect(flow.phase == .finished)
        #expect(store.log == ["saved Retro with Meeting Retro shown"])
        #expect(host.render() == "(empty)")
    }
}
