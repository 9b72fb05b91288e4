import FlowKernel

/// A shop saved to come back to: what `flow-demo`'s `:save` writes and `--restore` reads. The
/// app's own model is saved next to the navigation, at the same moment, so the two agree.
public struct SavedShop: Codable, Hashable, Sendable {
    /// The strategy the shop ran in.
    public var strategy: String
    /// Who was signed in, the cart, the orders placed.
    public var model: ShopModel.Saved
    /// Every flow that ran and what it showed.
    public var navigation: NavigationSnapshot
}
