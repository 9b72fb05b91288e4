import FlowExplorer
import FlowKernel
import FlowRecording
import FlowTestKit
import ShopApp
import Testing

/// The comparison samples explored side by side: one app, four strategies, every move made in
/// each, until no new state appears.
@MainActor
@Suite("Side-by-side exploration of the samples")
struct SideBySideShopTests {
    @Test func theFourShopsAgreeOnEveryStateTheyReachButWhatIsDeclared() throws {
        let report = try ShopExploration.sideBySide().explore()

        #expect(report.difference == nil, "\(report.difference.map(String.init(describing:)) ?? "")")
        #expect(report.coverage == .exhaustive)
        #expect(report.versions == ["stack", "chain", "router", "coordinator"])
        // Every declared difference is met, each with the shortest moves that show it.
        let met = Dictionary(uniqueKeysWithValues: report.declared.map { ($0.difference.description, $0.moves) })
        #expect(met.count == ShopExploration.differences.count)
        #expect(met[ShopExploration.differences[0].description] == ["start", "email ana@example.com", "account"])
        #expect(met[ShopExploration.differences[1].description] == ["start", "email ana@example.com", ":back"])
        #expect(met[ShopExploration.differences[2].description] == ["start", "email ana@example.com", "shoes", "add", "cart", "checkout", "back"])
    }

    /// Each declaration is needed: left out, the comparison reports the difference it names, by
    /// the moves Docs/Strategies.md lists for it.
    @Test(
        arguments: [
            (0, ["start", "email ana@example.com"]),
            (1, ["start", "email ana@example.com", ":back"]),
            (2, ["start", "email ana@example.com", "shoes", "add", "back", "cart", "checkout", "back"]),
        ])
    func eachDeclaredDifferenceLeftOutIsReportedByItsMoves(_ index: Int, _ moves: [String]) throws {
        var declared = ShopExploration.differences
        declared.remove(at: index)
        let comparison = SideBySideExplorer(Strategy.allCases.map { ($0.rawValue, ShopExploration.explorer($0)) }, declaring: declared)

        let difference = try #require(try comparison.explore().difference)

        #expect(difference.moves == moves)
    }

    @Test func theFourSignupsAgreeOnEveryStateTheyReachWithNothingDeclared() throws {
        let report = try SignupSession.sideBySide().explore()

        #expect(report.difference == nil, "\(report.difference.map(String.init(describing:)) ?? "")")
        #expect(report.coverage == .exhaustive)
        #expect(report.declared.isEmpty)
        #expect(report.states == 14)
    }

