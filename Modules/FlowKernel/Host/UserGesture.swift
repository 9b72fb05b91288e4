/// Something a person does with the platform's own controls, which no flow asked for: the system
/// back button or edge swipe, the back button's menu, swiping a sheet down, the tab bar.
///
/// A platform host learns of a gesture after the fact (the navigation controller already shows
/// another entry) and passes it to FlowRuntime's `perform(_:)`, which checks that the screens
/// allow it and makes the change as the ``FlowEvent/Origin/user``'s. Flows then follow what is
/// shown (FlowRuntime's flow tree tells them). In tests and the CLI, FlowRuntime's `host.user` names the gesture
/// from what is shown.
public enum UserGesture: Hashable, Sendable, CustomStringConvertible {
    /// Back in a stack to an entry: one entry for the back button or edge swipe, several from the
    /// back button's menu.
    case back(to: NodeRef, in: ContainerID)
    /// A presented node swiped down: it is dismissed with everything presented above it.
    case swipeDown(NodeRef)
    /// A tab tapped in the tab bar.
    case selectTab(Int, in: ContainerID)

    /// `back to Catalog in [main]`, `swipe down [checkout]`, `tap tab 2 of [tabs]`.
    public var description: String {
        switch self {
        case .back(let entry, let stack): "back to \(entry) in [\(stack)]"
        case .swipeDown(let node): "swipe down \(node)"
        case .selectTab(let index, let tabs): "tap tab \(index) of [\(tabs)]"
        }
    }
}
