import FlowKernel
import FlowSnapshot

/// The gestures a person can make on what a host shows, named from what is shown.
///
/// ```swift
/// try host.user.back()            // the back button
/// try host.user.back(to: .of(catalog))  // the back button's menu
/// try host.user.swipeDown()       // the sheet on top
/// try host.user.selectTab(1)      // the tab bar
/// ```
///
/// Each is checked and made by `perform(_:)`: all or nothing, one event, with the
/// ``/FlowKernel/FlowEvent/Origin/user`` as its origin.
@MainActor
public struct UserGestures {
    let host: any PresentationHost

    /// Goes back one entry in the stack the person sees: the innermost stack around the visible
    /// screen that has an entry to go back to.
    ///
    /// On an alert (``/FlowKernel/AlertScreen``), the back button chooses its cancel button, as
    /// a platform's Back or Escape does; an alert with no cancel button refuses it.
    ///
    /// - Throws: `nothingToGoBackTo` when no stack around the visible screen has two entries;
    ///   `gestureRefused` when the screen on top does not allow it, or an alert has no cancel
    ///   button.
    public func back() throws {
        // An alert is always presented, so it is the top-most node when it is shown: the host's
        // cheapest query, rather than a walk to the screen the person sees.
        if case .screen(let top)? = host.topmost, let alert = host.screen(for: top) as? any AlertScreen {
            guard let cancel = alert.alert.cancelButton else {
                throw FlowError(.gestureRefused, "The alert '\(alert.alert.title)' has no cancel button; the person answers it with one of its buttons.")
            }
            return try alert.answer(cancel)
        }
        guard let gesture = backGesture else {
            throw FlowError(.nothingToGoBackTo, "No stack the person sees has an entry to go back to.")
        }
        try host.perform(gesture)
    }

    /// The gesture ``back()`` makes now, or `nil` when there is nothing to go back to: what a
    /// platform host or a CLI offers as its back button.
    public var backGesture: UserGesture? {
        guard let stack = backStack(), let count = host.entryCount(of: stack),
            let below = host.child(at: count - 2, of: .container(stack))
        else { return nil }
        return .back(to: below, in: stack)
    }

    /// The gesture ``swipeDown()`` makes now, or `nil` when nothing is presented.
    public var swipeDownGesture: UserGesture? {
        guard let top = host.topmost, host.presenter(of: top) != nil else { return nil }
        return .swipeDown(top)
    }

    /// The tab group ``selectTab(_:in:)`` picks by default: the innermost one around the visible
    /// screen, if any.
    public var tabGroup: ContainerID? {
        enclosing(where: { if case .tabs = $0 { true } else { false } }).first
    }

    /// Goes back to an entry of a stack, popping every entry above it at once, as the back
    /// button's menu does.
    ///
    /// - Throws: `notFound` when the node is not an entry of a stack; `nothingToGoBackTo` when it is
    ///   already on top; `gestureRefused` when the screen on top does not allow it.
    public func back(to entry: NodeRef) throws {
        guard let holder = host.holder(of: entry), let stack = holder.container, host.place(of: holder)?.kind == .stack else {
            throw FlowError(.notFound, "\(entry) is not an entry of a stack, so there is no going back to it.")
        }
        try host.perform(.back(to: entry, in: stack))
    }

    /// Swipes the top-most presentation down, with everything presented above it.
    ///
    /// - Throws: `nothingToGoBackTo` when nothing is presented; `gestureRefused` when the screen the
    ///   person sees in it does not allow it.
    public func swipeDown() throws {
        guard let gesture = swipeDownGesture else {
            throw FlowError(.nothingToGoBackTo, "Nothing is presented, so there is nothing to swipe down.")
        }
        try host.perform(gesture)
    }

    /// Taps a tab in the tab bar of a tab group: by default the innermost one around the visible
    /// screen.
    ///
    /// - Throws: `notFound` when no tab group is shown there; `indexOutOfRange` for an index that
    ///   names no tab.
    public func selectTab(_ index: Int, in tabs: ContainerID? = nil) throws {
        guard let tabs = tabs ?? tabGroup else {
            throw FlowError(.notFound, "No tab group is shown around the screen the person sees.")
        }
        try host.perform(.selectTab(index, in: tabs))
    }

    /// The innermost stack around the visible screen with an entry to go back to.
    private func backStack() -> ContainerID? {
        enclosing(where: { $0 == .stack }).first { (host.entryCount(of: $0) ?? 0) > 1 }
    }

    /// The containers of a kind that hold the visible screen, innermost first, within the
    /// presentation the person sees.
    private func enclosing(where isKind: (NodePlace.Kind) -> Bool) -> [ContainerID] {
        guard let visible = host.visibleScreenRef else { return [] }
        var found: [ContainerID] = []
        var node = NodeRef.screen(visible)
        while let place = host.place(of: node), case .held(let holder, _) = place.attachment {
            if let id = holder.container, let kind = host.place(of: holder)?.kind, isKind(kind) { found.append(id) }
            node = holder
        }
        return found
    }
}

extension PresentationHost {
    /// The gestures a person can make on what this host shows, for tests, the CLI and hosts that
    /// report the platform's own controls.
    public var user: UserGestures { UserGestures(host: self) }

