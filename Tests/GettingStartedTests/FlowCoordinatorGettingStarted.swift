import FlowChain
import FlowCoordinator
import FlowKernel
import FlowStage
import Observation
import Testing

/// The code of FlowCoordinator's Getting Started, compiled here line for line, with the screens
/// and tab coordinators the page takes for granted declared around it; a test runs the app
/// coordinator through sign-in into its tabs.
@MainActor
enum FlowCoordinatorGettingStarted {
    struct User { let email: String }

    final class WelcomeScreen: Screen {
        var onContinue: (() -> Void)?
    }
    final class EmailScreen: ChainScreen {
        var step: StepHandle?
    }
    final class CodeScreen: ChainScreen {
        typealias Context = String
        var step: StepHandle?
        private(set) var email = ""
        func update(with context: String) { email = context }
    }
    final class CatalogScreen: Screen {
        var onFilter: (() -> Void)?
    }
    final class FiltersScreen: Screen {
        var onApply: (() -> Void)?
    }
    final class CartScreen: Screen {}

    final class CatalogCoordinator: StackCoordinator<Void> {
        override func start() throws {
            let catalog = CatalogScreen()
            catalog.onFilter = { [unowned self] in self.attempt { try self.showFilters() } }
            try move(to: catalog)
        }

        func showFilters() throws {
            let filters = FiltersScreen()
            filters.onApply = { [unowned self] in self.attempt { try self.dismissSheet() } }
            try present(sheet: filters) { print("filters closed") }
        }
    }
    final class CartCoordinator: StackCoordinator<Void> {
        override func start() throws { try move(to: CartScreen()) }
    }

    final class AppCoordinator: StackCoordinator<Void> {
        override func start() throws {
            let welcome = WelcomeScreen()
            welcome.onContinue = { [unowned self] in try? self.signIn() }
            try move(to: welcome)
        }

        func signIn() throws {
            let chain = StepChain<User>("signin").addStep { EmailScreen() }.addStep { CodeScreen() }.finish()
            try start(child: chain) { [unowned self] outcome in
                if let user = outcome.result { try? self.showShop(for: user) }
            }
        }

        func showShop(for user: User) throws {
            try start(child: ShopTabs("shop"))
        }
    }

    final class ShopTabs: TabCoordinator<Void> {
        override func start() throws {
            try super.start()
            try addItem(title: "Catalog", coordinator: CatalogCoordinator("catalog"))
            try addItem(title: "Cart", image: "cart", coordinator: CartCoordinator("cart"))
        }
    }

    @Observable @MainActor final class CartModel { var count = 0 }

    final class CartBadge: Screen {
        let observer = ModelObserver()
        private(set) var text = ""
        init(model: CartModel) {
            observer.observe(model, \.count) { [weak self] in self?.text = "\($0)" }
        }
    }

    @MainActor @Suite struct Tests {
        @Test func theAppSignsInAndShowsItsTabs() throws {
            let host = InMemoryHost()
            let app = AppCoordinator("app")
            try app.start(on: host)
            try #require(host.visibleScreen as? WelcomeScreen).onContinue?()
            try #require(host.visibleScreen as? EmailScreen).step?.next(context: "ana@example.com")
            let code = try #require(host.visibleScreen as? CodeScreen)
            #expect(code.email == "ana@example.com")
            try code.step?.next(context: User(email: code.email))
            #expect(host.visibleScreen is CatalogScreen)
            try app.cancel()
        }

        @Test func theCatalogOpensItsFiltersAsASheetAndClosesThem() throws {
            let host = InMemoryHost()
            let catalog = CatalogCoordinator("catalog")
            try catalog.start(on: host)
            try #require(host.visibleScreen as? CatalogScreen).onFilter?()
            #expect(catalog.presentedSheet is FiltersScreen)
            try #require(host.visibleScreen as? FiltersScreen).onApply?()
            #expect(host.visibleScreen is CatalogScreen)
            #expect(catalog.presentedSheet == nil)
            try catalog.cancel()
        }

        @Test func theBadgeShowsTheCountAtOnce() {
            let model = CartModel()
            model.count = 2
            #expect(CartBadge(model: model).text == "2")
        }
    }
}
