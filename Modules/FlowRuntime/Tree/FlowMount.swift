import FlowKernel
import FlowSnapshot

/// Where and how a flow shows itself on a host, and the one way every strategy puts its screens
/// there and takes them away again.
///
/// A flow makes its mount when it starts and keeps it until it ends. The mount remembers what the
/// host cannot tell: the site the flow was asked to show at, the stack it pushes onto, its first
/// entry, and what it presented over nodes that are not its own. Everything else — whether the flow
/// is still shown, which entries of a shared stack are its own — is read from the host when asked,
/// so it follows whatever the user did meanwhile.
///
/// ```swift
/// var mount = try FlowMount(for: "wizard", at: FlowMount.Site(placement), on: host)
/// try mount.show(.screen(first), on: host)    // the flow's stack appears, at its site
/// try mount.show(.screen(second), on: host)   // pushed onto it
/// try mount.remove(from: host)               // the host is as the flow found it
/// ```
///
/// The mutating methods that change the host (``show(_:on:origin:)``, ``present(_:over:on:origin:)``,
/// ``replaceEntries(with:on:origin:)``, ``remove(from:)``) hold the mount for the whole change, while
/// the host tells its observers. A flow that keeps its mount in a stored property, which an observer
/// may read meanwhile, uses their two halves instead: the decision, read from the mount
/// (``showing(_:on:)``, ``presenting(_:over:on:)``, ``replacement(of:on:)``, ``removing(on:)``),
/// carried out on the host, then the note that it was made (``didShow(_:)``, ``didPresent(_:on:)``,
/// ``didReplaceEntries(with:)``, ``didRemove()``):
///
/// ```swift
/// let showing = try mount.showing(.screen(next), on: host)
/// try host.carryOut(showing.operation, origin: .flow(id))
/// mount.didShow(showing)
/// ```
@MainActor
@usableFromInline package struct FlowMount {
    /// Where a flow shows itself.
    @usableFromInline package enum Site: Hashable, Sendable {
        /// As everything the host shows.
        case root
        /// Presented over the host's top-most node.
        case presented
        /// On an existing stack, above what is there; the flow never pops below its first entry.
        case onStack(ContainerID)
        /// As a new tab of an existing tab group, inserted at an index.
        case tab(in: ContainerID, at: Int, item: TabItem)

        /// The site of a kernel placement.
        @usableFromInline package init(_ placement: FlowPlacement) {
            switch placement {
            case .root: self = .root
            case .presented: self = .presented
            case .onStack(let stack): self = .onStack(stack)
            }
        }
    }

    /// What a flow shows at its site.
    @usableFromInline package enum Shape: Hashable, Sendable {
        /// A navigation stack it pushes onto: its own, or the shared one of ``Site/onStack(_:)``.
        case stack
        /// One node of its own, shown as it is (a container screen whose children the flow
        /// changes); it pushes nothing.
        case single
    }

    /// The flow the mount belongs to; every change it makes is that flow's.
    @usableFromInline package let flow: FlowID
    /// Where the flow shows itself.
    @usableFromInline package let site: Site
    /// The stack the flow pushes onto: its own, named when the mount was made, or the shared one;
    /// `nil` for a ``Shape/single`` mount.
    @usableFromInline package let stack: ContainerID?
    /// The first content the flow showed, once it has shown something.
    @usableFromInline package private(set) var firstEntry: NodeRef?
    /// What the flow presented with ``present(_:over:on:origin:)``, first presented first.
    private var presentations: [NodeRef] = []

    /// Makes a flow's mount, checking that its site exists.
    ///
    /// - Parameters:
    ///   - flow: The flow that shows itself.
    ///   - site: Where it shows itself.
    ///   - shape: A stack (the default), or one node of its own.
    ///   - host: The host it will show on; a new stack is named so that the host does not use
    ///     the name yet.
    /// - Throws: ``/FlowKernel/FlowError/Code/notFound`` for a shared stack or a tab group the host does not show.
    @usableFromInline package init(for flow: FlowID, at site: Site, shape: Shape = .stack, on host: any FlowHost) throws {
        switch site {
        case .root, .presented:
            break
        case .onStack(let shared):
            guard host.place(of: .container(shared))?.kind == .stack else {
                throw FlowError(.notFound, "There is no stack [\(shared)] to start the flow '\(flow)' on.")
            }
        case .tab(let tabs, _, _):
            guard case .tabs? = host.place(of: .container(tabs))?.kind else {
                throw FlowError(.notFound, "There is no tab group [\(tabs)] to start the flow '\(flow)' in.")
            }
        }
        self.flow = flow
        self.site = site
        switch (shape, site) {
        case (.single, _): stack = nil
        case (.stack, .onStack(let shared)): stack = shared
        case (.stack, _): stack = host.unusedContainerID(flow.name)
        }
    }

    /// Whether the flow has a stack of its own, which it takes away whole when it ends.
    @usableFromInline package var ownsStack: Bool {
        guard stack != nil else { return false }
        if case .onStack = site { return false }
        return true
    }

    /// The outermost node the flow put on the host: its own stack, or else its first entry.
    @usableFromInline package var node: NodeRef? {
        if ownsStack, let stack { return .container(stack) }
        return firstEntry
    }

    /// Whether the flow shows anything now.
    @usableFromInline package func isShown(on host: any FlowHost) -> Bool {
        // Not `node.map(host.contains)`: a main-actor method passed as a nonisolated function
        // checks its isolation at run time on every call.
        guard let node else { return false }
        return host.contains(node)
    }

    /// Whether the flow showed something that the host no longer shows: someone else — the user,
    /// most often — took the flow's screens away.
    @usableFromInline package func isGone(on host: any FlowHost) -> Bool {
        firstEntry.map { !host.contains($0) } ?? false
    }

    /// The indexes of the flow's own entries in its stack, from its first entry up; empty when it
    /// shows none.
    @usableFromInline package func ownEntries(on host: any FlowHost) -> Range<Int> {
        guard let stack, let firstEntry, let start = host.index(of: firstEntry, in: stack), let count = host.entryCount(of: stack) else { return 0..<0 }
        return start..<count
    }

    /// Shows content: the first time (or again after someone took the flow away), puts it on the
    /// host at the flow's site — in the flow's own new stack, pushed onto the shared stack, or as a
    /// new tab; after that, pushes it onto the flow's stack.
    ///
    /// The change is made for `origin`: the flow's own when `nil`, or a link's or a restore's made
    /// on its behalf, named in the event it reports.
    ///
    /// - Throws: the host's ``/FlowKernel/FlowError``, and changes nothing; ``/FlowKernel/FlowError/Code/hostRejected`` for
    ///   a second node of a ``Shape/single`` mount.
    @usableFromInline package mutating func show(_ content: Presentable, on host: any FlowHost, origin: FlowEvent.Origin? = nil) throws {
        let showing = try showing(content, on: host)
        try host.carryOut(showing.operation, origin: origin ?? .flow(flow))
        didShow(showing)
    }

    /// What ``show(_:on:origin:)`` decides: the operation, and whether the content becomes the
    /// flow's first entry.
    @usableFromInline package struct Showing {
        /// The operation that shows the content.
        @usableFromInline package let operation: HostOperation
        /// The content's node when it is the flow's first; `nil` when it is pushed above others
        /// (``didShow(_:)`` then has nothing to note).
        @usableFromInline package let first: NodeRef?
    }

    /// The change ``show(_:on:origin:)`` makes, for a request that carries out several changes
    /// as one (then ``didShow(_:)`` once it is made).
    ///
    /// - Throws: what ``show(_:on:origin:)`` throws before it changes anything.
    @usableFromInline package func showing(_ content: Presentable, on host: any FlowHost) throws -> Showing {
        if isShown(on: host) {
            guard let stack else {
                throw FlowError(.hostRejected, "The flow '\(flow)' shows one node of its own and pushes nothing; \(content.ref) cannot be pushed.")
            }
            return Showing(operation: .push(content, onto: stack), first: nil)
        }
        let outer: Presentable = if ownsStack, let stack { .stack(stack, [content]) } else { content }
        let operation: HostOperation =
            switch site {
            case .root: .setRoot(outer)
            case .presented: host.topmost.map { .present(outer, over: $0) } ?? .setRoot(outer)
            case .onStack(let shared): .push(outer, onto: shared)
            case .tab(let tabs, let index, let item): .insertTab(Presentable.Tab(item, outer), at: index, in: tabs)
            }
        return Showing(operation: operation, first: content.ref)
    }

    /// Notes that the host made what ``showing(_:on:)`` decided.
    @usableFromInline package mutating func didShow(_ showing: Showing) {
        guard let first = showing.first else { return }
        firstEntry = first
        presentations = []
    }

    /// Replaces the flow's own entries of its stack with `contents`, bottom first, in one host
    /// change; on a shared stack the entries below the flow's first one stay as they are. The
    /// first content becomes the flow's first entry. Screens that stay keep what they present.
    ///
    /// - Throws: ``/FlowKernel/FlowError/Code/hostRejected`` for no contents, for a flow that shows nothing
    ///   or has no stack, and for a shared stack with an entry below the flow's that is not a
    ///   screen (the host would have to make it again); the host's error. Nothing changes then.
    ///   The change is made for `origin`, the flow's own when `nil`.
    @usableFromInline package mutating func replaceEntries(with contents: [Presentable], on host: any FlowHost, origin: FlowEvent.Origin? = nil) throws {
        try host.carryOut(replacement(of: contents, on: host), origin: origin ?? .flow(flow))
        didReplaceEntries(with: contents)
    }

    /// Notes that the host made what ``replacement(of:on:)`` decided: the first content is the
    /// flow's first entry.
    @usableFromInline package mutating func didReplaceEntries(with contents: [Presentable]) {
        firstEntry = contents.first?.ref
    }

    /// The change ``replaceEntries(with:on:origin:)`` makes, for a request that asks the guards of all
    /// its changes before the first (`FlowHost/checkGuards(of:origin:)`).
    ///
    /// - Throws: what ``replaceEntries(with:on:origin:)`` throws before it changes anything.
    @usableFromInline package func replacement(of contents: [Presentable], on host: any FlowHost) throws -> HostOperation {
        guard let stack, isShown(on: host) else {
            throw FlowError(.hostRejected, "The flow '\(flow)' shows no stack of its own to replace.")
        }
        guard !contents.isEmpty else {
            throw FlowError(.hostRejected, "The flow '\(flow)' needs at least one entry on its stack.")
        }
        var kept: [Presentable] = []
        for index in 0..<ownEntries(on: host).lowerBound {
            guard let entry = host.child(at: index, of: .container(stack)), let ref = entry.screen, let screen = host.screen(for: ref) else {
                throw FlowError(.hostRejected, "[\(stack)] holds something other than a screen below the flow '\(flow)'; its entries cannot be replaced there.")
            }
            kept.append(.screen(screen))
        }
        return .setStack(stack, kept + contents)
    }

    /// Presents content over a node (over the host's top-most node when `anchor` is `nil`), and
    /// remembers it as the flow's: on a shared stack, what the flow presented over the stack
    /// itself leaves with the flow. The change is made for `origin`, the flow's own when `nil`.
    @usableFromInline package mutating func present(
        _ content: Presentable, over anchor: NodeRef? = nil, on host: any FlowHost, origin: FlowEvent.Origin? = nil
    ) throws {
        try host.carryOut(presenting(content, over: anchor, on: host), origin: origin ?? .flow(flow))
        didPresent(content, on: host)
    }

    /// The change ``present(_:over:on:origin:)`` makes: over `anchor`, or over the host's top-most
    /// node (as its root when it shows nothing).
    @usableFromInline package func presenting(_ content: Presentable, over anchor: NodeRef? = nil, on host: any FlowHost) -> HostOperation {
        guard let anchor = anchor ?? host.topmost else { return .setRoot(content) }
        return .present(content, over: anchor)
    }

    /// Notes that the host made what ``presenting(_:over:on:)`` decided: the content is the flow's
    /// to take away when it leaves a shared stack.
    @usableFromInline package mutating func didPresent(_ content: Presentable, on host: any FlowHost) {
        presentations.removeAll { host.presenter(of: $0) == nil }
        presentations.append(content.ref)
    }

    /// Takes away everything the flow shows, leaving the host as the flow found it: its own stack
    /// goes whole, with everything presented over it (dismissed, cleared from the root, or its tab
    /// removed); on a shared stack, every entry from the flow's first one up goes, after what the
    /// flow presented over the stack itself. Does nothing for what is already gone.
    ///
    /// The guards of every screen that goes are asked before the first change
    /// (`checkGuardsForRemoval(from:)`), so a refusal leaves everything shown.
    @usableFromInline package mutating func remove(from host: any FlowHost) throws {
        try host.carryOut(removing(on: host))
        didRemove()
    }

    /// The change ``remove(from:)`` makes, made for the flow.
    @usableFromInline package func removing(on host: any FlowHost) -> HostChange {
        HostChange(removal(on: host), origin: .flow(flow))
    }

    /// Notes that the host made what ``removing(on:)`` decided: the flow presents nothing of its own.
    @usableFromInline package mutating func didRemove() {
        presentations = []
    }

    /// Asks the guards of every screen ``remove(from:)`` would take away, and throws their refusal
    /// (``/FlowKernel/FlowError/Code/guardRefused``, reported as an event) without changing anything: what a
    /// flow that does more than remove its mount when it ends — cancel its children first — asks
    /// before it starts.
    @usableFromInline package func checkGuardsForRemoval(from host: any FlowHost) throws {
        try host.checkGuards(of: removal(on: host), origin: .flow(flow))
    }

    /// The first refusal among the guards of every screen ``remove(from:)`` would take away, or
    /// `nil`; asks without reporting or changing anything (`RunningFlow/endRefusal()`).
    @usableFromInline package func removalRefusal(on host: any FlowHost) -> GuardRefusal? {
        host.whileAskingGuards { host.screensRefusal(of: removal(on: host), origin: .flow(flow)) }
    }

    /// The changes that take away what the flow shows, each read from what the host shows now.
    @usableFromInline package func removal(on host: any FlowHost) -> [HostOperation] {
        var operations: [HostOperation] = []
        // A screen the flow once presented may be shown again some other way: only what is still
        // presented is dismissed.
        if case .onStack = site, let presented = presentations.first(where: { host.presenter(of: $0) != nil }),
            let presenter = host.presenter(of: presented)
        {
            operations.append(.dismiss(presentedBy: presenter))
        }
        guard let node, let place = host.place(of: node) else { return operations }
        switch place.attachment {
        case .root:
            operations.append(.setRoot(nil))
        case .presented(let presenter):
            operations.append(.dismiss(presentedBy: presenter))
        case .held(let holder, let index):
            switch (holder, host.place(of: holder)?.kind) {
            case (.container(let stack), .stack?):
                // Only what the flow found below its first entry stays.
                if index > 0, let below = host.child(at: index - 1, of: holder) {
                    operations.append(.popTo(below, in: stack))
                }
            case (.container(let tabs), .tabs?):
                operations.append(.removeTab(at: index, in: tabs))
            default:
                operations.append(.removeChild(node))
            }
        }
        return operations
    }
}

extension SavedPlacement {
    /// The saved form of a site.
    @usableFromInline package init(_ site: FlowMount.Site) {
        switch site {
        case .root: self = .root
        case .presented: self = .presented
        case .onStack(let stack): self = .onStack(stack.name)
        case .tab(let tabs, let index, let item): self = .tab(in: tabs.name, at: index, item: item)
        }
    }
}
