import FlowKernel

/// What a ``LogicFlow`` shows, as values: its stack's entries, bottom first, then the modals it
/// presents over that stack, the first one presented first.
///
/// Each entry is a value of the logic's own (a slide's number, a step with its context) from
/// which ``FlowLogic/screen(for:)`` makes one screen. The runtime reads the path from the host
/// before every request, so it is always what the person sees: after their Back, the path is
/// one entry shorter.
///
/// A decision says which path comes next. An entry taken from the path it was given keeps its
/// screen; an entry the logic adds is made into a new screen once the decision is accepted. So a
/// path one entry longer pushes one screen, one entry shorter pops one, and a path of new entries
/// replaces the flow's stack in one change.
///
/// ```swift
/// path.pushing(.slide(3))        // push the screen of slide 3
/// path.dropping(1)               // back one entry (the top modal, else the top of the stack)
/// path.presenting(.help)         // present the help screen over the flow
/// FlowPath([.slide(0)])          // one new screen in place of the whole stack
/// ```
public struct FlowPath<Entry> {
    // Inlinable, with what they read, so that an app's flow specializes its path: generic code
    // left to the runtime asks for its types' metadata at run time on every request.

    /// One entry and, for an entry that is shown already, its screen.
    @usableFromInline
    struct Item {
        @usableFromInline var entry: Entry
        @usableFromInline var screen: ScreenRef?

        @inlinable
        init(entry: Entry, screen: ScreenRef?) {
            self.entry = entry
            self.screen = screen
        }
    }

    @usableFromInline var stackItems: [Item]
    @usableFromInline var modalItems: [Item]

    /// A path of new entries on the flow's stack, bottom first, and modals over it.
    @inlinable
    public init(_ entries: [Entry], modals: [Entry] = []) {
        stackItems = entries.map { Item(entry: $0, screen: nil) }
        modalItems = modals.map { Item(entry: $0, screen: nil) }
    }

    @inlinable
    init(stack: [Item], modals: [Item]) {
        stackItems = stack
        modalItems = modals
    }

    /// The entries of the flow's stack, bottom first.
    @inlinable
    public var entries: [Entry] { stackItems.map { $0.entry } }

    /// The modals over the flow's stack, the first one presented first.
    @inlinable
    public var modals: [Entry] { modalItems.map { $0.entry } }

    /// How many screens the path shows: its stack's entries and its modals.
    @inlinable
    public var count: Int { stackItems.count + modalItems.count }

    /// The entry the person sees: the top modal, or else the top of the stack.
    @inlinable
    public var last: Entry? { (modalItems.last ?? stackItems.last)?.entry }

    /// The path with an entry pushed onto the flow's stack. Modals over the stack are dismissed
    /// first: the pushed screen is the one the person sees.
    @inlinable
    public func pushing(_ entry: Entry) -> FlowPath {
        var stack = stackItems
        stack.append(Item(entry: entry, screen: nil))
        return FlowPath(stack: stack, modals: [])
    }

    /// The path with an entry presented over everything it shows.
    @inlinable
    public func presenting(_ entry: Entry) -> FlowPath {
        var modals = modalItems
        modals.append(Item(entry: entry, screen: nil))
        return FlowPath(stack: stackItems, modals: modals)
    }

    /// The path without its top `count` entries: modals first, the one presented last first,
    /// then the top of the stack. Dropping as many as the path shows leaves an empty path, which
    /// no decision can show (the flow ends instead).
    @inlinable
    public func dropping(_ count: Int = 1) -> FlowPath {
        let fromModals = min(count, modalItems.count)
        let fromStack = min(count - fromModals, stackItems.count)
        return FlowPath(stack: Array(stackItems.dropLast(fromStack)), modals: Array(modalItems.dropLast(fromModals)))
    }

    /// The path with the top of the stack's entry replaced: a new screen in its place, the ones
    /// below kept. Modals over the stack are dismissed.
    @inlinable
    public func replacingLast(with entry: Entry) -> FlowPath {
        FlowPath(stack: stackItems.dropLast() + [Item(entry: entry, screen: nil)], modals: [])
    }
}

extension FlowPath: Sendable where Entry: Sendable {}
extension FlowPath.Item: Sendable where Entry: Sendable {}

extension FlowPath: CustomStringConvertible {
    /// The entries in a line, modals marked: `0 -> 1 -> (modal) help`.
    public var description: String {
        (entries.map { "\($0)" } + modals.map { "(modal) \($0)" }).joined(separator: " -> ")
    }
}
