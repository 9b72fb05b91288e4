import FlowKernel
import FlowStack
import FlowStage
import FlowTestKit
import Testing

/// The tests FlowTestKit's Getting Started shows, compiled and run here.
@MainActor
enum FlowTestKitGettingStarted {
    struct Order: CustomStringConvertible {
        let number: Int
        var description: String { "Order #\(number)" }
    }
    struct Receipt: Equatable { let total: Int }
    final class CatalogScreen: Screen {}
    final class PayScreen: Screen {}
    /// The page's "your own host": the in-memory one stands in for it.
    typealias MyHost = InMemoryHost

    @MainActor @Suite struct Tests {
        @Test @MainActor func checkoutJourney() throws {
            let host = InMemoryHost()
            let recorder = TranscriptRecorder(observing: host)
            let leaks = LeakTracker()

            // A flow whose factories hand what they make to the tracker, driven to its end.
            let registry = ScreenRegistry { registry in
                registry.register(CatalogScreen.self) { leaks.track(CatalogScreen()) }
                registry.register(PayScreen.self) { leaks.track(PayScreen()) }
            }
            let shop = StackNavigator<Order>("shop", registry: registry, root: CatalogScreen.self)
            try shop.start(on: host)
            try shop.goNext()
            try shop.finish(with: Order(number: 1))

            expectTranscript(
                recorder.transcript,
                equals: [
                    "[shop] root [shop]",
                    "[shop] start",
                    "[shop] push PayScreen onto [shop]",
                    "[shop] root cleared",
                    "[shop] complete with Order #1",
                ])
            leaks.expectNoLeaks()
        }

        /// "Reading a transcript", on the same journey.
        @Test @MainActor func readingATranscript() throws {
            let host = InMemoryHost()
            let recorder = TranscriptRecorder(observing: host)
            let registry = ScreenRegistry { registry in
                registry.register(CatalogScreen.self) { CatalogScreen() }
                registry.register(PayScreen.self) { PayScreen() }
            }
            let shop = StackNavigator<Order>("shop", registry: registry, root: CatalogScreen.self)
            try shop.start(on: host)
            try shop.goNext()
            try shop.finish(with: Order(number: 1))

            let lines = recorder.transcript.lines
            #expect(lines.last == "[shop] complete with Order #1")
            #expect(lines.filter { $0.hasPrefix("(user) ") }.isEmpty)  // the person did nothing
            #expect(recorder.transcript.lines(of: "shop").lines.count == lines.count)
        }

        /// "The result, and flows that never finish".
        @Test @MainActor func theResultAndARootThatNeverFinishes() throws {
            let host = InMemoryHost()
            let recorder = TranscriptRecorder(observing: host)
            let registry = ScreenRegistry { registry in
                registry.register(CatalogScreen.self) { CatalogScreen() }
                registry.register(PayScreen.self) { PayScreen() }
            }
            let checkout = StackNavigator<Receipt>("checkout", registry: registry, root: PayScreen.self)
            try checkout.start(on: host)
            try checkout.finish(with: Receipt(total: 59))
            #expect(recorder.transcript.lines.last == "[checkout] complete with Receipt(total: 59)")
            #expect(checkout.outcome?.result == Receipt(total: 59))  // the value itself, not its words

            let app = StackNavigator<Never>("app", registry: registry, root: CatalogScreen.self)
            try app.start(on: host)
            #expect(app.phase == .running)  // it runs until the app does
            try app.dismiss(completion: nil)  // cancelling is its one way to end
            #expect(recorder.transcript.lines(of: "app").lines.last == "[app] cancel")
        }

        @Test @MainActor func myHostObeysTheLaws() { HostLaws.check { MyHost() } }
    }
}
