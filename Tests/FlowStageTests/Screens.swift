import FlowKernel

@MainActor final class Welcome: Screen {}
@MainActor final class Catalog: Screen {}
@MainActor final class Cart: Screen {}
@MainActor final class Product: Screen {
    let name: String
    init(_ name: String) { self.name = name }
    var displayName: String { name }
}
