import FlowKernel
import FlowRuntime
import FlowSnapshot
import FlowTestKit
import Testing

/// Restoration's shared steps: the longest prefix that holds, and the report of what came back.
@MainActor
@Suite("Restoring: the longest prefix that holds, written once")
struct RestoringStepsTests {
    @Test(
        "The longest prefix is tried from the whole down to the least, keeping the first refusal",
        arguments: [
            // (elements, least, the most that holds, shown, tries)
            (4, 1, 4, 4, [4]),
            (4, 1, 2, 2, [4, 3, 2]),
            (4, 2, 0, 1, [4, 3, 2]),
            (1, 2, 0, 1, []),
            (0, 1, 0, 0, []),
        ] as [(Int, Int, Int, Int, [Int])])
    func longestPrefix(count: Int, least: Int, holds: Int, shown: Int, tries: [Int]) {
        var tried: [Int] = []
        var refusal: String?
        let result = RestoringSteps.longestPrefix(of: count, atLeast: least, refusal: &refusal) { prefix in
            tried.append(prefix)
            guard prefix <= holds else { throw FlowError(.guardRefused, "\(prefix) is too many") }
        }
        #expect(result == shown)
        #expect(tried == tries)
        #expect(refusal == (tries.contains { $0 > holds } ? "\(count) is too many" : nil), "the first refusal is kept")
    }

    @Test(
        "Saved elements are made again up to the first that cannot be, whose reason is kept",
        arguments: [
            // (elements, the first that cannot be made, made, refusal)
            ([1, 2, 3], nil, [1, 2, 3], nil),
            ([1, 2, 3], 2, [1], "2 cannot be made"),
            ([1, 2, 3], 1, [], "1 cannot be made"),
            ([], 1, [], nil),
        ] as [([Int], Int?, [Int], String?)])
    func makingElementsAgain(elements: [Int], failing: Int?, made: [Int], refusal expected: String?) {
        var tried: [Int] = []
        var refusal: String?
        let result = RestoringSteps.make(elements, refusal: &refusal) { element in
            tried.append(element)
            guard element != failing else { throw FlowError(.notFound, "\(element) cannot be made") }
            return element
        }
        #expect(result == made)
        #expect(refusal == expected)
        #expect(tried == Array(elements.prefix(made.count + (expected == nil ? 0 : 1))), "nothing after the first failure is tried")
    }

    @Test func aSavedStateThatDoesNotReadAsTheStrategysIsAnInvalidSnapshotNamingTheFlow() throws {
        struct State: Codable, Equatable { var steps: [String] }
        let good = SavedFlow(id: "c", strategy: "chain", parent: nil, placement: .root, state: SavedValue(flowState: State(steps: ["A"])))
        #expect(try RestoringSteps.state(of: good, as: State.self, flow: "The chain 'c'") == State(steps: ["A"]))
        let bad = SavedFlow(id: "c", strategy: "chain", parent: nil, placement: .root, state: .object(["steps": .string("A")]))
        let error = #expect(throws: FlowError.self) { try RestoringSteps.state(of: bad, as: State.self, flow: "The chain 'c'") }
        #expect(error?.code == .invalidSnapshot)
        #expect(error?.message.hasPrefix("The chain 'c' cannot read its saved state: ") == true)
    }

    @Test func theReportGivesShownScreensTheirStateAndNamesEveryCut() {
        let screens = [LawProbe("A"), LawProbe("B")]
        let lines = RestoringSteps.report(
            flow: "shop", elements: [("A", nil), ("B", .string("kept")), ("C", nil), ("D", nil)], screens: screens, shown: 2, refusal: "closed",
            cut: "a screen before it could not come back")
        #expect(
            lines.map(\.description) == [
                "[shop] restored: A, B", "[shop] repaired: B (LawProbe no longer keeps state of its own)", "[shop] repaired: C (cut: closed)",
                "[shop] repaired: D (cut: closed)",
            ])
    }
}
