/// The presentation surface a flow drives: stacks, modal presentations, tab groups and containment.
///
/// A host is the model of what is on screen. Flows ask it for changes with ``apply(_:for:)`` and
/// read what it shows with ``hierarchy``. FlowStage's `InMemoryHost` implements it, and is what
/// every test and every app runs its flows on; a test double would implement it too.
///
/// A platform does not implement this contract. UIKit, SwiftUI, the web and a terminal plug in at
/// FlowPlatform's `NavigationPlatform`, and FlowPlatform's `NavigationDriver` brings each to what
/// the model host shows and turns the person's gestures into the model's (FlowPlatform's article
/// "Bringing FlowKit to a platform of your own"; FlowTestKit's `PlatformLaws` check a platform).
///
/// ## Implementation requirements
/// A conforming host obeys these laws; FlowTestKit's `HostLaws` checks them for any host.
/// - **All or nothing.** ``apply(_:origin:)`` either makes the whole change or throws a ``FlowError``
///   and leaves ``hierarchy`` equal to what it was, reporting no event.
/// - **One event per change.** A successful operation reports exactly one ``FlowEvent`` to every
///   observer, after ``hierarchy`` reflects the change and before `apply` returns.
/// - **Completion order.** Changes complete synchronously, in the order they were requested; an
///   operation's event is delivered to observers in the order they were added. Events passed to
///   ``report(_:)`` are delivered in the same stream, in order. An event reported while another is
///   being delivered (by an observer, say) waits until every observer has received the one being
///   delivered, so every observer sees the same order.
/// - **No re-entrancy.** While a change is being made or an event delivered (``isChanging``),
///   further calls to ``apply(_:origin:)`` throw ``FlowError/Code/reentrantNavigation`` and change
///   nothing. Flows check ``isChanging`` before a request and refuse the whole request then, so a
///   request made from an observer changes nothing anywhere — not the host, not a screen's
///   context, not a callback — rather than failing half way. Requests belong in followers
///   (FlowRuntime's flow tree tells them), which run once the delivery is over.
/// - **Guards.** Before each change, the host asks the guards of the screens the change would take
///   off what is shown and of those it would show (``Screen/shouldLeave(by:)``,
///   ``Screen/shouldEnter(by:)``; FlowRuntime's guard walk asks them from the queries below). A
///   refusal changes nothing: the host reports it as one ``FlowEvent/Change/guardRefused(_:)``
///   event and throws ``FlowError/Code/guardRefused``. Guards are asked while ``isChanging``, so one
///   that navigates is refused.
/// - **Inverse operations.** Pushing then popping restores the stack; presenting then dismissing
///   restores the hierarchy; dismissing removes everything presented above the dismissed node.
/// - **Ownership.** The host keeps every shown screen alive and keeps nothing it no longer shows.
/// - **Origins.** Every event names who made its change (``FlowEvent/Origin``): the flow passed
///   to ``apply(_:origin:)``, the user for a gesture (FlowRuntime's `perform(_:)`), the system otherwise.
/// - **Queries agree with the hierarchy.** ``place(of:)``, ``child(at:of:)``, ``tabItem(at:of:)``, ``topmost`` and
///   ``visibleScreenRef`` answer what the same questions asked of ``hierarchy`` answer. Their
///   default implementations do exactly that; a host that keeps indexes should answer them without
///   building the hierarchy, since strategies ask them on every request.
@MainActor
public protocol PresentationHost: AnyObject {
    /// A value describing everything the host shows now.
    ///
    /// Building it costs as much as the host shows; to ask about one node, use ``place(of:)``.
    var hierarchy: Hierarchy { get }

    /// Where a node stands: what it is, what holds or presents it, how many nodes it holds and
    /// what it presents; `nil` if the host does not show it.
    func place(of node: NodeRef) -> NodePlace?

    /// The node at an index among what a node holds (a stack's entries bottom first, a tab group's
    /// tabs, a screen's children); `nil` if the node is not shown or the index is out of range.
    func child(at index: Int, of node: NodeRef) -> NodeRef?

