import FlowKernel

/// The sign-up's plans: the pro plan asks for a card, the free one does not.
public enum Plan: String, Codable, Hashable, Sendable, CaseIterable {
    /// No card asked for.
    case free
    /// Asks for a card.
    case pro

    /// The plan as a person reads it.
    public var label: String {
        switch self {
        case .free: "Free"
        case .pro: "Pro, €9 a month"
        }
    }
}

/// What the details step asks for: a name, an email address and a plan.
public struct SignupDetails: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The person's name.
    public var name: String
    /// Their email address.
    public var email: String
    /// The plan they chose.
    public var plan: Plan

    /// Makes details.
    public init(name: String, email: String, plan: Plan) {
        self.name = name
        self.email = email
        self.plan = plan
    }

    /// `Ana <ana@example.com>, pro plan`.
    public var description: String { "\(name) <\(email)>, \(plan.rawValue) plan" }

    /// The parts of the details as a form shows them, in the order they are typed: `name; email; plan`.
    static let parts = ["name", "email", "plan"]

    /// Reads `name; email; plan`, checking each part.
    static func parse(_ text: String) -> Result<SignupDetails, SignupProblem> {
        let values = text.split(separator: ";", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        guard values.count == parts.count else {
            return .failure(SignupProblem("Type the details as \"name; email; plan\", three parts separated by semicolons."))
        }
        for (part, value) in zip(parts, values) {
            if let problem = check(part, value) { return .failure(problem) }
        }
        return .success(SignupDetails(name: values[0], email: values[1], plan: Plan(rawValue: values[2].lowercased()) ?? .free))
    }

    /// The problem with one part's value, or `nil` when it will do.
    static func check(_ part: String, _ value: String) -> SignupProblem? {
        switch part {
        case "name": value.trimmingSpaces.isEmpty ? SignupProblem("The name is missing.") : nil
        case "email": InvalidEmail.check(value.trimmingSpaces).map { SignupProblem($0.description) }
        default:
            Plan(rawValue: value.trimmingSpaces.lowercased()) == nil
                ? SignupProblem("\"\(value.echoed)\" is not a plan: choose free or pro.") : nil
        }
    }
}

/// A sign-up as it stands: the details, and for the pro plan the card's last four digits (the
/// number itself is never kept). The chain hands it from step to step; every strategy's flow
/// completes with it.
public struct Signup: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The details entered.
    public var details: SignupDetails
    /// The card's last four digits, once a card was entered for the pro plan.
    public var cardEnding: String?

    /// Makes a sign-up.
    public init(details: SignupDetails, cardEnding: String? = nil) {
        self.details = details
        self.cardEnding = cardEnding
    }

    /// `Ana <ana@example.com>, pro plan, card ending 4242`.
    public var description: String {
        details.description + (cardEnding.map { ", card ending \($0)" } ?? "")
    }
}

/// Why the sign-up refused what a person typed, for people.
public struct SignupProblem: Error, Equatable, CustomStringConvertible {
    /// Why, for people.
    public let description: String

    init(_ description: String) { self.description = description }

    /// The problem with a card number, or `nil` when it is one: 16 digits, spaces allowed.
    static func card(_ text: String) -> SignupProblem? {
        let digits = text.filter { $0 != " " }
        guard digits.allSatisfy(\.isASCIIDigit) else {
            return SignupProblem("A card number is digits only; \"\(text.echoed)\" is not one.")
        }
        guard digits.count == 16 else {
            return SignupProblem("A card number has 16 digits; this one has \(digits.count).")
        }
        return nil
    }
}

extension Character {
    /// Whether the character is 0-9.
    var isASCIIDigit: Bool { isASCII && isNumber }
}

/// The sign-up's model: what was entered so far, which every step shows (so Back shows it
/// again), and the accounts made. Screens read and change it; the navigation is the strategies'.
@MainActor
public final class SignupModel {
    /// The details entered, once they were.
    public private(set) var details: SignupDetails?
    /// The card's last four digits, once a card was entered.
    public private(set) var cardEnding: String?
    /// The accounts made, oldest first: confirming makes one.
    public private(set) var accounts: [Signup] = []

    /// Makes an empty model.
    public init() {}

    /// Takes the details as typed: `name; email; plan`. A change of plan to free forgets the card.
    public func enter(details text: String) -> Result<SignupDetails, SignupProblem> {
        let result = SignupDetails.parse(text)
        if case .success(let details) = result {
            self.details = details
            if details.plan == .free { cardEnding = nil }
        }
        return result
    }

    /// Takes a card number for the pro plan; keeps only its last four digits.
    public func enter(card text: String) -> Result<String, SignupProblem> {
        if let problem = SignupProblem.card(text) { return .failure(problem) }
        let ending = String(text.filter { $0 != " " }.suffix(4))
        cardEnding = ending
        return .success(ending)
    }

    /// The sign-up as it stands, once details were entered: the card only for the pro plan.
    public var signup: Signup? {
        details.map { Signup(details: $0, cardEnding: $0.plan == .pro ? cardEnding : nil) }
    }

    /// Makes the account: once per confirmation.
    public func create(_ signup: Signup) {
        accounts.append(signup)
    }

    /// Which step of how many that apply, for a step at a place in the wizard (details 1, card 2,
    /// confirm after them): before a plan is chosen, the card counts.
    public func progress(at step: SignupStep) -> (step: Int, of: Int) {
        let count = details?.plan == .free ? 2 : 3
        switch step {
        case .details: return (1, count)
        case .card: return (2, count)
        case .confirm: return (count, count)
        }
    }

    /// The model as saved beside the navigation.
    public struct Saved: Codable, Hashable, Sendable {
        /// The details entered.
        public var details: SignupDetails?
        /// The card's last four digits.
        public var cardEnding: String?
        /// The accounts made.
        public var accounts: [Signup]
    }

    /// The model, to save.
    public var saved: Saved { Saved(details: details, cardEnding: cardEnding, accounts: accounts) }

    /// Takes back a saved model.
    public func restore(_ saved: Saved) {
        details = saved.details
        cardEnding = saved.cardEnding
        accounts = saved.accounts
    }

    /// What the explorer tells states apart by, besides what is shown.
    public var navigationState: String {
        "plan: \(details?.plan.rawValue ?? "none"), card: \(cardEnding == nil ? "none" : "entered")"
    }
}

/// The wizard's steps, as a screen says where it stands.
public enum SignupStep: Sendable {
    /// Details and a plan.
    case details
    /// A card, for the pro plan.
    case card
    /// The summary to confirm.
    case confirm
}
