import FlowKernel
import FlowPlatform
import FlowStage
import FlowSwiftUI
import FlowTestKit
import ShopApp
import Testing

/// The shop's journeys, in every strategy, through SwiftUI's navigation model: the same
/// transcript as on the in-memory host alone, and state that holds what the model holds.
@MainActor
@Suite("The shop on SwiftUI's navigation model")
struct ShopOnSwiftUITests {
    nonisolated static let journeys = [
        "start,email ana@example.com,shoes,add,cart,checkout,pay,close",
        "start,back,start,email nope,email ana@example.com,hat,back,shoes,add,cart,close,cart,checkout,back,cart,checkout,pay,close",
        "start,email ana@example.com,shoes,:back,hat,add,cart,:dismiss,cart,checkout,pay",
    ]

    static func transcript(of journey: String, in strategy: Strategy) throws -> [String] {
        let session = try ShopSession(strategy: strategy)
        for command in try Command.script(journey) { #expect(session.perform(command) == nil, "\(command.text)") }
        return session.log.lines
    }

    /// SwiftUI finishes taking away the sheet a dismissal asked for.
    static func finishDismissals(_ state: NavigationModel) {
        while case .dismiss(let anchor, _)? = state.driver.runningCommand { state.sheetDidDismiss(over: anchor) }
    }

    @Test("A journey leaves the same transcript, and the state ends where the model is", arguments: Strategy.allCases, journeys)
    func journeyMatchesTheModelAlone(_ strategy: Strategy, _ journey: String) throws {
        let session = try ShopSession(strategy: strategy)
        let alarm = DriftAlarm()
        session.host.addObserver(alarm)
        let state = NavigationModel(showing: session.host)
        for command in try Command.script(journey) {
            switch command.word {
            case ":back":
                guard case .back(_, let stack)? = session.host.user.backGesture else {
                    Issue.record("no back at \(command.text)")
                    return
                }
                state.setPath(state.path(of: stack).dropLast(), of: stack)
            case ":dismiss":
                guard case .swipeDown(let node)? = session.host.user.swipeDownGesture, let anchor = session.host.presenter(of: node) else {
                    Issue.record("nothing to swipe down at \(command.text)")
                    return
                }
                #expect(state.allowsSwipeDown(node))
                state.setPresented(nil, by: anchor)
                state.sheetDidDismiss(over: anchor)
            default:
                #expect(session.perform(command) == nil, "\(command.text)")
            }
            Self.finishDismissals(state)
        }
        #expect(session.log.lines == (try Self.transcript(of: journey, in: strategy)))
        #expect(state.hierarchy == session.host.hierarchy)
        #expect(state.driver.isCaughtUp)
    }
}
