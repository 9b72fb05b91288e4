import FlowExplorer
import FlowKernel
import FlowPlatform
import FlowRuntime
import FlowStage
import FlowTestKit
import FlowUIKit
import FlowUIKitTesting
import Foundation
import ShopApp
import Testing

/// The shop in simulated UIKit, in every strategy, with the person's hand on UIKit's own controls
/// between the shop's actions: the back button, swipes from the edge and the content, let go of
/// early or not, sheets asked about, dragged and let go of early or not, tabs tapped and
/// re-tapped. A twin session on the model alone makes each gesture's equivalent; after every step
/// the driver reports no drift and, settled, UIKit shows what the model holds, refuses nothing,
/// and the driver is caught up. Both sessions end with the same transcript.
///
/// `swift test` runs 8 random journeys of 30 steps per strategy; `FLOWKIT_UIKIT_FUZZ=<count>`
/// runs another count and `FLOWKIT_UIKIT_SEED=<seed>` another seed.
@MainActor
@Suite("The shop on UIKit with the person's gestures")
struct ShopGesturesOnUIKitTests {
    static var count: Int { ProcessInfo.processInfo.environment["FLOWKIT_UIKIT_FUZZ"].flatMap(Int.init) ?? 8 }
    static var seed: UInt64 { ProcessInfo.processInfo.environment["FLOWKIT_UIKIT_SEED"].flatMap(UInt64.init) ?? 33 }

    @Test("Random journeys with UIKit's gestures never drift, never freeze, and match the model alone", arguments: Strategy.allCases)
    func randomJourneys(_ strategy: Strategy) throws {
        var random = SeededGenerator(seed: Self.seed &+ UInt64(Strategy.allCases.firstIndex(of: strategy) ?? 0))
        for run in 0..<Self.count {
            try journey(strategy, run: run, random: &random)
        }
    }

    private func journey(_ strategy: Strategy, run: Int, random: inout SeededGenerator) throws {
        let session = try ShopSession(strategy: strategy)
        let twin = try ShopSession(strategy: strategy)
        let alarm = DriftAlarm()
        session.host.addObserver(alarm)
        let uikit = SimulatedUIKit(model: session.host)
        var steps: [String] = []
        for _ in 0..<30 {
            let step = makeStep(session: session, twin: twin, uikit: uikit, random: &random)
            steps.append(step)
            if Bool.random(using: &random) { uikit.settle() }
            let context = "\(strategy) run \(run): \(steps.joined(separator: ", "))"
            #expect(alarm.drifts.isEmpty, "\(context)")
            #expect(uikit.violations.isEmpty && uikit.unansweredCompletions == 0, "\(context): \(uikit.violations)")
            if !uikit.isAnimating {
                #expect(uikit.driver.isCaughtUp, "frozen: \(context)")
                #expect(uikit.hierarchy == session.host.hierarchy, "\(context)\n\(uikit.hierarchy.textTree)\n\(session.host.hierarchy.textTree)")
            }
            guard alarm.drifts.isEmpty, session.log.lines == twin.log.lines else {
                Issue.record("\(context)\nUIKit: \(session.log.lines)\nmodel: \(twin.log.lines)")
                return
            }
        }
        uikit.settle()
        #expect(uikit.driver.isCaughtUp && uikit.hierarchy == session.host.hierarchy)
        #expect(uikit.keptControllers == session.host.hierarchy.nodeCount, "view controllers kept for nodes no longer shown")
    }

    /// One step: one of the shop's actions on both sessions, or one of UIKit's gestures and its
    /// equivalent on the twin. Returns what it did.
    private func makeStep(session: ShopSession, twin: ShopSession, uikit: SimulatedUIKit, random: inout SeededGenerator) -> String {
        let host = session.host
        if Int.random(in: 0..<10, using: &random) < 5 {
            let actions = session.currentScreen?.actions ?? []
            guard let action = actions.randomElement(using: &random) else { return "nothing to do" }
            let typed = action.argument == nil ? action.name : "\(action.name) \(Bool.random(using: &random) ? "ana@example.com" : "nope")"
            both(typed, session, twin)
            return typed
        }
        uikit.settle()
        let back = host.user.backGesture
        let backAllowed = back.map { (try? host.refusal(of: $0)) == .some(nil) } ?? false
        switch Int.random(in: 0..<9, using: &random) {
        case 0 where back != nil && backAllowed:
            guard case .back(_, let stack)? = back else { return "-" }
            uikit.tapBack(in: stack)
            uikit.settle()
            _ = twin.perform(Command(":back")!)
            return "back button"
        case 1 where back != nil, 2 where back != nil:
            guard case .back(_, let stack)? = back else { return "-" }
            let fromContent = Bool.random(using: &random)
            let began = fromContent ? uikit.beginContentSwipe(in: stack) : uikit.beginBackSwipe(in: stack)
            if began { uikit.finishBackSwipe() }
            uikit.settle()
            _ = twin.perform(Command(":back")!)
            return fromContent ? "content swipe" : "edge swipe"
        case 3 where back != nil && backAllowed:
            guard case .back(_, let stack)? = back else { return "-" }
            if uikit.beginBackSwipe(in: stack) { uikit.cancelBackSwipe() }
            uikit.settle()
            return "swipe let go early"
        case 4 where host.user.swipeDownGesture != nil:
            uikit.swipeDown()
            _ = twin.perform(Command(":dismiss")!)
            return "sheet swiped away"
        case 5 where host.user.swipeDownGesture != nil:
            guard let gesture = host.user.swipeDownGesture else { return "-" }
            if (try? host.refusal(of: gesture)) == .some(nil) {
                if uikit.beginSheetSwipe() { uikit.cancelSheetSwipe() }
                uikit.settle()
                return "sheet let go early"
            }
            _ = uikit.askMayDismissSheet()
            return "sheet asked about"
        case 6, 7:
            return tapTab(uikit: uikit, session: session, twin: twin, random: &random)
        default:
            return "nothing"
        }
    }

    /// A tap on the tab bar, if the shop shows one: another tab, or the selected one again (a pop to
    /// its root, the twin's back by as many entries).
    private func tapTab(uikit: SimulatedUIKit, session: ShopSession, twin: ShopSession, random: inout SeededGenerator) -> String {
        let host = session.host
        guard let tabs = host.user.tabGroup, case .tabs(_, let items, let selected)? = host.hierarchy.node(.container(tabs))?.kind,
            let selected
        else { return "no tab bar" }
        let index = Int.random(in: 0..<items.count, using: &random)
        guard index == selected else {
            uikit.tapTab(index, in: tabs)
            _ = twin.perform(Command(":tab \(index + 1)")!)
            return "tab \(index)"
        }
        guard let tab = host.hierarchy.node(.container(tabs))?.children[selected] else { return "-" }
        guard case .stack(let stack) = tab.kind, tab.children.count > 1 else {
            uikit.tapTab(index, in: tabs)
            return "selected tab again"
        }
        guard case .back(_, let innermost)? = host.user.backGesture, innermost == stack,
            (try? host.refusal(of: .back(to: tab.children[0].ref, in: stack))) == .some(nil)
        else { return "-" }
        uikit.tapTab(index, in: tabs)
        uikit.settle()
        _ = twin.perform(Command(":back \(tab.children.count - 1)")!)
        return "selected tab again, popped to root"
    }

    private func both(_ typed: String, _ session: ShopSession, _ twin: ShopSession) {
        guard let command = Command(typed) else { return }
        _ = session.perform(command)
        _ = twin.perform(command)
    }
}
