import FlowKernel
import FlowPlatform
import FlowRuntime
import FlowStage
import FlowTestKit
import FlowUIKit
import FlowUIKitTesting
import ShopApp
import Testing

/// The shop's journeys, in every strategy, on simulated UIKit: the same transcript as on the
/// in-memory host alone, and a platform that shows what the model holds.
@MainActor
@Suite("The shop on UIKit's containers")
struct ShopOnUIKitTests {
    nonisolated static let journeys = [
        "start,email ana@example.com,shoes,add,cart,checkout,pay,close",
        "start,back,start,email nope,email ana@example.com,hat,back,shoes,add,cart,close,cart,checkout,back,cart,checkout,pay,close",
        "start,email ana@example.com,shoes,:back,hat,add,cart,:dismiss,cart,checkout,pay",
    ]

    /// Runs a journey on the model alone, where the person's controls are the host's gestures.
    static func transcript(of journey: String, in strategy: Strategy) throws -> [String] {
        let session = try ShopSession(strategy: strategy)
        for command in try Command.script(journey) { #expect(session.perform(command) == nil, "\(command.text)") }
        return session.log.lines
    }

    @Test("A journey leaves the same transcript, and the platform ends where the model is", arguments: Strategy.allCases, journeys)
    func journeyMatchesTheModelAlone(_ strategy: Strategy, _ journey: String) throws {
        let session = try ShopSession(strategy: strategy)
        let alarm = DriftAlarm()
        session.host.addObserver(alarm)
        let platform = SimulatedUIKit(model: session.host)
        let driver = platform.driver!
        for command in try Command.script(journey) {
            switch command.key {
            case ":back":
                platform.settle()
                guard case .back(_, let stack)? = session.host.user.backGesture else {
                    Issue.record("no back at \(command.text)")
                    return
                }
                platform.tapBack(in: stack)
                platform.settle()
            case ":dismiss":
                platform.settle()
                #expect(platform.swipeDown())
            default:
                // The next tap comes while the last transition may still run.
                #expect(session.perform(command) == nil, "\(command.text)")
            }
        }
        platform.settle()
        #expect(session.log.lines == (try Self.transcript(of: journey, in: strategy)))
        #expect(platform.hierarchy == session.host.hierarchy)
        #expect(platform.violations.isEmpty)
        #expect(driver.isCaughtUp)
    }
}
