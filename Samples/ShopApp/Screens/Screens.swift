import FlowKernel
import FlowRuntime

/// The first screen.
public final class WelcomeScreen: ShopScreen {
    /// Goes on to sign in.
    public var onStart: (() throws -> Void)?

    /// Makes the screen.
    public init() { super.init(title: "Welcome") }

    public override var lines: [String] { ["Welcome to the FlowKit shop: three products, one cart."] }
    public override var actions: [ShopAction] { [action("start", "Sign in and start shopping", onStart)].compactMap { $0 } }
}

/// Asks for an email address; an invalid one keeps the user here with a message.
public final class SignInScreen: ShopScreen {
    let model: ShopModel
    /// Goes on with the signed-in user.
    public var onSignedIn: ((User) throws -> Void)?
    /// Goes back.
    public var onBack: (() throws -> Void)?

    /// Makes the screen.
    public init(model: ShopModel) {
        self.model = model
        super.init(title: "Sign in")
    }

    public override var lines: [String] { ["Enter the email address you shop with."] }

    /// What a recording keeps instead of the address a person typed: an address when theirs is
    /// one, a word that is not one otherwise, so the recording replays as the person's did.
    static func standIn(for address: String) -> String {
        InvalidEmail.check(address) == nil ? "someone@example.com" : "not-an-address"
    }

    public override var actions: [ShopAction] {
        var actions: [ShopAction] = []
        if let onSignedIn {
            actions.append(
                ShopAction(
                    "email", argument: "<address>",
                    parts: [ArgumentPart("email", "Email address", kind: .email, autocomplete: "email") { InvalidEmail.check($0)?.description }],
                    samples: (["ana@example.com"], ["ana", "ana@example"]), redact: Self.standIn, "Sign in with an email address"
                ) {
                    [model, unowned self] address in
                    switch model.signIn(email: address ?? "") {
                    case .success(let user): try onSignedIn(user)
                    case .failure(let problem): self.problem = problem.description
                    }
                })
        }
        if let back = action("back", "Back to Welcome", onBack) { actions.append(back) }
        return actions
    }
}

/// The three products, and the cart.
public final class CatalogScreen: ShopScreen {
    let model: ShopModel
    /// Shows a product.
    public var onPick: ((Product) throws -> Void)?
    /// Opens the cart.
    public var onOpenCart: (() throws -> Void)?
    /// Shows the account (only where there is one).
    public var onAccount: (() throws -> Void)?

    /// Makes the screen.
    public init(model: ShopModel) {
        self.model = model
        super.init(title: "Catalog")
    }

    public override var lines: [String] {
        ["Signed in as \(model.user?.email ?? "nobody"). Cart: \(model.cartCount)."]
            + Product.catalog.map { "  \($0.id): \($0)" }
    }

    public override var actions: [ShopAction] {
        let picks = Product.catalog.compactMap { product in
            action(product.id, "Look at \(product.name)", onPick.map { pick in { try pick(product) } })
        }
        return picks + [action("cart", "Open the cart", onOpenCart), action("account", "Show your account", onAccount)].compactMap { $0 }
    }
}

/// One product.
public final class ProductScreen: ShopScreen {
    let model: ShopModel
    /// The product shown; set by whoever shows the screen.
    public var product: Product?
    /// Opens the cart.
    public var onOpenCart: (() throws -> Void)?
    /// Goes back to the catalog.
    public var onBack: (() throws -> Void)?

    /// Makes the screen.
    public init(model: ShopModel, product: Product? = nil) {
        self.model = model
        self.product = product
        super.init(title: "Product")
    }

    public override var displayName: String { product.map { "Product: \($0.name)" } ?? title }

    public override var lines: [String] {
        guard let product else { return ["No product."] }
        return ["\(product.name), €\(product.price).", "Cart: \(model.cartCount)."]
    }

