import FlowKernel
import FlowStack
import FlowTestKit
import Testing

@MainActor
@Suite("Screen registry")
struct ScreenRegistryTests {
    @Test func registrationsKeepTheirDeclarationOrder() {
        let registry = ScreenRegistry { registry in
            registry.register(First.self) { First() }
            registry.register(Second.self, identifier: "compact") { Second() }
            registry.register(Profile.self, argument: (String, Int).self) { Profile(name: $0.0, number: $0.1) }
        }
        #expect(registry.registrations.map(\.screenType) == [ScreenType(First.self), ScreenType(Second.self), ScreenType(Profile.self)])
        #expect(registry.registrations.map(\.identifier) == [nil, "compact", nil])
        #expect(registry.registrations.map(\.takesArgument) == [false, false, true])
        #expect(registry.registrations[2].argumentTypeName == "(String, Int)")
    }

    @Test func theDefaultScopeIsWeak() {
        let registry = ScreenRegistry()
        #expect(registry.register(First.self) { First() }.scope == .weak)
    }

    @Test func weakScopeReusesTheScreenWhileItIsAlive() throws {
        let registry = ScreenRegistry()
        registry.register(First.self) { First() }
        var kept: First? = try registry.resolve(First.self)
        #expect(try registry.resolve(First.self) === kept)
        #expect(registry.liveInstance(of: First.self) === kept)

        kept = nil

        #expect(registry.liveInstance(of: First.self) == nil)
    }

    @Test func noneScopeMakesANewScreenEveryTimeAndKeepsNone() throws {
        let registry = ScreenRegistry()
        registry.register(First.self) { First() }.inScope(.none)
        let one = try registry.resolve(First.self)
        let two = try registry.resolve(First.self)
        #expect(one !== two)
        #expect(registry.liveInstance(of: First.self) == nil)
    }

    @Test func strongScopeKeepsTheScreenUntilReleased() throws {
        let registry = ScreenRegistry()
        registry.register(First.self) { First() }.inScope(.strong)
        let leaks = LeakTracker()
        leaks.track(try registry.resolve(First.self))
        #expect(leaks.survivors == ["First"])

        registry.releaseInstances()

        leaks.expectNoLeaks()
    }

    @Test func changingTheScopeLetsGoOfWhatTheOldScopeKept() throws {
        let registry = ScreenRegistry()
        let registration = registry.register(First.self) { First() }.inScope(.strong)
        let kept = try registry.resolve(First.self)
        #expect(registration.scope == .strong)

        registration.inScope(.strong)
        #expect(registry.liveInstance(of: First.self) === kept)

        registration.inScope(.weak)
        #expect(registration.scope == .weak)
        #expect(registry.liveInstance(of: First.self) == nil)
        let weaklyKept = try registry.resolve(First.self)
        #expect(weaklyKept !== kept)
        registration.inScope(.weak)
        #expect(registry.liveInstance(of: First.self) === weaklyKept)

        registration.inScope(.none)
        #expect(registration.scope == .none)
        #expect(registry.liveInstance(of: First.self) == nil)
        #expect(try registry.resolve(First.self) !== weaklyKept)
    }

    @Test func identifiersSelectBetweenRegistrationsOfOneType() throws {
        let registry = ScreenRegistry()
        registry.register(FourthModal.self, identifier: "short") {
            let s = FourthModal()
            s.note = "short"
            return s
        }
        registry.register(FourthModal.self, identifier: "long") {
            let s = FourthModal()
            s.note = "long"
            return s
        }

        let long = try registry.resolve(FourthModal.self, identifier: "long")
        #expect(long.note == "long")
        #expect(try registry.resolve(FourthModal.self).note == "short")
        #expect(registry.liveInstance(of: FourthModal.self, identifier: "long") === long)
    }

    @Test func anArgumentReachesItsFactory() throws {
        let registry = ScreenRegistry()
        registry.register(Profile.self, argument: (String, Int).self) { Profile(name: $0.0, number: $0.1) }
        let profile = try registry.resolve(Profile.self, argument: ("Felipe Garcia", 232))
        #expect(profile.name == "Felipe Garcia")
        #expect(profile.number == 232)
    }

    @Test(
        "A resolve that cannot be carried out throws and keeps nothing",
        arguments: [
            ("an unregistered type", FlowError.Code.unregisteredScreen),
            ("an unknown identifier", .unregisteredScreen),
            ("an argument of the wrong type", .argumentTypeMismatch),
            ("an argument for a plain registration", .argumentTypeMismatch),
            ("no argument for an argument registration", .argumentTypeMismatch),
            ("a factory that fails", .factoryFailed),
        ])
    func failedResolve(_ case: String, code: FlowError.Code) {
        let registry = ScreenRegistry()
        registry.register(First.self) { First() }
        registry.register(Profile.self, argument: (String, Int).self) { Profile(name: $0.0, number: $0.1) }
        registry.register(Second.self) { throw FactoryError() }

        let error = #expect(throws: FlowError.self) {
            switch `case` {
            case "an unregistered type": _ = try registry.resolve(Third.self)
            case "an unknown identifier": _ = try registry.resolve(First.self, identifier: "nope")
            case "an argument of the wrong type": _ = try registry.resolve(Profile.self, argument: 42)
            case "an argument for a plain registration": _ = try registry.resolve(First.self, argument: 42)
            case "no argument for an argument registration": _ = try registry.resolve(Profile.self)
            default: _ = try registry.resolve(Second.self)
            }
        }

        #expect(error?.code == code)
        #expect(registry.registrations.allSatisfy { $0.liveInstance == nil })
    }

    @Test func aFailingFactorySaysWhy() {
        let registry = ScreenRegistry()
        registry.register(Second.self) { throw FactoryError() }
        let error = #expect(throws: FlowError.self) { try registry.resolve(Second.self) }
        #expect(error?.message == "The factory for Second failed: the database is locked")
    }

    @Test func anArgumentRegistrationWithoutAnArgumentReturnsItsLiveScreen() throws {
        let registry = ScreenRegistry()
        registry.register(Profile.self, argument: (String, Int).self) { Profile(name: $0.0, number: $0.1) }.inScope(.strong)
        let made = try registry.resolve(Profile.self, argument: ("Ana", 1))
        #expect(try registry.resolve(Profile.self) === made)
    }
}

@MainActor
@Suite("Screen registry: the container contract")
struct ScreenRegistryContainerTests {
    @Test("A registry obeys the container laws in every scope", arguments: [Registration.Scope.none, .weak, .strong])
    func aRegistryObeysTheContainerLaws(_ scope: Registration.Scope) {
        ContainerLaws.check {
            ScreenRegistry { registry in
                registry.register(ContainerLaws.Plain.self) { ContainerLaws.Plain() }.inScope(scope)
                registry.register(ContainerLaws.Numbered.self, argument: Int.self) { ContainerLaws.Numbered($0) }.inScope(scope)
                registry.register(ContainerLaws.Broken.self) { throw ContainerLaws.Failure() }.inScope(scope)
            }
        }
    }
}
