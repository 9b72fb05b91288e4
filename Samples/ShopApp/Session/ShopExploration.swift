import FlowChain
import FlowExplorer
import FlowKernel
import FlowRouter
import FlowSnapshot
import FlowStack

/// The shop as the explorer walks it: a fresh session per run, told apart by what is shown and
/// by ``ShopModel/navigationState``.
@MainActor
public enum ShopExploration {
    /// An explorer of the shop in a strategy, expecting every screen that strategy shows; an
    /// order placed is once-only, so a journey that places two is a finding.
    ///
    /// - Parameter protectsPlacedOrder: `false` explores the shop without the recipe that keeps
    ///   an order from being placed twice.
    public static func explorer(_ strategy: Strategy, protectsPlacedOrder: Bool = true) -> NavigationExplorer {
        NavigationExplorer(expecting: strategy.screenTypeNames) {
            let session = try ShopSession(strategy: strategy, protectsPlacedOrder: protectsPlacedOrder)
            let model = session.model
            return ExplorationRun(
                host: session.host, flow: session.flow, keeping: session, state: { model.navigationState },
                onceOnly: [OnceOnlyEffect("order placed") { model.placedOrders.count }],
                // The whole model, so that the walk reaches states by the moves it has seen.
                saving: { try SavedValue(encoding: model.saved) }
            )
        }
    }
}

extension ShopExploration {
    /// The shop in several strategies explored side by side, with the differences that are a
    /// strategy's nature declared (``differences``).
    public static func sideBySide(_ strategies: [Strategy] = Strategy.allCases) -> SideBySideExplorer {
        SideBySideExplorer(strategies.map { ($0.rawValue, explorer($0)) }, declaring: differences)
    }

    /// Where the four shops differ by their strategy's nature; Docs/Strategies.md lists each.
    public static let differences: [DeclaredDifference] = [
        .moves(
            [":tab 1", ":tab 2", "account", "shop"], onlyIn: ["coordinator"],
            "the coordinator's shop is a tab group, with the account on a tab of its own"),
        .moves(
            [":back"], on: "CatalogScreen",
            leadApart: "the coordinator's sign-in is a child flow whose screen leaves when it ends, so Back from the catalog goes to Welcome"),
        .moves(
            ["back", ":back"], on: "CheckoutScreen",
            leadApart:
                "a chain is linear and checkout comes after a product, so checking out from the cart opened over the catalog stands on the last product added: Back from checkout leads to that product, where the others lead to the catalog"
        ),
    ]
}

extension Strategy {
    /// The type names of the screens the shop shows in this strategy: all but the account,
    /// which only the coordinator's tab group has.
    public var screenTypeNames: [String] {
        let shared = ["WelcomeScreen", "SignInScreen", "CatalogScreen", "ProductScreen", "CartScreen", "CheckoutScreen", "DoneScreen"]
        return self == .coordinator ? shared + ["AccountScreen"] : shared
    }
}

extension ShopSession {
    /// The navigation the shop's flow declares without running, where its strategy declares one:
    /// the router's registrations, the chain's steps, the stack registry's order. The coordinator's
    /// children are started by code, so only exploring shows its navigation.
    public var declaredGraph: NavigationGraph? {
        switch flow {
        case let router as RouterFlow<Order>: router.declaredGraph(start: WelcomeScreen.self)
        case let chain as ChainFlow<Order>: chain.declaredGraph
        case let stack as StackNavigator<Order>: stack.registry.declaredGraph
        default: nil
        }
    }
}
