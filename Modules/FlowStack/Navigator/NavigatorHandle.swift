import FlowKernel
import FlowRuntime

/// The handle a screen holds on the ``StackNavigator`` that shows it: what it can ask, whatever
/// the navigator's result type — the navigation verbs of SwiftyFlow's `FlowManager`.
///
/// Every forward verb (`goNext`, `goNextAsModal`) builds a ``ForwardRequest`` for one requirement,
/// ``navigate(_:)``, so a test double implements forward navigation once.
@MainActor
public protocol NavigatorHandle: AnyObject {
    /// The flow's name.
    var id: FlowID { get }

    /// Shows the screen a request names (or the next in declaration order), pushed or presented.
    func navigate(_ request: ForwardRequest) throws

    /// Goes back: one screen, to a type, to the root, or dismissing a modal.
    func getBack(_ style: BackStyle) throws

    /// Ends the flow without a result (the kernel's cancellation), then calls `completion`.
    func dismiss(completion: (() -> Void)?) throws

    /// Ends the flow with a result; throws ``/FlowKernel/FlowError/Code/argumentTypeMismatch`` if the
    /// value is not of the navigator's result type.
    func finish(withValue value: Any, completion: (() -> Void)?) throws

    /// The argument the last navigation with an argument carried, read once; `nil` if there is none.
    /// Reading it as another type throws ``/FlowKernel/FlowError/Code/argumentTypeMismatch`` and keeps it.
    func dataFromPreviousScreen<A>(as type: A.Type) throws -> A?

    /// The navigator's stack as one line: `Welcome -> Catalog -> (modal) Cart`.
    var stackState: String { get }

    /// The registry the navigator resolves screens from: a screen reads what a scope keeps with
    /// `navigator?.registry.liveInstance(of: CartScreen.self)`, without capturing the registry
    /// by hand.
    var registry: ScreenRegistry { get }

    /// Takes a refusal nobody can catch — a request a screen ran through ``attempt(_:)`` — and
    /// makes it heard: ``StackNavigator`` reports `requestRefused`, then calls its `onRefused`.
    func refused(_ error: FlowError)

    /// Presents an alert or a confirmation dialog over one of the navigator's screens (the screen
    /// the person sees for `nil`), and gives the button chosen to `onAnswer` once it has gone:
    /// ``StackNavigator/present(alert:over:onAnswer:)``. A screen asks with
    /// `navigator?.present(alert:onAnswer:)`.
    func present(alert: FlowAlert, over screen: (any Screen)?, onAnswer: @escaping @MainActor (FlowAlert.Button) throws -> Void) throws
}

extension NavigatorHandle {
    /// Presents an alert over the screen the person sees, and gives the button chosen to
    /// `onAnswer` once it has gone.
    ///
    /// ```swift
    /// try navigator?.present(alert: FlowAlert("Remove from cart?", buttons: [.destructive("Remove"), .cancel("Keep")])) {
    ///     if $0.role == .destructive { cart.removeLast() }
    /// }
    /// ```
    public func present(alert: FlowAlert, onAnswer: @escaping @MainActor (FlowAlert.Button) throws -> Void = { _ in }) throws {
        try present(alert: alert, over: nil, onAnswer: onAnswer)
    }

    /// Refuses: a handle that is not a ``StackNavigator`` (a test double written before alerts)
    /// presents none.
    ///
    /// - Throws: `hostRejected`, and changes nothing.
    public func present(alert: FlowAlert, over screen: (any Screen)?, onAnswer: @escaping @MainActor (FlowAlert.Button) throws -> Void) throws {
        throw FlowError(.hostRejected, "\(Self.self) presents no alerts; a StackNavigator does.")
    }

    /// Runs a request from a place that cannot throw — a button's action — and sends its refusal
    /// to ``refused(_:)`` instead of losing it in a `try?`.
    ///
    /// ```swift
    /// func nextTapped() { navigator?.attempt { try $0.goNext() } }
    /// ```
    public func attempt(_ request: (Self) throws -> Void) {
        do {
            try request(self)
        } catch {
            refused(.wrapping(error))
        }
    }

    /// Goes to the registration after the current screen's, in declaration order.
    ///
    /// - Throws: `noNextScreen` at the last registration.
    public func goNext() throws {
        try navigate(ForwardRequest(target: .next, argument: .none, modal: false))
    }

    /// Goes to a registered screen (by type, and identifier if given), with a hook that receives it
    /// before it is shown.
    public func goNext<S: Screen>(to type: S.Type, identifier: String? = nil, configure: ((S) -> Void)? = nil) throws {
        try navigate(ForwardRequest(type, identifier: identifier, argument: .none, modal: false, configure: configure))
    }

    /// Goes to a screen registered with an argument, passing it one; the next screen can read the
    /// argument once with ``dataFromPreviousScreen(as:)``.
    public func goNext<S: Screen, A>(to type: S.Type, identifier: String? = nil, argument: A, configure: ((S) -> Void)? = nil) throws {
        try navigate(ForwardRequest(type, identifier: identifier, argument: .some(argument), modal: false, configure: configure))
    }

    /// Goes to the registration at a position in declaration order, as a picker over
    /// ``ScreenRegistry/registrations`` chooses it; with an argument if it takes one.
    ///
    /// - Throws: ``/FlowKernel/FlowError/Code/indexOutOfRange`` for a position with no registration.
    public func goNext(toRegistrationAt index: Int, argument: Any? = nil) throws {
        try navigate(ForwardRequest(target: .registration(at: index), argument: argument.map { .some($0) } ?? .none, modal: false))
    }

