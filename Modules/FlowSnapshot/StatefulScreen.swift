import FlowKernel

/// A screen with state of its own that a person expects back after a restore: a half-typed
/// address, a chosen size, a scroll position. A snapshot saves it beside the screen, and a restore
/// hands it back once the screen is shown again.
///
/// ```swift
/// final class AddressScreen: Screen, StatefulScreen {
///     var draft = Address()
///     var savedState: Address { draft }
///     func restore(_ state: Address) { draft = state }
/// }
/// ```
@MainActor
public protocol StatefulScreen: Screen {
    /// The state saved with the screen.
    associatedtype State: Codable
    /// The screen's state as it stands.
    var savedState: State { get }
    /// Takes back a saved state, after the screen was made again.
    func restore(_ state: State)
}

extension StatefulScreen {
    fileprivate func encodedState() -> SavedValue? { try? SavedValue(encoding: savedState) }

    fileprivate func restoreEncoded(_ value: SavedValue) throws { restore(try value.decode(State.self)) }
}

/// Saves and restores a screen's own state when it adopts ``StatefulScreen``: what each
/// strategy calls for the screens it saves.
@MainActor
public enum ScreenState {
    /// The screen's own state, saved, or `nil` for a screen without one (or whose state does not
    /// encode).
    public static func save(_ screen: any Screen) -> SavedValue? {
        (screen as? any StatefulScreen)?.encodedState()
    }

    /// Hands a saved state back to a screen made again.
    ///
    /// - Returns: a report line's reason when it could not: the screen no longer has state of its
    ///   own, or the state no longer reads as its type. The screen stays as it was made then.
    public static func restore(_ value: SavedValue?, to screen: any Screen) -> String? {
        guard let value else { return nil }
        guard let stateful = screen as? any StatefulScreen else {
            return "\(ScreenType(of: screen)) no longer keeps state of its own"
        }
        do {
            try stateful.restoreEncoded(value)
            return nil
        } catch {
            return "the state of \(ScreenType(of: screen)) no longer reads back: \(NavigationSnapshot.explain(error))"
        }
    }
}
