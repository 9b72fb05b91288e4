import FlowKernel
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
            screen.onCancel = { try signup?.cancel() }
            screen.onAsk = { try signup?.present(alert: $0, onAnswer: $1) }
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
            screen.onCancel = { try signup?.cancel() }
            screen.onAsk = { try signup?.present(alert: $0, onAnswer: $1) }
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
