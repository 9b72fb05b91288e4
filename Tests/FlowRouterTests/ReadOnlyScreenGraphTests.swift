import FlowExplorer
import FlowKernel
import FlowRouter
import FlowRuntime
import FlowStage
import FlowTestKit
import Testing

/// A book, which a shelf produces and a read-only page requires.
struct Book: Hashable, Sendable {
    var title: String
}

/// Produces the book picked.
@MainActor
final class BookShelf: OutputProducing {
    typealias Output = Book
    let route = RouteSlot()
}

/// Shows a book and produces nothing: the person leaves it with Back.
@MainActor
final class BookPage: InputRequiring, Instantiable {
    typealias Input = Book
    let route = RouteSlot()
    init() {}
}

/// A router's declared graph, as a port from outside found it: a read-only screen pushed over its
/// producer is left by the person's Back, not a dead end.
@MainActor
@Suite("Router: a read-only screen in the declared graph")
struct ReadOnlyScreenGraphTests {
    @Test(
        "A read-only screen pushed or presented is left by the person's gesture, and the graph has no findings",
        arguments: [(false, "the person's Back"), (true, "the person's swipe down")])
    func aReadOnlyScreenIsLeftByThePersonsGesture(presented: Bool, gesture: String) throws {
        let router = Router()
        try router.register(BookPage.self)
        if presented { router.addTransition(to: BookPage.self, .present) }
        let graph = router.declaredGraph(start: BookShelf.self)

        #expect(graph.edges.contains(NavigationGraph.Edge(from: "BookPage", to: "BookShelf", kind: .unwind, label: gesture)))
        #expect(graph.findings.isEmpty, "\(graph.findings)")
    }

    @Test func theGraphSaysWhatTheRunningFlowDoes() throws {
        let router = Router()
        try router.register(BookPage.self)
        let host = InMemoryHost()
        let shelf = BookShelf()
        let flow = RouterFlow<Void>("books", router: router) { shelf }
        try flow.start(on: host, placement: .root, parent: nil)
        try shelf.produce(Book(title: "Dune"))
        #expect(host.visibleScreen is BookPage)

        try host.user.back()

        #expect(host.visibleScreen === shelf)
    }
}
