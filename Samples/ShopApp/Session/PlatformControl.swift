import FlowKernel
import FlowRecording
import FlowRuntime

/// The platform's own controls, which no screen offers and no flow asks for: the system back button
/// and its menu, swiping a sheet down, the tab bar. The CLI offers them as `:back`, `:back <n>`,
/// `:dismiss` and `:tab <n>`, and makes them as the user's gestures (``/FlowRecording/RecordedGesture``), which the flows follow.
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
        // An alert is answered, not swiped away: the back button chooses its cancel button.
        if let alert = host.visibleScreen as? any AlertScreen {
            guard let cancel = alert.alert.cancelButton else { return [] }
            return [Available(typed: ":back", summary: "system back button: answer \(cancel.title)")]
        }
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

    /// The gesture a control names, as a recording keeps it.
    ///
    /// - Throws: ``CommandRefused`` for a control that does not exist or lacks its argument;
    ///   `indexOutOfRange` for a count of screens to go back that is not one.
    static func gesture(for command: Command) throws -> RecordedGesture {
        switch command.key {
        case ":back":
            guard let argument = command.argument else { return .back(1) }
            guard let count = Int(argument), count >= 1 else {
                throw FlowError(.indexOutOfRange, "\"\(argument.echoed)\" is not a number of screens to go back; type \":back 2\".")
            }
            return .back(count)
        case ":dismiss":
            if let argument = command.argument { throw CommandRefused(":dismiss takes nothing after it, but was given \"\(argument.echoed)\".") }
            return .swipeDown
        case ":tab":
            guard let argument = command.argument, let number = Int(argument) else {
                throw CommandRefused(":tab needs a tab's number: type \":tab 2\".")
            }
            // The person counts tabs from 1, as the control lists them; the host from 0.
            return .selectTab(number &- 1)
        default:
            throw CommandRefused(
                "\"\(command.word.echoed)\" is not a system control. Try one of: :back, :back <n>, :dismiss, :tab <n>, :open <link>, :save <file>, :help.")
        }
    }

    private static func tabTitles(of tabs: ContainerID, on host: any PresentationHost) -> [String]? {
        guard case .tabs(_, let items, _)? = host.hierarchy.node(.container(tabs))?.kind else { return nil }
        return items.map(\.title)
    }
}
