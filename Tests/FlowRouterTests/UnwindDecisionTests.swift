import FlowKernel
import FlowTestKit
import Testing

@testable import FlowRouter

/// The unwind search and plan as tables over hierarchy values: no host, no screens doing anything.
@MainActor
@Suite("Unwind decisions")
struct UnwindDecisionTests {
    static let a = LawProbe("A"), b = LawProbe("B"), c = LawProbe("C"), p = LawProbe("P"), h = LawProbe("H")

    static func screen(_ probe: LawProbe, children: [HierarchyNode] = [], presented: HierarchyNode? = nil) -> HierarchyNode {
        HierarchyNode(.screen(probe.ref), children: children, presented: presented)
    }

    static func stack(_ id: ContainerID, _ entries: [HierarchyNode], presented: HierarchyNode? = nil) -> HierarchyNode {
        HierarchyNode(.stack(id), children: entries, presented: presented)
    }

    static func tabs(_ id: ContainerID, _ tabs: [HierarchyNode], selected: Int) -> HierarchyNode {
        HierarchyNode(.tabs(id, items: tabs.map { _ in TabItem(title: "") }, selected: selected), children: tabs)
    }

    /// Named hierarchies: P produces, H handles.
    static let cases: [(String, Hierarchy, NodeRef?)] = [
        ("a handler presenting the producer", Hierarchy(root: screen(h, presented: screen(p))), .of(h)),
        ("a handler lower in the producer's stack", Hierarchy(root: stack("s", [screen(a), screen(h), screen(b), screen(p)])), .of(h)),
        ("a handler containing the producer", Hierarchy(root: screen(h, children: [screen(p)])), .of(h)),
        ("a handler in another tab", Hierarchy(root: tabs("t", [screen(p), screen(a), screen(h)], selected: 0)), .of(h)),
        (
            "a handler in another tab's stack", Hierarchy(root: tabs("t", [stack("s0", [screen(p)]), stack("s1", [screen(h), screen(a)])], selected: 0)), .of(h)
        ),
        ("no handler anywhere", Hierarchy(root: stack("s", [screen(a), screen(p)])), nil),
        ("only the producer handles", Hierarchy(root: stack("s", [screen(a), screen(p)])), nil),
        (
            "a handler a screen below shows in a stack it contains",
            Hierarchy(root: stack("s", [screen(a, children: [stack("inner", [screen(b), screen(h)])]), screen(p)])), .of(a)
        ),
        (
            "a handler in a stack the producer's holder contains", Hierarchy(root: screen(c, children: [stack("s1", [screen(h), screen(b)]), screen(p)])),
            .of(h)
        ),
    ]

    @Test("The unwind search finds the nearest handler upward", arguments: 0..<9)
    func search(_ index: Int) {
        let (name, hierarchy, expected) = Self.cases[index]
        let handlers: Set<ScreenRef> = name == "only the producer handles" ? [Self.p.ref] : [Self.h.ref]
        let found = UnwindSearch.target(from: .of(Self.p), in: hierarchy, isHandler: { handlers.contains($0) })
        #expect(found == expected, "\(name)")
    }

    @Test func aHandlerHigherInTheStackWinsOverALowerOne() {
        let lowest = LawProbe("H0")
        let hierarchy = Hierarchy(root: Self.stack("s", [Self.screen(lowest), Self.screen(Self.h), Self.screen(Self.p)]))
        let found = UnwindSearch.target(from: .of(Self.p), in: hierarchy, isHandler: { $0 == lowest.ref || $0 == Self.h.ref })
        #expect(found == .of(Self.h))
    }

    @Test func thePlanPopsSelectsAndDismissesOnTheWayToTheTarget() {
        let hierarchy = Hierarchy(
            root: HierarchyNode(
                .tabs("t", items: [TabItem(title: ""), TabItem(title: "")], selected: 1),
                children: [Self.stack("s0", [Self.screen(Self.h), Self.screen(Self.a)]), Self.stack("s1", [Self.screen(Self.b)])],
                presented: Self.stack("modal", [Self.screen(Self.p)])
            ))

        let plan = UnwindPlan(to: .of(Self.h), in: hierarchy)

        #expect(plan.pops == [UnwindPlan.Pop(stack: "s0", entry: .of(Self.h))])
        #expect(plan.tabSelections == [UnwindPlan.Selection(tabs: "t", index: 0)])
        #expect(plan.dismissal == .container("t"))
    }

    @Test func thePlanKeepsAPresentationOnTheWayAndOneItIsToldToKeep() {
        let presented = Hierarchy(root: Self.screen(Self.a, presented: Self.stack("sheet", [Self.screen(Self.h), Self.screen(Self.p)])))
        let toHandler = UnwindPlan(to: .of(Self.h), in: presented)
        #expect(toHandler.dismissal == nil)
        #expect(toHandler.pops == [UnwindPlan.Pop(stack: "sheet", entry: .of(Self.h))])

        let alerting = Hierarchy(root: Self.screen(Self.h, presented: Self.screen(Self.c)))
        #expect(UnwindPlan(to: .of(Self.h), in: alerting).dismissal == .of(Self.h))
        #expect(UnwindPlan(to: .of(Self.h), in: alerting, keeping: [.of(Self.c)]).dismissal == nil)
    }

    @Test func aTargetAlreadyInViewNeedsNoChange() {
        let hierarchy = Hierarchy(root: Self.stack("s", [Self.screen(Self.a), Self.screen(Self.h)]))
        #expect(UnwindPlan(to: .of(Self.h), in: hierarchy) == UnwindPlan(to: .of(Self.b), in: Hierarchy()))
    }

    @Test func aPlanMadeAgainOverWhatDidNotChangeIsThePlan() {
        let hierarchy = Hierarchy(root: Self.stack("s", [Self.screen(Self.h), Self.screen(Self.p)]))
        let planned = UnwindPlan(to: .of(Self.h), in: hierarchy)

        let again = UnwindPlan(again: planned, to: .of(Self.h), in: hierarchy)

        #expect(again == planned)
        #expect(again.pops == [UnwindPlan.Pop(stack: "s", entry: .of(Self.h))])
    }

    @Test func aPlanMadeAgainKeepsWhatAHandlerPresentedAndDismissesWhatWasThere() {
        // Before: H presents the producer P. The handler then presented C over the stack instead.
        let before = Hierarchy(root: Self.stack("s", [Self.screen(Self.h, presented: Self.screen(Self.p))]))
        let planned = UnwindPlan(to: .of(Self.h), in: before)
        #expect(planned.dismissal == .of(Self.h))

        let handlerPresented = Hierarchy(root: Self.stack("s", [Self.screen(Self.h)], presented: Self.screen(Self.c)))
        #expect(UnwindPlan(again: planned, to: .of(Self.h), in: handlerPresented).dismissal == nil)

        let stillCovered = Hierarchy(root: Self.stack("s", [Self.screen(Self.h, presented: Self.screen(Self.p))], presented: Self.screen(Self.c)))
        // What was presented before goes; what the handler presented stays.
        #expect(UnwindPlan(again: planned, to: .of(Self.h), in: stillCovered).dismissal == .of(Self.h))
    }
}
