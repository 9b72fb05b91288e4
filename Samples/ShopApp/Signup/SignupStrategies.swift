import FlowChain
import FlowCoordinator
import FlowKernel
import FlowRouter
import FlowSnapshot
import FlowStack

/// The sign-up as an ordered stack (FlowStack): the screens registered in the order a person meets
/// them, the card registered for the pro plan only, each walked to with `goNext()`.
@MainActor
enum StackSignup {
    static func make(model: SignupModel) -> StackNavigator<Signup> {
        let registry = ScreenRegistry()
        let navigator = StackNavigator<Signup>("signup", registry: registry, root: DetailsScreen.self)
        weak let signup = navigator
        registry.register(DetailsScreen.self) {
            let screen = DetailsScreen(model: model)
            screen.onDetails = { _ in try signup?.goNext() }
            return screen
        }
        registry.register(CardScreen.self) {
            let screen = CardScreen(model: model)
            screen.onCard = { _ in try signup?.goNext() }
            screen.onBack = { try signup?.getBack() }
            return screen
        }
        .when("pro plan") { model.details?.plan == .pro }
        registry.register(ConfirmScreen.self) {
            let screen = ConfirmScreen(model: model)
            screen.onConfirm = { account in
                try signup?.goNext(to: SignedUpScreen.self, argument: account)
                model.create(account)
            }
            screen.onBack = { try signup?.getBack() }
            return screen
        }
        registry.register(SignedUpScreen.self, argument: Signup.self) { account in
            let screen = SignedUpScreen(signup: account)
            screen.onClose = { account in try signup?.finish(with: account) }
            return screen
        }
        return navigator
    }
}

/// The sign-up as a step chain (FlowChain): each step hands the next the sign-up so far; the card
/// step applies only when the plan is pro, which the chain decides when it reaches it.
@MainActor
enum ChainSignup {
    static func make(model: SignupModel) -> ChainFlow<Signup> {
        weak var signup: ChainFlow<Signup>?
        // Where the chain stands among the steps that apply; Done, its last step, asks nothing.
        let progress = { signup?.progress.map { (step: $0.step, of: $0.of - 1) } }
        let chain = StepChain<Signup>("signup")
            .addStep {
                let screen = DetailsScreen(model: model)
                screen.progress = progress
                screen.onDetails = { [unowned screen] details in try screen.next(context: Signup(details: details)) }
                return screen
            }
            .addStep(
                Step<CardScreen> {
                    let screen = CardScreen(model: model)
                    screen.progress = progress
                    screen.onCard = { [unowned screen] account in try screen.next(context: account) }
                    screen.onBack = { [unowned screen] in try screen.step?.back() }
                    return screen
                }
                .when("pro plan") { (signup: Signup) in signup.details.plan == .pro }
            )
            .addStep {
                let screen = ConfirmScreen(model: model)
                screen.progress = progress
                screen.onConfirm = { [unowned screen] account in
                    try screen.next(context: account)
                    model.create(account)
                }
                screen.onBack = { [unowned screen] in try screen.step?.back() }
                return screen
            }
            .addStep {
                let screen = SignedUpScreen()
                screen.onClose = { [unowned screen] account in try screen.next(context: account) }
                return screen
            }
            .finish()
        signup = chain
        return chain
    }
}

extension DetailsScreen: ChainScreen {
    /// The sign-up, its details entered.
    public typealias NextContext = Signup
}

extension CardScreen: ChainScreen {
    /// The sign-up, its card entered.
    public typealias NextContext = Signup
    /// The sign-up so far; the screen reads it from the model.
    public func update(with context: Signup) {}
}

extension ConfirmScreen: ChainScreen {
    /// The account to make.
    public typealias NextContext = Signup
    /// The sign-up to confirm; the screen reads it from the model.
    public func update(with context: Signup) {}
}

extension SignedUpScreen: ChainScreen {
    /// The account, the chain's result.
    public typealias NextContext = Signup
    /// The account made.
    public func update(with context: Signup) { signup = context }
}

/// The sign-up as type-matched routing (FlowRouter): the details produce a pro plan, which the
/// card requires, or a review, which Confirm requires — the branch is in the types. Going back
/// unwinds to the nearest shown screen that handles it.
@MainActor
public enum RouterSignup {
    /// Details for the pro plan: the card takes them.
    public struct ProPlan: Codable, Sendable {
        /// The details entered.
        public let details: SignupDetails
    }
    /// A sign-up to review: Confirm takes it.
    public struct Review: Codable, Sendable {
        /// The sign-up so far.
        public let signup: Signup
    }
    /// The card went back.
    public struct CardCancelled: Codable, Sendable {}
    /// Confirm went back: to the card for the pro plan, the details otherwise.
    public struct ConfirmCancelled: Codable, Sendable {}
    /// The account was made: Done shows it.
    public struct Welcome: Codable, Sendable {
        /// The account made.
        public let signup: Signup
    }

