import FlowKernel
import FlowRuntime

/// The container a chain shows its steps in, as its actions see it: a navigation stack, or a
/// single-child container that shows one step's screen at a time.
///
/// The container appears on the host the first time a screen is shown in it, at the chain's
/// placement, so the first step's present action runs before anything is on screen. A stack chain
/// started on a shared stack (``/FlowKernel/FlowPlacement/onStack(_:)``) pushes onto that stack
/// instead of making its own, and leaves it as it found it.
@MainActor
public final class ChainContainer {
    /// What kind of container a chain uses.
    public enum Kind: Hashable, Sendable {
        /// A navigation stack: showing pushes, going back pops.
        case stack
        /// A plain container screen holding one child at a time: showing replaces the child.
        case single
    }

    /// The kind of container.
    public let kind: Kind
    /// The container's name on the host: the stack's (the shared one's, on a shared stack), or the
    /// holder screen's for `.single`.
    public let id: ContainerID
    /// The host the chain runs on.
    public let host: any FlowHost

    let flow: FlowID
    /// Where the chain shows itself: its own stack, the shared one, or the holder screen.
    private var mount: FlowMount

    /// The origin the container's changes report: the chain's, or a link's while the chain
    /// arrives at a link's step.
    var origin: FlowEvent.Origin {
        get { mount.origin }
        set { mount.origin = newValue }
    }
    /// Where the chain shows itself.
    var site: FlowMount.Site { mount.site }
    /// The screen that holds a single-child container's child.
    let holder: ContainerHolder

    /// Makes the container of a chain, checking that its placement exists.
    ///
    /// - Throws: `notFound` for a shared stack the host does not show.
    init(kind: Kind, host: any FlowHost, flow: FlowID, placement: FlowPlacement) throws {
        self.kind = kind
        self.host = host
        self.flow = flow
        self.mount = try FlowMount(for: flow, at: FlowMount.Site(placement), shape: kind == .stack ? .stack : .single, on: host)
        let name = mount.stack ?? host.unusedContainerID(flow.name)
        self.id = name
        self.holder = ContainerHolder(name: name.name)
    }

    /// The node the container is on the host.
    public var node: NodeRef {
        switch kind {
        case .stack: .container(id)
        case .single: .of(holder)
        }
    }

    /// Whether the container is on the host (on a shared stack: whether the chain's first screen is).
    public var isShown: Bool { mount.isShown(on: host) }

    /// Shows a screen: pushes it (unless it is already in the stack), or makes it the single child.
    /// The first call puts the container itself on the host.
    public func show(_ screen: any Screen) throws {
        switch kind {
        case .stack:
            if !isShown || host.index(of: .of(screen), in: id) == nil {
                try mount.show(.screen(screen), on: host)
            }
        case .single:
            if !isShown { try mount.show(.screen(holder), on: host) }
            var operations: [HostOperation] = (host.children(of: node) ?? []).filter { $0 != .of(screen) }.map { .removeChild($0) }
            if host.holder(of: .of(screen)) != node { operations.append(.addChild(.screen(screen), to: node)) }
            // The child that goes and the one that comes are asked before either change.
            try host.checkGuards(of: operations, origin: origin)
            for operation in operations { try host.apply(operation, origin: origin) }
        }
    }

    /// Takes a screen away and shows `previous` again: pops back to below it in a stack, or makes
    /// `previous` the single child.
    public func hide(_ screen: any Screen, revealing previous: (any Screen)?) throws {
        switch kind {
        case .stack:
            guard let index = host.index(of: .of(screen), in: id), index > 0, let below = host.child(at: index - 1, of: .container(id)) else { return }
            try host.apply(.popTo(below, in: id), origin: origin)
        case .single:
            if let previous {
                try show(previous)
            } else if host.holder(of: .of(screen)) == node {
                try host.apply(.removeChild(.of(screen)), origin: origin)
            }
        }
    }

    /// Presents a screen modally over whatever is on top.
    public func present(_ screen: any Screen) throws {
        try mount.present(.screen(screen), on: host)
    }

    /// Dismisses a screen that was presented modally, and anything above it.
    public func dismiss(_ screen: any Screen) throws {
        try host.dismiss(.of(screen), origin: origin)
    }

    /// Takes the container, and everything the chain presented, off the host; a shared stack is
    /// left as the chain found it.
    func remove() throws {
        try mount.remove(from: host)
    }

    /// The outermost node the chain put on the host, whose departure ends it.
    var baseNode: NodeRef? { mount.node }

    /// The first guard that refuses what ``remove()`` would take away.
    func removalRefusal() -> GuardRefusal? { mount.removalRefusal(on: host) }
}

/// The screen that holds a single-child container's child.
@MainActor
final class ContainerHolder: Screen {
    let displayName: String
    init(name: String) { self.displayName = name }
}
