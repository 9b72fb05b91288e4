import FlowKernel
import FlowLinks
import FlowRuntime
import Testing

@Suite("Matching links to destinations")
struct LinkMapTests {
    enum Tab: String, LinkValue { case shop, account }

    enum Place: Equatable {
        case home
        case newProduct
        case product(String)
        case orderItem(order: Int, index: Int)
        case search(term: String?, page: Int?)
        case files([String])
        case folder([String])
        case tab(Tab)
        case filtered(color: String, sizes: [Int], sale: Bool?)
    }

    static func map() throws -> LinkMap<Place> {
        var links = LinkMap<Place>(schemes: ["shop", "https"], sites: ["shop.example"])
        try links.register("/", .home)
        try links.register("/product/new", .newProduct)
        try links.register("/product/:id") { .product(try $0.value("id")) }
        try links.register("/orders/:orderID/items/:index") {
            .orderItem(order: try $0.value("orderID"), index: try $0.value("index"))
        }
        try links.register("/search/:term?/:page?") {
            .search(term: try $0.valueIfPresent("term"), page: try $0.valueIfPresent("page"))
        }
        try links.register("/files/:path+") { .files(try $0.values("path")) }
        try links.register("/folder/:path*") { .folder(try $0.values("path")) }
        try links.register("/tab/:tab") { .tab(try $0.value("tab")) }
        try links.register("/filter") {
            .filtered(color: try $0.query("color"), sizes: try $0.queryValues("size"), sale: try $0.queryIfPresent("sale"))
        }
        return links
    }

    @Test(
        "every kind of segment matches and decodes to the destination's types",
        arguments: [
            ("shop://", Place.home),
            ("/", .home),
            ("https://shop.example", .home),
            ("shop://product/new", .newProduct),
            ("shop://product/shoes", .product("shoes")),
            ("shop://product/red%20shoes", .product("red shoes")),
            ("https://SHOP.example/product/hat", .product("hat")),
            ("shop://orders/12/items/3", .orderItem(order: 12, index: 3)),
            ("shop://search", .search(term: nil, page: nil)),
            ("shop://search/hats", .search(term: "hats", page: nil)),
            ("shop://search/hats/2", .search(term: "hats", page: 2)),
            ("shop://files/a", .files(["a"])),
            ("shop://files/a/b/c", .files(["a", "b", "c"])),
            ("shop://folder", .folder([])),
            ("shop://folder/x/y", .folder(["x", "y"])),
            ("shop://tab/account", .tab(.account)),
            ("shop://filter?color=red&size=40&size=42", .filtered(color: "red", sizes: [40, 42], sale: nil)),
            ("shop://filter?sale=1&color=blue", .filtered(color: "blue", sizes: [], sale: true)),
        ])
    func matches(_ text: String, _ expected: Place) throws {
        #expect(try Self.map().destination(for: text) == expected)
    }

    @Test("a literal wins over a parameter, and a parameter over a repeated one, falling back when the specific branch leads nowhere")
    func prefersSpecificBranches() throws {
        var links = LinkMap<String>()
        try links.register("/a/b/c", "literal")
        try links.register("/a/:x/d") { "parameter \(try $0.value("x") as String)" }
        try links.register("/a/:rest+") { "repeated \(try $0.values("rest") as [String])" }
        #expect(try links.destination(for: "/a/b/c") == "literal")
        #expect(try links.destination(for: "/a/b/d") == "parameter b")
        #expect(try links.destination(for: "/a/b/e") == "repeated [\"b\", \"e\"]")
        #expect(try links.destination(for: "/a/z") == "repeated [\"z\"]")
    }

    @Test("what a link matched names its pattern and parameters")
    func reportsPattern() throws {
        let parameters = try Self.map().match(Link("shop://orders/12/items/3"))
        #expect(parameters.pattern.text == "/orders/:orderID/items/:index")
        #expect(try parameters.value("orderID") as String == "12")
    }

