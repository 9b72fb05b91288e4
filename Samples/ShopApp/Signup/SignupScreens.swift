import FlowKernel

/// The sign-up's first step: a name, an email address and a plan, shown again as entered when
/// the person comes back to it.
public final class DetailsScreen: ShopScreen {
    let model: SignupModel
    /// Goes on with the details entered.
    public var onDetails: ((SignupDetails) throws -> Void)?
    /// Where the wizard stands, when the strategy knows it better than the model (the chain).
    public var progress: (() -> (step: Int, of: Int)?)?

    /// Makes the screen.
    public init(model: SignupModel) {
        self.model = model
        super.init(title: "Details")
    }

    public override var lines: [String] {
        let (step, count) = progress?() ?? model.progress(at: .details)
        return ["Step \(step) of \(count): who you are and the plan you want."]
            + (model.details.map { ["Entered: \($0)."] } ?? [])
    }

    /// What a recording keeps instead of the details a person typed: details when theirs read,
    /// with the plan they chose, words that do not read otherwise.
    static func standIn(for text: String) -> String {
        guard case .success(let details) = SignupDetails.parse(text) else { return "not; details" }
        return "A Person; someone@example.com; \(details.plan.rawValue)"
    }

    public override var actions: [ShopAction] {
        guard let onDetails else { return [] }
        let entered = model.details
        let values = [entered?.name, entered?.email, entered?.plan.rawValue]
        let labels = ["name": "Name", "email": "Email address", "plan": "Plan"]
        let parts = zip(SignupDetails.parts, values).map { part, value in
            ArgumentPart(
                part, labels[part] ?? part,
                kind: part == "email" ? .email : part == "plan" ? .choice(Plan.allCases.map { ($0.rawValue, $0.label) }) : .text,
                value: value ?? (part == "plan" ? Plan.free.rawValue : ""), autocomplete: ["name": "name", "email": "email"][part]
            ) { SignupDetails.check(part, $0)?.description }
        }
        return [
            ShopAction(
                "details", argument: "<name; email; plan>", parts: parts,
                samples: (["Ana; ana@example.com; free", "Ana; ana@example.com; pro"], ["Ana; ana; free", "Ana"]), redact: Self.standIn,
                "Go on with these details"
            ) { [model, unowned self] text in
                switch model.enter(details: text ?? "") {
                case .success(let details): try onDetails(details)
                case .failure(let problem): self.problem = problem.description
                }
            }
        ]
    }
}

/// The card, for the pro plan only.
public final class CardScreen: ShopScreen {
    let model: SignupModel
    /// Goes on with the sign-up, its card entered.
    public var onCard: ((Signup) throws -> Void)?
    /// Goes back to the details.
    public var onBack: (() throws -> Void)?
    /// Ends the sign-up without an account, once the person said to discard their details.
    public var onCancel: (() throws -> Void)?
    /// Asks the person with an alert, through the strategy that shows the screen: its one call
    /// (`present(alert:onAnswer:)`). `cancel` is offered once both are wired.
    public var onAsk: ((FlowAlert, @escaping @MainActor (FlowAlert.Button) throws -> Void) throws -> Void)?
    /// Where the wizard stands, when the strategy knows it better than the model (the chain).
    public var progress: (() -> (step: Int, of: Int)?)?

    /// Makes the screen.
    public init(model: SignupModel) {
        self.model = model
        super.init(title: "Card")
    }

    public override var lines: [String] {
        let (step, count) = progress?() ?? model.progress(at: .card)
        return ["Step \(step) of \(count): the card for \(Plan.pro.label)."]
            + (model.cardEnding.map { ["Entered: a card ending \($0)."] } ?? [])
    }

    /// What a recording keeps instead of a card number: a number when theirs is one, a word that
    /// is not one otherwise.
    static func standIn(for text: String) -> String {
        SignupProblem.card(text) == nil ? "4242 4242 4242 4242" : "not-a-card"
    }

    public override var actions: [ShopAction] {
        var actions: [ShopAction] = []
        if let onCard {
            actions.append(
                ShopAction(
                    "card", argument: "<number>",
                    // Sensitive on the web by what it holds: FlowWeb keeps a `cc-number` field out of
                    // the store and the browser unless told otherwise.
                    parts: [ArgumentPart("number", "Card number", autocomplete: "cc-number") { SignupProblem.card($0)?.description }],
                    samples: (["4242 4242 4242 4242"], ["4242 4242 4242 424"]), redact: Self.standIn, "Go on with this card"
                ) { [model, unowned self] text in
                    switch model.enter(card: text ?? "") {
                    case .success:
                        guard let signup = model.signup else { throw FlowError(.notFound, "No details were entered before the card.") }
                        try onCard(signup)
                    case .failure(let problem): self.problem = problem.description
                    }
                })
        }
        if let back = action("back", "Back to the details", onBack) { actions.append(back) }
        if let cancel = DiscardDetails.action(asking: onAsk, cancel: onCancel) { actions.append(cancel) }
        return actions
    }
}

