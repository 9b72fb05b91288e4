import FlowKernel
import FlowStack

/// A screen of the checkout.
@MainActor
public final class Step: Screen {
    /// The step's name, as transcripts name it.
    public let displayName: String
    init(_ name: String) { displayName = name }
}

/// An app's checkout on FlowStack, the one strategy it imports: a registry in order, and a
/// navigator that walks it.
@MainActor
public enum Checkout {
    /// A checkout of three steps that completes with the order's number.
    public static func make() -> StackNavigator<Int> {
        let registry = ScreenRegistry { registry in
            registry.register(Step.self, identifier: "cart") { Step("Cart") }
            registry.register(Step.self, identifier: "address") { Step("Address") }
            registry.register(Step.self, identifier: "pay") { Step("Pay") }
        }
        return StackNavigator<Int>("checkout", registry: registry)
    }
}
