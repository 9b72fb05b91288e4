/// What a screen's guard answers when a change would take the screen off what is shown, or show
/// it: go ahead, or not, and why.
///
/// ```swift
/// final class EditorScreen: Screen {
///     var hasUnsavedChanges = false
///     func shouldLeave(by origin: FlowEvent.Origin) -> GuardVerdict {
///         hasUnsavedChanges ? .refuse(because: "the note has unsaved changes") : .allow
///     }
/// }
/// ```
public enum GuardVerdict: Hashable, Sendable {
    /// The change may go ahead.
    case allow
    /// The change is refused, for people to read: it changes nothing.
    case refuse(because: String)

    /// Why the change is refused, or `nil` when it is allowed.
    public var reason: String? {
        if case .refuse(let reason) = self { return reason }
        return nil
    }
}

/// A screen's guard that refused a change: which screen, whether it was leaving or being shown,
/// and why.
///
/// A host reports it as ``FlowEvent/Change/guardRefused(_:)`` and throws
/// ``FlowError/Code/guardRefused``; a gesture's refusal is reported as the gesture's
/// (``FlowEvent/Change/gestureRefused(_:reason:)``), with this refusal's ``description`` as the reason.
public struct GuardRefusal: Hashable, Sendable, CustomStringConvertible {
    /// Which way the refused screen was going.
    public enum Direction: Hashable, Sendable {
        /// The change would have taken the screen off what is shown (``Screen/shouldLeave(by:)``).
        case leaving
        /// The change would have shown the screen (``Screen/shouldEnter(by:)``).
        case entering
    }

    /// The screen whose guard refused.
    public let screen: ScreenRef
    /// Which way it was going.
    public let direction: Direction
    /// The guard's reason.
    public let reason: String

    /// Makes a refusal.
    public init(screen: ScreenRef, direction: Direction, reason: String) {
        self.screen = screen
        self.direction = direction
        self.reason = reason
    }

    /// `leaving Editor: the note has unsaved changes`, `showing Checkout: sign in first`.
    public var description: String {
        "\(direction == .leaving ? "leaving" : "showing") \(screen): \(reason)"
    }
}