    /// What a tab group's tab bar shows for one of its tabs; `nil` if no such tab group is shown or
    /// the index names no tab.
    func tabItem(at index: Int, of tabs: ContainerID) -> TabItem?

    // The questions below are answered from `place(of:)` by default (PresentationHost+Queries); a
    // host with an index answers them without making a whole place, as flows ask them on every
    // request.

    /// Whether the host shows a node.
    func contains(_ node: NodeRef) -> Bool

    /// The node that holds a node (the stack of an entry, the tab group of a tab, the screen of a
    /// contained child); `nil` for the root, a presented node, or a node not shown.
    func holder(of node: NodeRef) -> NodeRef?

    /// The node that presents a node, or `nil`.
    func presenter(of node: NodeRef) -> NodeRef?

    /// What a node presents, or `nil`.
    func presented(by node: NodeRef) -> NodeRef?

    /// How many entries a stack has, or `nil` if no such stack is shown.
    func entryCount(of stack: ContainerID) -> Int?

    /// The index of a node among what a container holds (an entry of a stack, a tab of a tab
    /// group), or `nil` if the container does not hold it.
    func index(of entry: NodeRef, in container: ContainerID) -> Int?

    /// The top-most node of the presentation chain, where new modal content goes: the root, or the
    /// deepest visible presentation above it (``Hierarchy/topmost``); `nil` when nothing is shown.
    var topmost: NodeRef? { get }

    /// The screen a person is looking at (``Hierarchy/visibleScreen``).
    var visibleScreenRef: ScreenRef? { get }

    /// Whether the host is making a change or delivering an event now, when a request would be
    /// refused with ``FlowError/Code/reentrantNavigation``.
    var isChanging: Bool { get }

    /// Makes one change, or throws a ``FlowError`` and changes nothing.
    ///
    /// - Parameters:
    ///   - operation: The change to make.
    ///   - origin: Who makes it, named in the event the change reports.
    func apply(_ operation: HostOperation, origin: FlowEvent.Origin) throws

    /// The shown screen a reference names, or `nil` if the host does not show it.
    func screen(for ref: ScreenRef) -> (any Screen)?

    /// Delivers a flow's own event (started, completed, ...) to the observers, in order with the
    /// host's events.
    func report(_ event: FlowEvent)

    /// Adds an observer that receives every event from now on. Adding one twice has no effect.
    func addObserver(_ observer: any FlowObserver)

    /// Removes an observer. Removing one that was not added has no effect.
    func removeObserver(_ observer: any FlowObserver)
}

extension PresentationHost {
    /// Makes one change a flow asks for, or the system's with `nil`.
    ///
    /// - Parameters:
    ///   - operation: The change to make.
    ///   - flow: The flow that asks, named in the event the change reports; `nil` for a change the
    ///     system makes.
    public func apply(_ operation: HostOperation, for flow: FlowID?) throws {
        try apply(operation, origin: .of(flow))
    }
}

extension PresentationHost {
    /// Answers from ``hierarchy``; a host with indexes answers without building it.
    public func place(of node: NodeRef) -> NodePlace? { hierarchy.place(of: node) }

    /// Answers from ``hierarchy``; a host with indexes answers without building it.
    public func child(at index: Int, of node: NodeRef) -> NodeRef? {
        guard let children = hierarchy.node(node)?.children, children.indices.contains(index) else { return nil }
        return children[index].ref
    }

    /// Answers from ``hierarchy``; a host with indexes answers without building it.
    public func tabItem(at index: Int, of tabs: ContainerID) -> TabItem? {
        guard case .tabs(_, let items, _)? = hierarchy.node(.container(tabs))?.kind, items.indices.contains(index) else { return nil }
        return items[index]
    }

    /// Answers from ``hierarchy``; a host with indexes answers without building it.
    public var topmost: NodeRef? { hierarchy.topmost?.ref }

    /// Answers from ``hierarchy``; a host with indexes answers without building it.
    public var visibleScreenRef: ScreenRef? { hierarchy.visibleScreen }

    /// `false`: a host that cannot tell still refuses a change made during another in ``apply(_:origin:)``.
    public var isChanging: Bool { false }
}
