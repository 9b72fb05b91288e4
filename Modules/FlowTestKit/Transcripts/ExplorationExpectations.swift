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