    @Test(
        "a link no pattern takes is refused as unknown, saying why",
        arguments: [
            ("shop://nowhere", "No link pattern matches"),
            ("shop://product", "No link pattern matches"),
            ("shop://product/shoes/extra", "No link pattern matches"),
            ("shop://files", "No link pattern matches"),
            ("shop://orders/12/items", "No link pattern matches"),
            ("ftp://product/shoes", "this app opens https, shop links"),
            ("http://shop.example/product/shoes", "has the scheme http; this app opens https, shop links"),
            ("https://elsewhere.example/product/shoes", "this app opens links for shop.example"),
        ])
    func refusesUnknown(_ text: String, _ reason: String) throws {
        let links = try Self.map()
        let error = #expect(throws: FlowError.self) { try links.destination(for: text) }
        #expect(error?.code == .unknownLink)
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "")")
    }

    @Test(
        "a parameter that does not decode is refused, naming it and what it should be",
        arguments: [
            ("shop://orders/twelve/items/3", "gives orderID as \"twelve\", which is not a whole number"),
            ("shop://search/hats/two", "gives page as \"two\", which is not a whole number"),
            ("shop://tab/settings", "gives tab as \"settings\", which is not one of the values of Tab"),
            ("shop://filter", "needs a query value color="),
            ("shop://filter?color=red&size=XL", "gives size as \"XL\""),
            ("shop://filter?color=red&sale=maybe", "which is not true or false"),
        ])
    func refusesBadParameters(_ text: String, _ reason: String) throws {
        let links = try Self.map()
        let error = #expect(throws: FlowError.self) { try links.destination(for: text) }
        #expect(error?.code == .invalidLinkParameter)
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "")")
    }

    @Test("a number parameter decodes, and text that is not a finite number is refused")
    func decodesDoubles() throws {
        var links = LinkMap<Double>()
        try links.register("/zoom/:level") { try $0.value("level") }
        #expect(try links.destination(for: "/zoom/2.5") == 2.5)
        for text in ["/zoom/inf", "/zoom/nan", "/zoom/big"] {
            let error = #expect(throws: FlowError.self, "\(text)") { try links.destination(for: text) }
            #expect(error?.message.contains("which is not a number") == true, "\(text)")
        }
    }

    @Test("malformed text is refused before any pattern is tried")
    func refusesMalformed() throws {
        let error = #expect(throws: FlowError.self) { try Self.map().destination(for: "shop://product/%") }
        #expect(error?.code == .malformedLink)
    }

    @Test("asking for a parameter the pattern does not have is refused, listing the pattern's names")
    func refusesUnknownName() throws {
        var links = LinkMap<Int>()
        try links.register("/item/:id") { try $0.value("identifier") }
        try links.register("/tree/:path*") { try $0.value("path") }
        let misnamed = #expect(throws: FlowError.self) { try links.destination(for: "/item/3") }
        #expect(misnamed?.message == "The pattern /item/:id has no parameter identifier of that kind; its parameters are id.")
        let wrongKind = #expect(throws: FlowError.self) { try links.destination(for: "/tree/3") }
        #expect(wrongKind?.code == .invalidLinkParameter)
    }

    @Test("an error a destination's maker throws is reported as a FlowError")
    func wrapsMakerErrors() throws {
        struct NoSuchProduct: Error {}
        var links = LinkMap<Int>()
        try links.register("/product/:id") { _ in throw NoSuchProduct() }
        let error = #expect(throws: FlowError.self) { try links.destination(for: "/product/x") }
        #expect(error?.code == .invalidLinkParameter)
        #expect(error?.types == ["NoSuchProduct"])
    }

    @Test(
        "a pattern matching exactly what another matches is refused and the map is unchanged",
        arguments: [
            ("/product/:name", "/product/:id"),
            ("/product/new/", "/product/new"),
            ("/search", "/search/:term?/:page?"),
            ("/search/:q/:p", "/search/:term?/:page?"),
            ("/files/:all+", "/files/:path+"),
            ("/folder", "/folder/:path*"),
        ])
    func refusesDuplicates(_ pattern: String, _ existing: String) throws {
        var links = try Self.map()
        let before = links.patterns
        let error = #expect(throws: FlowError.self) { try links.register(pattern) { _ in .home } }
        #expect(error?.code == .invalidLinkPattern)
        #expect(error?.message.contains("matches the same links as \(existing)") == true, "\(error?.message ?? "")")
        #expect(links.patterns == before)
        #expect(try links.destination(for: "shop://product/shoes") == .product("shoes"))
    }

    @Test("two maps are independent values")
    func mapsAreValues() throws {
        var first = LinkMap<Int>()
        try first.register("/a", 1)
        var second = first
        try second.register("/b", 2)
        #expect(first.patterns.map(\.text) == ["/a"])
        #expect(throws: FlowError.self) { try first.destination(for: "/b") }
        #expect(try second.destination(for: "/b") == 2)
    }
}