extension CardScreen: AlertAnswering {
    /// After a restore, "Discard your details?" ends the sign-up when the person discards them.
    public func answerHandler(for alert: FlowAlert) -> (@MainActor (FlowAlert.Button) throws -> Void)? {
        DiscardDetails.handler(for: alert, cancel: onCancel)
    }
}

/// The sign-up to confirm: everything entered, as the model holds it now.
public final class ConfirmScreen: ShopScreen {
    let model: SignupModel
    /// Makes the account.
    public var onConfirm: ((Signup) throws -> Void)?
    /// Goes back to the step before: the card for the pro plan, the details otherwise.
    public var onBack: (() throws -> Void)?
    /// Ends the sign-up without an account, once the person said to discard their details.
    public var onCancel: (() throws -> Void)?
    /// Asks the person with an alert, through the strategy that shows the screen: its one call
    /// (`present(alert:onAnswer:)`). `cancel` is offered once both are wired.
    public var onAsk: ((FlowAlert, @escaping @MainActor (FlowAlert.Button) throws -> Void) throws -> Void)?
    /// Where the wizard stands, when the strategy knows it better than the model (the chain).
    public var progress: (() -> (step: Int, of: Int)?)?

    /// Makes the screen.
    public init(model: SignupModel) {
        self.model = model
        super.init(title: "Confirm")
    }

    public override var lines: [String] {
        let (step, count) = progress?() ?? model.progress(at: .confirm)
        guard let signup = model.signup else { return ["Step \(step) of \(count): nothing to confirm."] }
        return [
            "Step \(step) of \(count): confirm your account.", "Name: \(signup.details.name)", "Email: \(signup.details.email)",
            "Plan: \(signup.details.plan.label)",
        ]
            + (signup.cardEnding.map { ["Card: ending \($0)"] } ?? [])
    }

    public override var actions: [ShopAction] {
        let confirm = model.signup.flatMap { signup in action("confirm", "Make the account", onConfirm.map { confirm in { try confirm(signup) } }) }
        // Cancel comes last, so that the numbers typed before it was offered still mean what they did.
        return [confirm, action("back", "Back", onBack), DiscardDetails.action(asking: onAsk, cancel: onCancel)].compactMap { $0 }
    }
}

extension ConfirmScreen: AlertAnswering {
    /// After a restore, "Discard your details?" ends the sign-up when the person discards them.
    public func answerHandler(for alert: FlowAlert) -> (@MainActor (FlowAlert.Button) throws -> Void)? {
        DiscardDetails.handler(for: alert, cancel: onCancel)
    }
}

/// The sign-up's way out after the details: `cancel` asks "Discard your details?" (Discard,
/// destructive; Keep editing, the way out of the alert), and Discard ends the sign-up without an
/// account.
@MainActor
enum DiscardDetails {
    /// The alert `cancel` asks.
    static let alert = FlowAlert(
        "Discard your details?", message: "The sign-up ends without an account.", buttons: [.destructive("Discard"), .cancel("Keep editing")])

    /// The `cancel` action, once the strategy wired both the alert and the cancellation.
    static func action(
        asking onAsk: ((FlowAlert, @escaping @MainActor (FlowAlert.Button) throws -> Void) throws -> Void)?, cancel onCancel: (() throws -> Void)?
    ) -> ShopAction? {
        guard let onAsk, let onCancel else { return nil }
        return ShopAction("cancel", "Cancel the sign-up, discarding your details") { _ in try onAsk(alert, answer(cancel: onCancel)) }
    }

    /// What answering the alert does: Discard cancels the sign-up.
    static func answer(cancel: @escaping () throws -> Void) -> @MainActor (FlowAlert.Button) throws -> Void {
        { button in if button.role == .destructive { try cancel() } }
    }

    /// The answer to a restored alert, when it is this one and the screen can cancel.
    static func handler(for shown: FlowAlert, cancel: (() throws -> Void)?) -> (@MainActor (FlowAlert.Button) throws -> Void)? {
        guard shown == alert, let cancel else { return nil }
        return answer(cancel: cancel)
    }
}

/// The account made; closing it finishes the sign-up with it. It refuses the person's Back, as a
/// confirmation does, so the account is never made twice.
public final class SignedUpScreen: ShopScreen {
    /// The account made; set by whoever shows the screen.
    public var signup: Signup?
    /// Finishes with the account.
    public var onClose: ((Signup) throws -> Void)?

    /// Makes the screen.
    public init(signup: Signup? = nil) {
        self.signup = signup
        super.init(title: "Done")
    }

    /// No back button once the account is made.
    public override var allowsInteractiveBack: Bool { false }

    public override var lines: [String] {
        signup.map { ["Welcome aboard! Account made: \($0)."] } ?? ["No account."]
    }

    public override var actions: [ShopAction] {
        [signup.flatMap { signup in action("close", "Finish", onClose.map { close in { try close(signup) } }) }].compactMap { $0 }
    }
}