    public override var actions: [ShopAction] {
        var actions: [ShopAction] = []
        if let product {
            actions.append(
                ShopAction("add", "Add \(product.name) to the cart") { [model, unowned self] _ in
                    model.add(product)
                    self.message = "Added \(product.name). Cart: \(model.cartCount)."
                })
        }
        return actions + [action("cart", "Open the cart", onOpenCart), action("back", "Back to the catalog", onBack)].compactMap { $0 }
    }
}

/// The cart, shown modally.
public final class CartScreen: ShopScreen {
    let model: ShopModel
    /// Closes the cart.
    public var onClose: (() throws -> Void)?
    /// Goes on to checkout; offered only when the cart has something in it.
    public var onCheckout: (() throws -> Void)?
    /// Asks the person with an alert, through the strategy that shows the cart: its one call
    /// (`present(alert:onAnswer:)`). `remove` is offered once it is wired.
    public var onAsk: ((FlowAlert, @escaping @MainActor (FlowAlert.Button) throws -> Void) throws -> Void)?

    /// Makes the screen.
    public init(model: ShopModel) {
        self.model = model
        super.init(title: "Cart")
    }

    public override var lines: [String] {
        model.cart.isEmpty ? ["Your cart is empty."] : model.cart.map { "  \($0)" } + ["Total: €\(model.cart.reduce(0) { $0 + $1.price })"]
    }

    public override var actions: [ShopAction] {
        // Remove comes last, so that the numbers typed before it was offered still mean what they did.
        var actions = [action("checkout", "Go to checkout", model.cart.isEmpty ? nil : onCheckout), action("close", "Close the cart", onClose)]
        if !model.cart.isEmpty, onAsk != nil {
            let names = Array(Set(model.cart.map(\.id))).sorted()
            actions.append(
                ShopAction(
                    "remove", argument: "[<product>]", samples: (valid: [""] + names, invalid: ["teapot"]),
                    "Remove an item: the last one added, or the one named"
                ) { [unowned self] argument in try askToRemove(argument) })
        }
        return actions.compactMap { $0 }
    }

    /// Asks "Remove from cart?" before it takes the item out: the last one added, or the one
    /// named. An item the cart does not hold is the screen's problem, and nothing is asked.
    func askToRemove(_ name: String?) throws {
        guard let onAsk else { return }
        guard let product = name.map({ name in model.cart.last { $0.id == name.lowercased() } }) ?? model.cart.last else {
            let held = Array(Set(model.cart.map(\.id))).sorted().joined(separator: ", ")
            problem = "The cart holds no \(name ?? "item"); it holds \(held)."
            return
        }
        try onAsk(FlowAlert("Remove from cart?", message: product.name, buttons: [.destructive("Remove"), .cancel("Keep")]), removal(of: product))
    }

    /// What answering "Remove from cart?" about a product does: Remove takes it out.
    private func removal(of product: Product) -> @MainActor (FlowAlert.Button) throws -> Void {
        { [weak self] button in
            guard let self, button.role == .destructive else { return }
            model.remove(product)
            message = "Removed \(product.name)."
        }
    }
}

extension CartScreen: AlertAnswering {
    /// After a restore, "Remove from cart?" about a product the cart holds removes it again.
    public func answerHandler(for alert: FlowAlert) -> (@MainActor (FlowAlert.Button) throws -> Void)? {
        guard alert.title == "Remove from cart?", let product = model.cart.last(where: { $0.name == alert.message }) else { return nil }
        return removal(of: product)
    }
}

/// The order to confirm, as it was when the screen was made: like a real checkout page, it keeps
/// the order it shows, so Pay pays that order again if the person comes back to it — unless the
/// shop's recipe keeps them from coming back (``ShopSession/protectsPlacedOrder``).
public final class CheckoutScreen: ShopScreen {
    /// The order the screen shows and pays, if there was one to check out; shipped to the address
    /// the person gives here.
    public private(set) var order: Order?
    let model: ShopModel
    /// Places the order.
    public var onPay: ((Order) throws -> Void)?
    /// Goes back.
    public var onBack: (() throws -> Void)?

    /// Makes the screen for the order the model makes now.
    public init(model: ShopModel) {
        self.model = model
        self.order = model.order
        super.init(title: "Checkout")
    }

