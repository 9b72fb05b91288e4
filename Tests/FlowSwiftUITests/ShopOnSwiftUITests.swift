import FlowExplorer
import FlowKernel
import FlowPlatform
import FlowRuntime
import FlowStage
import FlowSwiftUI
import FlowSwiftUITesting
import FlowTestKit
import Foundation
import ShopApp
import Testing

/// The shop's journeys, in every strategy, through SwiftUI's navigation model as the views and
/// SwiftUI's timing drive it (``SimulatedSwiftUI``): the same transcript as on the in-memory host
/// alone, and state that holds what the model holds. No test delivers a callback on SwiftUI's
/// behalf: `onDismiss` comes from the simulated sheets.
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

    @Test("A journey leaves the same transcript, and the state ends where the model is", arguments: Strategy.allCases, journeys)
    func journeyMatchesTheModelAlone(_ strategy: Strategy, _ journey: String) throws {
        let session = try ShopSession(strategy: strategy)
        let alarm = DriftAlarm()
        session.host.addObserver(alarm)
        let swiftUI = SimulatedSwiftUI(model: session.host)
        for command in try Command.script(journey) {
            switch command.key {
            case ":back":
                swiftUI.settle()
                guard case .back(_, let stack)? = session.host.user.backGesture else {
                    Issue.record("no back at \(command.text)")
                    return
                }
                swiftUI.goBack(in: stack)
            case ":dismiss":
                swiftUI.settle()
                #expect(swiftUI.swipeDown())
            default:
                // The next tap may come while the last animation still runs.
                #expect(session.perform(command) == nil, "\(command.text)")
                swiftUI.draw()
            }
        }
        swiftUI.settle()
        #expect(session.log.lines == (try Self.transcript(of: journey, in: strategy)))
        #expect(swiftUI.hierarchy == session.host.hierarchy)
        #expect(swiftUI.driver.isCaughtUp)
    }

    static var count: Int { ProcessInfo.processInfo.environment["FLOWKIT_SWIFTUI_FUZZ"].flatMap(Int.init) ?? 8 }
    static var seed: UInt64 { ProcessInfo.processInfo.environment["FLOWKIT_SWIFTUI_SEED"].flatMap(UInt64.init) ?? 33 }

    /// The shop with the person's hand on SwiftUI's controls between the shop's actions — the back
    /// button, sheets swiped down (or held by `interactiveDismissDisabled`), tabs tapped and tapped
    /// again — against a twin session on the model alone: after every step no drift and, settled,
    /// no frozen driver and the state the model holds; the same transcript. `swift test` runs 8
    /// journeys of 30 steps per strategy; `FLOWKIT_SWIFTUI_FUZZ`/`_SEED` run others.
    @Test("Random journeys with SwiftUI's gestures never drift, never freeze, and match the model alone", arguments: Strategy.allCases)
    func randomJourneys(_ strategy: Strategy) throws {
        var random = SeededGenerator(seed: Self.seed &+ UInt64(Strategy.allCases.firstIndex(of: strategy) ?? 0))
        for run in 0..<Self.count {
            let session = try ShopSession(strategy: strategy)
            let twin = try ShopSession(strategy: strategy)
            let alarm = DriftAlarm()
            session.host.addObserver(alarm)
            let swiftUI = SimulatedSwiftUI(model: session.host)
            var steps: [String] = []
            for _ in 0..<30 {
                steps.append(step(session, twin, swiftUI, &random))
                if Bool.random(using: &random) { swiftUI.settle() }
                let context = "\(strategy) run \(run): \(steps.joined(separator: ", "))"
                if !swiftUI.isAnimating {
                    #expect(
                        swiftUI.driver.isCaughtUp,
                        "frozen: \(context) running \(String(describing: swiftUI.driver.runningCommand)) \(swiftUI.driver.isTransitioning)")
                    #expect(swiftUI.hierarchy == session.host.hierarchy, "\(context)")
                }
                guard alarm.drifts.isEmpty, session.log.lines == twin.log.lines else {
                    Issue.record("\(context)\nSwiftUI: \(session.log.lines)\nmodel: \(twin.log.lines)")
                    return
                }
            }
        }
    }

    private func step(_ session: ShopSession, _ twin: ShopSession, _ swiftUI: SimulatedSwiftUI, _ random: inout SeededGenerator) -> String {
        let host = session.host
        if Int.random(in: 0..<10, using: &random) < 5 {
            guard let action = (session.currentScreen?.actions ?? []).randomElement(using: &random) else { return "nothing to do" }
            let typed = action.argument == nil ? action.name : "\(action.name) \(Bool.random(using: &random) ? "ana@example.com" : "nope")"
            guard let command = Command(typed) else { return "-" }
            _ = session.perform(command)
            _ = twin.perform(command)
            swiftUI.draw()
            return typed
        }
        swiftUI.settle()
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            guard case .back(_, let stack)? = host.user.backGesture, let top = host.visibleScreen, top.allowsInteractiveBack,
                host.entryCount(of: stack).map({ $0 > 1 }) == true
            else { return "no back button" }
            swiftUI.goBack(in: stack)
            _ = twin.perform(Command(":back")!)
            return "back button"
        case 1:
            guard host.user.swipeDownGesture != nil else { return "no sheet" }
            if swiftUI.swipeDown() { _ = twin.perform(Command(":dismiss")!) }
            return "sheet swiped"
        default:
            guard let tabs = host.user.tabGroup, let group = host.hierarchy.node(.container(tabs)),
                case .tabs(_, let items, let selected?) = group.kind
            else { return "no tab bar" }
            let index = Int.random(in: 0..<items.count, using: &random)
            guard index == selected else {
                swiftUI.tapTab(index, in: tabs)
                _ = twin.perform(Command(":tab \(index + 1)")!)
                return "tab \(index)"
            }
            let tab = group.children[index]
            guard case .stack(let stack) = tab.kind, tab.children.count > 1 else {
                swiftUI.tapTab(index, in: tabs)
                return "selected tab again"
            }
            guard case .back(_, let innermost)? = host.user.backGesture, innermost == stack else { return "-" }
            swiftUI.tapTab(index, in: tabs)
            _ = twin.perform(Command(":back \(tab.children.count - 1)")!)
            return "selected tab again, popped to root"
        }
    }
}
