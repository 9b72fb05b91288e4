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
public struct ChainContainer {
    /// What kind of container a chain uses.
    public enum Kind: Hashable, Sendable {
        /// A navigation stack: showing pushes, going back pops.
        case stack
        /// A plain container screen holding one child at a time: showing replaces the child.
        case single
    }

    /// What every view of one chain's container shares: where it is and what it has shown.
    @MainActor
    final class Core {
        let kind: Kind
        let id: ContainerID
        let host: any FlowHost
        let flow: FlowID
        var mount: FlowMount
        let holder: ContainerHolder

        init(kind: Kind, host: any FlowHost, flow: FlowID, placement: FlowPlacement) throws {
            self.kind = kind
            self.host = host
            self.flow = flow
            self.mount = try FlowMount(for: flow, at: FlowMount.Site(placement), shape: kind == .stack ? .stack : .single, on: host)
            let name = mount.stack ?? host.unusedContainerID(flow.name)
            self.id = name
            self.holder = ContainerHolder(name: name.name)
        }
    }

    let core: Core

    /// Who the changes made through this view are made for: the chain's own, or a link's (a
    /// restore's) while the chain arrives somewhere on its behalf. Part of the value the step
    /// actions are handed, so a custom action's changes carry it without being told.
    public let origin: FlowEvent.Origin

    init(_ core: Core, origin: FlowEvent.Origin) {
        self.core = core
        self.origin = origin
    }

    /// The same container, with its changes made for another origin.
    func acting(for origin: FlowEvent.Origin) -> ChainContainer { ChainContainer(core, origin: origin) }

    /// The kind of container.
    public var kind: Kind { core.kind }
    /// The container's name on the host: the stack's (the shared one's, on a shared stack), or the
    /// holder screen's for `.single`.
    public var id: ContainerID { core.id }
    /// The host the chain runs on.
    public var host: any FlowHost { core.host }
    /// Where the chain shows itself.
    var site: FlowMount.Site { core.mount.site }
    /// The screen that holds a single-child container's child.
    var holder: ContainerHolder { core.holder }

    /// The node the container is on the host.
    public var node: NodeRef {
        switch kind {
        case .stack: .container(id)
        case .single: .of(holder)
        }
    }

    /// Whether the container is on the host (on a shared stack: whether the chain's first screen is).
    public var isShown: Bool { core.mount.isShown(on: host) }

    /// Shows a screen: pushes it (unless it is already in the stack), or makes it the single child.
    /// The first call puts the container itself on the host.
    public func show(_ screen: any Screen) throws {
        switch kind {
        case .stack:
            // The common case first: a screen not in the stack is pushed without asking whether
            // the stack is shown (the mount asks as it shows it).
            if host.index(of: .of(screen), in: id) == nil || !isShown { try showInMount(.screen(screen)) }
        case .single:
            if !isShown { try showInMount(.screen(holder)) }
            var operations: [HostOperation] = (host.children(of: node) ?? []).filter { $0 != .of(screen) }.map { .removeChild($0) }
            if host.holder(of: .of(screen)) != node { operations.append(.addChild(.screen(screen), to: node)) }
            // The child that goes and the one that comes are asked before either change.
            try host.carryOut(HostChange(operations, origin: origin))
        }
    }

    /// Takes a screen away and shows `previous` again: pops back to below it in a stack, or makes
    /// `previous` the single child.
    public func hide(_ screen: any Screen, revealing previous: (any Screen)?) throws {
        switch kind {
        case .stack:
            guard let index = host.index(of: .of(screen), in: id), index > 0, let below = host.child(at: index - 1, of: .container(id)) else { return }
            try host.carryOut(.popTo(below, in: id), origin: origin)
        case .single:
            if let previous {
                try show(previous)
            } else if host.holder(of: .of(screen)) == node {
                try host.carryOut(.removeChild(.of(screen)), origin: origin)
            }
        }
    }

    /// Presents a screen modally over whatever is on top.
    public func present(_ screen: any Screen) throws {
        let content = Presentable.screen(screen)
        try host.carryOut(core.mount.presenting(content, on: host), origin: origin)
        core.mount.didPresent(content, on: host)
    }

    /// Dismisses a screen that was presented modally, and anything above it.
    ///
    /// - Throws: `notFound` if the screen is not presented by anything.
    public func dismiss(_ screen: any Screen) throws {
        guard let presenter = host.presenter(of: .of(screen)) else {
            throw FlowError(.notFound, "\(NodeRef.of(screen)) is not presented, so it cannot be dismissed.")
        }
        try host.carryOut(.dismiss(presentedBy: presenter), origin: origin)
    }

    /// Takes the container, and everything the chain presented, off the host; a shared stack is
    /// left as the chain found it.
    func remove() throws {
        try host.carryOut(core.mount.removing(on: host))
        core.mount.didRemove()
    }

    /// Shows content through the mount: decided from it, carried out, then noted in it, so that no
    /// access to the mount is held while the host tells its observers, who may read the chain.
    private func showInMount(_ content: Presentable) throws {
        let showing = try core.mount.showing(content, on: host)
        try host.carryOut(showing.operation, origin: origin)
        core.mount.didShow(showing)
    }

    /// The first node the chain showed, which the flow tree keeps it on.
    var baseNode: NodeRef? { core.mount.node }

    /// The first refusal among the guards of what ``remove()`` would take away.
    func removalRefusal() -> GuardRefusal? { core.mount.removalRefusal(on: host) }
}

@MainActor
final class ContainerHolder: Screen {
    let displayName: String
    init(name: String) { self.displayName = name }
}
