import FlowKernel
import FlowRuntime
import Testing

/// Checks any ``/FlowKernel/ScreenContainer`` against the requirements its contract states.
///
/// Give it a way to make a fresh container with three registrations, of screen types the laws
/// provide: ``Plain`` made without an argument, ``Numbered`` made from an `Int`, and ``Broken``
/// whose factory throws ``Failure``. Nothing is registered for ``Unregistered``.
///
/// ```swift
/// @Test func screenFactoryObeysTheContainerLaws() {
///     ContainerLaws.check {
///         let factory = ScreenFactory()
///         factory.register(ContainerLaws.Plain.self) { ContainerLaws.Plain() }
///         factory.register(ContainerLaws.Numbered.self, argument: Int.self) { ContainerLaws.Numbered($0) }
///         factory.register(ContainerLaws.Broken.self) { throw ContainerLaws.Failure() }
///         return factory
///     }
/// }
/// ```
///
/// The laws: what is registered resolves, with its argument; `isRegistered` agrees with what
/// resolves; an unregistered type or identifier throws `unregisteredScreen`; an argument to a plain
/// registration, none to one that needs it, or one of another type throws `argumentTypeMismatch`;
/// a factory that fails throws `factoryFailed`; and a failed resolve leaves the container
/// resolving as before.
@MainActor
public enum ContainerLaws {
    /// One broken container law.
    public typealias Violation = LawViolation

    /// A screen the container registers without an argument.
    public final class Plain: Screen {
        /// Makes the screen.
        public init() {}
    }

    /// A screen the container registers with an `Int` argument.
    public final class Numbered: Screen {
        /// The argument the screen was made with.
        public let number: Int
        /// Makes the screen with its argument.
        public init(_ number: Int) { self.number = number }
    }

    /// A screen whose registered factory throws ``Failure``.
    public final class Broken: Screen {
        /// Makes the screen; the laws' registration never gets this far.
        public init() {}
    }

    /// A screen nothing registers; it can be made with `init()`.
    public final class Unregistered: Instantiable {
        /// Makes the screen.
        public init() {}
    }

    /// What the factory of ``Broken`` throws.
    public struct Failure: Error {
        /// Makes the error.
        public init() {}
    }

    /// Every violation found, each law on a fresh container; empty when the container obeys them all.
    public static func violations(makeContainer: () -> any ScreenContainer) -> [Violation] {
        var found: [Violation] = []
        found += registeredScreensResolve(makeContainer())
        found += unregisteredTypesAreRefused(makeContainer())
        found += wrongArgumentsAreRefused(makeContainer())
        found += failingFactoriesAreReported(makeContainer())
        found += aFailedResolveChangesNothing(makeContainer())
        return found
    }

    /// Records a test issue for every violation.
    public static func check(
        sourceLocation: SourceLocation = #_sourceLocation,
        makeContainer: () -> any ScreenContainer
    ) {
        for violation in violations(makeContainer: makeContainer) {
            CheckIssues.record("Container law broken — \(violation)", sourceLocation: sourceLocation)
        }
    }

    // MARK: The laws

    static func registeredScreensResolve(_ container: any ScreenContainer) -> [Violation] {
        let law = "what is registered resolves"
        var found: [Violation] = []
        do {
            _ = try container.resolve(Plain.self)
        } catch {
            found.append(Violation(law: law, detail: "resolving Plain threw \(error)"))
        }
        do {
            let numbered = try container.resolve(Numbered.self, argument: 7)
            if numbered.number != 7 {
                found.append(Violation(law: law, detail: "Numbered was made with \(numbered.number), not the argument 7"))
            }
        } catch {
            found.append(Violation(law: law, detail: "resolving Numbered with 7 threw \(error)"))
        }
        for (name, registered) in [
            ("Plain", container.isRegistered(Plain.self, identifier: nil)),
            ("Numbered", container.isRegistered(Numbered.self, identifier: nil)),
            ("Broken", container.isRegistered(Broken.self, identifier: nil)),
        ] where !registered {
            found.append(Violation(law: law, detail: "isRegistered(\(name)) is false, but \(name) is registered"))
        }
        return found
    }

    static func unregisteredTypesAreRefused(_ container: any ScreenContainer) -> [Violation] {
        let law = "an unregistered type or identifier is refused"
        var found: [Violation] = []
        found += expect(.unregisteredScreen, law: law, "resolving Unregistered") { try container.resolve(Unregistered.self) }
        found += expect(.unregisteredScreen, law: law, "resolving Plain with an identifier nobody registered") {
            try container.resolve(Plain.self, identifier: "never-registered")
        }
        if container.isRegistered(Unregistered.self, identifier: nil) {
            found.append(Violation(law: law, detail: "isRegistered(Unregistered) is true"))
        }
        if container.isRegistered(Plain.self, identifier: "never-registered") {
            found.append(Violation(law: law, detail: "isRegistered(Plain, identifier: \"never-registered\") is true"))
        }
        return found
    }

    static func wrongArgumentsAreRefused(_ container: any ScreenContainer) -> [Violation] {
        let law = "a wrong argument is refused"
        return expect(.argumentTypeMismatch, law: law, "resolving Plain with an argument") { try container.resolve(Plain.self, argument: 1) }
            + expect(.argumentTypeMismatch, law: law, "resolving Numbered without its argument") { try container.resolve(Numbered.self) }
            + expect(.argumentTypeMismatch, law: law, "resolving Numbered with a String") { try container.resolve(Numbered.self, argument: "7") }
    }

    static func failingFactoriesAreReported(_ container: any ScreenContainer) -> [Violation] {
        expect(.factoryFailed, law: "a failing factory is reported", "resolving Broken") { try container.resolve(Broken.self) }
    }

    static func aFailedResolveChangesNothing(_ container: any ScreenContainer) -> [Violation] {
        _ = try? container.resolve(Numbered.self, argument: "7")
        _ = try? container.resolve(Plain.self, argument: 1)
        _ = try? container.resolve(Broken.self)
        _ = try? container.resolve(Unregistered.self)
        return registeredScreensResolve(container).map {
            Violation(law: "a failed resolve changes nothing", detail: "after failed resolves, \($0.detail)")
        }
    }

    private static func expect(
        _ code: FlowError.Code, law: String, _ what: String, _ request: () throws -> any Screen
    ) -> [Violation] {
        do {
            let screen = try request()
            return [Violation(law: law, detail: "\(what) made \(screen.displayName) instead of throwing \(code)")]
        } catch let error as FlowError where error.code == code {
            return []
        } catch {
            return [Violation(law: law, detail: "\(what) threw \(error), not \(code)")]
        }
    }
}
