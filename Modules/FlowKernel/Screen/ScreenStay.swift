/// One stay of a screen on a host: from the host showing it until the host takes it away. A push
/// or a presentation over the screen does not end it; its leaving does, whoever takes it away —
/// its flow, the person's Back or swipe, a link, a parent's end, a restore.
///
/// A host hands a ``ScreenStayObserver`` the stay when it begins. Work tied to it ends with it, as
/// SwiftUI's `.task` ends with its view: a task started with ``task(_:)`` is cancelled, and what
/// ``onEnd(_:)`` registered runs, when the stay ends.
///
/// ```swift
/// func stayDidBegin(_ stay: any ScreenStay) {
///     stay.task { await self.clock.run() }      // cancelled when the screen leaves
///     stay.onEnd { self.recorder.stop() }
/// }
/// ```
@MainActor
public protocol ScreenStay: AnyObject {
    /// Whether the stay has ended: the host no longer shows the screen.
    var hasEnded: Bool { get }
    /// Runs `body` when the stay ends; at once if it has.
    func onEnd(_ body: @escaping @MainActor () -> Void)
    /// Starts a task tied to the stay: it is cancelled when the stay ends (at once if it has).
    ///
    /// - Returns: the task, to await or cancel sooner.
    @discardableResult
    func task(_ work: @escaping @MainActor @Sendable () async -> Void) -> Task<Void, Never>
}

/// What learns of a screen's stay on a host: the screen itself, or what it names (its model,
/// through ``StayObservingScreen``).
///
/// Each is told exactly once per stay that it began and that it ended, and in between each time
/// the screen comes to the top (the person sees it) and each time something covers it (a push, a
/// presentation, another tab). Within one change the screens that leave are told before the
/// screens that appear, and a screen covered before the one that comes to the top. A host tells
/// them once a change is made — a flow's request whole, a gesture, a restore — with no clock,
/// so a test sees every call by the time the change returns.
///
/// Every method has an empty default: implement the ones you need.
@MainActor
public protocol ScreenStayObserver: AnyObject {
    /// The host shows the screen: its stay begins. Tie work to `stay` to end it with the stay.
    func stayDidBegin(_ stay: any ScreenStay)
    /// The host took the screen away: its stay has ended, its tasks are cancelled.
    func stayDidEnd()
    /// The screen is the one the person sees now.
    func screenDidComeToTop()
    /// Something covers the screen now: a screen pushed or presented over it, another tab.
    func screenWasCovered()
}

extension ScreenStayObserver {
    /// Nothing.
    public func stayDidBegin(_ stay: any ScreenStay) {}
    /// Nothing.
    public func stayDidEnd() {}
    /// Nothing.
    public func screenDidComeToTop() {}
    /// Nothing.
    public func screenWasCovered() {}
}

/// A screen whose stay is told to what it names — its model — rather than to itself.
///
/// ```swift
/// final class RecordingScreen: Screen, StayObservingScreen {
///     let model: RecordingModel              // a ScreenStayObserver
///     var stayObserver: (any ScreenStayObserver)? { model }
/// }
/// ```
@MainActor
public protocol StayObservingScreen: Screen {
    /// What learns of the screen's stay; `nil` for nothing.
    var stayObserver: (any ScreenStayObserver)? { get }
}

extension Screen {
    /// What learns of this screen's stay: the screen itself when it is a
    /// ``ScreenStayObserver``, else what it names as a ``StayObservingScreen``; `nil` otherwise.
    public var observerOfStay: (any ScreenStayObserver)? {
        (self as? any ScreenStayObserver) ?? (self as? any StayObservingScreen)?.stayObserver
    }
}
