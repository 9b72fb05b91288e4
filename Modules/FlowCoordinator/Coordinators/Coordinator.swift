import FlowKernel

/// A coordinator: UIFlow's contract, as a kernel ``/FlowKernel/Flow``.
///
/// A coordinator pushes screens onto a navigation stack (its own, or one it shares with its
/// parent), remembers its first screen (``startNode``) and its current one (``topNode``), and runs
/// at most one child flow at a time. Screens know nothing about navigation; they expose closures
/// that the coordinator wires.
///
/// ``StackCoordinator`` implements the contract; subclass it and override
/// ``StackCoordinator/start()``.
///
/// ## Implementation requirements
/// - ``move(to:)`` pushes a screen, sets ``topNode`` to it, and sets ``startNode`` only the first time.
/// - ``back()``, ``backToStart()`` and ``backToTop()`` never pop below ``startNode`` into a parent's
///   screens; they throw ``/FlowKernel/FlowError/Code/nothingToGoBackTo`` instead.
/// - One child at a time: starting a child while one runs throws and changes nothing. When a child
///   finishes, the coordinator pops back to the screen that was on top when the child started.
/// - Every request after the coordinator finished throws ``/FlowKernel/FlowError/Code/flowFinished``.
@MainActor
public protocol Coordinator: Flow {
    /// The stack the coordinator pushes onto, once it has shown something.
    var stack: ContainerID? { get }
    /// The first node the coordinator moved to.
    var startNode: NodeRef? { get }
    /// The node the coordinator considers its top: the last one it moved to, or the one that was on
    /// top when its child started.
    var topNode: NodeRef? { get }
    /// The child flow running now, if any.
    var child: (any Flow)? { get }

    /// Pushes a screen.
    func move(to screen: any Screen) throws
    /// Pops one screen.
    func back() throws
    /// Pops back to ``startNode``.
    func backToStart() throws
    /// Pops back to ``topNode``.
    func backToTop() throws
}