    public override var lines: [String] {
        guard let order else { return ["Nothing to check out."] }
        return ["Order for \(order.email):"] + order.items.map { "  \($0)" } + [
            "Total: €\(order.total)", "Ship to: \(order.address?.description ?? "no address yet")",
        ]
    }

    /// What a recording keeps instead of the address a person typed: an address when theirs is
    /// one, a word that is not one otherwise.
    static func standIn(for address: String) -> String {
        if case .success = ShippingAddress.parse(address) { return "A Person; 1 Main Street; Lisbon; 1000-001; PT" }
        return "not-an-address"
    }

    public override var actions: [ShopAction] {
        guard let order else { return [action("back", "Back", onBack)].compactMap { $0 } }
        let current = order.address
        let values = [current?.name, current?.street, current?.city, current?.postcode, current?.country]
        let parts = zip(ShippingAddress.parts, values).map { part, value in
            ArgumentPart(
                part.name, part.label, kind: part.name == "country" ? .choice(ShippingAddress.countries.map { ($0.code, $0.name) }) : .text, value: value ?? "",
                autocomplete: ["name": "name", "street": "address-line1", "city": "address-level2", "postcode": "postal-code", "country": "country"][part.name]
            ) { ShippingAddress.check(part.name, $0)?.description }
        }
        let ship = ShopAction(
            "address", argument: "<name; street; city; postcode; country>", parts: parts,
            samples: (["Ana Lopez; 1 Rua Augusta; Lisbon; 1100-048; PT"], ["Lisbon"]), redact: Self.standIn,
            "Ship to this address"
        ) { [model, unowned self] text in
            switch model.ship(to: text ?? "") {
            case .success(let address):
                self.order = self.order?.shipped(to: address)
                self.message = "Shipping to \(address)."
            case .failure(let problem):
                self.problem = problem.description
            }
        }
        let pay = action("pay", "Pay €\(order.total) and place the order", onPay.map { pay in { [unowned self] in try pay(self.order ?? order) } })
        return [pay, action("back", "Back", onBack), ship].compactMap { $0 }
    }
}

/// The placed order; closing it finishes the flow with the order.
public final class DoneScreen: ShopScreen {
    /// The order placed; set by whoever shows the screen.
    public var order: Order?
    /// Whether the screen hides the back button and refuses the back swipe, as a confirmation does
    /// on iOS (`hidesBackButton`): how every strategy's shop keeps a placed order from being paid
    /// again. Close still finishes.
    public var refusesBack = false

    /// No back button once the order is placed, when ``refusesBack`` says so.
    public override var allowsInteractiveBack: Bool { !refusesBack }

    /// Refuses the person's own Back from anywhere that would take the receipt away (another tab's
    /// Back out of the tab group, say), when ``refusesBack`` says so.
    public override func shouldLeave(by origin: FlowEvent.Origin) -> GuardVerdict {
        refusesBack && origin == .user ? .refuse(because: "the order is placed; Close finishes") : .allow
    }
    /// Finishes with the order.
    public var onClose: ((Order) throws -> Void)?

    /// Makes the screen.
    public init(order: Order? = nil) {
        self.order = order
        super.init(title: "Done")
    }

    public override var lines: [String] {
        order.map { ["Thank you! Order placed: \($0)."] } ?? ["No order."]
    }

    public override var actions: [ShopAction] {
        [order.flatMap { order in action("close", "Finish", onClose.map { close in { try close(order) } }) }].compactMap { $0 }
    }
}

/// The signed-in account: the coordinator's second tab.
public final class AccountScreen: ShopScreen {
    let model: ShopModel
    /// Goes back to the shop.
    public var onShop: (() throws -> Void)?

    /// Makes the screen.
    public init(model: ShopModel) {
        self.model = model
        super.init(title: "Account")
    }

    public override var lines: [String] { ["Signed in as \(model.user?.email ?? "nobody")."] }
    public override var actions: [ShopAction] { [action("shop", "Back to the shop", onShop)].compactMap { $0 } }
}