    static func make(model: SignupModel) throws -> RouterFlow<Signup> {
        let router = Router()
        try router.register(CardScreen.self) { (_: ProPlan) in
            let screen = CardScreen(model: model)
            screen.onCard = { [unowned screen] account in try screen.produce(Review(signup: account)) }
            screen.onBack = { [unowned screen] in try screen.produce(CardCancelled()) }
            return screen
        }
        try router.register(ConfirmScreen.self) { (_: Review) in
            let screen = ConfirmScreen(model: model)
            screen.onConfirm = { [unowned screen] account in
                try screen.produce(Welcome(signup: account))
                model.create(account)
            }
            screen.onBack = { [unowned screen] in try screen.produce(ConfirmCancelled()) }
            return screen
        }
        try router.register(SignedUpScreen.self) { (welcome: Welcome) in
            let screen = SignedUpScreen(signup: welcome.signup)
            screen.onClose = { [unowned screen] account in try screen.produce(account) }
            return screen
        }
        return RouterFlow("signup", router: router) {
            let screen = DetailsScreen(model: model)
            screen.onDetails = { [unowned screen] details in
                if details.plan == .pro {
                    try screen.produce(ProPlan(details: details))
                } else {
                    try screen.produce(Review(signup: Signup(details: details)))
                }
            }
            return screen
        }
    }
}

extension DetailsScreen: OutputProducing, UpdateHandling {
    public typealias Output = OneOf2<RouterSignup.ProPlan, RouterSignup.Review>
    public typealias Update = OneOf2<RouterSignup.CardCancelled, RouterSignup.ConfirmCancelled>
}

extension CardScreen: InputRequiring, OutputProducing, UpdateHandling {
    public typealias Input = RouterSignup.ProPlan
    public typealias Output = OneOf2<RouterSignup.Review, RouterSignup.CardCancelled>
    public typealias Update = RouterSignup.ConfirmCancelled
}

extension ConfirmScreen: InputRequiring, OutputProducing {
    public typealias Input = RouterSignup.Review
    public typealias Output = OneOf2<RouterSignup.Welcome, RouterSignup.ConfirmCancelled>
}

extension SignedUpScreen: InputRequiring, OutputProducing {
    public typealias Input = RouterSignup.Welcome
    public typealias Output = Signup
}

/// The sign-up as a coordinator (FlowCoordinator): the screens expose closures, and the
/// coordinator decides in code where the details go — the card for the pro plan, Confirm otherwise.
@MainActor
final class SignupCoordinator: StackCoordinator<Signup> {
    let model: SignupModel

    init(model: SignupModel) {
        self.model = model
        super.init("signup")
    }

    override func start() throws {
        try move(to: details())
    }

    private func details() -> DetailsScreen {
        let screen = DetailsScreen(model: model)
        screen.onDetails = { [unowned self] details in try self.move(to: details.plan == .pro ? self.card() : self.confirm()) }
        return screen
    }

    private func card() -> CardScreen {
        let screen = CardScreen(model: model)
        screen.onCard = { [unowned self] _ in try self.move(to: self.confirm()) }
        screen.onBack = { [unowned self] in try self.back() }
        return screen
    }

    private func confirm() -> ConfirmScreen {
        let screen = ConfirmScreen(model: model)
        screen.onConfirm = { [unowned self] account in
            try self.move(to: self.done(account))
            self.model.create(account)
        }
        screen.onBack = { [unowned self] in try self.back() }
        return screen
    }

    private func done(_ account: Signup) -> SignedUpScreen {
        let screen = SignedUpScreen(signup: account)
        screen.onClose = { [unowned self] account in try self.finish(with: account) }
        return screen
    }

    /// The screens are saved by what they are, and Done by the account it shows.
    override func save(_ screen: any Screen) -> SavedValue? {
        switch screen {
        case is DetailsScreen: .string("details")
        case is CardScreen: .string("card")
        case is ConfirmScreen: .string("confirm")
        case let done as SignedUpScreen: done.signup.flatMap { try? SavedValue(encoding: $0) }.map { .object(["signup": $0]) }
        default: nil
        }
    }

    /// Makes a saved screen again, as the coordinator makes it.
    override func restoreScreen(from saved: SavedValue) throws -> (any Screen)? {
        switch saved {
        case .string("details"): details()
        case .string("card"): card()
        case .string("confirm"): confirm()
        default: try saved["signup"].map { done(try $0.decode(Signup.self)) }
        }
    }
}
