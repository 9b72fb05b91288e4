/// A check that runs before a link is allowed to arrive at its destination: sign-in required, a
/// feature flag, a screen with unsaved changes that must not be left.
///
/// A guard is a name and a decision over a destination. It decides from what it can see — the
/// app's model, what the host shows — and has no side effects: ``LinkOpener`` asks every guard, in
/// order, before anything changes, and asks again when a deferred link is resumed.
///
/// ```swift
/// let signIn = LinkGuard<ShopLink>("sign-in") { destination in
///     guard destination.needsAccount, model.user == nil else { return .allow }
///     return .defer(until: "you have signed in", showing: .signIn)
/// }
/// let unsaved = LinkGuard<ShopLink>("unsaved review") { _ in
///     editor.hasChanges ? .refuse("the review you are writing is not saved") : .allow
/// }
/// ```
public struct LinkGuard<Destination> {
    /// The guard's name, as transcripts show it.
    public let name: String
    /// Decides about one destination.
    public let decide: @MainActor (Destination) -> GuardDecision<Destination>

    /// Makes a guard.
    ///
    /// - Parameters:
    ///   - name: the guard's name, as transcripts show it.
    ///   - decide: decides about one destination, without side effects.
    public init(_ name: String, decide: @escaping @MainActor (Destination) -> GuardDecision<Destination>) {
        self.name = name
        self.decide = decide
    }
}

/// What a ``LinkGuard`` decides about a destination.
public enum GuardDecision<Destination> {
    /// The link may go on: the next guard is asked, and when every guard allows, it arrives.
    case allow
    /// The link is refused and nothing changes; the reason says why, for people.
    case refuse(String)
    /// The link goes somewhere else instead (a page saying a feature is off), which every guard is
    /// asked about in turn. A chain of redirects longer than the opener's limit, or one that comes
    /// back to a destination it has visited, is refused with the chain named.
    case redirect(to: Destination, because: String)
    /// The link waits until what the guard needs is there (the user signed in): it is parked, and
    /// ``LinkOpener/resumePending()`` tries it again. `showing` is a destination to arrive at
    /// meanwhile (the sign-in screen); every guard is asked about it too.
    case `defer`(until: String, showing: Destination? = nil)
}
