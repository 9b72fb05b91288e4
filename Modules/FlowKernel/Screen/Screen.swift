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
    var displayName: String { get }
}

extension Screen {
    /// The name of the screen's dynamic type.
    public var displayName: String { ScreenType(of: self).name }

    /// The identity of this screen's dynamic type, as registries and routers key on it.
    public var screenType: ScreenType { ScreenType(of: self) }

    /// A value that names this instance in hierarchies and events.
    public var ref: ScreenRef { ScreenRef(self) }
}
