import FlowChain
import FlowCoordinator
import FlowKernel
import FlowRuntime
import FlowStack
import FlowStage
import FlowTestKit
import Testing

/// Where every stay call of the screens of a test goes, in order.
@MainActor
final class StayLog {
    var lines: [String] = []
    func take() -> [String] {
        defer { lines = [] }
        return lines
    }
}

/// A screen that logs its stay.
@MainActor
final class Staying: Screen, ScreenStayObserver {
    let displayName: String
    let log: StayLog
    private(set) var stay: (any ScreenStay)?
    var onBegin: ((any ScreenStay) -> Void)?
    init(_ name: String, log: StayLog) {
        displayName = name
        self.log = log
    }
    func stayDidBegin(_ stay: any ScreenStay) {
        self.stay = stay
        log.lines.append("began \(displayName)")
        onBegin?(stay)
    }
    func stayDidEnd() { log.lines.append("ended \(displayName)") }
    func screenDidComeToTop() { log.lines.append("top \(displayName)") }
    func screenWasCovered() { log.lines.append("covered \(displayName)") }
}

/// A model that hears of the stay of the screen that names it.
@MainActor
final class TimerModel: ScreenStayObserver {
    var running = false
    var task: Task<Void, Never>?
    func stayDidBegin(_ stay: any ScreenStay) {
        running = true
        task = stay.task { try? await Task.sleep(for: .seconds(3_600)) }
        stay.onEnd { [weak self] in self?.running = false }
    }
}

@MainActor
final class RecordingScreen: Screen, StayObservingScreen {
    let model = TimerModel()
    var stayObserver: (any ScreenStayObserver)? { model }
}

/// A screen learns exactly once per stay that its stay began and ended, whoever takes it away,
/// and in between when it comes to the top and when something covers it.
@MainActor
@Suite("A screen's stay")
struct ScreenStayTests {
    let host = InMemoryHost()
    let log = StayLog()

    func screen(_ name: String) -> Staying { Staying(name, log: log) }

    @Test func aPushCoversAScreenWithoutEndingItsStayAndAPopEndsThePushedOnesFirst() throws {
        try host.setRoot(.stack("main", [.screen(screen("A"))]))
        #expect(log.take() == ["began A", "top A"])

        try host.push(screen("B"), onto: "main")
        #expect(log.take() == ["covered A", "began B", "top B"])

        try host.pop("main")
        #expect(log.take() == ["ended B", "top A"])
    }

    @Test func thePersonsBackAndSwipeEndTheStaysOfWhatTheyTakeAway() throws {
        try host.setRoot(.stack("main", [.screen(screen("A")), .screen(screen("B"))]))
        try host.present(.screen(screen("Sheet")), over: .container("main"))
        _ = log.take()

        try host.user.swipeDown()
        #expect(log.take() == ["ended Sheet", "top B"])
        try host.user.back()
        #expect(log.take() == ["ended B", "top A"])
    }

    @Test func aFlowsRequestOfSeveralOperationsIsToldOnceWhole() throws {
        let app = StackCoordinator<Void>("app")
        final class Start: StackCoordinator<Void> {
            let first: Staying
            init(_ first: Staying) {
                self.first = first
                super.init("app")
            }
            override func start() throws { try move(to: first) }
        }
        let coordinator = Start(screen("List"))
        _ = app
        try coordinator.start(on: host)
        try coordinator.move(to: screen("Detail"))
        try coordinator.present(sheet: screen("Edit"))
        _ = log.take()

        // The link's arrival dismisses the sheet and replaces the stack in one change.
        try coordinator.arrive(at: [coordinator.first, screen("Other")])

        #expect(log.take() == ["ended Edit", "ended Detail", "began Other", "top Other"])
    }

    @Test func aParentsEndEndsTheStaysOfItsChildsScreens() throws {
        let parent = PageCoordinator("parent")
        try parent.start(on: host)
        final class Child: StackCoordinator<Void> {
            let page: Staying
            init(_ page: Staying) {
                self.page = page
                super.init("child")
            }
            override func start() throws { try move(to: page) }
        }
        try parent.start(child: Child(screen("Child")), presented: true)
        #expect(log.take() == ["began Child", "top Child"])

        try parent.cancel()

        #expect(log.take() == ["ended Child"])
        #expect(host.render() == "(empty)")
    }

    @Test func aTabSwitchCoversOneTabsScreenAndBringsTheOtherToTheTop() throws {
        try host.setRoot(
            .tabs("tabs", [.init(TabItem(title: "One"), .screen(screen("One"))), .init(TabItem(title: "Two"), .screen(screen("Two")))], selected: 0))
        #expect(log.take() == ["began One", "began Two", "top One"])

        try host.user.selectTab(1)

        #expect(log.take() == ["covered One", "top Two"])
    }

    @Test func aModelNamedByItsScreenHearsOfTheStayAndItsWorkEndsWithIt() throws {
        let recording = RecordingScreen()
        try host.setRoot(.stack("main", [.screen(screen("List"))]))
        try host.push(recording, onto: "main")
        let task = try #require(recording.model.task)
        #expect(recording.model.running)
        #expect(!task.isCancelled)

        try host.user.back()

        #expect(!recording.model.running)
        #expect(task.isCancelled)
    }

    @Test func workTiedToAStayThatHasEndedIsCancelledAndRunAtOnce() throws {
        try host.setRoot(.stack("main", [.screen(screen("A"))]))
        let leaving = screen("B")
        try host.push(leaving, onto: "main")
        let stay = try #require(leaving.stay)
        var ended = 0
        stay.onEnd { ended += 1 }
        let during = stay.task {}

        try host.pop("main")
        stay.onEnd { ended += 1 }
        let after = stay.task {}

        #expect(stay.hasEnded)
        #expect(ended == 2)
        #expect(during.isCancelled)
        #expect(after.isCancelled)
    }

    @Test func aScreenThatNavigatesWhenItsStayBeginsIsToldOfWhatItsRequestDid() throws {
        let app = Make.navigator("app")
        try app.start(on: host)
        let redirecting = screen("Redirect")
        redirecting.onBegin = { _ in try? self.host.push(self.screen("Target"), onto: "app") }

        try host.push(redirecting, onto: "app")

        #expect(log.take() == ["began Redirect", "top Redirect", "covered Redirect", "began Target", "top Target"])
    }

    @Test func aScreenShownAndTakenAwayWithinOneChangeHasNoStay() throws {
        final class Passing: StackCoordinator<Void> {
            let log: StayLog
            init(_ log: StayLog) {
                self.log = log
                super.init("app")
            }
            override func start() throws {
                try move(to: Staying("First", log: log))
            }
        }
        let app = Passing(log)
        try app.start(on: host)
        _ = log.take()
        try host.flows.request(on: host) {
            try host.push(Staying("Passing", log: log), onto: "app")
            try host.pop("app")
        }
        #expect(log.take().isEmpty)
    }
}
