import FlowKernel
import FlowTestKit
import Foundation
import ShopApp
import Testing

@MainActor
@Suite("Shop session: the gesture law")
struct ShopGestureLawTests {
    /// `swift test` checks 50 seeds per strategy; `FLOWKIT_GESTURE_LAW_SEEDS=<count>` checks
    /// another count (CI's `.ci/fuzz` 1,000).
    nonisolated static var seeds: Int { ProcessInfo.processInfo.environment["FLOWKIT_GESTURE_LAW_SEEDS"].flatMap(Int.init) ?? 50 }

    @Test("The shop follows random gestures between its screens' actions, in every strategy", arguments: Strategy.allCases)
    func gestureLaw(_ strategy: Strategy) {
        var session: ShopSession?
        GestureLaws.check(
            seeds: 1...UInt64(Self.seeds), steps: 16,
            start: {
                let started = try ShopSession(strategy: strategy)
                session = started
                return (started.host, started.flow)
            },
            legalRequests: {
                guard let session, let screen = session.currentScreen else { return [] }
                return screen.actions.map { action in
                    let arguments = ["address": "Ana Lopez; 1 Rua Augusta; Lisbon; 1100-048; PT", "remove": ""]
                    let argument = arguments[action.name] ?? "ana@example.com"
                    // Remove with nothing after it asks about the last item added.
                    let command = action.argument == nil || argument.isEmpty ? action.name : "\(action.name) \(argument)"
                    // Adding to the cart and giving the shipping address change the model, not the screen.
                    return GestureLaws.Request(command, navigates: !["add", "address"].contains(action.name)) { try session.run(Command(command)!) }
                }
            })
    }
}
