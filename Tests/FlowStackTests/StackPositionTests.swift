import FlowKernel
import FlowTestKit
import Testing

@testable import FlowStack

/// The decision table: given where the navigator is, what each request means.
@MainActor
@Suite("Stack position")
struct StackPositionTests {
    static let a = LawProbe("A"), b = LawProbe("B"), c = LawProbe("C"), m = LawProbe("M")

    static func entry(_ screen: LawProbe, _ registration: Int?) -> StackPosition.Entry {
        StackPosition.Entry(screen: screen.ref, registration: registration)
    }

    @Test(
        "goNext goes to the registration after the current screen's",
        arguments: [
            // (registration of the stack's top, registration of a modal, registrations, next)
            (0, nil, 3, 1),
            (1, nil, 3, 2),
            (3, nil, 5, 4),
            (0, 2, 4, 3),
        ] as [(Int, Int?, Int, Int)])
    func nextFollowsTheCurrentScreen(top: Int, modal: Int?, count: Int, next: Int) throws {
        var position = StackPosition(entries: [Self.entry(Self.a, top)])
        if let modal { position.modals = [Self.entry(Self.m, modal)] }
        #expect(try position.nextRegistration(count: count) == next)
    }

    @Test(
        "goNext is rejected where there is no next",
        arguments: [
            // (entries' registrations, registrations, code)
            ([2], 3, FlowError.Code.noNextScreen),
            ([], 3, .notFound),
            ([nil], 3, .notFound),
        ] as [([Int?], Int, FlowError.Code)])
    func nextIsRejected(registrations: [Int?], count: Int, code: FlowError.Code) {
        let position = StackPosition(entries: registrations.map { Self.entry(Self.a, $0) })
        let error = #expect(throws: FlowError.self) { try position.nextRegistration(count: count) }
        #expect(error?.code == code)
    }

    @Test(
        "Back plans follow the real stack",
        arguments: [
            // (style, index of the entry popped to; nil for one pop)
            (BackStyle.pop, nil),
            (.popToRoot, 0),
            (.popTo(LawProbe.self), 1),
        ] as [(BackStyle, Int?)])
    func backPlans(style: BackStyle, target: Int?) throws {
        let screens = [Self.a, Self.b, Self.c]
        let position = StackPosition(entries: [Self.entry(Self.a, 0), Self.entry(Self.b, 3), Self.entry(Self.c, 1)])
        let plan: StackPosition.BackPlan = target.map { .popTo(screens[$0].ref) } ?? .pop
        #expect(try position.backPlan(style) == plan)
    }

    @Test(
        "Each back plan is one host operation on the navigator's stack",
        arguments: [
            // (style, modals, the operation)
            (BackStyle.pop, 0, "pop [nav]"),
            (.popToRoot, 0, "pop [nav] to A"),
            (.popTo(LawProbe.self), 0, "pop [nav] to B"),
            (.modal, 1, "dismiss what [nav] presents"),
            (.modal, 2, "dismiss what M presents"),
        ] as [(BackStyle, Int, String)])
    func backOperations(style: BackStyle, modals: Int, operation: String) throws {
        let presented = [Self.entry(Self.m, 3), Self.entry(LawProbe("N"), 4)].prefix(modals)
        let position = StackPosition(entries: [Self.entry(Self.a, 0), Self.entry(Self.b, 3), Self.entry(Self.c, 1)], modals: Array(presented))
        #expect(try position.backPlan(style).operation(in: "nav").description == operation)
    }

    @Test func backWithAModalDismissesTheTopModal() throws {
        let position = StackPosition(entries: [Self.entry(Self.a, 0)], modals: [Self.entry(Self.m, 1), Self.entry(Self.b, 2)])
        #expect(try position.backPlan(.modal) == .dismiss(Self.b.ref, presentedBy: Self.m.ref))
    }

