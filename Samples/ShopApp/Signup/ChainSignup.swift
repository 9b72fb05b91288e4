import FlowChain
import FlowKernel

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
                // The first step is handed nothing, so the chain cannot ask the card's condition
                // here: the details entered say how many steps there are, as in every strategy.
                let screen = DetailsScreen(model: model)
                screen.onDetails = { [unowned screen] details in try screen.next(context: Signup(details: details)) }
                return screen
            }
            .addStep(
                Step<CardScreen> {
                    let screen = CardScreen(model: model)
                    screen.progress = progress
                    screen.onCard = { [unowned screen] account in try screen.next(context: account) }
                    screen.onBack = { [unowned screen] in try screen.step?.back() }
                    screen.onCancel = { try signup?.cancel() }
                    screen.onAsk = { [unowned screen] in try screen.step?.present(alert: $0, onAnswer: $1) }
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
                screen.onCancel = { try signup?.cancel() }
                screen.onAsk = { [unowned screen] in try screen.step?.present(alert: $0, onAnswer: $1) }
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
