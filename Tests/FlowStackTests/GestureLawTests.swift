import FlowKernel
import FlowStack
import FlowStage
import FlowTestKit
import Testing

@MainActor
@Suite("Stack navigator: the gesture law")
struct StackGestureLawTests {
    /// With `skipping`, `goNext()` shows Second every other time it reaches it.
    static func navigator(skipping: Bool = false) -> StackNavigator<Void> {
        var turn = 0
        let registry = ScreenRegistry { registry in
            registry.register(First.self) { First() }
            let second = registry.register(Second.self) { Second() }
            if skipping {
                second.when("every other time") {
                    turn += 1
                    return turn.isMultiple(of: 2)
                }
            }
            registry.register(Third.self) { Third() }
            registry.register(ThirdModal.self) { ThirdModal() }
        }
        return StackNavigator<Void>("stack", registry: registry, root: First.self)
    }

    /// What the navigator can always do from where it stands.
    static func legal(_ navigator: StackNavigator<Void>) -> [GestureLaws.Request] {
        let entries = navigator.stackState.split(separator: " -> ").map(String.init)
        var requests = [GestureLaws.Request("finish") { try navigator.finish(with: ()) }]
        if entries.contains(where: { $0.hasPrefix("(modal)") }) {
            requests.append(GestureLaws.Request("getBack(.modal)") { try navigator.getBack(.modal) })
            return requests
        }
        // ThirdModal's weak scope keeps its screen, which is shown only once, and it is the last
        // registration: on top it offers neither.
        if !(navigator.currentScreen is ThirdModal) {
            requests.append(GestureLaws.Request("goNextAsModal") { try navigator.goNextAsModal(to: ThirdModal.self) })
            requests.append(GestureLaws.Request("goNext") { try navigator.goNext() })
        }
        if entries.count > 1 {
            requests.append(GestureLaws.Request("getBack") { try navigator.getBack() })
        }
        return requests
    }

    @Test(
        "The navigator follows random gestures between its own requests",
        arguments: [
            (FlowPlacement.presented, UInt64(300)), (.onStack("base"), 100), (.root, 100),
        ])
    func gestureLaw(_ placement: FlowPlacement, _ seeds: UInt64) {
        GestureLaws.check(
            seeds: 1...GestureLaws.seedCount(default: seeds), placement: placement, makeHost: { InMemoryHost() }, make: { Self.navigator() },
            legalRequests: Self.legal)
    }

    @Test("A navigator whose goNext() skips a registration follows random gestures too", arguments: [FlowPlacement.presented, .onStack("base"), .root])
    func gestureLawWithASkippedRegistration(_ placement: FlowPlacement) {
        GestureLaws.check(
            seeds: 1...GestureLaws.seedCount(default: 100), placement: placement, makeHost: { InMemoryHost() }, make: { Self.navigator(skipping: true) },
            legalRequests: Self.legal)
    }
}
