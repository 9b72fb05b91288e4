import FlowKernel
import FlowStage
import FlowTestKit
import Testing

@MainActor
@Suite("Text tree")
struct TextTreeTests {
    @Test func aWholeAppRendersAsOneStableTree() throws {
        let host = InMemoryHost()
        let welcome = Welcome()
        try host.setRoot(
            .stack(
                "main",
                [
                    .screen(welcome),
                    .tabs(
                        "shop",
                        [
                            Presentable.Tab(TabItem(title: "Catalog"), .stack("catalog", [.screen(Catalog()), .screen(Product("Red shoes"))])),
                            Presentable.Tab(TabItem(title: "Cart"), .screen(Cart())),
                        ], selected: 0),
                ]))
        try host.apply(.addChild(.screen(Product("Banner")), to: .of(welcome)), for: nil)
        try host.presentOnTop(.stack("checkout", [.screen(Product("Checkout"))]))

        expectRendered(
            host.render(),
            equals: """
                stack main
                  Welcome
                    child Product "Banner"
                  tabs shop
                    * tab 0 "Catalog": stack catalog
                      Catalog
                      Product "Red shoes"
                    - tab 1 "Cart": Cart
                  presents stack checkout
                    Product "Checkout"
                """)
    }

    @Test func theHostRendersItsHierarchyValue() throws {
        let host = InMemoryHost()
        try host.setRoot(.stack("main", [.screen(Welcome())]))
        #expect(host.render() == "stack main\n  Welcome")
        #expect(Hierarchy(root: host.hierarchy.root).textTree == "stack main\n  Welcome")

        try host.push(Welcome(), onto: "main")
        #expect(host.render() == "stack main\n  Welcome\n  Welcome", "a change renders at once, not a cached tree")
    }
}
