import FlowKernel
import FlowRuntime

/// One step of the way the router's declarations lead from a start screen to another: the screen
/// shown, the type it receives from the step before, and whether it is presented.
struct DeclaredStep {
    let destination: Router.Destination
    let received: Any.Type
    let presented: Bool
}

extension Router {
    /// The shortest way the declarations lead from a start screen type to a registered screen
    /// type: the screen that produces the target's input, the one that produces that screen's,
    /// and so on back to the start. Ties go to the screen registered first.
    ///
    /// - Returns: the steps after the start, the target last; `nil` when no declared way leads there.
    func declaredPath(from start: Any.Type, to target: ScreenType) -> [DeclaredStep]? {
        let startType = ScreenType(anyType: start)
        if startType == target { return [] }
        var reached: [ScreenType: (from: ScreenType, step: DeclaredStep)] = [:]
        var frontier: [(type: ScreenType, metatype: Any.Type)] = [(startType, start)]
        while !frontier.isEmpty {
            var next: [(type: ScreenType, metatype: Any.Type)] = []
            for producer in frontier {
                for produced in DeclaredRoles(producer.metatype).outputs {
                    for (received, _) in declaredRewrites(of: produced) {
                        guard let destination = destination(for: received) else { continue }
                        let type = destination.screenType
                        guard type != startType, reached[type] == nil else { continue }
                        let step = DeclaredStep(destination: destination, received: received, presented: isDeclaredPresented(type, from: producer.type))
                        reached[type] = (producer.type, step)
                        if type == target { return Self.unwound(to: type, from: startType, reached) }
                        next.append((type, destination.metatype))
                    }
                }
            }
            frontier = next
        }
        return nil
    }

    private static func unwound(to target: ScreenType, from start: ScreenType, _ reached: [ScreenType: (from: ScreenType, step: DeclaredStep)])
        -> [DeclaredStep]
    {
        var steps: [DeclaredStep] = []
        var current = target
        while current != start, let link = reached[current] {
            steps.append(link.step)
            current = link.from
        }
        return steps.reversed()
    }
}

extension RouterFlow {
    /// Arrives at the screen that requires `input`, with the back stack the router's declarations
    /// describe: the screen that produces that input, the one that produces that screen's input,
    /// and so on back to the flow's first screen — as if each had produced in turn, in one go.
    /// Back then unwinds up that chain, as it would after a person's taps.
    ///
    /// What was shown above the first screen gives way: the router's own presentations are
    /// dismissed and its stack is set to the path. Each screen on the way gets its input from
    /// `resolve`, asked with the type that screen receives (a `User` for a catalog, say); the
    /// destination gets `input`. A step declared `.present` is presented; any other step is pushed,
    /// or presented over the step before when that one was presented, as ``Transition/show`` does.
    /// Custom transitions decide by value at run time, so they are not replayed.
    ///
    /// ```swift
    /// try shop.arrive(at: product) { type in type == User.self ? model.user : nil }
    /// ```
    ///
    /// - Throws: ``/FlowKernel/FlowError`` and changes nothing: `noRoute` when no registered screen
    ///   requires the input, when no declared way leads there from the first screen, or when
    ///   `resolve` has no value for a screen on the way; `hostRejected` when someone else's
    ///   screen is presented over the flow's (a child flow's, which the router does not own);
    ///   `reentrantNavigation` during a route or a host's change; `flowFinished`.
    public func arrive<Input>(at input: Input, resolving resolve: (Any.Type) -> Any? = { _ in nil }) throws {
        try decideFromState { host in try arrival(at: input, on: host, resolving: resolve) }
    }

