import FlowKernel
import FlowStack
import FlowStage
import FlowTestKit
import Testing

/// Every request a caller can get wrong throws its code and changes nothing: not the stack, not
/// the registry's instances, not the waiting argument, not the callbacks.
@MainActor
@Suite("Stack navigator bad input")
struct BadInputTests {
    struct Case: CustomStringConvertible, Sendable {
        let description: String
        let code: FlowError.Code
        var setUp: @MainActor @Sendable (StackNavigator<Int>) throws -> Void = { _ in }
        let request: @MainActor @Sendable (StackNavigator<Int>) throws -> Void
    }

    nonisolated static let cases: [Case] = [
        Case(description: "an unregistered type", code: .unregisteredScreen) { try $0.goNext(to: Fourth.self) },
        Case(description: "an unknown identifier", code: .unregisteredScreen) { try $0.goNext(to: Third.self, identifier: "nope") },
        Case(description: "an argument of the wrong type", code: .argumentTypeMismatch) { try $0.goNext(to: Profile.self, argument: 42) },
        Case(description: "an argument for a plain registration", code: .argumentTypeMismatch) { try $0.goNext(to: Third.self, argument: "x") },
        Case(description: "no argument for an argument registration", code: .argumentTypeMismatch) { try $0.goNext(to: Profile.self) },
        Case(description: "a modal with an argument of the wrong type", code: .argumentTypeMismatch) { try $0.goNextAsModal(to: Profile.self, argument: 1.5) },
        Case(description: "goNext at the last registration", code: .noNextScreen, setUp: { try $0.goNext(to: FourthModal.self) }) { try $0.goNext() },
        Case(description: "back at the root", code: .nothingToGoBackTo, setUp: { try $0.getBack() }) { try $0.getBack() },
        Case(description: "back to the root at the root", code: .nothingToGoBackTo, setUp: { try $0.getBack() }) { try $0.getBack(.popToRoot) },
        Case(description: "back to a type not in the stack", code: .notFound) { try $0.getBack(.popTo(Third.self)) },
        Case(description: "back to the type only on top", code: .nothingToGoBackTo) { try $0.getBack(.popTo(Second.self)) },
        Case(description: "dismissing a modal when none is presented", code: .nothingToGoBackTo) { try $0.getBack(.modal) },
        Case(description: "popping while a modal is presented", code: .hostRejected, setUp: { try $0.goNextAsModal(to: FourthModal.self, whenDismissed: {}) }) { try $0.getBack() },
        Case(description: "pushing while a modal is presented", code: .hostRejected, setUp: { try $0.goNextAsModal(to: FourthModal.self, whenDismissed: {}) }) { try $0.goNext(to: Third.self) },
        Case(description: "a factory that fails", code: .factoryFailed) { try $0.goNext(to: Failing.self) },
        Case(description: "the screen already on top", code: .hostRejected) { try $0.goNext(to: Second.self) },
        Case(description: "a kept screen already lower in the stack", code: .hostRejected, setUp: { try $0.goNext(to: Third.self) }) { try $0.goNext(to: First.self) },
        Case(description: "a registration index out of range", code: .indexOutOfRange) { try $0.goNext(toRegistrationAt: 99) },
        Case(description: "a negative registration index", code: .indexOutOfRange) { try $0.goNext(toRegistrationAt: -1) },
        Case(description: "a result of the wrong type", code: .argumentTypeMismatch) { try $0.finish(withValue: "seven", completion: nil) },
        Case(description: "reading the argument as the wrong type", code: .argumentTypeMismatch, setUp: { try $0.goNext(to: Profile.self, argument: ("Ana", 1)) }) {
            _ = try $0.dataFromPreviousScreen(as: Int.self)
        },
        Case(description: "a second start", code: .flowAlreadyStarted) { try $0.start(on: InMemoryHost()) },
        Case(description: "navigation after the flow was dismissed", code: .flowFinished, setUp: { try $0.dismiss() }) { try $0.goNext() },
        Case(description: "going back after the flow was dismissed", code: .flowFinished, setUp: { try $0.dismiss() }) { try $0.getBack() },
        Case(description: "finishing after the flow was dismissed", code: .flowFinished, setUp: { try $0.dismiss() }) { try $0.finish(with: 1) },
        Case(description: "dismissing twice", code: .flowFinished, setUp: { try $0.dismiss() }) { try $0.dismiss() },
    ]

