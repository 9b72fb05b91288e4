import FlowCoordinator
import FlowKernel
import FlowSnapshot

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
        screen.onCancel = { [unowned self] in try self.cancel() }
        screen.onAsk = { [unowned self] in try self.present(alert: $0, onAnswer: $1) }
        return screen
    }

    private func confirm() -> ConfirmScreen {
        let screen = ConfirmScreen(model: model)
        screen.onConfirm = { [unowned self] account in
            try self.move(to: self.done(account))
            self.model.create(account)
        }
        screen.onBack = { [unowned self] in try self.back() }
        screen.onCancel = { [unowned self] in try self.cancel() }
        screen.onAsk = { [unowned self] in try self.present(alert: $0, onAnswer: $1) }
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