    private func arrival<Input>(at input: Input, on host: any FlowHost, resolving resolve: (Any.Type) -> Any?) throws -> FlowDecree<FlowMount> {
        guard let session, let mount, let first = mount.firstEntry?.screen, let stack = mount.stack,
            let root = host.screen(for: first) as? any Routable
        else {
            throw FlowError(.flowFinished, "The router flow '\(id)' no longer shows its first screen; it has ended or is ending.")
        }
        try session.requireNotRouting()
        let (payload, type) = router.transformed(router.unwrapped(input, declared: Input.self))
        // The declared type first, then the value's own, as routing matches.
        guard
            let (target, matched) = [type, Swift.type(of: payload)].lazy.compactMap({ candidate in
                self.router.destination(for: candidate).map { ($0, candidate) }
            }).first
        else {
            throw FlowError(.noRoute, "No registered screen requires a \(type); there is nowhere to arrive.", types: [type])
        }
        guard let path = router.declaredPath(from: Swift.type(of: root), to: target.screenType) else {
            throw FlowError(.noRoute, "No declared route leads from \(first.type) to \(target.screenType).", types: [type])
        }
        let dismissals = try presentationsToDismiss(on: host, mount: mount, stack: stack, session: session)
        var made: [(screen: any Routable, presented: Bool)] = []
        for (index, step) in path.enumerated() {
            let isTarget = index == path.count - 1
            let value: Any
            if isTarget {
                value = payload
            } else if let resolved = resolve(step.received) {
                value = resolved
            } else {
                throw FlowError(
                    .noRoute, "The way to \(target.screenType) passes \(step.destination.screenType), which needs a \(step.received); nothing resolved one.",
                    types: [step.received])
            }
            let screen = try step.destination.make(value, isTarget ? matched : step.received)
            made.append((screen, step.presented || made.last?.presented == true))
        }
        return .change(try showing(made, over: root, replacing: dismissals, mount: mount, session: session, origin: .link(for: id), on: host))
    }

    /// What the flow presents over its stack, which an arrival dismisses; throws when someone
    /// else's screen is on the flow's stack or presented over it.
    func presentationsToDismiss(on host: any FlowHost, mount: FlowMount, stack: ContainerID, session: RouterSession) throws -> [NodeRef] {
        // Everything the flow shows above its first screen goes; a presentation that is not the
        // router's belongs to a flow it does not own.
        let own = mount.ownEntries(on: host)
        var dismissals: [NodeRef] = []
        func isRouted(_ node: NodeRef) -> Bool {
            (node.screen.flatMap(host.screen(for:)) as? any Routable)?.route.session === session
        }
        for index in own {
            guard let entry = host.child(at: index, of: .container(stack)) else { continue }
            guard isRouted(entry) else {
                throw FlowError(.hostRejected, "\(entry) on the stack of the router flow '\(id)' is someone else's; end that flow before arriving somewhere.")
            }
            guard let presented = host.presented(by: entry) else { continue }
            guard isRouted(presented) else {
                throw FlowError(
                    .hostRejected, "\(presented) is presented over the router flow '\(id)' by someone else; end that flow before arriving somewhere.")
            }
            dismissals.append(presented)
        }
        return dismissals
    }

    /// Decides showing screens above the flow's first screen in one change: the pushed ones (up to
    /// the first presented) replace the flow's stack above its first screen, the rest are
    /// presented each over the one before, and `dismissals` go. Every guard answers before anything
    /// changes. The changes are made for `origin` on the flow's behalf (a link's, a restore's);
    /// the flow keeps the mount that notes them, and its screens produce into the session, once
    /// the host has made them.
    func showing(
        _ made: [(screen: any Routable, presented: Bool)], over root: any Routable, replacing dismissals: [NodeRef], mount: FlowMount,
        session: RouterSession, origin: FlowEvent.Origin, on host: any FlowHost
    ) throws -> FlowChange<FlowMount> {
        var mount = mount
        let pushed: [Presentable] = ([root] + made.prefix { !$0.presented }.map(\.screen)).map { .screen($0) }
        let presented: [Presentable] = made.dropFirst(pushed.count - 1).map { .screen($0.screen) }
        let operations = PathPlan.arrival(
            dismissing: dismissals.compactMap { host.presenter(of: $0) }, replacing: try mount.replacement(of: pushed, on: host),
            presenting: presented, over: pushed.last?.ref ?? .of(root))
        // One change, every guard asked before any of it: what goes and what the link shows.
        mount.didReplaceEntries(with: pushed)
        for content in presented { mount.didPresent(content, on: host) }
        return FlowChange(HostChange(operations, origin: origin), state: mount, onceAccepted: { for entry in made { session.attach(entry.screen) } })
    }

    /// Keeps the mount of a change the host has made.
    @usableFromInline package func apply(_ mount: FlowMount) -> (() -> Void)? {
        self.mount = mount
        return nil
    }

}
