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
    typealias Case = BadRequest<StackNavigator<Int>>

    nonisolated static let cases: [Case] = [
        Case("an unregistered type", .unregisteredScreen) { try $0.goNext(to: Fourth.self) },
        Case("an unknown identifier", .unregisteredScreen) { try $0.goNext(to: Third.self, identifier: "nope") },
        Case("an argument of the wrong type", .argumentTypeMismatch) { try $0.goNext(to: Profile.self, argument: 42) },
        Case("an argument for a plain registration", .argumentTypeMismatch) { try $0.goNext(to: Third.self, argument: "x") },
        Case("no argument for an argument registration", .argumentTypeMismatch) { try $0.goNext(to: Profile.self) },
        Case("a modal with an argument of the wrong type", .argumentTypeMismatch) { try $0.goNextAsModal(to: Profile.self, argument: 1.5) },
        Case("goNext at the last registration", .noNextScreen, setUp: { try $0.goNext(to: FourthModal.self) }) { try $0.goNext() },
        Case("back at the root", .nothingToGoBackTo, setUp: { try $0.getBack() }) { try $0.getBack() },
        Case("back to the root at the root", .nothingToGoBackTo, setUp: { try $0.getBack() }) { try $0.getBack(.popToRoot) },
        Case("back to a type not in the stack", .notFound) { try $0.getBack(.popTo(Third.self)) },
        Case("back to the type only on top", .nothingToGoBackTo) { try $0.getBack(.popTo(Second.self)) },
        Case("dismissing a modal when none is presented", .nothingToGoBackTo) { try $0.getBack(.modal) },
        Case("popping while a modal is presented", .hostRejected, setUp: { try $0.goNextAsModal(to: FourthModal.self, whenDismissed: {}) }) {
            try $0.getBack()
        },
        Case("pushing while a modal is presented", .hostRejected, setUp: { try $0.goNextAsModal(to: FourthModal.self, whenDismissed: {}) }) {
            try $0.goNext(to: Third.self)
        },
        Case("a factory that fails", .factoryFailed) { try $0.goNext(to: Failing.self) },
        Case("the screen already on top", .hostRejected) { try $0.goNext(to: Second.self) },
        Case("a kept screen already lower in the stack", .hostRejected, setUp: { try $0.goNext(to: Third.self) }) { try $0.goNext(to: First.self) },
        Case("a registration index out of range", .indexOutOfRange) { try $0.goNext(toRegistrationAt: 99) },
        Case("a negative registration index", .indexOutOfRange) { try $0.goNext(toRegistrationAt: -1) },
        Case("a result of the wrong type", .argumentTypeMismatch) { try $0.finish(withValue: "seven", completion: nil) },
        Case("reading the argument as the wrong type", .argumentTypeMismatch, setUp: { try $0.goNext(to: Profile.self, argument: ("Ana", 1)) }) {
            _ = try $0.dataFromPreviousScreen(as: Int.self)
        },
        Case("a second start", .flowAlreadyStarted) { try $0.start(on: InMemoryHost()) },
        Case("navigation after the flow was dismissed", .flowFinished, setUp: { try $0.dismiss() }) { try $0.goNext() },
        Case("going back after the flow was dismissed", .flowFinished, setUp: { try $0.dismiss() }) { try $0.getBack() },
        Case("finishing after the flow was dismissed", .flowFinished, setUp: { try $0.dismiss() }) { try $0.finish(with: 1) },
        Case("dismissing twice", .flowFinished, setUp: { try $0.dismiss() }) { try $0.dismiss() },
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

        try bad.check(on: navigator) {
            State(
                rendering: host.render(), stackState: navigator.stackState,
                instances: registry.registrations.map { $0.liveInstance.map(ObjectIdentifier.init) },
                events: recorder.events.count, calls: calls.entries, phase: navigator.phase
            )
        }
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

    @Test(
        "A start that cannot show its root shows nothing",
        arguments: [
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
