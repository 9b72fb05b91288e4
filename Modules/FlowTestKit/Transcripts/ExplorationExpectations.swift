import FlowExplorer
import FlowKernel
import Testing

/// Records a test issue for each finding of an exploration, with the moves that reproduce it.
///
/// - Returns: whether there were none.
@discardableResult
public func expectNoFindings(_ report: ExplorationReport, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    for finding in report.findings { CheckIssues.record("Exploration finding: \(finding)", sourceLocation: sourceLocation) }
    return report.findings.isEmpty
}

/// Records a test issue for each finding of a navigation graph itself — a declared graph
/// (`navigator.declaredGraph`, `chain.declaredGraph`, a router's `FlowGraph`) or one an
/// exploration observed — found without running anything: screens that cannot be reached,
/// produced types that go nowhere, dead ends, a step handed a type it does not take
/// (``/FlowExplorer/GraphFinding``).
///
/// ```swift
/// @Test @MainActor func theCheckoutChainHandsEachStepWhatItTakes() {
///     expectNoFindings(checkoutChain().declaredGraph)
/// }
/// ```
///
/// - Returns: whether there were none.
@discardableResult
public func expectNoFindings(_ graph: NavigationGraph, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    let findings = graph.findings
    for finding in findings { CheckIssues.record("Graph finding: \(finding)", sourceLocation: sourceLocation) }
    return findings.isEmpty
}

/// Explores versions of an app side by side until no new state appears, and records a test issue
/// unless they behave the same: the first difference with the shortest moves that show it, or a
/// bound that cut the walk short (a walk that did not see every state proves nothing about the
/// rest). Use it for a rewrite, or a move from one strategy to another, against the version
/// people use today.
///
/// ```swift
/// @Test @MainActor func theRewriteBehavesAsTheOriginalDoes() throws {
///     try expectSameBehaviour(SideBySideExplorer([("today", original), ("rewrite", rewrite)]))
/// }
/// ```
///
/// - Parameters:
///   - comparison: The versions, and the differences declared as their nature.
///   - maxStates: The most states the walk may see.
///   - sourceLocation: Where a failure is reported; the caller's line by default.
/// - Returns: the report, for more expectations of the declared differences met.
/// - Throws: what ``/FlowExplorer/SideBySideExplorer/explore(maxStates:progress:)`` throws.
@discardableResult
@MainActor
public func expectSameBehaviour(
    _ comparison: SideBySideExplorer, maxStates: Int = 10_000, sourceLocation: SourceLocation = #_sourceLocation
) throws -> ComparisonReport {
    let report = try comparison.explore(maxStates: maxStates)
    if let difference = report.difference {
        CheckIssues.record("\(difference)\nReplay its recording in each version to see it.", sourceLocation: sourceLocation)
    } else if !report.coverage.isExhaustive {
        CheckIssues.record(
            "The versions agree on the \(report.states) states seen, but the walk was \(report.coverage): raise maxStates, or bound what the apps' states keep.",
            sourceLocation: sourceLocation)
    }
    return report
}
