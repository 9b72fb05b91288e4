import FlowExplorer
import FlowKernel
import Testing

/// Records a test issue with a line diff unless a transcript equals the expected one.
///
/// - Returns: whether they were equal.
@discardableResult
public func expectTranscript(
    _ actual: Transcript,
    equals expected: Transcript,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    guard let diff = LineDiff.diff(expected: expected.lines, actual: actual.lines) else { return true }
    CheckIssues.record("The transcript differs from the expected one (- expected, + actual):\n\(diff)", sourceLocation: sourceLocation)
    return false
}

/// Records a test issue with a line diff unless a rendered hierarchy equals the expected text tree.
///
/// - Parameters:
///   - rendered: The rendered hierarchy, usually `host.render()` or `hierarchy.textTree` (FlowStage).
///   - expected: The expected text.
///   - sourceLocation: Where a failure is reported; the caller's line by default.
/// - Returns: whether they were equal.
@discardableResult
public func expectRendered(
    _ rendered: String,
    equals expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    guard let diff = LineDiff.diff(expected: expected, actual: rendered) else { return true }
    CheckIssues.record("The rendered hierarchy differs from the expected one (- expected, + actual):\n\(diff)", sourceLocation: sourceLocation)
    return false
}
