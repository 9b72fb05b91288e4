import FlowChain
import FlowCoordinator
import FlowKernel
import FlowRouter
import FlowRuntime
import FlowSnapshot
import FlowStack
import FlowStage
import FlowTestKit
import Foundation
import Testing

/// One flow of each kind, with the one call that presents an alert and a request that moves it.
@MainActor
struct AlertingFlow {
    let name: String
    let flow: any Flow
    let present: (FlowAlert, @escaping @MainActor (FlowAlert.Button) throws -> Void) throws -> Void
    let move: () throws -> Void
    var refusals: () -> [FlowError.Code]

    nonisolated static let kinds = ["stack", "chain", "router", "coordinator", "logic"]

    static func make(_ kind: String, on host: InMemoryHost) throws -> AlertingFlow {
        final class Refusals { var codes: [FlowError.Code] = [] }
        let heard = Refusals()
        switch kind {
        case "stack":
            let flow = Make.navigator("app")
            flow.onRefused = { heard.codes.append($0.code) }
            try flow.start(on: host)
            return AlertingFlow(
                name: kind, flow: flow, present: { try flow.present(alert: $0, onAnswer: $1) }, move: { try flow.goNext(to: Detail.self) },
                refusals: { heard.codes })
        case "chain":
            let flow = Make.chain("app")
            flow.onRefused = { heard.codes.append($0.code) }
            try flow.start(on: host)
            return AlertingFlow(
                name: kind, flow: flow, present: { alert, answer in try (flow.currentScreen as? Step)?.step?.present(alert: alert, onAnswer: answer) },
                move: { try (flow.currentScreen as? Step)?.step?.next() }, refusals: { heard.codes })
        case "router":
            let flow = try Make.router("app")
            flow.onRefused = { heard.codes.append($0.code) }
            try flow.start(on: host)
            let picker = try #require(host.visibleScreen as? Picker)
            return AlertingFlow(
                name: kind, flow: flow, present: { alert, answer in try picker.present(alert: alert, onAnswer: answer) },
                move: { try picker.produce(1) }, refusals: { heard.codes })
        case "coordinator":
            final class Heard: StackCoordinator<Void> {
                var heard: (FlowError) -> Void = { _ in }
                override func start() throws { try move(to: Page("app start")) }
                override func refused(_ error: FlowError) {
                    heard(error)
                    super.refused(error)
                }
            }
            let flow = Heard("app")
            flow.heard = { heard.codes.append($0.code) }
            try flow.start(on: host)
            return AlertingFlow(
                name: kind, flow: flow, present: { try flow.present(alert: $0, onAnswer: $1) }, move: { try flow.move(to: Page("next")) },
                refusals: { heard.codes })
        default:
            let flow = LogicFlow("app", logic: Tour(name: "app", leaks: nil))
            try flow.start(on: host)
            return AlertingFlow(
                name: kind, flow: flow, present: { try flow.present(alert: $0, onAnswer: $1) },
                move: { try flow.request { _, path in .show(path.pushing(path.count)) } }, refusals: { [] })
        }
    }
}

/// Alerts and confirmation dialogs, first-class in every strategy: one call presents one over
/// the screen that asks, the person's swipe cannot take it away, the answer tells whoever asked,
/// and bad input is refused and changes nothing.
@MainActor
@Suite("Alerts in every strategy")
struct AlertTests {
    let host = InMemoryHost()
    static let remove = FlowAlert("Remove from cart?", message: "Red shoes", buttons: [.destructive("Remove"), .cancel("Keep")])