    /// A shop whose receipt lets the person go back — the regression the shops had — planted
    /// beside the shop as it is: the comparison finds it by the shortest moves that show it (Back
    /// on the receipt), and names what differs there.
    @Test func aDifferencePlantedInOneVersionIsReportedByTheShortestMovesToIt() throws {
        let planted = ShopExploration.explorer(.stack, protectsPlacedOrder: false)
        let comparison = SideBySideExplorer([("router", ShopExploration.explorer(.router)), ("planted", planted)])

        let report = try comparison.explore()

        let difference = try #require(report.difference)
        let backFromTheReceipt = ["start", "email ana@example.com", "shoes", "add", "cart", "checkout", "pay", ":back"]
        #expect(difference.moves == backFromTheReceipt)
        #expect(difference.parts.map(\.version) == ["planted"])
        let parts = difference.parts.first?.differences ?? []
        #expect(parts.first == "screen: Checkout | Done")
        #expect(parts.last == "the move: taken | refused")
        #expect(difference.views.map(\.view.screen) == ["Done", "Checkout"])
        #expect(difference.recording.labels == backFromTheReceipt)
        #expect(report.coverage == .bounded(by: "the first difference"))
        #expect(
            difference.description.hasPrefix(
                "The versions differ after start, email ana@example.com, shoes, add, cart, checkout, pay, :back:\n  planted against router:\n"))
    }

    @Test func aVersionThatEndsWhereAnotherGoesOnIsADifference() throws {
        let comparison = SideBySideExplorer([("shop", ShopExploration.explorer(.chain)), ("sign-up", SignupSession.explorer(.chain))])

        let difference = try #require(try comparison.explore().difference)

        #expect(difference.moves.isEmpty, "they differ at the start")
        #expect(difference.views.map(\.view.screen) == ["Welcome", "Details"])
    }

    /// A move declared as one version's own is compared in every other version: one that offers
    /// it too differs, as the coordinator does here from a stack declared to have the tabs.
    @Test func aMoveDeclaredForOneVersionIsADifferenceInAnotherThatOffersIt() throws {
        let comparison = SideBySideExplorer(
            [("stack", ShopExploration.explorer(.stack)), ("coordinator", ShopExploration.explorer(.coordinator))],
            declaring: [.moves([":tab 1", ":tab 2", "account", "shop"], onlyIn: ["stack"], "declared for the wrong version")])

        let difference = try #require(try comparison.explore().difference)

        #expect(difference.moves == ["start", "email ana@example.com"])
        #expect(difference.parts.first?.differences.contains("controls: :back, :tab 2 | :back") == true, "\(difference)")
    }

    @Test func aBoundOnStatesSaysItCutTheWalkShort() throws {
        let report = try ShopExploration.sideBySide([.stack, .router]).explore(maxStates: 3)

        #expect(report.difference == nil)
        #expect(report.states == 3)
        #expect(report.coverage == .bounded(by: "a bound of 3 states"))
    }

    @Test(
        "A comparison it cannot make is refused before any run starts",
        arguments: [
            ([Strategy.stack], 10, "A comparison needs at least two versions, not 1."),
            ([Strategy.stack, .stack], 10, "Each version needs a name of its own: stack, stack."),
            ([Strategy.stack, .chain], 0, "An exploration needs a bound on states of at least 1, not 0."),
        ])
    func aComparisonItCannotMakeIsRefused(_ strategies: [Strategy], maxStates: Int, message: String) throws {
        var started = 0
        let versions = strategies.map { strategy in
            (
                strategy.rawValue,
                NavigationExplorer {
                    started += 1
                    return try ExplorationRun.shopRun(strategy)
                }
            )
        }

        let error = #expect(throws: FlowError.self) { try SideBySideExplorer(versions).explore(maxStates: maxStates) }

        #expect(error?.code == .indexOutOfRange)
        #expect(error?.message == message)
        #expect(started == 0)
    }
}

/// FlowTestKit's expectation of two versions that behave the same.
@MainActor
@Suite("expectSameBehaviour")
struct SameBehaviourExpectationTests {
    @Test func versionsThatAgreeEverywherePass() throws {
        let issues = try CheckIssues.collected { _ = try expectSameBehaviour(SignupSession.sideBySide([.chain, .router])) }
        #expect(issues.isEmpty)
    }

    @Test func aDifferenceIsAnIssueWithItsMoves() throws {
        let comparison = SideBySideExplorer([
            ("today", ShopExploration.explorer(.stack)), ("rewrite", ShopExploration.explorer(.stack, protectsPlacedOrder: false)),
        ])
        let issues = try CheckIssues.collected { _ = try expectSameBehaviour(comparison) }
        #expect(issues.count == 1)
        #expect(issues.first?.hasPrefix("The versions differ after start, email ana@example.com, shoes, add, cart, checkout, pay, :back:") == true)
    }

    @Test func aWalkTheBoundCutShortIsAnIssue() throws {
        let issues = try CheckIssues.collected { _ = try expectSameBehaviour(SignupSession.sideBySide([.chain, .router]), maxStates: 2) }
        #expect(
            issues == [
                "The versions agree on the 2 states seen, but the walk was cut short by a bound of 2 states: raise maxStates, or bound what the apps' states keep."
            ])
    }
}

extension ExplorationRun {
    /// A fresh run of the shop in a strategy, as ``ShopExploration`` explores it.
    @MainActor
    static func shopRun(_ strategy: Strategy) throws -> ExplorationRun {
        let session = try ShopSession(strategy: strategy)
        let model = session.model
        return ExplorationRun(
            host: session.host, flow: session.flow, keeping: session, state: { model.navigationState },
            onceOnly: [OnceOnlyEffect("order placed") { model.placedOrders.count }])
    }
}
