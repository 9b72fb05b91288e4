import FlowKernel
import FlowRuntime

/// One of the person's gestures as a recording keeps it: by what the person did, not by the nodes
/// it touched, so it replays on another run (and in another strategy), whose nodes are others.
///
/// A gesture is written as the CLI types it: `:back`, `:back 2` (the back button's menu, two
/// entries at once), `:dismiss` (the sheet on top swiped down), `:tab 2` (the second tab).
public enum RecordedGesture: Hashable, Sendable, CustomStringConvertible {
    /// Back a number of entries in the stack the back button acts on: 1 for the back button or the
    /// edge swipe, more from its menu.
    case back(Int)
    /// The presentation on top swiped down.
    case swipeDown
    /// A tab tapped in the tab bar around the visible screen, counted from 0.
    case selectTab(Int)

    /// `:back`, `:back 2`, `:dismiss`, `:tab 2` (tabs counted from 1, as a person counts them).
    public var description: String {
        switch self {
        case .back(1): ":back"
        case .back(let count): ":back \(count)"
        case .swipeDown: ":dismiss"
        case .selectTab(let index): ":tab \(index &+ 1)"
        }
    }

    /// Reads a gesture as ``description`` writes it; `nil` for anything else.
    public init?(_ text: String) {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        switch (words.first, words.count) {
        case (":back", 1): self = .back(1)
        case (":back", 2):
            guard let count = Int(words[1]), count >= 1 else { return nil }
            self = .back(count)
        case (":dismiss", 1): self = .swipeDown
        case (":tab", 2):
            guard let number = Int(words[1]), number >= 1 else { return nil }
            self = .selectTab(number - 1)
        default: return nil
        }
    }

    /// The gesture a person's change on a host was, read from the event the host reported for it:
    /// a pop, a dismissal or a tab selection the ``/FlowKernel/FlowEvent/Origin/user`` made, or a
    /// gesture the host refused. `nil` for any other event.
    ///
    /// - Parameters:
    ///   - event: An event the host reported.
    ///   - host: The host, asked where a refused back gesture would have gone.
    @MainActor
    public init?(madeBy event: FlowEvent, on host: any PresentationHost) {
        guard event.origin == .user else { return nil }
        switch event.change {
        case .popped(let entries, _): self = .back(entries.count)
        case .dismissed: self = .swipeDown
        case .tabSelected(let index, _): self = .selectTab(index)
        case .gestureRefused(.back(let entry, let stack), _):
            guard let count = host.entryCount(of: stack), let index = host.index(of: entry, in: stack) else { return nil }
            self = .back(count - 1 - index)
        case .gestureRefused(.swipeDown, _): self = .swipeDown
        case .gestureRefused(.selectTab(let index, _), _): self = .selectTab(index)
        default: return nil
        }
    }

    /// Makes the gesture on what a host shows now, as the person would: checked by the screens and
    /// their guards, all or nothing (`perform(_:)`).
    ///
    /// - Throws: `nothingToGoBackTo` when nothing can go back or be swiped down; `indexOutOfRange`
    ///   for more entries than the stack has to go back over, or a tab the tab bar does not have;
    ///   `notFound` when no tab group is shown; `gestureRefused` when a screen or a guard refuses.
    ///   Nothing changes then.
    @MainActor
    public func perform(on host: any PresentationHost) throws {
        switch self {
        case .back(1):
            try host.user.back()
        case .back(let count):
            guard case .back(_, let stack)? = host.user.backGesture, let entries = host.entryCount(of: stack) else {
                throw FlowError(.nothingToGoBackTo, "There is nothing to go back to.")
            }
            guard count >= 1, count < entries, let entry = host.child(at: entries - 1 - count, of: .container(stack)) else {
                let over = entries - 1 == 1 ? "1 screen" : "\(entries - 1) screens"
                throw FlowError(.indexOutOfRange, "[\(stack)] has \(over) to go back over, not \(count).")
            }
            try host.perform(.back(to: entry, in: stack))
        case .swipeDown:
            try host.user.swipeDown()
        case .selectTab(let index):
            guard let tabs = host.user.tabGroup else {
                throw FlowError(.notFound, "No tab group is shown around the screen the person sees.")
            }
            let count = host.place(of: .container(tabs))?.childCount ?? 0
            guard (0..<count).contains(index) else {
                throw FlowError(
                    .indexOutOfRange, "There is no tab \(index &+ 1): the tab bar has \(count == 1 ? "1 tab" : "\(count) tabs"), numbered from 1.")
            }
            try host.perform(.selectTab(index, in: tabs))
        }
    }
}
