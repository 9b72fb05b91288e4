import FlowKernel
import FlowRouter

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
        weak var signup: RouterFlow<Signup>?
        try router.register(CardScreen.self) { (_: ProPlan) in
            let screen = CardScreen(model: model)
            screen.onCard = { [unowned screen] account in try screen.produce(Review(signup: account)) }
            screen.onBack = { [unowned screen] in try screen.produce(CardCancelled()) }
            screen.onCancel = { try signup?.cancel() }
            screen.onAsk = { [unowned screen] in try screen.present(alert: $0, onAnswer: $1) }
            return screen
        }
        try router.register(ConfirmScreen.self) { (_: Review) in
            let screen = ConfirmScreen(model: model)
            screen.onConfirm = { [unowned screen] account in
                try screen.produce(Welcome(signup: account))
                model.create(account)
            }
            screen.onBack = { [unowned screen] in try screen.produce(ConfirmCancelled()) }
            screen.onCancel = { try signup?.cancel() }
            screen.onAsk = { [unowned screen] in try screen.present(alert: $0, onAnswer: $1) }
            return screen
        }
        try router.register(SignedUpScreen.self) { (welcome: Welcome) in
            let screen = SignedUpScreen(signup: welcome.signup)
            screen.onClose = { [unowned screen] account in try screen.produce(account) }
            return screen
        }
        let flow = RouterFlow<Signup>("signup", router: router) {
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
        signup = flow
        return flow
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
