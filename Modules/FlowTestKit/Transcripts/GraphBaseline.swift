import FlowExplorer
import FlowKernel
import Foundation
import Testing

/// The environment variable that makes ``expectGraph(_:matchesBaseline:besides:sourceLocation:)``
/// write its baselines instead of comparing: set it to `1` after a change to the navigation that
/// you meant, run the tests, and review the diff of the files before committing them.
public let graphBaselineRecordingVariable = "FLOWKIT_RECORD_BASELINES"

/// Records a test issue with a line diff unless a navigation graph equals its committed baseline:
/// the graph's ``/FlowKernel/NavigationGraph/text`` in a file beside the test.
///
/// A missing baseline is an issue too, which shows the text to commit. With
/// ``graphBaselineRecordingVariable`` set to `1` the graph is written to the file instead, and the
/// test records an issue saying so, so a recording run never passes by accident.
///
/// ```swift
/// let report = try explorer.explore(.breadthFirst(depth: 12))
/// expectGraph(report.graph, matchesBaseline: "Baselines/shop-router.txt")
/// ```
///
/// - Parameters:
///   - graph: The graph, declared or observed.
///   - baseline: The baseline file's path, relative to the folder of `file`.
///   - file: The test's own source file; the caller's by default.
///   - sourceLocation: Where a failure is reported; the caller's line by default.
/// - Returns: whether the graph equals the baseline.
@discardableResult
public func expectGraph(
    _ graph: NavigationGraph,
    matchesBaseline baseline: String,
    besides file: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    let url = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(baseline)
    let actual = graph.text + "\n"
    if ProcessInfo.processInfo.environment[graphBaselineRecordingVariable] == "1" {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            CheckIssues.record(
                "Recorded the graph baseline \(baseline); unset \(graphBaselineRecordingVariable) to compare with it.", sourceLocation: sourceLocation)
        } catch {
            CheckIssues.record("Could not record the graph baseline \(baseline): \(error)", sourceLocation: sourceLocation)
        }
        return false
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        CheckIssues.record(
            "There is no graph baseline at \(baseline). Run with \(graphBaselineRecordingVariable)=1 to write it, or commit this:\n\(actual)",
            sourceLocation: sourceLocation)
        return false
    }
    guard let diff = LineDiff.diff(expected: expected, actual: actual) else { return true }
    CheckIssues.record("The navigation differs from the baseline \(baseline) (- baseline, + now):\n\(diff)", sourceLocation: sourceLocation)
    return false
}
