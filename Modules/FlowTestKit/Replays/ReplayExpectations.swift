import FlowExplorer
import FlowKernel
import FlowRecording
import Foundation
import Testing

/// Records a test issue unless a recording replays without a difference: the first divergence,
/// with its diff and hierarchy, and the shortest reproduction of it (``/FlowExplorer/JourneyReplay/minimise(_:)``)
/// when the recording has at most ``replayMinimisingLimit`` steps.
///
/// ```swift
/// @Test func backTwiceDuringCheckout() {
///     expectReplay("Recordings/back-twice.json", on: ShopReplay.replay(.router))
/// }
/// ```
///
/// - Parameters:
///   - recording: The recording.
///   - replay: How to start the app and what to compare.
///   - sourceLocation: Where a failure is reported; the caller's line by default.
/// - Returns: whether it replayed without a difference.
@MainActor
@discardableResult
public func expectReplay(_ recording: JourneyRecording, on replay: JourneyReplay, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    let report: ReplayReport
    do {
        report = try replay.replay(recording)
    } catch {
        CheckIssues.record("The recording could not be replayed: \(FlowError.wrapping(error).message)", sourceLocation: sourceLocation)
        return false
    }
    guard let divergence = report.divergence else { return true }
    var message = "The replay differs from the recording at \(divergence)"
    if recording.steps.count <= replayMinimisingLimit, let shortest = try? replay.minimise(recording),
        shortest.recording.steps.count < (divergence.step ?? recording.steps.count)
    {
        message += "\n-- shortest reproduction (\(shortest.recording.steps.count) steps) --\n" + shortest.recording.labels.joined(separator: ", ")
    }
    CheckIssues.record(message, sourceLocation: sourceLocation)
    return false
}

/// Records a test issue unless the recording in a JSON file replays without a difference; an
/// issue too when the file cannot be read as a recording.
///
/// - Parameters:
///   - path: The recording's path, relative to the folder of `file`.
///   - file: The test's own source file; the caller's by default.
///   - replay: How to start the app and what to compare.
///   - sourceLocation: Where a failure is reported; the caller's line by default.
/// - Returns: whether it replayed without a difference.
@MainActor
@discardableResult
public func expectReplay(
    _ path: String, besides file: String = #filePath, on replay: JourneyReplay, sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    let url = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(path)
    do {
        return expectReplay(try JourneyRecording(contentsOf: url), on: replay, sourceLocation: sourceLocation)
    } catch {
        CheckIssues.record("The recording \(path) could not be read: \(FlowError.wrapping(error).message)", sourceLocation: sourceLocation)
        return false
    }
}

/// How many steps a failing recording may have for ``expectReplay(_:on:sourceLocation:)`` to
/// minimise it in its failure message; longer ones are reported without.
public let replayMinimisingLimit = 200