    /// Presents the next registration modally; `whenDismissed` runs after ``getBack(_:)`` with
    /// ``BackStyle/modal`` dismisses it.
    public func goNextAsModal(whenDismissed: (() -> Void)? = nil) throws {
        try navigate(ForwardRequest(target: .next, argument: .none, modal: true, whenDismissed: whenDismissed))
    }

    /// Presents a registered screen modally.
    public func goNextAsModal<S: Screen>(to type: S.Type, identifier: String? = nil, configure: ((S) -> Void)? = nil, whenDismissed: (() -> Void)? = nil) throws
    {
        try navigate(ForwardRequest(type, identifier: identifier, argument: .none, modal: true, configure: configure, whenDismissed: whenDismissed))
    }

    /// Presents a screen registered with an argument modally, passing it one.
    public func goNextAsModal<S: Screen, A>(
        to type: S.Type, identifier: String? = nil, argument: A, configure: ((S) -> Void)? = nil, whenDismissed: (() -> Void)? = nil
    ) throws {
        try navigate(ForwardRequest(type, identifier: identifier, argument: .some(argument), modal: true, configure: configure, whenDismissed: whenDismissed))
    }

    /// Goes back one screen.
    public func getBack() throws {
        try getBack(.pop)
    }

    /// Ends the flow without a result.
    public func dismiss() throws {
        try dismiss(completion: nil)
    }

    /// Ends the flow with a result, from a screen that holds the navigator as a handle:
    /// `try navigator?.finish(with: order)`, as on the ``StackNavigator`` itself.
    ///
    /// - Throws: `argumentTypeMismatch` for a value of another type than the navigator's result
    ///   (a handle does not know it at compile time); what ending throws. Nothing changes then.
    public func finish<Value>(with value: Value, completion: (() -> Void)? = nil) throws {
        try finish(withValue: value, completion: completion)
    }

    /// The argument the last navigation with an argument carried, read once, as the type the
    /// caller expects: `let product: Product? = try navigator.dataFromPreviousScreen()`.
    public func dataFromPreviousScreen<A>() throws -> A? {
        try dataFromPreviousScreen(as: A.self)
    }
}

/// One forward navigation: what to show, with what argument, pushed or presented.
@MainActor
public struct ForwardRequest {
    /// What to show.
    public enum Target: Hashable, Sendable {
        /// The registration after the current screen's, in declaration order.
        case next
        /// The registration of a type, and of an identifier if one is given.
        case screen(ScreenType, identifier: String?)
        /// The registration at a position in declaration order, as a picker over
        /// ``ScreenRegistry/registrations`` chooses it.
        case registration(at: Int)
    }

    /// What to show.
    public let target: Target
    /// Whether to present it modally instead of pushing it.
    public let modal: Bool
    let argumentValue: Argument
    let configure: (any Screen) -> Void
    let whenDismissed: (() -> Void)?

    init(target: Target, argument: Argument, modal: Bool, whenDismissed: (() -> Void)? = nil) {
        self.target = target
        self.argumentValue = argument
        self.modal = modal
        self.configure = { _ in }
        self.whenDismissed = whenDismissed
    }

    init<S: Screen>(_ type: S.Type, identifier: String?, argument: Argument, modal: Bool, configure: ((S) -> Void)?, whenDismissed: (() -> Void)? = nil) {
        self.target = .screen(ScreenType(type), identifier: identifier)
        self.argumentValue = argument
        self.modal = modal
        // Registrations are keyed by type and their factories are typed, so the screen is an `S`.
        self.configure = { screen in if let typed = screen as? S { configure?(typed) } }
        self.whenDismissed = whenDismissed
    }

    /// A pushed screen of a registered type, for ``StackNavigator/setStack(_:)``.
    public static func screen<S: Screen>(_ type: S.Type, identifier: String? = nil, configure: ((S) -> Void)? = nil) -> ForwardRequest {
        ForwardRequest(type, identifier: identifier, argument: .none, modal: false, configure: configure)
    }

    /// A pushed screen of a type registered with an argument, and the argument to pass it.
    public static func screen<S: Screen, A>(_ type: S.Type, identifier: String? = nil, argument: A, configure: ((S) -> Void)? = nil) -> ForwardRequest {
        ForwardRequest(type, identifier: identifier, argument: .some(argument), modal: false, configure: configure)
    }

    /// The argument to pass to the factory, or `nil` for none.
    public var argument: Any? {
        if case .some(let value) = argumentValue { return value }
        return nil
    }
}

/// A screen of a stack flow that wants the navigator showing it: SwiftyFlow's `FlowNavigator`.
///
/// The navigator sets ``navigator`` every time it shows the screen. Declare the property `weak`
/// so that a screen never keeps its navigator alive:
///
/// ```swift
/// final class CatalogScreen: StackScreen {
///     weak var navigator: (any NavigatorHandle)?
///     func didPickProduct() throws { try navigator?.goNext() }
/// }
/// ```
@MainActor
public protocol StackScreen: Screen {
    /// The navigator that shows this screen; set on every resolution.
    var navigator: (any NavigatorHandle)? { get set }
}