    /// Makes a person's gesture, as the ``/FlowKernel/FlowEvent/Origin/user``'s change: all or nothing, one
    /// event. A gesture the screen does not allow (``/FlowKernel/Screen/allowsInteractiveBack``,
    /// ``/FlowKernel/Screen/allowsInteractiveDismissal``), or that a screen's guard refuses
    /// (``/FlowKernel/Screen/shouldLeave(by:)``), changes nothing, reports
    /// ``/FlowKernel/FlowEvent/Change/gestureRefused(_:reason:)`` so a platform host can put its container
    /// back, and throws.
    ///
    /// - Throws: `gestureRefused`; `notFound` for a swipe of a node that is not presented; whatever
    ///   the host throws for the gesture's operation.
    ///
    /// On a ``FlowHost`` every guard the gesture would ask — of the screens it takes away and of
    /// the flows it would end — answers once, before the change, while the host refuses every
    /// change; a flow's refusal to end is the gesture's refusal too.
    public func perform(_ gesture: UserGesture) throws {
        let operation = try operation(for: gesture)
        guard let flowHost = self as? any FlowHost else {
            try make(gesture, operation, askingGuards: { guardRefusal(of: operation, origin: .user) }, applying: { try apply(operation, origin: .user) })
            return
        }
        // One request of the flow tree: the screens the gesture takes away and the flows it ends
        // answer once, however many of those flows stand on them.
        try flowHost.flows.request(on: flowHost) {
            try make(
                gesture, operation, askingGuards: { flowHost.guardRefusal(of: [operation], origin: .user) },
                applying: { try flowHost.apply(asked: operation, origin: .user) })
        }
    }

    /// Makes a gesture's operation once the screens allow the gesture and the guards allow the
    /// change; on a refusal, reports it as the gesture's and throws, changing nothing.
    private func make(
        _ gesture: UserGesture, _ operation: HostOperation, askingGuards: () -> GuardRefusal?, applying: () throws -> Void
    ) throws {
        if let reason = screenRefusal(of: gesture) ?? askingGuards()?.description {
            report(FlowEvent(.gestureRefused(gesture, reason: reason), origin: .user))
            throw FlowError(.gestureRefused, "The gesture '\(gesture)' was refused: \(reason).")
        }
        try applying()
    }

    /// Why a gesture would be refused now — a screen does not allow it, or a screen's guard
    /// refuses — or `nil` when ``perform(_:)`` would make it. Asks without changing anything or
    /// reporting an event: a platform host asks before it lets a gesture begin (the back swipe, a
    /// sheet's swipe down), so that a refused one never starts.
    ///
    /// - Throws: `notFound` for a swipe of a node that is not presented.
    public func refusal(of gesture: UserGesture) throws -> String? {
        let operation = try operation(for: gesture)
        return screenRefusal(of: gesture) ?? guardRefusal(of: operation, on: self as? any FlowHost)?.description
    }

    /// The first refusal among the guards a gesture's operation asks: on a ``FlowHost``, of the
    /// screens it moves and the flows it ends, asked while the host refuses every change.
    private func guardRefusal(of operation: HostOperation, on flowHost: (any FlowHost)?) -> GuardRefusal? {
        guard let flowHost else { return guardRefusal(of: operation, origin: .user) }
        return flowHost.guardRefusal(of: [operation], origin: .user)
    }

    /// The host operation a gesture makes.
    private func operation(for gesture: UserGesture) throws -> HostOperation {
        switch gesture {
        case .back(let entry, let stack):
            return .popTo(entry, in: stack)
        case .swipeDown(let node):
            guard let presenter = presenter(of: node) else {
                throw FlowError(.notFound, "\(node) is not presented, so it cannot be swiped down.")
            }
            return .dismiss(presentedBy: presenter)
        case .selectTab(let index, let tabs):
            return .selectTab(index, in: tabs)
        }
    }

    /// Why a screen refuses a gesture, or `nil` when every screen allows it.
    private func screenRefusal(of gesture: UserGesture) -> String? {
        switch gesture {
        case .back(let entry, let stack):
            // Going back to the entry on top moves nothing; the host says so, not a screen.
            guard let top = topEntry(of: stack), top != entry, let screen = visibleScreen(within: top),
                !screen.allowsInteractiveBack
            else { return nil }
            return "\(screen.displayName) does not allow going back"
        case .swipeDown(let node):
            guard let screen = visibleScreen(within: node), !screen.allowsInteractiveDismissal else { return nil }
            return "\(screen.displayName) does not allow being swiped down"
        case .selectTab:
            return nil
        }
    }

    /// The screen a person sees inside a node: the node itself, a stack's top entry, a tab group's
    /// selected tab, followed down to a screen.
    func visibleScreen(within node: NodeRef) -> (any Screen)? {
        var node = node
        while true {
            if let ref = node.screen { return screen(for: ref) }
            guard let place = place(of: node) else { return nil }
            let index: Int
            switch place.kind {
            case .stack: index = place.childCount - 1
            case .tabs(let selected?): index = selected
            case .tabs(nil), .screen: return nil
            }
            guard let next = child(at: index, of: node) else { return nil }
            node = next
        }
    }
}
