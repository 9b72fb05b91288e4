import FlowKernel
import FlowStack
import FlowStage
import FlowTestKit
import Testing

/// A screen that shows one number, as a list's detail does.
@MainActor
final class NumberScreen: StackScreen {
    weak var navigator: (any NavigatorHandle)?
    let number: Int
    var displayName: String { "Number \(number)" }
    init(_ number: Int) { self.number = number }
}

/// List → detail → related detail: a registration that makes a new screen each time may be shown
/// over a screen it made before; a screen a scope keeps is still shown only once.
@MainActor
@Suite("Stack navigator drill-downs")
struct DrillDownTests {
    let host = InMemoryHost()

    private func navigator(scope: Registration.Scope) throws -> (StackNavigator<Void>, ScreenRegistry) {
        let registry = ScreenRegistry { registry in
            registry.register(First.self) { First() }
            registry.register(NumberScreen.self, argument: Int.self) { NumberScreen($0) }.inScope(scope)
            registry.register(Second.self) { Second() }
        }
        let navigator = StackNavigator<Void>("list", registry: registry, root: First.self)
        try navigator.start(on: host)
        return (navigator, registry)
    }

    @Test("A drill-down to depth 3 and back again", arguments: [Registration.Scope.none, .weak, .strong])
    func drillDownAndBack(scope: Registration.Scope) throws {
        let (navigator, _) = try navigator(scope: scope)

        try navigator.goNext(to: NumberScreen.self, argument: 0)
        try navigator.goNext(to: NumberScreen.self, argument: 1)
        try navigator.goNext(to: NumberScreen.self, argument: 2)
        #expect(navigator.stackState == "First -> Number 0 -> Number 1 -> Number 2")

        try navigator.getBack()
        #expect(navigator.stackState == "First -> Number 0 -> Number 1")
        try navigator.getBack(.popTo(NumberScreen.self))
        #expect(navigator.stackState == "First -> Number 0")
        try navigator.goNext()
        #expect(navigator.stackState == "First -> Number 0 -> Second")
    }

    @Test func everyScreenOfADrillDownIsReleasedWhenTheFlowEnds() throws {
        let tracker = LeakTracker()
        do {
            let (navigator, _) = try navigator(scope: .none)
            for number in 0..<3 {
                try navigator.goNext(to: NumberScreen.self, argument: number)
                if let screen = navigator.currentScreen as? NumberScreen { tracker.track(screen, as: "Number \(number)") }
            }
            tracker.track(navigator)
            try navigator.dismiss()
        }
        #expect(tracker.trackedCount == 4)
        #expect(tracker.expectNoLeaks())
    }

    @Test func aKeptScreenShownAgainIsRefusedAsTheCurrentScreenAndNothingChanges() throws {
        let (navigator, registry) = try navigator(scope: .weak)
        try navigator.goNext(to: Second.self)
        let before = host.hierarchy
        let kept = registry.liveInstance(of: Second.self)

        let error = #expect(throws: FlowError.self) { try navigator.goNext(to: Second.self) }

        #expect(error?.code == .hostRejected)
        #expect(error?.message.contains("is already the current screen") == true)
        #expect(host.hierarchy == before)
        #expect(registry.liveInstance(of: Second.self) === kept)
    }

    @Test func aKeptScreenLowerInTheStackIsRefusedWithTheWayBackToIt() throws {
        let (navigator, _) = try navigator(scope: .weak)
        try navigator.goNext(to: NumberScreen.self, argument: 7)
        let before = host.hierarchy

        let error = #expect(throws: FlowError.self) { try navigator.goNext(to: First.self) }

        #expect(error?.message.contains("getBack(.popTo(First.self))") == true)
        #expect(host.hierarchy == before)
    }
}
