import FlowKernel
import FlowRuntime
import Testing

@testable import FlowCoordinator

/// The decision table: given where a coordinator stands, what each request and each change the
/// user made means. Entries are named by letter, the coordinator's start node first.
@MainActor
@Suite("Coordinator position")
struct CoordinatorPositionTests {
    private static func node(_ name: String) -> NodeRef { .container(ContainerID(name)) }

    private static func position(_ entries: String, top: String?, child: (shares: Bool, snapshot: String?)? = nil, startShown: Bool? = nil)
        -> CoordinatorPosition
    {
        CoordinatorPosition(
            entries: entries.map { node(String($0)) }, startShown: startShown, top: top.map(node),
            child: child.map { CoordinatorPosition.Child(id: "child", shares: $0.shares, snapshot: $0.snapshot.map(node)) }
        )
    }

    @Test(
        "Back requests pop within the coordinator's own entries",
        arguments: [
            // (own entries, top, request, expected plan as (kind, node))
            ("sab", "b", "back", "pop a"),
            ("sa", "a", "back", "pop s"),
            ("sab", "b", "start", "popTo s"),
            ("sabc", "a", "top", "popTo a"),
            ("sab", "s", "top", "popTo s"),
        ])
    func backPlans(entries: String, top: String, request: String, plan: String) throws {
        let position = Self.position(entries, top: top)
        let decided = try Self.decide(request, position)
        let expected: CoordinatorPosition.Back = plan.hasPrefix("pop ") ? .pop(revealing: Self.node(String(plan.last!))) : .popTo(Self.node(String(plan.last!)))
        #expect(decided == expected)
        #expect(decided.top == Self.node(String(plan.last!)))
    }

    @Test(
        "Each back plan is one host operation on the coordinator's stack",
        arguments: [
            // (own entries, top, request, the operation)
            ("sab", "b", "back", "pop [nav]"),
            ("sab", "b", "start", "pop [nav] to [s]"),
            ("sabc", "a", "top", "pop [nav] to [a]"),
        ])
    func backOperations(entries: String, top: String, request: String, operation: String) throws {
        let decided = try Self.decide(request, Self.position(entries, top: top))
        #expect(decided.operation(in: "nav").description == operation)
    }

    @Test(
        "Back requests that cannot be carried out are refused with their code",
        arguments: [
            // (own entries, top, request, child on the stack, code)
            ("s", "s", "back", false, FlowError.Code.nothingToGoBackTo),
            ("", nil, "back", false, .nothingToGoBackTo),
            ("s", "s", "start", false, .nothingToGoBackTo),
            ("sa", "a", "top", false, .nothingToGoBackTo),
            ("sa", "x", "top", false, .notFound),
            ("sa", nil, "top", false, .notFound),
            ("sab", "b", "back", true, .hostRejected),
            ("sab", "b", "start", true, .hostRejected),
            ("sab", "a", "top", true, .hostRejected),
        ] as [(String, String?, String, Bool, FlowError.Code)])
    func refusedBackRequests(entries: String, top: String?, request: String, childOnStack: Bool, code: FlowError.Code) {
        let position = Self.position(entries, top: top, child: childOnStack ? (true, "a") : nil)
        let error = #expect(throws: FlowError.self) { try Self.decide(request, position) }
        #expect(error?.code == code)
    }

    @Test(
        "Back to a node or an index pops to one of the coordinator's own entries",
        arguments: [
            // (own entries, target node or index, expected: the node popped to, or an error code)
            ("sabc", "a", "a"), ("sabc", "s", "s"), ("sabc", "c", "nothingToGoBackTo"), ("sabc", "x", "notFound"),
            ("sabc", "1", "a"), ("sabc", "0", "s"), ("sabc", "3", "nothingToGoBackTo"), ("sabc", "4", "indexOutOfRange"),
        ])
    func backToATarget(entries: String, target: String, expected: String) throws {
        let position = Self.position(entries, top: String(entries.last!))
        let decide = { try Int(target).map { try position.back(toIndex: $0) } ?? position.back(to: Self.node(target)) }
        if expected.count == 1 {
            #expect(try decide() == .popTo(Self.node(expected)))
        } else {
            let error = #expect(throws: FlowError.self) { try decide() }
            #expect(error?.code.name == expected)
        }
    }

