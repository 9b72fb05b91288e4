import FlowKernel
import FlowRuntime

/// A router at work on a host: the screens it shows produce into it, and it routes their values.
///
/// A ``RouterFlow`` makes one; make one yourself to route among screens you placed on a host:
///
/// ```swift
/// let session = RouterSession(router: router, host: host)
/// session.attach(catalog)
/// try catalog.produce(product)   // shows the ProductScreen that requires a Product
/// ```
@MainActor
public final class RouterSession {
    /// The routing table.
    public let router: Router
    /// The host routes change.
    public let host: any FlowHost
    /// The flow events are reported for.
    public let flow: FlowID?
    /// The door every route goes through: its flow's run, or, for a session placed on a host by
    /// hand, the host's tree. The session's queue of values produced during a route is its own
    /// policy, inside that request.
    let door: any RequestDoor
    /// Takes a value nothing routes; `true` when taken. A ``RouterFlow`` completes with it.
    var takeUnrouted: ((Any) throws -> Bool)?
    /// Closed when the flow ends; routing then throws `flowFinished`.
    var isOpen = true
    /// Presents an alert over a screen for the flow the session routes; `nil` for a session
    /// placed on a host by hand, which has no flow to wait for the answer.
    var presentsAlerts: ((FlowAlert, any Screen, @escaping @MainActor (FlowAlert.Button) throws -> Void) throws -> Void)?
    /// The session's routing, as StoryFlow's model has it: `nil` while no value is being routed;
    /// while one is, the values produced meanwhile, waiting for it to end, in order.
    private var waiting: [Waiting]?

    private struct Waiting {
        let source: any Routable
        let describe: String
        let route: () throws -> Void
    }
    /// Whether screens of a type handle updates of a type, as worked out so far.
    private var handlerAnswers: [HandlerKey: Bool] = [:]

    private struct HandlerKey: Hashable {
        let screen: ObjectIdentifier
        let value: ObjectIdentifier
    }

    /// Makes a session.
    public init(router: Router, host: any FlowHost, flow: FlowID? = nil) {
        self.router = router
        self.host = host
        self.flow = flow
        self.door = HostRequests(host: host, flow: flow)
    }

    /// Makes the session of a flow: its routes are requests of the flow's run.
    init(router: Router, host: any FlowHost, flow: FlowID, door: any RequestDoor) {
        self.router = router
        self.host = host
        self.flow = flow
        self.door = door
    }

    /// Lets a screen produce into this session.
    public func attach(_ screen: some Routable) {
        screen.route.session = self
    }

    // MARK: Implicit routing

    /// StoryFlow's implicit routing: unwrap a union and transform; unwind to a shown handler, else
    /// create the screen that requires the value; then the same by the value's dynamic type.
    func routeImplicitly(from source: any Routable, value: Any, declaredType: Any.Type) throws {
        // Held strongly: a route produced while another runs waits in `waiting`, which is `nil`
        // again before the outermost route returns, and an unowned reference costs a check.
        try routing(from: source, describe: "\(Swift.type(of: value))") { [self] in
            try implicitRoute(from: source, value: value, declaredType: declaredType)
        }
    }

    /// The implicit algorithm itself, also run by an explicit graph's `.implicit()` node.
    func implicitRoute(from source: any Routable, value: Any, declaredType: Any.Type) throws {
        let produced = router.unwrapped(value, declared: declaredType)
        let (payload, type) = router.transformed(produced)
        if try unwind(from: source, payload, as: type, produced: produced.type, custom: true) { return }
        if try create(from: source, payload, as: type, produced: produced.type) { return }
        let dynamic = Swift.type(of: payload)
        if !UnionTypes.same(dynamic, type) {
            if try unwind(from: source, payload, as: dynamic, produced: produced.type, custom: true) { return }
            if try create(from: source, payload, as: dynamic, produced: produced.type) { return }
        }
        if try takeUnrouted?(payload) == true { return }
        throw FlowError(.noRoute, "No shown screen handles a \(type) and no registered screen requires one.", types: [type])
    }

    /// Follows an explicit graph.
    func follow<Value>(_ graph: FlowGraph<Value>, from source: any Routable, value: Value) throws {
        try routing(from: source, describe: "\(Value.self)") { [self] in try graph.go(self, source, value) }
    }

    /// Makes, injects and shows a screen for an explicit graph node.
    func show<C: InputRequiring & Instantiable>(_ type: C.Type, input: C.Input, from source: any Routable, then next: Any?, transition: Transition) throws {
        let screen = C()
        screen.route.input = input
        screen.route.graph = next
        attach(screen)
        let context = TransitionContext(
            from: source, to: screen, producedType: C.Input.self, receivedType: C.Input.self, isUnwind: false, host: host, door: door, flow: flow)
        try transition.perform(context)
    }

