import FlowKernel
import FlowRouter
import FlowStage

/// Values to route; classes where a test checks that the same instance arrives.
final class T1: Equatable, CustomStringConvertible {
    let tag: String
    init(_ tag: String = "t1") { self.tag = tag }
    static func == (lhs: T1, rhs: T1) -> Bool { lhs === rhs }
    var description: String { "T1(\(tag))" }
}
struct T2: Equatable { var tag = "t2" }
struct T3: Equatable { var tag = "t3" }

/// Produces `Output`.
@MainActor
final class Producer<Output>: OutputProducing {
    let route = RouteSlot()
    let displayName: String
    init(_ name: String = "Producer") { displayName = name }
}

/// Requires `Input`.
@MainActor
final class Taker<Input>: InputRequiring, Instantiable {
    let route = RouteSlot()
    init() {}
}

/// Requires `Input` and produces `Output`.
@MainActor
final class Step<Input, Output>: InputOutput, Instantiable {
    let route = RouteSlot()
    init() {}
}

/// Handles `Update`, recording what it receives; may present a screen while handling.
@MainActor
final class Handler<Update>: UpdateHandling {
    let route = RouteSlot()
    let displayName: String
    private(set) var received: [Update] = []
    var onHandle: ((Handler) -> Void)?
    init(_ name: String = "Handler") { displayName = name }
    func handle(update: Update) {
        received.append(update)
        onHandle?(self)
    }
}

/// Produces and handles `Value`, as StoryFlow's "self can handle" screens do.
@MainActor
final class Echo<Value>: OutputProducing, UpdateHandling {
    typealias Output = Value
    typealias Update = Value
    let route = RouteSlot()
    let displayName: String
    private(set) var received: [Value] = []
    init(_ name: String) { displayName = name }
    func handle(update: Value) { received.append(update) }
}

/// A screen that takes part in nothing.
@MainActor
final class Dummy: Screen {
    let displayName: String
    init(_ name: String = "Dummy") { displayName = name }
}

/// A host, a router and a session on them.
@MainActor
struct RouterStage {
    let host = InMemoryHost()
    let router = Router()
    let session: RouterSession

    init() {
        session = RouterSession(router: router, host: host)
    }

    /// Shows content as the host's root and attaches every routable screen in it.
    func show(_ content: Presentable) throws {
        try host.setRoot(content)
        attachAll()
    }

    /// Attaches every routable screen shown.
    func attachAll() {
        for ref in host.hierarchy.allScreens {
            if let screen = host.screen(for: ref) as? any Routable { session.attach(screen) }
        }
    }

    var current: (any Screen)? { host.visibleScreen }
}
