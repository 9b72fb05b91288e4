import FlowKernel
import FlowPlatform
import FlowStage
import FlowTestKit
import Testing

/// A platform that breaks its contract: it finishes every command at once and shows nothing.
@MainActor
private final class StubbornPlatform: NavigationPlatform {
    private(set) var commands: [NavigationCommand] = []

    func run(_ command: NavigationCommand, done: @escaping @MainActor () -> Void) {
        commands.append(command)
        done()
    }

    func shown(_ aspect: HostDrift.Aspect, of node: NodeRef?) -> [NodeRef]? { [] }
}

/// A platform that ignores a number of commands, then shows what it is told.
@MainActor
private final class SlowToObeyPlatform: NavigationPlatform {
    var ignoring: Int
    private(set) var record = ShownTree()

    init(ignoring: Int) { self.ignoring = ignoring }

    func run(_ command: NavigationCommand, done: @escaping @MainActor () -> Void) {
        if ignoring > 0 { ignoring -= 1 } else { record.apply(command) }
        done()
    }

    func shown(_ aspect: HostDrift.Aspect, of node: NodeRef?) -> [NodeRef]? { record.shown(aspect, of: node) ?? [] }
}

@MainActor
@Suite("A platform that does not show what it is told")
struct StubbornPlatformTests {
    @Test("The driver corrects it a few times, says it gives up, and tries again when the model changes")
    func theDriverGivesUpAndSaysSo() throws {
        let model = InMemoryHost()
        try model.setRoot(.stack("main", [.screen(LawProbe("Welcome"))]))
        let recorder = TranscriptRecorder(observing: model)
        let platform = StubbornPlatform()

        let driver = NavigationDriver(model: model, platform: platform)

        let limit = NavigationDriver.correctionLimit
        #expect(platform.commands.count == limit + 1, "the first command and \(limit) corrections")
        let drifts = recorder.events.compactMap { $0.change.payload(as: HostDrift.self) }
        #expect(drifts.count == limit + 1)
        let refusals = recorder.events.compactMap { event -> FlowError? in
            if case .requestRefused(let error) = event.change { return error }
            return nil
        }
        #expect(refusals.map(\.code) == [.hostRejected])
        #expect(refusals.first?.message.contains("after \(limit) corrections") == true)
        #expect(driver.isCaughtUp, "nothing left running or waiting")

        try model.push(LawProbe("Catalog"), onto: "main")
        #expect(platform.commands.count > limit + 1, "a change of the model is tried again")
        #expect(platform.commands.count <= 2 * (limit + 1), "and given up on again")
    }

    @Test("A platform that obeys the last correction allowed is never given up on, and each change of the model gets as many")
    func aPlatformThatObeysInTimeIsNeverGivenUpOn() throws {
        let model = InMemoryHost()
        try model.setRoot(.stack("main", [.screen(LawProbe("Welcome"))]))
        let recorder = TranscriptRecorder(observing: model)
        let limit = NavigationDriver.correctionLimit
        let platform = SlowToObeyPlatform(ignoring: limit)

        let driver = NavigationDriver(model: model, platform: platform)
        #expect(platform.record.hierarchy == model.hierarchy, "the last correction allowed is shown")

        // A change of the model is given as many corrections again.
        platform.ignoring = limit
        try model.push(LawProbe("Catalog"), onto: "main")
        #expect(platform.record.hierarchy == model.hierarchy)

        let drifts = recorder.events.compactMap { $0.change.payload(as: HostDrift.self) }
        #expect(drifts.count == 2 * limit)
        let refusals = recorder.events.filter { if case .requestRefused = $0.change { true } else { false } }
        #expect(refusals.isEmpty, "the driver never gave up")
        #expect(driver.isCaughtUp)
    }
}
