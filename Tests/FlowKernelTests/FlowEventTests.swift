import FlowKernel
import FlowTestKit
import Testing

@MainActor
@Suite("Flow events")
struct FlowEventTests {
    @Test(
        "Every change reads as one short line",
        arguments: [
            (FlowEvent.Change.rootReplaced(.container("main")), "root [main]"),
            (.rootReplaced(nil), "root cleared"),
            (.pushed(.container("tabs"), onto: "main"), "push [tabs] onto [main]"),
            (.popped([.container("b"), .container("a")], from: "main"), "pop [b], [a] from [main]"),
            (.stackReplaced("main", with: [.container("a")]), "set [main] to [a]"),
            (.presented(.container("cart"), over: .container("main")), "present [cart] over [main]"),
            (.dismissed(.container("cart"), presentedBy: .container("main")), "dismiss [cart] from [main]"),
            (.tabSelected(1, in: "tabs"), "select tab 1 of [tabs]"),
            (.tabInserted(.container("a"), at: 0, in: "tabs"), "insert tab 0 [a] into [tabs]"),
            (.tabRemoved(.container("a"), at: 0, in: "tabs"), "remove tab 0 [a] from [tabs]"),
            (.childAdded(.container("a"), to: .container("b")), "add child [a] to [b]"),
            (.childRemoved(.container("a"), from: .container("b")), "remove child [a] from [b]"),
            (.flowStarted(parent: nil), "start"),
            (.flowStarted(parent: "app"), "start (child of app)"),
            (.flowCompleted(result: "order 7"), "complete with order 7"),
            (.flowCompleted(result: ""), "complete"),
            (.flowCancelled, "cancel"),
            (.note("deliver", detail: "Int to Cart"), "deliver Int to Cart"),
        ])
    func changeDescription(_ change: FlowEvent.Change, text: String) {
        #expect(change.description == text)
    }

    @Test func aValueHandedToScreensIsTypedAndReadsAsALineWithItsProductsVerb() {
        let cart = LawProbe("Cart")
        let badge = LawProbe("Badge")
        let update = FlowEvent.Delivery(kind: "updateDelivered", verb: "deliver")
        let passed = FlowEvent.Change.delivered(
            ScreenType(anyType: Int.self), to: [ScreenRef(cart)], as: FlowEvent.Delivery(kind: "contextPassed", verb: "pass"))
        let delivered = FlowEvent.Change.delivered(ScreenType(anyType: String.self), to: [ScreenRef(cart), ScreenRef(badge)], as: update)

        #expect(passed.description == "pass Int to Cart")
        #expect(delivered.description == "deliver String to Cart, Badge")
        guard case .delivered(let type, let screens, let delivery) = delivered else {
            Issue.record("expected a value delivered, got \(delivered)")
            return
        }
        #expect(type == ScreenType(anyType: String.self))
        #expect(screens.map(\.displayName) == ["Cart", "Badge"])
        #expect(delivery == update)
    }

    /// A product's own kind of event, as a product declares one.
    struct CouponApplied: FlowEventPayload {
        static let kind = "couponApplied"
        let code: String
        var significance: FlowEvent.Significance { .lifecycle }
        var fields: [String: String] { ["code": code] }
        var line: String { "apply coupon \(code)" }
    }

    /// Another, with the same values, to show that a payload's type is part of its identity.
    struct CouponRefused: FlowEventPayload {
        static let kind = "couponRefused"
        let code: String
        var significance: FlowEvent.Significance { .refusal }
        var line: String { "refuse coupon \(code)" }
    }

    @Test func aProductsPayloadReadsAsItsLineAndBackAsItsType() {
        let event = FlowEvent(.payload(.init(CouponApplied(code: "SPRING"))), flow: "checkout")

        #expect(event.description == "[checkout] apply coupon SPRING")
        #expect(event.change.payload(as: CouponApplied.self) == CouponApplied(code: "SPRING"))
        #expect(event.change.payload(as: CouponRefused.self) == nil)
        #expect(FlowEvent.Change.flowCancelled.payload(as: CouponApplied.self) == nil)
        guard case .payload(let payload) = event.change else {
            Issue.record("expected a payload, got \(event.change)")
            return
        }
        #expect(payload.kind == "couponApplied")
        #expect(payload.value.fields == ["code": "SPRING"])
        #expect(CouponRefused(code: "X").fields.isEmpty)
    }

    @Test func payloadsAreEqualWhenTheirTypesAndValuesAre() {
        let spring = FlowEvent.Change.payload(.init(CouponApplied(code: "SPRING")))
        #expect(spring == .payload(.init(CouponApplied(code: "SPRING"))))
        #expect(spring != .payload(.init(CouponApplied(code: "AUTUMN"))))
        #expect(spring != .payload(.init(CouponRefused(code: "SPRING"))))
        #expect(Set([spring, .payload(.init(CouponApplied(code: "SPRING")))]).count == 1)
    }

    @Test func anEventFromAFlowIsPrefixedWithItsName() {
        #expect(FlowEvent(.flowCancelled, flow: "shop").description == "[shop] cancel")
        #expect(FlowEvent(.flowCancelled).description == "cancel")
    }

    @Test func aFlowsChangeForALinkNamesBothAndStaysTheFlows() {
        let origin = FlowEvent.Origin.link(for: "shop")
        #expect(FlowEvent(.popped([], from: "shop"), origin: origin).description == "(link) [shop] pop  from [shop]")
        #expect(origin.isFlow)
        #expect(origin != .flow("shop"))
    }

    @Test func aGuardsRefusalReadsAsWhoRefusedWhatAndWhy() {
        let refusal = GuardRefusal(screen: ScreenRef(LawProbe("Editor")), direction: .leaving, reason: "unsaved changes")
        #expect(FlowEvent(.guardRefused(refusal), flow: "notes").description == "[notes] refuse leaving Editor: unsaved changes")
        let entering = GuardRefusal(screen: ScreenRef(LawProbe("Members")), direction: .entering, reason: "sign in first")
        #expect(FlowEvent(.guardRefused(entering), origin: .user).description == "(user) refuse showing Members: sign in first")
        #expect(GuardVerdict.refuse(because: "no").reason == "no" && GuardVerdict.allow.reason == nil)
    }
}
