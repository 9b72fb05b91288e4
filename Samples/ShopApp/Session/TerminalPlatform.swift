import FlowKernel
import FlowPlatform
import FlowStage

/// The terminal as a platform: what `flow-demo` prints under `-- hierarchy --` is what this
/// platform shows, brought to the model host by FlowPlatform's driver through the same seam as
/// UIKit, SwiftUI and the web.
///
/// A terminal has no containers of its own and no animation: the platform keeps FlowPlatform's
/// record of what it shows (``/FlowPlatform/ShownTree``), each command recorded at once, and
/// prints it. The person's system controls (`:back`, `:dismiss`, `:tab`) act on the model host,
/// as a test's gestures do; the driver brings the terminal along.
@MainActor
public final class TerminalPlatform: NavigationPlatform {
    /// What the terminal shows.
    public private(set) var record = ShownTree()
    /// The driver between the model host and the terminal.
    public private(set) var driver: NavigationDriver!

    /// Shows a model host: the terminal is brought to what it shows now, and follows it.
    public init(showing host: InMemoryHost) {
        driver = NavigationDriver(model: host, platform: self)
    }

    /// Records a command at once: a terminal has no animation.
    public func run(_ command: NavigationCommand, done: @escaping @MainActor () -> Void) {
        record.apply(command)
        done()
    }

    /// What the terminal shows of one part of a node.
    public func shown(_ aspect: HostDrift.Aspect, of node: NodeRef?) -> [NodeRef]? {
        record.shown(aspect, of: node)
    }

    /// What the terminal shows, one node a line: `(empty)` when it shows nothing.
    public var text: String { record.hierarchy.textTree }
}
