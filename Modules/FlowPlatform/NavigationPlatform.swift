import FlowKernel

/// Where a platform plugs in: what a ``NavigationDriver`` drives — a platform's containers, made
/// to run one ``NavigationCommand`` at a time and to say what they show.
///
/// Flows never run on a platform: they run on the model host (the kernel's `PresentationHost`,
/// FlowStage's `InMemoryHost`), which the driver brings the platform to. A platform of your own
/// implements the two requirements below, keeps FlowTestKit's `PlatformLaws`, and reports what the
/// person did to the driver (<doc:BringingFlowKitToAPlatform>).
///
/// FlowUIKit's `UIKitPlatform` is one, on Apple platforms, and its `SimulatedUIKit` one anywhere,
/// with UIKit's rules and animations that end when a test says so; FlowSwiftUI's
/// `NavigationModel` is one that SwiftUI's views bind to.
@MainActor
public protocol NavigationPlatform: AnyObject {
    /// Starts a command and calls `done` once the platform has finished it, after its animation;
    /// before returning, for a command without animation. The driver starts no other command
    /// before then.
    func run(_ command: NavigationCommand, done: @escaping @MainActor () -> Void)

    /// What the platform shows now for one part of a node (``HostDrift/Aspect``): a
    /// stack's entries, what a node presents (none or one), a tab group's tabs or its selected tab
    /// (none or one), a screen's children, the root (`node` is `nil`; none or one). `nil` when the
    /// platform does not show the node. The driver compares it with what it expects after every
    /// transition.
    func shown(_ aspect: HostDrift.Aspect, of node: NodeRef?) -> [NodeRef]?
}
