/// Content a host is asked to show: a screen, a navigation stack, or a tab group.
///
/// Content nests the way real containers do: a stack holds screens (or a tab group, as a
/// coordinator pushes one), a tab group holds one piece of content per tab, usually a stack.
/// The host decides whether content is valid (a stack needs at least one entry and cannot hold
/// another stack directly; a screen can be shown only once) and rejects it with a ``FlowError``
/// otherwise.
@MainActor
public enum Presentable {
    /// A single screen.
    case screen(any Screen)
    /// A navigation stack with its entries, bottom first.
    case stack(ContainerID, [Presentable])
    /// A tab group with its tabs in order and the index of the selected one (`nil` only when empty).
    case tabs(ContainerID, [Tab], selected: Int?)

    /// One tab of a tab group: what the tab bar shows and what the tab holds.
    @MainActor
    public struct Tab {
        /// What the tab bar shows for this tab.
        public var item: TabItem
        /// What the tab holds.
        public var content: Presentable

        /// Makes a tab.
        public init(_ item: TabItem, _ content: Presentable) {
            self.item = item
            self.content = content
        }
    }

    /// The node this content becomes once shown.
    public var ref: NodeRef {
        switch self {
        case .screen(let screen): .screen(ScreenRef(screen))
        case .stack(let id, _), .tabs(let id, _, _): .container(id)
        }
    }
}
