import FlowKernel
import FlowSnapshot

/// A shop saved to come back to: what `flow-demo`'s `:save` writes and `--restore` reads. The
/// app's own model is saved next to the navigation, at the same moment, so the two agree.
public struct SavedShop: Codable, Hashable, Sendable {
    /// The strategy the shop ran in.
    public var strategy: String
    /// Who was signed in, the cart, the orders placed.
    public var model: ShopModel.Saved
    /// Every flow that ran and what it showed.
    public var navigation: NavigationSnapshot
    /// A link waiting behind sign-in, parked again when the shop comes back.
    public var pendingLink: String?

    /// Makes a saved shop.
    public init(strategy: String, model: ShopModel.Saved, navigation: NavigationSnapshot, pendingLink: String? = nil) {
        self.strategy = strategy
        self.model = model
        self.navigation = navigation
        self.pendingLink = pendingLink
    }
}

/// What a recording of the shop keeps beside each checkpoint's navigation: the model and a link
/// waiting behind sign-in.
public struct ShopState: Codable, Hashable, Sendable {
    /// Who was signed in, the cart, the orders placed.
    public var model: ShopModel.Saved
    /// A link waiting behind sign-in.
    public var pendingLink: String?
}
