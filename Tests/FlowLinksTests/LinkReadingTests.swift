import FlowKernel
import FlowLinks
import FlowRuntime
import Testing

@Suite("Reading a link")
struct LinkReadingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let text: String
        let scheme: String?
        let site: String?
        let path: [String]
        let query: [String]
        var testDescription: String { text }
    }

    @Test(
        "a link is read into scheme, site, decoded path and query",
        arguments: [
            Case(text: "shop://product/shoes", scheme: "shop", site: nil, path: ["product", "shoes"], query: []),
            Case(text: "SHOP://product/shoes/", scheme: "shop", site: nil, path: ["product", "shoes"], query: []),
            Case(text: "shop://", scheme: "shop", site: nil, path: [], query: []),
            Case(text: "shop:///cart", scheme: "shop", site: nil, path: ["cart"], query: []),
            Case(text: "https://Shop.Example/orders/7?tab=items", scheme: "https", site: "shop.example", path: ["orders", "7"], query: ["tab=items"]),
            Case(text: "https://shop.example", scheme: "https", site: "shop.example", path: [], query: []),
            Case(
                text: "/search/red%20shoes?q=a+b&q=%C3%A9t%C3%A9&flag", scheme: nil, site: nil, path: ["search", "red shoes"],
                query: ["q=a b", "q=été", "flag="]),
            Case(text: "/", scheme: nil, site: nil, path: [], query: []),
            Case(text: "shop://a+b/%2F#top", scheme: "shop", site: nil, path: ["a+b", "/"], query: []),
        ])
    func readsParts(_ expected: Case) throws {
        let link = try Link(expected.text)
        #expect(link.scheme == expected.scheme)
        #expect(link.site == expected.site)
        #expect(link.path == expected.path)
        #expect(link.query.map { "\($0.name)=\($0.value)" } == expected.query)
        #expect(link.description == expected.text)
    }

    @Test("a fragment is kept apart from the path and query")
    func keepsFragment() throws {
        let link = try Link("shop://product/shoes?size=42#reviews")
        #expect(link.fragment == "reviews")
        #expect(link.path == ["product", "shoes"])
        #expect(link.query == [Link.QueryItem(name: "size", value: "42")])
    }

    @Test(
        "text that is not a link is refused, saying why",
        arguments: [
            ("", "it is empty"),
            ("shop://product/red shoes", "space"),
            ("shop://product/\tshoes", "control character"),
            ("product/shoes", "neither a scheme"),
            ("1shop://cart", "is not a scheme"),
            ("sh op://cart", "space"),
            ("https:///cart", "needs a site"),
            ("shop://product//shoes", "empty segment"),
            ("shop://product/%4", "% that is not followed"),
            ("shop://product/%zz", "% that is not followed"),
            ("shop://product/%FF", "% that is not followed"),
            ("shop://cart?%=1", "% that is not followed"),
            ("shop://cart?=1", "has no name"),
            ("shop://cart#%", "fragment"),
        ])
    func refusesMalformed(_ text: String, _ reason: String) {
        let error = #expect(throws: FlowError.self) { try Link(text) }
        #expect(error?.code == .malformedLink)
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "")")
    }

    @Test("a refusal repeats a long link only in part")
    func echoesLongLinkInPart() {
        let text = "shop://" + String(repeating: "a", count: 500) + " b"
        let error = #expect(throws: FlowError.self) { try Link(text) }
        #expect(error?.message.contains("more bytes") == true)
        #expect((error?.message.count ?? 0) < 200)
    }
}
