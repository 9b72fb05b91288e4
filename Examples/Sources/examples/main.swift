import FlowKernel
import FlowRuntime
import FlowStack
import FlowStage
import OwnFlow
import OwnHost
import StackApp

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Records every event a host reports.
@MainActor
final class Lines: FlowObserver {
    var lines: [String] = []
    func receive(_ event: FlowEvent) { lines.append(event.description) }
}

@MainActor
func expect(_ condition: Bool, _ what: String) {
    guard condition else {
        print("FAILED: \(what)")
        exit(1)
    }
    print("ok: \(what)")
}

@MainActor
func run() throws {
    // A flow of one's own on a host of one's own.
    let host = OneStackHost()
    let events = Lines()
    host.addObserver(events)
    let tour = LogicFlow("tour", logic: Tour(slides: ["Hello", "Tabs", "Done"]))
    var shown: Int?
    tour.onFinish { shown = $0.result }
    try tour.start(on: host, placement: .root, parent: nil)
    try (tour.currentScreen as? SlideScreen)?.onNext?()
    expect(host.screens.map(\.displayName) == ["Hello", "Tabs"], "the tour pushes its next slide on a host of one's own")
    try host.user.back()
    expect(tour.path.entries == [0], "the tour follows the person's Back")
    try (tour.currentScreen as? SlideScreen)?.onNext?()
    try (tour.currentScreen as? SlideScreen)?.onNext?()
    try (tour.currentScreen as? SlideScreen)?.onNext?()
    expect(shown == 3 && host.stack == nil && host.flows.isEmpty, "the tour completes, takes its screens away and leaves the tree")
    let refused = (try? tour.request { tour, path in tour.next(path) }) == nil
    expect(refused, "a finished tour refuses a request")

    // A strategy's flow on the same host, imported alone by its app.
    let checkout = Checkout.make()
    var order: Int?
    checkout.onFinish { order = $0.result }
    try checkout.start(on: host, placement: .root, parent: nil)
    try checkout.goNext()
    try checkout.goNext()
    expect(checkout.stackState == "Cart -> Address -> Pay", "a stack navigator walks its registry on a host of one's own")
    do {
        try checkout.goNext()
        expect(false, "next at the end throws")
    } catch let error as FlowError {
        expect(error.code == .noNextScreen && host.screens.count == 3, "next at the end throws noNextScreen and changes nothing")
    }
    try checkout.finish(with: 42)
    expect(order == 42 && host.stack == nil, "the checkout finishes with its result")

    // The same tour on FlowKit's own host.
    let stage = InMemoryHost()
    let again = LogicFlow("tour", logic: Tour(slides: ["Hello"]))
    try again.start(on: stage, placement: .root, parent: nil)
    expect(stage.visibleScreenRef?.displayName == "Hello", "the tour runs on InMemoryHost too")
    print(events.lines.joined(separator: "\n"))
}

MainActor.assumeIsolated {
    do {
        try run()
    } catch {
        print("FAILED: \(error)")
        exit(1)
    }
}