    /// Unwinds for an explicit graph: the static type only, no transforms, no custom transitions.
    func unwindExplicitly<Value>(from source: any Routable, _ value: Value) throws {
        guard try unwind(from: source, value, as: Value.self, produced: Value.self, custom: false) else {
            throw FlowError(.noRoute, "No shown screen handles a \(Value.self) to unwind to.", types: [Value.self])
        }
    }

    // MARK: Steps

    /// Routes a value, or — produced while another value is being routed, from inside a
    /// `handle(update:)` as StoryFlow's Zoo does — keeps it until that route ends, then routes it.
    ///
    /// A value produced during a route is routed once the route is done, in the order produced,
    /// each all or nothing. Its producer has already returned, so a refusal (its screen was taken
    /// away meanwhile, nothing takes it) is reported as a `requestRefused` event instead of thrown;
    /// if the route it was produced in fails, it is dropped, and reported the same way.
    private func routing(from source: any Routable, describe: @autoclosure () -> String, _ route: @escaping () throws -> Void) throws {
        guard isOpen else { throw FlowError(.flowFinished, "The router flow '\(flow?.name ?? "")' has ended.") }
        if waiting != nil {
            waiting?.append(Waiting(source: source, describe: describe(), route: route))
            return
        }
        // One request of the flow's run: the flows a route touches follow once it is over.
        try door.request { _ in
            try requireShown(source)
            waiting = []
            do {
                try route()
            } catch {
                dropWaiting(because: "the route it was produced in failed: \(FlowError.wrapping(error).message)")
                throw error
            }
            routeWaiting()
        }
    }

    /// Throws while a value is routed: a request from inside one would interleave with it. (The
    /// flow's run refuses a request while the host makes a change.)
    func requireNotRouting() throws {
        guard isOpen else { throw FlowError(.flowFinished, "The router flow '\(flow?.name ?? "")' has ended.") }
        if waiting != nil {
            throw FlowError(.reentrantNavigation, "The router flow '\(flow?.name ?? "")' is routing a value; arrive somewhere once that route is over.")
        }
    }

    private func requireShown(_ source: any Routable) throws {
        guard host.contains(source.ref) else {
            throw FlowError(.notFound, "\(source.ref) is not shown, so it cannot produce.")
        }
    }

    /// Routes the values produced during a route, in order; each may produce more, routed after.
    /// The session is routing until the last of them is done.
    private func routeWaiting() {
        var routed = 0
        while let next = waiting?.first, isOpen {
            routed += 1
            guard routed <= Self.settleLimit else {
                dropWaiting(because: "routing did not settle: \(Self.settleLimit) values were produced in answer to each other")
                return
            }
            waiting?.removeFirst()
            do {
                try requireShown(next.source)
                try next.route()
            } catch {
                refused(.wrapping(error))
            }
        }
        if isOpen { waiting = nil } else { dropWaiting(because: "the router flow ended") }
    }

    /// How many values produced in answer to each other are routed before the rest are dropped.
    public static let settleLimit = 1_000

    /// Refuses every value still waiting, in order; the session is idle again.
    private func dropWaiting(because reason: String) {
        let dropped = waiting ?? []
        waiting = nil
        for value in dropped {
            refused(FlowError(.noRoute, "A \(value.describe) produced by \(value.source.ref) while another value was routed was dropped: \(reason)."))
        }
    }

    // MARK: Refusals where nothing can throw

    /// Called with every refusal the session cannot throw to anyone: a value produced while
    /// another was routed that could not be routed, and a request a screen ran through
    /// ``Routable/attempt(_:)``. Show an alert, log. The refusal is reported as an event first.
    public var onRefused: (@MainActor (FlowError) -> Void)?

    /// Takes a refusal nobody can catch: reports it to the host's observers as
    /// `requestRefused`, then calls ``onRefused``. The refused request changed nothing.
    public func refused(_ error: FlowError) {
        host.report(FlowEvent(.requestRefused(error), flow: flow))
        onRefused?(error)
    }

