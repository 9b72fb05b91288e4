import FlowExplorer
import Testing

/// Records a test issue for each finding of an exploration, with the moves that reproduce it.
///
/// - Returns: whether there were none.
@discardableResult
public func expectNoFindings(_ report: ExplorationReport, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    for finding in report.findings { CheckIssues.record("Exploration finding: \(finding)", sourceLocation: sourceLocation) }
    return report.findings.isEmpty
}
