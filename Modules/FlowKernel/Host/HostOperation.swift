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

extension HostOperation: @MainActor CustomStringConvertible {
    /// The change in a line, naming content by its top node: `push Catalog onto [shop]`,
    /// `dismiss what Cart presents`. Decisions' tests and refusals read operations so.
    public var description: String {
        switch self {
        case .setRoot(let content?): "set root to \(content.ref)"
        case .setRoot(nil): "clear the root"
        case .push(let content, let stack): "push \(content.ref) onto \(NodeRef.container(stack))"
        case .pop(let stack): "pop \(NodeRef.container(stack))"
        case .popTo(let entry, let stack): "pop \(NodeRef.container(stack)) to \(entry)"
        case .popToRoot(let stack): "pop \(NodeRef.container(stack)) to its root"
        case .setStack(let stack, let entries): "set \(NodeRef.container(stack)) to \(entries.map { "\($0.ref)" }.joined(separator: ", "))"
        case .present(let content, let anchor): "present \(content.ref) over \(anchor)"
        case .dismiss(let anchor): "dismiss what \(anchor) presents"
        case .selectTab(let index, let tabs): "select tab \(index) of \(NodeRef.container(tabs))"
        case .insertTab(let tab, let index, let tabs): "insert \(tab.content.ref) as tab \(index) of \(NodeRef.container(tabs))"
        case .removeTab(let index, let tabs): "remove tab \(index) of \(NodeRef.container(tabs))"
        case .addChild(let content, let parent): "add \(content.ref) to \(parent)"
        case .removeChild(let node): "remove \(node)"
        }
    }
}