    /// Unwinds to a shown handler of the type, if there is one: delivers the value to every visible
    /// handler there (never the source), then runs a custom unwind transition or the default plan.
    private func unwind(from source: any Routable, _ value: Any, as type: Any.Type, produced: Any.Type, custom: Bool) throws -> Bool {
        // Read from the host's index: the nodes on the way, never the whole hierarchy.
        let shown = UnwindSearch.Host(host: host)
        let sourceRef = source.ref
        guard let target = UnwindSearch.target(from: .screen(sourceRef), in: shown, isHandler: { handles($0, type) }) else { return false }
        let handlers = UnwindSearch.visibleScreens(of: target, in: shown).filter { $0 != sourceRef && handles($0, type) }
        guard let first = handlers.first, let destination = host.screen(for: first) else { return false }
        // The guards of what the unwind takes away answer before any handler gets the update.
        let planned = UnwindPlan(to: target, in: shown)
        try door.askAhead(of: planned.operations, origin: .of(flow))
        // What each handler is told once the unwind is made, with the update it took now.
        var afterwards = Afterwards()
        for ref in handlers {
            if let handler = host.screen(for: ref) as? any UpdateHandling, let didUnwind = Self.deliver(value, as: type, to: handler) {
                afterwards.append(AfterUnwind(handler: ref, tell: didUnwind))
            }
        }
        host.report(FlowEvent(.delivered(ScreenType(anyType: type), to: handlers, as: .update), flow: flow))
        let context = TransitionContext(
            from: source, to: destination, producedType: produced, receivedType: type, isUnwind: true, host: host, door: door, flow: flow)
        if custom, try router.runCustomTransitions(context) {
            didUnwind(afterwards)
            return true
        }
        // Planned again from what is shown now: a handler may have changed it while it took the
        // update, and what it presented stays.
        let plan = UnwindPlan(again: planned, to: target, in: shown)
        try door.make(HostChange(plan.operations, origin: .of(flow)))
        didUnwind(afterwards)
        return true
    }

    /// Hands the update to the handlers still shown once the unwind is made; a handler that
    /// throws is reported as a refusal (the unwind stands), and the next one still gets it.
    private func didUnwind(_ afterwards: Afterwards) {
        afterwards.forEach { after in
            guard host.contains(.screen(after.handler)) else { return }
            do {
                try after.tell()
            } catch {
                refused(.wrapping(error))
            }
        }
    }

    /// What a handler is told once the unwind is made.
    private struct AfterUnwind {
        let handler: ScreenRef
        let tell: @MainActor () throws -> Void
    }

    /// The handlers to tell once the unwind is made: most unwinds update one, kept without an
    /// array.
    private struct Afterwards {
        private var first: AfterUnwind?
        private var rest: [AfterUnwind] = []

        mutating func append(_ after: AfterUnwind) {
            if first == nil { first = after } else { rest.append(after) }
        }

        func forEach(_ body: (AfterUnwind) -> Void) {
            guard let first else { return }
            body(first)
            for after in rest { body(after) }
        }
    }

    /// Creates and shows the registered screen that requires the type, if there is one.
    private func create(from source: any Routable, _ value: Any, as type: Any.Type, produced: Any.Type) throws -> Bool {
        guard let destination = router.destination(for: type) else { return false }
        let screen = try destination.make(value, type)
        screen.route.session = self
        let context = TransitionContext(
            from: source, to: screen, producedType: produced, receivedType: type, isUnwind: false, host: host, door: door, flow: flow)
        if try router.runCustomTransitions(context) { return true }
        try context.show()
        return true
    }

    /// Whether a shown screen handles updates of a type. A screen type's answer never changes, so
    /// it is worked out (a dynamic cast and a look at the union's cases) once per pair of types.
    private func handles(_ ref: ScreenRef, _ type: Any.Type) -> Bool {
        let key = HandlerKey(screen: ref.type.id, value: ObjectIdentifier(type))
        if let known = handlerAnswers[key] { return known }
        guard let screen = host.screen(for: ref) else { return false }
        let answer = (screen as? any UpdateHandling).map { Self.accepts($0, type) } ?? false
        handlerAnswers[key] = answer
        return answer
    }

    private static func accepts<H: UpdateHandling>(_ handler: H, _ type: Any.Type) -> Bool {
        UnionTypes.same(H.Update.self, type) || UnionTypes.flatten(H.Update.self).contains { UnionTypes.same($0, type) }
    }

    /// Hands the handler the update before the unwind; returns what tells it once the unwind is
    /// made, with the same update, or `nil` when the value is not one it takes.
    private static func deliver<H: UpdateHandling>(_ value: Any, as type: Any.Type, to handler: H) -> (@MainActor () throws -> Void)? {
        guard let update = update(value, as: type, for: H.self) else { return nil }
        handler.handle(update: update)
        return { try handler.didUnwind(with: update) }
    }

    /// The value as the handler's update type: itself, or wrapped in the handler's union.
    private static func update<H: UpdateHandling>(_ value: Any, as type: Any.Type, for handler: H.Type) -> H.Update? {
        if let update = value as? H.Update { return update }
        guard let union = H.Update.self as? any OneOfType.Type else { return nil }
        return union.wrapping(value, as: type) as? H.Update
    }
}
