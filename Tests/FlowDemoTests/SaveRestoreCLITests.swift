import Foundation
import ShopApp
import Testing

/// `:save FILE` at any prompt and `flow-demo --restore FILE`: the restored shop goes on as if
/// never interrupted, in every strategy; a file that is not a saved shop is refused clearly.
@Suite("flow-demo: saving and restoring the shop")
struct SaveRestoreCLITests {
    /// A file in a folder of its own, removed when the test ends.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowkit-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func file(_ name: String) -> String { url.appendingPathComponent(name).path }
    }

    @Test(arguments: Strategy.allCases)
    func aShopSavedWithItsCartOpenComesBackAndPlacesTheOrder(_ strategy: Strategy) async throws {
        let folder = try Folder()
        let file = folder.file("shop.json")
        let first = try await FlowDemo.run(["--strategy", strategy.rawValue, "--script", "start,email ana@example.com,shoes,add,cart,:save \(file)"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("* Saved the shop to "))
        #expect(FileManager.default.fileExists(atPath: file))

        let second = try await FlowDemo.run(["--restore", file, "--script", "checkout,pay,close", "--transcript"])

        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.hasPrefix("* Restored the shop from "))
        #expect(!second.stdout.contains("not all of it"))
        #expect(second.stdout.contains("== Cart =="))
        #expect(second.stdout.contains("Finished (\(strategy.rawValue)): order placed for ana@example.com: Red shoes; total €59."))
        #expect(second.stdout.contains("(restored) ["))
    }

    @Test func aShopSavedInOneStrategyAndRestoredInAnotherStartsAnewWithItsCartAndSaysWhy() async throws {
        let folder = try Folder()
        let file = folder.file("shop.json")
        _ = try await FlowDemo.run(["--strategy", "router", "--script", "start,email ana@example.com,shoes,add,:save \(file)"])
        let run = try await FlowDemo.run(["--strategy", "stack", "--restore", file, "--script", "start"])
        #expect(run.stdout.contains(", not all of it:"))
        #expect(run.stdout.contains("[shop] dropped: the flow (the app made the stack flow 'shop' for the router flow 'shop')"))
        #expect(run.stdout.contains("== Welcome =="))
    }

    @Test func aFileThatIsNotASavedShopIsRefusedWithWhatIsWrong() async throws {
        let folder = try Folder()
        let missing = try await FlowDemo.run(["--restore", folder.file("none.json")])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("could not be restored: there is no such file."))

        let truncated = folder.file("truncated.json")
        try Data(#"{"strategy":"stack","model":"#.utf8).write(to: URL(fileURLWithPath: truncated))
        let bad = try await FlowDemo.run(["--restore", truncated])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("could not be restored: it is not a saved shop:"))

        let newer = folder.file("newer.json")
        try Data(#"{"strategy":"stack","model":{"cart":[],"placedOrders":[]},"navigation":{"version":9,"flows":[]}}"#.utf8).write(
            to: URL(fileURLWithPath: newer))
        let refused = try await FlowDemo.run(["--restore", newer])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("schema version 9, newer than this FlowKit reads (1)"))
    }

    @Test func saveWithoutAFileOrToAFolderThatDoesNotExistSaysSo() async throws {
        let run = try await FlowDemo.run(["--strategy", "stack", "--script", "start,:save"])
        #expect(run.status == 1)
        #expect(run.stderr.contains(#":save needs a file: type ":save shop.json"."#))
        let nowhere = try await FlowDemo.run(["--strategy", "stack", "--script", "start,:save /no/such/folder/shop.json"])
        #expect(nowhere.status == 1)
        #expect(nowhere.stderr.contains("The shop could not be saved to /no/such/folder/shop.json: there is no such file or folder."))
        let recorded = try await FlowDemo.run(["--strategy", "stack", "--script", "start", "--record", "/no/such/folder/bug.json"])
        #expect(recorded.status == 1)
        #expect(recorded.stderr.contains("the recording could not be written to /no/such/folder/bug.json: there is no such file or folder."))
    }
}
