/// One change a flow asks a ``PresentationHost`` to make.
///
/// Operations are values so that a host implements one method (``PresentationHost/apply(_:origin:)``),
/// and so that they can be logged, queued or replayed. The convenience methods on
/// ``PresentationHost`` (`push`, `pop`, `present`, ...) build these.
///
/// Every operation either succeeds completely, reporting exactly one ``FlowEvent``, or throws a
/// ``FlowError`` and changes nothing. The codes a conforming host uses are listed per case.
@MainActor
public enum HostOperation {
    /// Replaces everything the host shows with this content, or clears it with `nil`.
    case setRoot(Presentable?)
    /// Pushes content on top of a stack. Throws `notFound` for an unknown stack, `hostRejected` for
    /// content that is already shown or is itself a stack.
    case push(Presentable, onto: ContainerID)
    /// Pops the top entry of a stack. Throws `nothingToGoBackTo` when one entry is left.
    case pop(ContainerID)
    /// Pops every entry above the given one. Throws `notFound` if the entry is not in the stack,
    /// `nothingToGoBackTo` if it is already on top.
    case popTo(NodeRef, in: ContainerID)
    /// Pops every entry above the first. Throws `nothingToGoBackTo` when one entry is left.
    case popToRoot(ContainerID)
    /// Replaces a stack's entries. Entries already in the stack keep what they present and contain.
    /// Throws `hostRejected` for an empty list.
    case setStack(ContainerID, [Presentable])
    /// Presents content over a node that is shown and presents nothing yet. Throws `notFound` for an
    /// unknown node and `hostRejected` if it already presents something.
    case present(Presentable, over: NodeRef)
    /// Dismisses what a node presents, and everything presented above that. Throws
    /// `nothingToGoBackTo` when the node presents nothing.
    case dismiss(presentedBy: NodeRef)
    /// Selects a tab. Throws `indexOutOfRange` for an index that names no tab.
    case selectTab(Int, in: ContainerID)
    /// Inserts a tab; an index equal to the number of tabs appends. Throws `indexOutOfRange` beyond.
    case insertTab(Presentable.Tab, at: Int, in: ContainerID)
    /// Removes a tab and everything it holds. Throws `indexOutOfRange` for an index that names no tab.
    case removeTab(at: Int, in: ContainerID)
    /// Adds content as a child of a screen (containment). Throws `notFound` for an unknown screen.
    case addChild(Presentable, to: NodeRef)
    /// Removes a child from the screen that contains it. Throws `notFound` if the node is not a child.
    case removeChild(NodeRef)
}
