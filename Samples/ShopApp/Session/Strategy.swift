/// The four ways the shop is written, one per FlowKit strategy.
public enum Strategy: String, CaseIterable, Sendable {
    /// FlowStack.
    case stack
    /// FlowChain.
    case chain
    /// FlowRouter.
    case router
    /// FlowCoordinator.
    case coordinator

    /// One line on how this strategy writes the shop.
    public var summary: String {
        switch self {
        case .stack: "FlowStack (SwiftyFlow's model): screens registered in order, walked with goNext and getBack."
        case .chain: "FlowChain (Flowter's model): steps that hand the next step its context; the cart is a chain of its own."
        case .router: "FlowRouter (StoryFlow's model): screens produce typed values; the router shows or unwinds to the screen that takes them."
        case .coordinator: "FlowCoordinator (UIFlow's model): an app coordinator with a sign-in child and a tab group; screens only expose closures."
        }
    }
}
