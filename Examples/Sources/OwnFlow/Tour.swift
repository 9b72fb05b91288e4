import FlowKernel
import FlowRuntime

/// A screen of the tour: one slide.
@MainActor
public final class SlideScreen: Screen {
    /// The slide's title.
    public let title: String
    /// What the slide asks of its flow: `next`, or `skip` to the end.
    public var onNext: (() throws -> Void)?

    init(_ title: String) { self.title = title }

    /// The slide's title, as transcripts name it.
    public var displayName: String { title }
}

/// A flow of one's own: an onboarding tour, written as its logic alone. `LogicFlow` runs it —
/// starting, the flow tree, the person's Back, saving, ending — and the logic only says what it
/// shows and what each request decides.
public struct Tour: FlowLogic {
    /// What the tour completes with: how many slides it showed.
    public typealias Result = Int

    /// The slides' titles, in order.
    public let slides: [String]

    /// A tour of `slides`.
    public init(slides: [String]) { self.slides = slides }

    /// The first slide.
    public func start() throws -> Int {
        guard !slides.isEmpty else { throw FlowError(.hostRejected, "A tour needs a slide.") }
        return 0
    }

    /// The slide's screen.
    public func screen(for slide: Int) throws -> any Screen { SlideScreen(slides[slide]) }

    /// The next slide, pushed; after the last, the tour completes with how many slides it showed.
    public func next(_ path: FlowPath<Int>) -> FlowDecision<Int, Int> {
        guard let last = path.last, last + 1 < slides.count else { return .complete(path.count) }
        return .show(path.pushing(last + 1))
    }

    /// Each slide's Next asks the flow from the slide itself: refused unless it is the slide shown.
    public func attach(_ handle: LogicHandle<Tour>, to screen: any Screen) {
        (screen as? SlideScreen)?.onNext = { try handle.request { tour, path in tour.next(path) } }
    }
}
