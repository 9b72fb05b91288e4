import FlowKernel
import FlowRuntime
import FlowTestKit
import Testing

/// A container that breaks one law on purpose, to prove the laws catch it.
@MainActor
final class FlawedContainer: ScreenContainer {
    enum Flaw: CaseIterable { case none, ignoresArguments, wrongCodes, claimsEverything, forgetsAfterFailure }

    let flaw: Flaw
    private var forgotten = false

    init(_ flaw: Flaw) { self.flaw = flaw }

    func isRegistered<S: Screen>(_ type: S.Type, identifier: String?) -> Bool {
        if flaw == .claimsEverything { return true }
        let registered: [any Screen.Type] = [ContainerLaws.Plain.self, ContainerLaws.Numbered.self, ContainerLaws.Broken.self]
        return identifier == nil && registered.contains { $0 == type }
    }

    func resolve<S: Screen>(_ type: S.Type, identifier: String?) throws -> S {
        try make(type, identifier: identifier, argument: Optional<Any>.none)
    }

    func resolve<S: Screen, Argument>(_ type: S.Type, identifier: String?, argument: Argument) throws -> S {
        try make(type, identifier: identifier, argument: .some(argument))
    }

    private func make<S: Screen>(_ type: S.Type, identifier: String?, argument: Any?) throws -> S {
        let code: (FlowError.Code) -> FlowError.Code = { self.flaw == .wrongCodes ? .hostRejected : $0 }
        if forgotten { throw FlowError(code(.unregisteredScreen), "forgotten") }
        guard identifier == nil else { throw FlowError(code(.unregisteredScreen), "no identifier") }
        let screen: any Screen
        switch type {
        case is ContainerLaws.Plain.Type:
            if argument != nil, flaw != .ignoresArguments { throw FlowError(code(.argumentTypeMismatch), "plain") }
            screen = ContainerLaws.Plain()
        case is ContainerLaws.Numbered.Type:
            if let number = argument as? Int {
                screen = ContainerLaws.Numbered(number)
            } else if flaw == .ignoresArguments {
                screen = ContainerLaws.Numbered(0)
            } else {
                throw FlowError(code(.argumentTypeMismatch), "needs an Int")
            }
        case is ContainerLaws.Broken.Type:
            if flaw == .forgetsAfterFailure { forgotten = true }
            throw FlowError(code(.factoryFailed), "broken")
        default:
            throw FlowError(code(.unregisteredScreen), "unknown")
        }
        return screen as! S
    }
}

@MainActor
@Suite("Container laws")
struct ContainerLawsTests {
    @Test func aCorrectContainerBreaksNoLaw() {
        #expect(ContainerLaws.violations { FlawedContainer(.none) }.isEmpty)
    }

    @Test(
        "A flawed container is caught by the law it breaks",
        arguments: [
            (FlawedContainer.Flaw.ignoresArguments, "a wrong argument is refused"),
            (.wrongCodes, "an unregistered type or identifier is refused"),
            (.wrongCodes, "a failing factory is reported"),
            (.claimsEverything, "an unregistered type or identifier is refused"),
            (.forgetsAfterFailure, "a failed resolve changes nothing"),
        ])
    func aFlawedContainerIsCaught(_ flaw: FlawedContainer.Flaw, law: String) {
        let broken = ContainerLaws.violations { FlawedContainer(flaw) }.map(\.law)
        #expect(broken.contains(law), "laws broken: \(broken)")
    }

    @Test func aScreenNothingRegistersIsMadeWithInitOnlyWhenAsked() throws {
        let container = FlawedContainer(.none)
        #expect(throws: FlowError.self) { try container.resolve(ContainerLaws.Unregistered.self) }
        _ = try container.resolveOrInstantiate(ContainerLaws.Unregistered.self)
    }

    @Test func checkRecordsAnIssueForEachViolation() {
        let issues = CheckIssues.collected { ContainerLaws.check { FlawedContainer(.ignoresArguments) } }
        #expect(!issues.isEmpty && issues.allSatisfy { $0.hasPrefix("Container law broken — ") }, "\(issues)")
    }
}
