import FlowKernel

/// A flow's logic: what it shows, as values, and what it decides. ``LogicFlow`` runs it.
///
/// A logic is a programming model's own part and nothing else. Its state is its ``FlowPath``:
/// one ``FlowLogic/Entry`` value per screen it shows. Each request is a decision from the path the host
/// shows now to the path that comes next, or to the flow's end; the runtime makes the host change
/// and keeps the new path together, once every guard allowed it, or changes nothing. The rest —
/// starting at any placement, joining the host's flow tree, the person's Back and swipe, a
/// parent's cancel, ending, releasing, saving and restoring — is the runtime's.
///
/// ```swift
/// struct Slides: FlowLogic {
///     let slides: [String]
///     func start() -> Int { 0 }
///     func screen(for slide: Int) -> any Screen { SlideScreen(slides[slide]) }
///     func next(_ path: FlowPath<Int>) -> FlowDecision<Int, Void> {
///         path.count < slides.count ? .show(path.pushing(path.count)) : .complete(())
///     }
/// }
/// let tour = LogicFlow("tour", logic: Slides(slides: ["Hello", "Tabs", "Done"]))
/// try tour.start(on: host)
/// try tour.request { slides, path in slides.next(path) }
/// ```
///
/// ## Implementation requirements
/// - ``screen(for:)`` makes a new screen each time; the runtime shows it at most once and lets
///   go of it when it leaves. It throws a `FlowError` (or any error, which the runtime reports as
///   `factoryFailed`) for an entry it cannot make.
/// - Decisions are made from the path they are given, never from a path kept from an earlier
///   request: the person may have gone back since.
/// - A decision refuses by throwing; nothing has changed then.
@MainActor
public protocol FlowLogic {
    /// The value behind one screen the flow shows: what makes the screen, and what a snapshot
    /// saves of it (restoration needs it to be `Codable`).
    associatedtype Entry
    /// What the flow completes with.
    associatedtype Result = Void
    /// What the logic remembers beside its path — answers given, a count — which the person's
    /// Back does not rewind and a snapshot keeps (when it is `Codable`). A request whose decision
    /// is handed the memory changes it, kept only once the host has made the decided change
    /// (``LogicFlow/requestRemembering(_:)``, ``LogicFlow/memory``). None by default.
    associatedtype Memory = Void

    /// The flow's kind in a snapshot, which a restore checks against the flow the app makes. By
    /// default, the logic's type name.
    var strategy: String { get }

    /// What the logic remembers when the flow starts. `()` for a logic that remembers nothing.
    var initialMemory: Memory { get }

    /// The entry the flow shows first.
    ///
    /// - Throws: why the flow cannot start; it shows nothing then.
    func start() throws -> Entry

    /// Makes the screen of an entry.
    ///
    /// - Throws: why the entry cannot be shown; the request that asked for it changes nothing.
    func screen(for entry: Entry) throws -> any Screen

    /// Answers a change someone else made to what the flow shows (the person's Back or swipe, a
    /// link, a parent's arrival), read as the path that is left: `nil` keeps it as it is. The
    /// runtime has already ended a flow whose first screen is gone.
    func follow(_ path: FlowPath<Entry>) -> FlowDecision<Entry, Result>?

    /// Answers a change someone else made, told what left as well as what is left: `left` holds
    /// the entries whose screens left, in the order the path showed them (the person's Back: the
    /// one entry popped). `nil` keeps the path as it is. By default, ``follow(_:)`` of the path.
    func follow(_ path: FlowPath<Entry>, leaving left: [Entry]) -> FlowDecision<Entry, Result>?

    /// Hands a new screen the handle it makes requests of the flow with, tied to that screen
    /// (``LogicHandle``): the runtime calls it once for each screen ``screen(for:)`` made, before
    /// it is shown. By default, nothing: a screen that makes no request needs no handle.
    func attach(_ handle: LogicHandle<Self>, to screen: any Screen)
}

extension FlowLogic {
    /// The logic's type name.
    public var strategy: String { String(describing: Self.self) }

    /// Keeps the path the person left.
    public func follow(_ path: FlowPath<Entry>) -> FlowDecision<Entry, Result>? { nil }

    /// Answers with ``follow(_:)`` of the path that is left.
    public func follow(_ path: FlowPath<Entry>, leaving left: [Entry]) -> FlowDecision<Entry, Result>? { follow(path) }

    /// Hands the screen nothing.
    public func attach(_ handle: LogicHandle<Self>, to screen: any Screen) {}
}

extension FlowLogic where Memory == Void {
    /// Nothing to remember.
    public var initialMemory: Void { () }
}

/// What a logic decided: the path the flow shows next, or its end, and what runs once the host
/// accepted the change.
public struct FlowDecision<Entry, Result> {
    /// What the decision changes.
    public enum Change {
        /// The flow shows this path: the runtime makes the host change and keeps the path.
        case show(FlowPath<Entry>)
        /// The flow ends: its screens leave the host, then it finishes with the outcome.
        case finish(FlowOutcome<Result>)
    }

    /// What the decision changes.
    public var change: Change
    /// What runs after the change was made, before the request returns — for a decision that
    /// ends the flow, once its screens have left and before it finishes and its handlers run: a
    /// value handed to a screen, a callback.
    public var effect: (@MainActor () -> Void)?

    /// A decision to make a change, and what runs once it is made.
    public init(_ change: Change, then effect: (@MainActor () -> Void)? = nil) {
        self.change = change
        self.effect = effect
    }

    /// Shows a path: the screens it keeps stay, the ones it adds are made and shown, the others leave.
    public static func show(_ path: FlowPath<Entry>) -> FlowDecision { FlowDecision(.show(path)) }

    /// Ends the flow with a result, once its screens left the host.
    public static func complete(_ result: Result) -> FlowDecision { FlowDecision(.finish(.completed(result))) }

    /// Ends the flow cancelled, once its screens left the host.
    public static var cancel: FlowDecision { FlowDecision(.finish(.cancelled)) }

    /// The same decision, with `effect` run once the change is made (after any effect it had).
    public func then(_ effect: @escaping @MainActor () -> Void) -> FlowDecision {
        let before = self.effect
        return FlowDecision(change) {
            before?()
            effect()
        }
    }
}