    @Test(
        "Back requests that cannot be carried out are rejected",
        arguments: [
            // (stack size, modals, style, code)
            (1, 0, BackStyle.pop, FlowError.Code.nothingToGoBackTo),
            (1, 0, .popToRoot, .nothingToGoBackTo),
            (1, 0, .popTo(LawProbe.self), .nothingToGoBackTo),
            (2, 0, .modal, .nothingToGoBackTo),
            (2, 1, .pop, .hostRejected),
            (2, 1, .popToRoot, .hostRejected),
            (2, 1, .popTo(LawProbe.self), .hostRejected),
        ])
    func backIsRejected(size: Int, modals: Int, style: BackStyle, code: FlowError.Code) {
        let screens = [Self.a, Self.b, Self.c]
        let position = StackPosition(
            entries: screens.prefix(size).enumerated().map { Self.entry($1, $0) },
            modals: modals > 0 ? [Self.entry(Self.m, 5)] : []
        )
        let error = #expect(throws: FlowError.self) { try position.backPlan(style) }
        #expect(error?.code == code)
    }

    @Test func backToATypeThatIsOnlyOnTopIsNothingToGoBackTo() {
        final class Other: Screen {}
        let other = Other()
        let position = StackPosition(entries: [Self.entry(Self.a, 0), StackPosition.Entry(screen: other.ref, registration: 1)])
        let onlyOnTop = #expect(throws: FlowError.self) { try position.backPlan(.popTo(Other.self)) }
        #expect(onlyOnTop?.code == .nothingToGoBackTo)
        let absent = #expect(throws: FlowError.self) { try position.backPlan(.popTo(First.self)) }
        #expect(absent?.code == .notFound)
    }

    @Test func pushingIsRejectedWhileAModalIsPresented() {
        let position = StackPosition(entries: [Self.entry(Self.a, 0)], modals: [Self.entry(Self.m, 1)])
        #expect(throws: FlowError.self) { try position.requirePushAllowed() }
        #expect(throws: Never.self) { try StackPosition(entries: [Self.entry(Self.a, 0)]).requirePushAllowed() }
    }

    @Test(
        "What each back plan takes away, top first",
        arguments: [
            // (plan, the screen it names, names of the screens it takes away)
            ("pop", "", ["C"]),
            ("popTo", "A", ["C", "B"]),
            ("popTo", "B", ["C"]),
            ("dismiss", "M", ["N", "M"]),
        ])
    func leavingAfterABackPlan(_ kind: String, target: String, names: [String]) {
        let n = LawProbe("N")
        let screens = ["A": Self.a, "B": Self.b, "M": Self.m]
        let plan: StackPosition.BackPlan =
            switch kind {
            case "pop": .pop
            case "popTo": .popTo(screens[target]!.ref)
            default: .dismiss(screens[target]!.ref, presentedBy: nil)
            }
        // A mixed position, for the table only: a navigator never pops under its own modal.
        let position = StackPosition(
            entries: [Self.entry(Self.a, 0), Self.entry(Self.b, 1), Self.entry(Self.c, 2)], modals: [Self.entry(Self.m, 3), Self.entry(n, 4)])
        #expect(position.leaving(after: plan).map(\.displayName) == names)
    }

    @Test func entriesThatAreNotScreensAreSteppedOver() throws {
        // A child's tab group pushed onto the navigator's stack: [A, tabs, B, tabs], read lazily.
        let entries: [StackPosition.Entry?] = [Self.entry(Self.a, 0), nil, Self.entry(Self.b, 1), nil]
        let position = StackPosition(count: entries.count, modals: []) { entries[$0] }

        #expect(position.current?.screen == Self.b.ref)
        #expect(try position.backPlan(.pop) == .pop)
        #expect(try position.backPlan(.popToRoot) == .popTo(Self.a.ref))
        #expect(try position.backPlan(.popTo(LawProbe.self)) == .popTo(Self.a.ref))
        #expect(position.leaving(after: .popTo(Self.a.ref)).map(\.displayName) == ["B"])
        #expect(position.entries.map(\.screen) == [Self.a.ref, Self.b.ref])

        let alone: [StackPosition.Entry?] = [Self.entry(Self.a, 0), nil]
        let error = #expect(throws: FlowError.self) {
            try StackPosition(count: alone.count, modals: []) { alone[$0] }.backPlan(.pop)
        }
        #expect(error?.code == .nothingToGoBackTo)
    }
}
