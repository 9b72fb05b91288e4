import FlowKernel

/// The platform's own controls, which no screen offers and no flow asks for: the system back button
/// and its menu, swiping a sheet down, the tab bar. The CLI offers them as `:back`, `:back <n>`,
/// `:dismiss` and `:tab <n>`, and makes them as the user's gestures, which the flows follow.
@MainActor
public enum PlatformControl {
    /// A control that can be used now, as the CLI lists it.
    public struct Available: Equatable, Sendable {
        /// What to type: `:back`, `:tab <1-2>`.
        public let typed: String
        /// What it does, for people.
        public let summary: String
    }

    /// The controls that can be used on what the host shows now.
    public static func available(on host: any PresentationHost) -> [Available] {
        var controls: [Available] = []
        // A control the screen refuses (a confirmation with no back button) is not offered.
        if let gesture = host.user.backGesture, case .back(let entry, let stack) = gesture, (try? host.refusal(of: gesture)) == .some(nil) {
            controls.append(Available(typed: ":back", summary: "system back button: back to \(entry)"))
            let below = host.index(of: entry, in: stack) ?? 0
            if below > 0 {
                controls.append(Available(typed: ":back <n>", summary: "back button menu: back n screens (up to \(below + 1))"))
            }
        }
        if case .swipeDown(let node)? = host.user.swipeDownGesture {
            controls.append(Available(typed: ":dismiss", summary: "swipe \(node) down"))
        }
        if let tabs = host.user.tabGroup, let titles = tabTitles(of: tabs, on: host), titles.count > 1 {
            let named = titles.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: ", ")
            controls.append(Available(typed: ":tab <n>", summary: "tab bar: \(named)"))
        }
        return controls
    }

    /// Makes the gesture a control names.
    ///
    /// - Throws: ``CommandRefused`` for a control that does not exist or lacks its argument; the
    ///   host's ``/FlowKernel/FlowError`` for a gesture that cannot be made now. Nothing changes then.
    static func run(_ command: Command, on host: any PresentationHost) throws {
        switch command.word {
        case ":back":
            guard let argument = command.argument else {
                try host.user.back()
                return
            }
            try back(Int(argument), typed: argument, on: host)
        case ":dismiss":
            if let argument = command.argument { throw CommandRefused(":dismiss takes nothing after it, but was given \"\(argument.echoed)\".") }
            try host.user.swipeDown()
        case ":tab":
            guard let argument = command.argument, let number = Int(argument) else {
                throw CommandRefused(":tab needs a tab's number: type \":tab 2\".")
            }
            // The person counts tabs from 1, as the control lists them; the host from 0.
            if let tabs = host.user.tabGroup, let count = host.place(of: .container(tabs))?.childCount, !(1...max(count, 1)).contains(number) {
                throw FlowError(.indexOutOfRange, "There is no tab \(number): the tab bar has \(count == 1 ? "1 tab" : "\(count) tabs"), numbered from 1.")
            }
            try host.user.selectTab(number - 1)
        default:
            throw CommandRefused(
                "\"\(command.word.echoed)\" is not a system control. Try one of: :back, :back <n>, :dismiss, :tab <n>, :open <link>, :save <file>, :help.")
        }
    }

    /// Goes back `count` screens at once in the stack the back button acts on.
    private static func back(_ count: Int?, typed: String, on host: any PresentationHost) throws {
        guard let count, count >= 1 else {
            throw FlowError(.indexOutOfRange, "\"\(typed.echoed)\" is not a number of screens to go back; type \":back 2\".")
        }
        guard case .back(_, let stack)? = host.user.backGesture, let entries = host.entryCount(of: stack) else {
            throw FlowError(.nothingToGoBackTo, "There is nothing to go back to.")
        }
        guard count < entries, let entry = host.child(at: entries - 1 - count, of: .container(stack)) else {
            let over = entries - 1 == 1 ? "1 screen" : "\(entries - 1) screens"
            throw FlowError(.indexOutOfRange, "[\(stack)] has \(over) to go back over, not \(count).")
        }
        try host.user.back(to: entry)
    }

    private static func tabTitles(of tabs: ContainerID, on host: any PresentationHost) -> [String]? {
        guard case .tabs(_, let items, _)? = host.hierarchy.node(.container(tabs))?.kind else { return nil }
        return items.map(\.title)
    }
}
