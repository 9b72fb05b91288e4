import FlowKernel

/// The container a chain shows its steps in, as its actions see it: a navigation stack, or a
/// single-child container that shows one step's screen at a time.
///
/// The container appears on the host the first time a screen is shown in it, at the chain's
/// placement, so the first step's present action runs before anything is on screen. A stack chain
/// started on a shared stack (``FlowKernel/FlowPlacement/onStack(_:)``) pushes onto that stack
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
    public let host: any PresentationHost

    let flow: FlowID
    let placement: FlowPlacement
    /// The screen that holds a single-child container's child.
    let holder: ContainerHolder
    /// On a shared stack, the first screen the chain pushed; nothing below it is the chain's.
    private var firstShared: ScreenRef?
    /// Screens the chain presented modally, to dismiss when it ends.
    private var presentedScreens: [ScreenRef] = []

    init(kind: Kind, name: ContainerID, host: any PresentationHost, flow: FlowID, placement: FlowPlacement) {
        self.kind = kind
        self.host = host
        self.flow = flow
        self.placement = placement
        if kind == .stack, case .onStack(let shared) = placement {
            self.id = shared
        } else {
            self.id = name
        }
        self.holder = ContainerHolder(name: name.name)
    }

    /// Whether the chain pushes onto a stack it shares with whoever made it.
    var sharesStack: Bool {
        if kind == .stack, case .onStack = placement { true } else { false }
    }

    /// The node the container is on the host.
    public var node: NodeRef {
        switch kind {
        case .stack: .container(id)
        case .single: .of(holder)
        }
    }

    /// Whether the container is on the host (on a shared stack: whether the chain's first screen is).
    public var isShown: Bool {
        if sharesStack { return firstShared.map { host.contains($0) } ?? false }
        return host.contains(node)
    }

    /// Shows a screen: pushes it (unless it is already in the stack), or makes it the single child.
    /// The first call puts the container itself on the host.
    public func show(_ screen: any Screen) throws {
        switch kind {
        case .stack:
            if sharesStack, !isShown {
                try host.push(screen, onto: id, for: flow)
                firstShared = ScreenRef(screen)
            } else if !isShown {
                try place(.stack(id, [.screen(screen)]))
            } else if host.index(of: .of(screen), in: id) == nil {
                try host.push(screen, onto: id, for: flow)
            }
        case .single:
            if !isShown { try place(.screen(holder)) }
            for child in host.children(of: node) ?? [] where child != .of(screen) {
                try host.apply(.removeChild(child), for: flow)
            }
            if host.holder(of: .of(screen)) != node {
                try host.apply(.addChild(.screen(screen), to: node), for: flow)
            }
        }
    }

    /// Takes a screen away and shows `previous` again: pops back to below it in a stack, or makes
    /// `previous` the single child.
    public func hide(_ screen: any Screen, revealing previous: (any Screen)?) throws {
        switch kind {
        case .stack:
            guard let index = host.index(of: .of(screen), in: id), index > 0, let below = host.child(at: index - 1, of: .container(id)) else { return }
            try host.apply(.popTo(below, in: id), for: flow)
        case .single:
            if let previous {
                try show(previous)
            } else if host.holder(of: .of(screen)) == node {
                try host.apply(.removeChild(.of(screen)), for: flow)
            }
        }
    }

    /// Presents a screen modally over whatever is on top.
    public func present(_ screen: any Screen) throws {
        try host.presentOnTop(.screen(screen), for: flow)
        presentedScreens.append(ScreenRef(screen))
    }

    /// Dismisses a screen that was presented modally, and anything above it.
    public func dismiss(_ screen: any Screen) throws {
        try host.dismiss(.of(screen), for: flow)
    }

    /// Puts the container on the host at the chain's placement.
    private func place(_ content: Presentable) throws {
        switch placement {
        case .root: try host.setRoot(content, for: flow)
        case .presented: try host.presentOnTop(content, for: flow)
        case .onStack(let stack): try host.push(content, onto: stack, for: flow)
        }
    }

    /// Takes the container, and everything the chain presented, off the host; a shared stack is
    /// left as the chain found it.
    func remove() throws {
        // Elsewhere the chain's modals sit above its container and go with it; on a shared stack
        // they sit above the stack, which stays.
        if case .onStack = placement, let modal = presentedScreens.first(where: { host.contains($0) }) {
            try host.dismiss(.screen(modal), for: flow)
        }
        presentedScreens = []
        guard isShown else { return }
        let own: NodeRef = firstShared.map { .screen($0) } ?? node
        switch host.place(of: own)?.attachment {
        case .presented(let presenter)?:
            try host.apply(.dismiss(presentedBy: presenter), for: flow)
        case .root?:
            try host.setRoot(nil, for: flow)
        case .held(let holder, let index)?:
            guard case .container(let stack) = holder, host.place(of: holder)?.kind == .stack, index > 0,
                  let below = host.child(at: index - 1, of: holder) else { return }
            try host.apply(.popTo(below, in: stack), for: flow)
        case nil:
            return
        }
    }
}

/// The screen that holds a single-child container's child.
@MainActor
final class ContainerHolder: Screen {
    let displayName: String
    init(name: String) { self.displayName = name }
}
