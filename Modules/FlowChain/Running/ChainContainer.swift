import FlowKernel
import FlowRuntime

/// The container a chain shows its steps in, as its actions see it: a navigation stack, or a
/// single-child container that shows one step's screen at a time.
///
/// The container appears on the host the first time a screen is shown in it, at the chain's
/// placement, so the first step's present action runs before anything is on screen. A stack chain
/// started on a shared stack (``/FlowKernel/FlowPlacement/onStack(_:)``) pushes onto that stack
/// instead of making its own, and leaves it as it found it.
///
/// The container changes nothing itself: what a step's action asks of it (``show(_:)``,
/// ``hide(_:revealing:)``, ``present(_:)``, ``dismiss(_:)``) is one more operation of the change
/// the chain's request decides, which the runtime makes whole once the request has decided —
/// every guard asked first — or not at all. A call made outside the chain's requests (a
/// container kept and called later) is a request of the chain's own, made the same way.
@MainActor
public struct ChainContainer {
    /// What kind of container a chain uses.
    public enum Kind: Hashable, Sendable {
        /// A navigation stack: showing pushes, going back pops.
        case stack
        /// A plain container screen holding one child at a time: showing replaces the child.
        case single
    }

    /// What every view of one chain's container shares: where it is, what the host last accepted
    /// of it, and the change the chain's request is deciding.
    @MainActor
    final class Core {
        let kind: Kind
        let id: ContainerID
        let host: any FlowHost
        let flow: FlowID
        /// Where the chain shows itself, as the host last made it.
        var mount: FlowMount
        let holder: ContainerHolder
        /// The decision of the chain's request under way; `nil` between requests.
        var draft: ChainDraft?
        /// The chain, which makes a call outside its requests a request of its own.
        weak var chain: (any ChainDrafting)?

        /// Lends a request's decision to the container while `action` (a step's own action, which
        /// reaches the decision only through the container) runs, and takes it back after.
        func lending(_ draft: inout ChainDraft, _ action: () throws -> Void) throws {
            self.draft = draft
            defer {
                if let lent = self.draft { draft = lent }
                self.draft = nil
            }
            try action()
        }

        init(kind: Kind, host: any FlowHost, flow: FlowID, placement: FlowPlacement) throws {
            self.kind = kind
            self.host = host
            self.flow = flow
            self.mount = try FlowMount(for: flow, at: FlowMount.Site(placement), shape: kind == .stack ? .stack : .single, on: host)
            let name = mount.stack ?? host.unusedContainerID(flow.name)
            self.id = name
            self.holder = ContainerHolder(name: name.name)
        }

