import FlowKernel
import FlowLinks
import FlowRuntime
import Testing

@Suite("Link patterns")
struct LinkPatternTests {
    @Test("a pattern is read into literal, parameter, optional and repeated segments")
    func readsSegments() throws {
        #expect(try LinkPattern("/").segments == [])
        #expect(try LinkPattern("/product/:id").segments == [.literal("product"), .parameter("id")])
        #expect(
            try LinkPattern("/orders/:orderID/items/:index/").segments == [.literal("orders"), .parameter("orderID"), .literal("items"), .parameter("index")])
        #expect(try LinkPattern("/search/:term?/:page?").segments == [.literal("search"), .optional("term"), .optional("page")])
        #expect(try LinkPattern("/files/:path+").segments == [.literal("files"), .repeated("path", allowsNone: false)])
        #expect(try LinkPattern("/files/:path*").segments == [.literal("files"), .repeated("path", allowsNone: true)])
        #expect(try LinkPattern("/a/:x/:rest*").parameterNames == ["x", "rest"])
    }

    @Test(
        "a pattern that cannot be used is refused, saying why",
        arguments: [
            ("product/:id", "must start with /"),
            ("/product//:id", "segment 2 is empty"),
            ("/product/:", "needs a name"),
            ("/product/:id-x", "needs a name"),
            ("/product/:?", "needs a name"),
            ("/a/:id/b/:id", "named twice"),
            ("/a/:x?/b", "after every required segment"),
            ("/a/:x?/:y", "after every required segment"),
            ("/a/:rest+/b", "must be the last segment"),
            ("/a/:rest*/:y", "must be the last segment"),
            ("/a/:x?/:rest*", "both optional"),
            ("/red shoes", "has a space"),
            ("/50%", "has a space"),
        ])
    func refusesInvalid(_ text: String, _ reason: String) {
        let error = #expect(throws: FlowError.self) { try LinkPattern(text) }
        #expect(error?.code == .invalidLinkPattern)
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "")")
    }
}
