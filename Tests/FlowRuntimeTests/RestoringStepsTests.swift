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

    @Test func theReportGivesShownScreensTheirStateAndNamesEveryCut() {
        let screens = [LawProbe("A"), LawProbe("B")]
        let lines = RestoringSteps.report(
            flow: "shop", elements: [("A", nil), ("B", .string("kept")), ("C", nil), ("D", nil)], screens: screens, shown: 2, refusal: "closed",
            cut: "a screen before it could not come back")
        #expect(
            lines.map(\.description) == [
                "[shop] repaired: B (LawProbe no longer keeps state of its own)", "[shop] repaired: C (cut: closed)", "[shop] repaired: D (cut: closed)",
            ])
    }
}
