import FlowKernel
import FlowRuntime
import FlowTestKit
import Foundation
import Testing

@Suite("A block a page shows")
struct DocumentedBlockTests {
    let page: URL

    init() throws {
        page = FileManager.default.temporaryDirectory.appendingPathComponent("documented-\(UUID().uuidString).md")
        try "# Page\n\n<!-- out: a -->\n```text\nline 1\nline 2\n```\n\n<!-- out: open -->\n```\nnever closed\n".write(
            to: page, atomically: true, encoding: .utf8)
    }

    @Test func theBlockAfterAMarkerIsReadWithoutItsFences() throws {
        #expect(try documentedBlock(after: "<!-- out: a -->", in: page) == "line 1\nline 2")
    }

    @Test("A missing marker or an unclosed block is refused with notFound", arguments: ["<!-- out: b -->", "<!-- out: open -->"])
    func aMissingBlockIsRefused(_ marker: String) {
        let error = #expect(throws: FlowError.self) { try documentedBlock(after: marker, in: page) }
        #expect(error?.code == .notFound)
    }
}
