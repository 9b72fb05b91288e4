import FlowKernel

/// What became of a link, reported as an event's payload with the origin `link`, so a transcript
/// shows why a link went where it went: `arrive shop://product/shoes`, `defer shop://cart: sign in`.
///
/// Read it back from an event with `event.change.payload(as: LinkDecision.self)`.
public struct LinkDecision: FlowEventPayload {
    /// `linkDecided`.
    public static let kind = "linkDecided"

    /// One word: `open`, `arrive`, `defer`, `resume`, `redirect`, `refuse`, `drop`.
    public let decision: String
    /// The link as given.
    public let link: String
    /// Why, for people; empty when there is nothing to add.
    public let reason: String

    /// Makes a decision.
    public init(_ decision: String, link: String, reason: String = "") {
        self.decision = decision
        self.link = link
        self.reason = reason
    }

    /// A refusal, or else a step in the link's journey.
    public var significance: FlowEvent.Significance { decision == "refuse" ? .refusal : .lifecycle }

    /// `decision`, `link`, and `reason` when there is one.
    public var fields: [String: String] {
        reason.isEmpty ? ["decision": decision, "link": link] : ["decision": decision, "link": link, "reason": reason]
    }

    /// `decision link`, then `: reason` when there is one.
    public var line: String { reason.isEmpty ? "\(decision) \(link)" : "\(decision) \(link): \(reason)" }
}