    /// Everything a failed request must leave as it was.
    struct State: Equatable {
        let rendering: String
        let stackState: String
        let instances: [ObjectIdentifier?]
        let events: Int
        let calls: [String]
        let phase: FlowPhase
    }

    @Test("A bad request throws its code and changes nothing", arguments: cases)
    func badRequestChangesNothing(_ bad: Case) throws {
        let host = InMemoryHost()
        let recorder = TranscriptRecorder(observing: host)
        let calls = CallLog()
        let registry = ScreenRegistry { registry in
            registry.register(First.self) { First() }
            registry.register(Second.self) { Second() }
            registry.register(Third.self) { Third() }
            registry.register(Profile.self, argument: (String, Int).self) { Profile(name: $0.0, number: $0.1) }
            registry.register(Failing.self) { throw FactoryError() }
            registry.register(FourthModal.self) { FourthModal() }.inScope(.strong)
        }
        let navigator = StackNavigator<Int>("shop", registry: registry, root: First.self)
        navigator.onFinish { _ in calls.record("finished") }
        try navigator.start(on: host)
        try navigator.goNext()
        try bad.setUp(navigator)
        func state() -> State {
            State(
                rendering: host.render(), stackState: navigator.stackState,
                instances: registry.registrations.map { $0.liveInstance.map(ObjectIdentifier.init) },
                events: recorder.events.count, calls: calls.entries, phase: navigator.phase
            )
        }
        let before = state()

        let error = #expect(throws: FlowError.self) { try bad.request(navigator) }

        #expect(error?.code == bad.code)
        #expect(state() == before)
    }

    @Test func aConfigureHookThatNavigatesIsRejectedAndTheOuterNavigationStands() throws {
        let host = InMemoryHost()
        let registry = ScreenRegistry { registry in
            registry.register(First.self) { First() }
            registry.register(Second.self) { Second() }
            registry.register(Third.self) { Third() }
        }
        let navigator = StackNavigator<Void>("shop", registry: registry, root: First.self)
        try navigator.start(on: host)
        var inner: FlowError?

        try navigator.goNext(to: Second.self) { _ in
            do { try navigator.goNext() } catch { inner = error as? FlowError }
        }

        #expect(inner?.code == .reentrantNavigation)
        #expect(navigator.stackState == "First -> Second")
    }

    @Test func navigationBeforeStartIsRejected() {
        let navigator = StackNavigator<Void>("shop", registry: ScreenRegistry(), root: First.self)
        let error = #expect(throws: FlowError.self) { try navigator.goNext() }
        #expect(error?.code == .flowNotStarted)
        #expect(navigator.stackState == "")
    }

    @Test("A start that cannot show its root shows nothing", arguments: [
        ("an unregistered root", FlowError.Code.unregisteredScreen),
        ("a root argument of the wrong type", .argumentTypeMismatch),
        ("an empty registry", .unregisteredScreen),
        ("a shared stack that does not exist", .notFound),
    ])
    func failedStartShowsNothing(_ case: String, code: FlowError.Code) {
        let host = InMemoryHost()
        let recorder = TranscriptRecorder(observing: host)
        let registry = ScreenRegistry { $0.register(Profile.self, argument: (String, Int).self) { Profile(name: $0.0, number: $0.1) } }
        let error = #expect(throws: FlowError.self) {
            switch `case` {
            case "an unregistered root": try StackNavigator<Void>(registry: registry, root: First.self).start(on: host)
            case "a root argument of the wrong type": try StackNavigator<Void>(registry: registry, root: Profile.self, argument: 3).start(on: host)
            case "an empty registry": try StackNavigator<Void>(registry: ScreenRegistry()).start(on: host)
            default: try StackNavigator<Void>(registry: registry, root: Profile.self, argument: ("a", 1)).start(on: host, placement: .onStack("nope"))
            }
        }
        #expect(error?.code == code)
        #expect(host.render() == "(empty)")
        #expect(recorder.events.isEmpty)
        #expect(registry.liveInstance(of: Profile.self) == nil)
    }
}

final class Failing: NavigatedScreen {}