    @Test("A presented child blocks a second child but not the coordinator's own requests")
    func presentedChild() throws {
        let position = Self.position("sab", top: "b", child: (false, "b"))
        #expect(try position.back() == .pop(revealing: Self.node("a")))
        let error = #expect(throws: FlowError.self) { try position.requireNoChild() }
        #expect(error?.code == .hostRejected)
        #expect(error?.message.contains("'child'") == true)
    }

    @Test(
        "When the child ends, the coordinator returns to its snapshot",
        arguments: [
            // (own entries, top, child shares, snapshot, expected popTo, expected top)
            ("sabc", "a", true, "a", "a", "a"),  // the child's screens are above the snapshot
            ("sa", "a", true, "a", nil, "a"),  // the child took its screens away itself
            ("sa", "b", true, "b", nil, "a"),  // the user went below the snapshot
            ("sab", "b", false, "b", nil, "b"),  // a presented child leaves the stack alone
            ("sab", "b", true, nil, nil, "b"),  // no snapshot: what the user sees is the top
        ] as [(String, String, Bool, String?, String?, String?)])
    func afterChild(entries: String, top: String, shares: Bool, snapshot: String?, popTo: String?, newTop: String?) {
        let after = Self.position(entries, top: top, child: (shares, snapshot)).afterChild()
        #expect(after.popTo == popTo.map(Self.node))
        #expect(after.top == newTop.map(Self.node))
    }

    @Test(
        "After the user's change, the coordinator follows what is shown",
        arguments: [
            // (own entries, start shown, top, child's snapshot on the stack, expected)
            ("sab", true, "b", nil, "stay"),
            ("sa", true, "b", nil, "top a"),
            ("s", true, "b", nil, "top s"),
            ("sab", true, "x", "a", "top a"),  // a child runs above its snapshot
            ("s", true, "x", "a", "top s"),  // the user went below the child's snapshot
            ("", false, "b", nil, "end"),
            ("", true, "b", nil, "top -"),  // its start shows elsewhere: nothing of its own on top
        ] as [(String, Bool, String, String?, String)])
    func following(entries: String, startShown: Bool, top: String, snapshot: String?, expected: String) {
        let position = Self.position(entries, top: top, child: snapshot.map { (true, $0) }, startShown: startShown)
        let decided: CoordinatorPosition.Follow =
            switch expected {
            case "stay": .stay
            case "end": .end
            case "top -": .top(nil)
            default: .top(Self.node(String(expected.last!)))
            }
        #expect(position.following() == decided)
    }

    @Test(
        "A sheet covers the stack: the back requests are refused, a child and a second sheet too, and dismissing takes the sheet",
        arguments: ["back", "start", "top", "index", "node", "child or sheet"])
    func underASheet(request: String) throws {
        let position = CoordinatorPosition(entries: "sab".map { Self.node(String($0)) }, top: Self.node("b"), sheet: Self.node("e"))
        let error = #expect(throws: FlowError.self) {
            switch request {
            case "index": _ = try position.back(toIndex: 0)
            case "node": _ = try position.back(to: Self.node("s"))
            case "child or sheet": try position.requireNoChildNorSheet()
            default: _ = try Self.decide(request, position)
            }
        }
        #expect(error?.code == .hostRejected)
        #expect(error?.message.contains("dismiss it first") == true)
        #expect(try position.dismissSheet() == Self.node("e"))
    }

    @Test func dismissingWithNoSheetHasNothingToGoBackTo() {
        let position = CoordinatorPosition(entries: [Self.node("s")], top: Self.node("s"))
        let error = #expect(throws: FlowError.self) { try position.dismissSheet() }
        #expect(error?.code == .nothingToGoBackTo)
    }

    private static func decide(_ request: String, _ position: CoordinatorPosition) throws -> CoordinatorPosition.Back {
        switch request {
        case "back": try position.back()
        case "start": try position.backToStart()
        default: try position.backToTop()
        }
    }
}