    @Test(arguments: AlertingFlow.kinds)
    func anAlertIsPresentedOverTheScreenThatAsksAndItsAnswerTellsWhoAsked(_ kind: String) throws {
        let app = try AlertingFlow.make(kind, on: host)
        let asking = try #require(host.visibleScreen)
        var answers: [FlowAlert.Button] = []
        let recorder = TranscriptRecorder(observing: host)

        try app.present(Self.remove) { answers.append($0) }

        #expect(host.shownAlert == Self.remove, "\(kind)")
        #expect(host.presenter(of: .screen(try #require(host.visibleScreenRef))) == .of(asking), "\(kind)")
        try #require(host.visibleScreen as? any AlertScreen).answer("Remove")

        #expect(answers == [.destructive("Remove")], "\(kind)")
        #expect(host.shownAlert == nil, "\(kind)")
        #expect(host.visibleScreen === asking, "\(kind)")
        #expect(
            recorder.transcript.lines == [
                "[app] present Remove from cart? over \(asking.displayName)", "[app] dismiss Remove from cart? from \(asking.displayName)",
            ],
            "\(kind)")
        // The flow goes on.
        try app.move()
        #expect(host.visibleScreen !== asking, "\(kind)")
    }

    @Test(arguments: AlertingFlow.kinds)
    func theSwipeCannotTakeAnAlertAwayAndBackChoosesItsCancelButton(_ kind: String) throws {
        let app = try AlertingFlow.make(kind, on: host)
        var answers: [String] = []
        try app.present(Self.remove) { answers.append($0.title) }
        let before = host.render()

        let swipe = #expect(throws: FlowError.self) { try host.user.swipeDown() }

        #expect(swipe?.code == .gestureRefused, "\(kind)")
        #expect(host.render() == before, "\(kind)")
        try host.user.back()
        #expect(answers == ["Keep"], "\(kind)")
        #expect(host.shownAlert == nil, "\(kind)")
    }

    @Test func backOnAnAlertWithNoCancelButtonIsRefused() throws {
        let app = try AlertingFlow.make("stack", on: host)
        try app.present(FlowAlert("Saved", buttons: [FlowAlert.Button("OK")])) { _ in }
        let before = host.render()

        let back = #expect(throws: FlowError.self) { try host.user.back() }

        #expect(back?.code == .gestureRefused)
        #expect(host.render() == before)
    }

    @Test(arguments: AlertingFlow.kinds)
    func theFlowWaitsForTheAnswerItsRequestsAreRefusedAndChangeNothing(_ kind: String) throws {
        let app = try AlertingFlow.make(kind, on: host)
        try app.present(Self.remove) { _ in }
        let before = host.render()

        let move = #expect(throws: FlowError.self) { try app.move() }
        let second = #expect(throws: FlowError.self) { try app.present(FlowAlert("Again?", buttons: [.cancel()])) { _ in } }

        #expect(move?.code == .hostRejected, "\(kind): \(String(describing: move))")
        #expect(second?.code == .hostRejected, "\(kind)")
        #expect(host.render() == before, "\(kind)")
        #expect(host.shownAlert == Self.remove, "\(kind)")
    }

    @Test(
        "An alert that cannot be shown is refused and changes nothing",
        arguments: [
            FlowAlert("No buttons", buttons: []),
            FlowAlert("Twice", buttons: [FlowAlert.Button("OK"), FlowAlert.Button("OK")]),
            FlowAlert("Two ways out", buttons: [.cancel("No"), .cancel("Not now")]),
        ])
    func anInvalidAlertIsRefused(_ alert: FlowAlert) throws {
        let app = try AlertingFlow.make("coordinator", on: host)
        let before = host.render()

        let error = #expect(throws: FlowError.self) { try app.present(alert) { _ in } }

        #expect(error?.code == .argumentTypeMismatch)
        #expect(host.render() == before)
    }

    @Test func anAnswerWithAButtonTheAlertDoesNotHaveOrASecondAnswerIsRefused() throws {
        let app = try AlertingFlow.make("stack", on: host)
        var answers = 0
        try app.present(Self.remove) { _ in answers += 1 }
        let alert = try #require(host.visibleScreen as? any AlertScreen)
        let before = host.render()

        let unknown = #expect(throws: FlowError.self) { try alert.answer("Maybe") }
        let notItsOwn = #expect(throws: FlowError.self) { try alert.answer(.cancel("Nope")) }
        #expect(unknown?.code == .notFound)
        #expect(notItsOwn?.code == .notFound)
        #expect(host.render() == before)

        try alert.answer("Keep")
        let twice = #expect(throws: FlowError.self) { try alert.answer("Remove") }
        #expect(twice?.code == .flowFinished)
        #expect(answers == 1)
    }

    @Test func anAlertOverAScreenThatIsNotShownOrIsCoveredOrIsAnotherFlowsIsRefused() throws {
        let app = Make.navigator("app")
        try app.start(on: host)
        try app.goNext(to: Detail.self)
        let detail = try #require(host.visibleScreen)
        let child = PageCoordinator("child")
        try child.start(on: host, placement: .presented, parent: "app")
        let before = host.render()

        let notShown = #expect(throws: FlowError.self) { try app.present(alert: Self.remove, over: Home()) }
        // The child's stack is presented over Detail's.
        let covered = #expect(throws: FlowError.self) { try app.present(alert: Self.remove, over: detail) }
        let anotherFlows = #expect(throws: FlowError.self) { try app.present(alert: Self.remove) }

        #expect(notShown?.code == .notFound)
        #expect(covered?.code == .hostRejected)
        #expect(anotherFlows?.code == .hostRejected)
        #expect(host.render() == before)
        // The child presents its own over its own screen.
        try child.present(alert: Self.remove)
        #expect(host.shownAlert == Self.remove)
    }

    @Test(arguments: AlertingFlow.kinds)
    func anAlertLeftUnansweredGoesWithItsFlowWhichEndsAndReleasesIt(_ kind: String) throws {
        let leaks = LeakTracker()
        var answers = 0
        do {
            let app = try AlertingFlow.make(kind, on: host)
            try app.present(Self.remove) { _ in answers += 1 }
            leaks.track(try #require(host.visibleScreen as? any AlertScreen) as AnyObject, as: "the alert")
            leaks.track(app.flow as AnyObject, as: "the flow")

            try app.flow.cancel()

            #expect(app.flow.phase == .finished, "\(kind)")
        }
        #expect(host.render() == "(empty)", "\(kind)")
        #expect(answers == 0, "\(kind)")
        #expect(leaks.expectNoLeaks(), "\(kind)")
    }

    @Test(arguments: ["stack", "chain", "router", "coordinator"])
    func anAnswerThatThrowsIsReportedOnceTheAlertHasGone(_ kind: String) throws {
        let app = try AlertingFlow.make(kind, on: host)
        let recorder = TranscriptRecorder(observing: host)
        try app.present(Self.remove) { _ in throw FlowError(.notFound, "the item is gone") }

        try #require(host.visibleScreen as? any AlertScreen).answer("Remove")

        #expect(host.shownAlert == nil, "\(kind)")
        #expect(app.refusals() == [.notFound], "\(kind)")
        #expect(recorder.transcript.lines.last?.contains("refuse request: notFound") == true, "\(kind): \(recorder.transcript)")
    }

    @Test(arguments: AlertingFlow.kinds)
    func anAnswerMayMoveTheFlowOn(_ kind: String) throws {
        let app = try AlertingFlow.make(kind, on: host)
        let asking = host.visibleScreen
        try app.present(Self.remove) { _ in try app.move() }

        try #require(host.visibleScreen as? any AlertScreen).answer("Remove")

        #expect(host.visibleScreen !== asking, "\(kind): \(host.render())")
        #expect(app.refusals().isEmpty, "\(kind)")
    }
}