        /// Keeps what the host made of a decision: the content shown and presented through the mount.
        func keep(_ draft: borrowing ChainDraft) {
            for showing in draft.showings { mount.didShow(showing) }
            for content in draft.presented { mount.didPresent(content, on: host) }
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

    /// Whether the container is on the host (on a shared stack: whether the chain's first screen
    /// is), counting what the request under way has decided to show.
    public var isShown: Bool { core.draft?.isShown ?? core.mount.isShown(on: host) }

    /// Shows a screen: pushes it (unless it is already in the stack), or makes it the single child.
    /// The first call puts the container itself on the host.
    ///
    /// - Throws: `flowFinished` once the chain has ended; outside a step's action, what the
    ///   chain's request throws.
    public func show(_ screen: any Screen) throws {
        try drafting { try show(screen, in: &$0) }
    }

    /// Takes a screen away and shows `previous` again: pops back to below it in a stack, or makes
    /// `previous` the single child — unless `previous` shows itself elsewhere (a step its own
    /// action presented), when the screen only leaves.
    ///
    /// - Throws: `flowFinished` once the chain has ended; outside a step's action, what the
    ///   chain's request throws.
    public func hide(_ screen: any Screen, revealing previous: (any Screen)?) throws {
        try drafting { try hide(screen, revealing: previous, in: &$0) }
    }

    /// Presents a screen modally over whatever is on top.
    ///
    /// - Throws: `flowFinished` once the chain has ended; outside a step's action, what the
    ///   chain's request throws.
    public func present(_ screen: any Screen) throws {
        try drafting { draft in
            let content = Presentable.screen(screen)
            draft.append(core.mount.presenting(content, over: draft.topmost, on: host))
            draft.presented.append(content)
        }
    }

    /// Dismisses a screen that was presented modally, and anything above it.
    ///
    /// - Throws: `notFound` if the screen is not presented by anything; `flowFinished` once the
    ///   chain has ended.
    public func dismiss(_ screen: any Screen) throws {
        try drafting { draft in
            guard let presenter = host.presenter(of: .of(screen)) ?? draft.presenter(of: .of(screen)) else {
                throw FlowError(.notFound, "\(NodeRef.of(screen)) is not presented, so it cannot be dismissed.")
            }
            draft.operations.append(.dismiss(presentedBy: presenter))
        }
    }

    /// What ``show(_:)`` adds to a decision: the built-in present action.
    func show(_ screen: any Screen, in draft: inout ChainDraft) throws {
        switch kind {
        case .stack:
            if !draft.isShown || !draft.holds(.of(screen), in: id, on: host) { try show(.screen(screen), in: &draft) }
        case .single:
            if !draft.isShown { try show(.screen(holder), in: &draft) }
            let children = draft.children(of: node, on: host)
            draft.operations += children.filter { $0 != .of(screen) }.map { .removeChild($0) }
            if !children.contains(.of(screen)) { draft.operations.append(.addChild(.screen(screen), to: node)) }
            draft.singleChildren = [.of(screen)]
        }
    }

    /// What ``hide(_:revealing:)`` adds to a decision: the built-in dismiss action.
    func hide(_ screen: any Screen, revealing previous: (any Screen)?, in draft: inout ChainDraft) throws {
        switch kind {
        case .stack:
            guard let index = host.index(of: .of(screen), in: id), index > 0, let below = host.child(at: index - 1, of: .container(id)) else { return }
            draft.operations.append(.popTo(below, in: id))
        case .single:
            // A step before that shows itself elsewhere (presented by its own action) is not the
            // container's child to show again: this step only leaves.
            if let previous, mayHold(previous) {
                try show(previous, in: &draft)
            } else if draft.children(of: node, on: host).contains(.of(screen)) {
                draft.operations.append(.removeChild(.of(screen)))
                draft.singleChildren = []
            }
        }
    }

    /// Whether a single container may show a screen as its child: one it holds, or one shown
    /// nowhere — not a step that presented itself by its own action.
    func mayHold(_ screen: any Screen) -> Bool {
        !host.contains(.of(screen)) || host.holder(of: .of(screen)) == node
    }

    /// The change that takes the container, and everything the chain presented, off the host; a
    /// shared stack is left as the chain found it.
    func removal() -> [HostOperation] { core.mount.removal(on: host) }

    /// Adds content shown through the mount to the decision: the container itself the first time.
    private func show(_ content: Presentable, in draft: inout ChainDraft) throws {
        if draft.isShown {
            guard kind == .stack else { throw FlowError(.hostRejected, "The chain '\(core.flow)' shows one container; \(content.ref) cannot be pushed.") }
            draft.operations.append(.push(content, onto: id))
        } else {
            let showing = try core.mount.showing(content, on: host)
            draft.append(showing.operation)
            draft.showings.append(showing)
            draft.isShown = true
        }
    }

    /// Adds to the decision of the chain's request under way, or makes a request of the chain's
    /// own when none is.
    private func drafting(_ body: (inout ChainDraft) throws -> Void) throws {
        if core.draft != nil { return try body(&core.draft!) }
        guard let chain = core.chain else { throw FlowError(.flowFinished, "The chain '\(core.flow)' has ended; its container shows nothing.") }
        try chain.request(origin: origin, body)
    }

    /// The first node the chain showed, which the flow tree keeps it on.
    var baseNode: NodeRef? { core.mount.node }
}

/// What a container call outside the chain's requests opens: a request of the chain's own.
@MainActor
protocol ChainDrafting: AnyObject {
    func request(origin: FlowEvent.Origin, _ body: (inout ChainDraft) throws -> Void) throws
}

/// One request's decision while the chain makes it: the host change its step actions add to, in
/// order, and the chain's state once the change is made.
@MainActor
@usableFromInline package struct ChainDraft {
    /// Who the change is made for.
    let origin: FlowEvent.Origin
    /// The host change, in order.
    var operations: [HostOperation] = []
    /// What the change does to the chain's state.
    var change = ChainState.Change()
    /// What the change hands on: the contexts delivered, each after the operations before it.
    var reports: [FlowChangeReport] = []
    /// Screens made for this request and handed a handle: let go of when the change is refused.
    var made: [(step: Int, screen: any Screen)] = []
    /// Whether the request ended the chain, its removal made with its other changes.
    var ended = false

    /// Whether the container is shown once the change is made.
    var isShown: Bool
    /// What the mount shows for the first time, and presents, once the change is made.
    var showings: [FlowMount.Showing] = []
    var presented: [Presentable] = []
    /// A single container's children once the change is made; `nil` until the change touches them.
    var singleChildren: [NodeRef]?
    /// The top-most node of the presentation chain once the change is made, when the change
    /// presents something; the host's otherwise.
    var topmost: NodeRef?

    init(origin: FlowEvent.Origin, isShown: Bool) {
        self.origin = origin
        self.isShown = isShown
    }

    /// Reports an event once the operations decided so far are made.
    mutating func report(_ event: FlowEvent) {
        reports.append(.init(after: operations.count, event))
    }

    /// Adds an operation; what it presents, or shows as the root, is on top once it is made.
    mutating func append(_ operation: HostOperation) {
        operations.append(operation)
        switch operation {
        case .present(let content, _), .setRoot(let content?): topmost = content.ref
        default: break
        }
    }

    /// Whether the chain's stack holds a screen once the change is made.
    func holds(_ screen: NodeRef, in stack: ContainerID, on host: any FlowHost) -> Bool {
        if host.index(of: screen, in: stack) != nil { return true }
        // What the change itself shows first, or pushes: the container with its first screen.
        func shows(_ content: Presentable) -> Bool {
            switch content {
            case .screen: content.ref == screen
            case .stack(_, let entries): entries.contains { $0.ref == screen }
            case .tabs: false
            }
        }
        for operation in operations {
            switch operation {
            case .push(let content, _), .setRoot(let content?), .present(let content, _): if shows(content) { return true }
            case .insertTab(let tab, _, _): if shows(tab.content) { return true }
            default: continue
            }
        }
        return false
    }

    /// A single container's children once the change is made.
    func children(of node: NodeRef, on host: any FlowHost) -> [NodeRef] {
        singleChildren ?? host.children(of: node) ?? []
    }

    /// What presents a screen this change presents.
    func presenter(of node: NodeRef) -> NodeRef? {
        for case .present(let content, let anchor) in operations.reversed() where content.ref == node { return anchor }
        return nil
    }
}

@MainActor
final class ContainerHolder: Screen {
    let displayName: String
    init(name: String) { self.displayName = name }
}
