import Foundation
import Testing

/// Snapshots saved by an earlier `flow-demo` — the shop with its cart open and at checkout, the
/// sign-up at its confirmation, in every strategy — restore to the same screen, hierarchy, text
/// and actions that release showed for them: the snapshot format did not move when the runtime
/// that restores them did.
@Suite("flow-demo: snapshots saved by an earlier release")
struct SavedSnapshotsTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    static let saved: [String] = ["stack", "chain", "router", "coordinator"].flatMap { ["shop-\($0)", "shop2-\($0)", "signup-\($0)"] }

    @Test(arguments: saved)
    func aSnapshotSavedByTheEarlierReleaseRestoresToWhatItShowed(_ name: String) async throws {
        let file = Self.folder.appendingPathComponent("\(name).json").path
        let expected = try String(contentsOf: Self.folder.appendingPathComponent("\(name).txt"), encoding: .utf8)
        let app = name.hasPrefix("signup") ? "signup" : "shop"
        let strategy = String(name.split(separator: "-").last ?? "")

        let run = try await FlowDemo.run(["--app", app, "--strategy", strategy, "--restore", file], merged: true)

        #expect(run.status == 0)
        // The first line names the file restored, wherever the tests run from.
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("* Restored the \(app == "shop" ? "shop" : "sign-up") from ") == true, "\(run.stdout)")
        #expect(lines.dropFirst().joined(separator: "\n") == expected)
    }
}