/// A page that answers "Delete?" again after a restore.
@MainActor
final class AnsweringPage: Screen, AlertAnswering {
    let displayName = "Meeting"
    var deletions = 0
    func answerHandler(for alert: FlowAlert) -> (@MainActor (FlowAlert.Button) throws -> Void)? {
        guard alert.title == "Delete?" else { return nil }
        return { [weak self] in if $0.role == .destructive { self?.deletions += 1 } }
    }
}

/// A coordinator that shows the answering page first.
@MainActor
final class MeetingCoordinator: StackCoordinator<Void> {
    override func start() throws { try move(to: AnsweringPage()) }
}

/// An alert up when the app is saved is shown again when it is restored, and its answer goes to
/// the screen under it again.
@MainActor
@Suite("Alerts saved and restored")
struct SavedAlertTests {
    static let delete = FlowAlert("Delete?", message: "Standup", buttons: [.destructive("Delete"), .cancel()])

    private func saveAndEnd(_ host: InMemoryHost) throws -> NavigationSnapshot {
        let data = try JSONEncoder().encode(host.flows.snapshot(of: host))
        host.flows.endAll()
        return try NavigationSnapshot(document: try JSONDecoder().decode(SavedValue.self, from: data))
    }

    @Test func anAlertUpWhenSavedIsShownAgainAndItsAnswerGoesToTheScreenUnderIt() throws {
        let host = InMemoryHost()
        let app = MeetingCoordinator("app")
        try app.start(on: host)
        try app.present(alert: Self.delete)
        let snapshot = try saveAndEnd(host)
        #expect(snapshot.flows.first?.alert == Self.delete)

        let restored = InMemoryHost()
        let recorder = TranscriptRecorder(observing: restored)
        let report = snapshot.restore(on: restored) { _ in MeetingCoordinator("app") }

        #expect(report.isComplete, "\(report)")
        #expect(restored.shownAlert == Self.delete)
        #expect(recorder.transcript.lines.last == "(restored) [app] present Delete? over Meeting")
        let again = try #require(restored.flows.flow(named: "app") as? MeetingCoordinator)
        let start = try #require(again.startNode?.screen)
        let meeting = try #require(restored.screen(for: start) as? AnsweringPage)
        // The flow waits for the answer again.
        #expect(throws: FlowError.self) { try again.move(to: Page("next")) }
        try (restored.visibleScreen as? any AlertScreen)?.answer("Delete")
        #expect(meeting.deletions == 1)
        #expect(restored.shownAlert == nil)
    }

    @Test func anAlertWhoseScreenGivesNoAnswerComesBackAndTheReportSaysSo() throws {
        let host = InMemoryHost()
        let app = PageCoordinator("app")
        try app.start(on: host)
        try app.present(alert: Self.delete)
        let snapshot = try saveAndEnd(host)

        let restored = InMemoryHost()
        let report = snapshot.restore(on: restored) { _ in PageCoordinator("app") }

        #expect(restored.shownAlert == Self.delete)
        let line = try #require(report.entries(.repaired).first { $0.subject == "the alert 'Delete?'" })
        #expect(line.reason?.contains("its answer goes to nobody") == true, "\(report)")
        try restored.user.back()
        #expect(restored.shownAlert == nil)
    }

    @Test func aSnapshotWithNoAlertSavesNoAlertField() throws {
        let host = InMemoryHost()
        try PageCoordinator("app").start(on: host)
        let data = try JSONEncoder().encode(host.flows.snapshot(of: host))
        #expect(!String(decoding: data, as: UTF8.self).contains("alert"))
    }
}
