/// Anything a flow can show: on Apple platforms a view controller, in tests a plain class.
///
/// A screen is a class so that its identity and its lifetime can be observed: hosts hold the screens
/// they show, flows release them when they end, and FlowTestKit's leak tracker proves it.
/// Registries and routers key on the screen's type (``ScreenType``); hosts and events name a
/// particular instance with a ``ScreenRef``.
///
/// ```swift
/// final class CatalogScreen: Screen {
///     var displayName: String { "Catalog" }
/// }
/// ```
///
/// ## Implementation requirements
/// - ``displayName`` must be cheap to read and must not navigate; hosts read it while rendering and
///   while reporting events.
@MainActor
public protocol Screen: AnyObject {
    /// A short name for people: transcripts, rendered hierarchies and error messages use it.
    ///
    /// The default is the name of the screen's type.
    ///
    /// In a class hierarchy, declare `displayName` in the base class that adopts `Screen` (it may
    /// return the default's answer): Swift calls the protocol's requirement through the class that
    /// adopted it, so a subclass's own `displayName` is ignored when the base class relies on the
    /// default.
    ///
    /// ```swift
    /// class BaseScreen: Screen {
    ///     var displayName: String { "\(type(of: self))" }
    /// }
    /// final class DetailScreen: BaseScreen {
    ///     override var displayName: String { "Detail \(number)" }   // used
    /// }
    /// ```
    var displayName: String { get }

    /// Whether a person may leave this screen with the back button, edge swipe or back menu while
    /// it is on top of its stack (UIKit: a hidden back button and a disabled pop gesture; SwiftUI:
    /// `navigationBarBackButtonHidden`). `true` unless the screen says otherwise.
    ///
    /// In a class hierarchy, declare it in the base class that adopts `Screen` (returning `true`)
    /// and override it in subclasses, as for ``displayName``: a subclass's own
    /// `allowsInteractiveBack` is never read when the base class relies on the default, and the
    /// person's Back then leaves a screen that meant to refuse it. `.ci/screen-traits` finds such a
    /// declaration in FlowKit's docs and samples, naming the class.
    ///
    /// ```swift
    /// class BaseScreen: Screen {
    ///     var allowsInteractiveBack: Bool { true }
    /// }
    /// final class ReceiptScreen: BaseScreen {
    ///     override var allowsInteractiveBack: Bool { false }   // read
    /// }
    /// ```
    var allowsInteractiveBack: Bool { get }

    /// Whether a person may swipe this screen's presentation down while it is the screen they see
    /// in it (UIKit: `isModalInPresentation`; SwiftUI: `interactiveDismissDisabled`). `true` unless
    /// the screen says otherwise.
    ///
    /// In a class hierarchy, declare it in the base class that adopts `Screen` and override it in
    /// subclasses, as for ``allowsInteractiveBack``: otherwise a subclass's own value is never read.
    var allowsInteractiveDismissal: Bool { get }

    /// This screen's leave guard: whether a change may take it off what is shown — a flow's back,
    /// a person's gesture, a link arriving elsewhere, a flow ending — and if not, why. `.allow`
    /// unless the screen says otherwise.
    ///
    /// Every host asks it before each change that would take the screen away with whatever holds
    /// or presents it; a refusal changes nothing, is reported as
    /// ``FlowEvent/Change/guardRefused(_:)`` (a gesture's as
    /// ``FlowEvent/Change/gestureRefused(_:reason:)``) and throws ``FlowError/Code/guardRefused``.
    /// Pushing or presenting over the screen, or selecting another tab, keeps it shown and does
    /// not ask. The `origin` says who asks: a screen may let its own flow close it after saving.
    ///
    /// Answer from the screen's own state, quickly, and do not navigate: a guard is asked while
    /// the host is making a change, or about to, and a navigation from it is refused. Within one
    /// flow request, FlowKit's runtime asks a guard that allowed only once; a host or a query
    /// outside a request may ask it again.
    ///
    /// In a class hierarchy, declare the guard in the base class that adopts `Screen` (returning
    /// `.allow`) and override it in subclasses, as for ``displayName``: Swift calls a protocol's
    /// requirement through the class that adopted it.
    func shouldLeave(by origin: FlowEvent.Origin) -> GuardVerdict

    /// This screen's enter guard: whether a change may show it (sign-in required, a feature
    /// turned off), and if not, why. `.allow` unless the screen says otherwise.
    ///
    /// Asked, like ``shouldLeave(by:)``, by every host before each change that would show the
    /// screen; the same rules apply.
    func shouldEnter(by origin: FlowEvent.Origin) -> GuardVerdict
}

extension Screen {
    /// The name of the screen's dynamic type, as `String(describing:)` writes it.
    ///
    /// Read through the standard library's `_typeName(_:qualified:)`, which the Swift runtime
    /// answers from a cache of its own: `String(describing:)` of a type costs twenty times as much,
    /// and a screen without a name of its own is named each time a reference to it is made.
    public var displayName: String { _typeName(Swift.type(of: self), qualified: false) }

    /// `true`: a person may go back from a screen unless it says otherwise.
    public var allowsInteractiveBack: Bool { true }

    /// `true`: a person may swipe a screen's presentation down unless it says otherwise.
    public var allowsInteractiveDismissal: Bool { true }

    /// `.allow`: a screen may leave unless it says otherwise.
    public func shouldLeave(by origin: FlowEvent.Origin) -> GuardVerdict { .allow }

    /// `.allow`: a screen may be shown unless it says otherwise.
    public func shouldEnter(by origin: FlowEvent.Origin) -> GuardVerdict { .allow }

    /// The identity of this screen's dynamic type, as registries and routers key on it.
    public var screenType: ScreenType { ScreenType(of: self) }

    /// A value that names this instance in hierarchies and events.
    public var ref: ScreenRef { ScreenRef(self) }
}
