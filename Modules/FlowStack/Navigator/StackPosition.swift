import FlowKernel

/// Where a navigator is, read from the host's real stack, and what each request means from there.
///
/// This is the navigator's decision logic as a value: it decides, the navigator applies. Deriving
/// the position from what the host shows (not from flags on registrations, as SwiftyFlow did) is
/// what makes "jump out of order, then go back" land where the user came from.
///
/// The navigator's part of the stack is read on demand, from the top down, as far as a request
/// needs: most requests read the top entry only (read once, when the position is made), so they
/// cost the same however deep the stack is. Being read on demand, the entries below the top are
/// the host's as they are when asked: read what a request needs before the request changes the host.
///
/// Main-actor isolated, as the host it reads is: a read from a nonisolated closure would check its
/// isolation at run time on every entry read.
@MainActor
@usableFromInline package struct StackPosition {
    /// One screen the navigator shows, and the registration (by declaration index) that made it.
    struct Entry: Equatable {
        let screen: ScreenRef
        let registration: Int?
    }

    /// How many entries the navigator's part of the stack has, from its first screen up; entries
    /// that are not screens (a tab group a child pushed) included.
    let count: Int
    /// The entry at an index of the navigator's part, bottom first; `nil` for one that is not a screen.
    private let read: @MainActor (Int) -> Entry?
    /// The modal screens the navigator presented, first presented first.
    var modals: [Entry] = []
    /// What someone else presented over the navigator (over its stack, or over its top modal),
    /// such as a child flow: until it is dismissed, the navigator changes nothing beneath it.
    var cover: NodeRef?
    /// The navigator's top screen on its stack, with its index: read once, as every request needs it.
    private let top: (index: Int, entry: Entry)?

    /// A position over entries already read, as the decision table's tests build it.
    init(entries: [Entry], modals: [Entry] = [], cover: NodeRef? = nil) {
        self.init(count: entries.count, modals: modals, cover: cover) { entries[$0] }
    }

    /// A position that reads its entries when asked.
    init(count: Int, modals: [Entry], cover: NodeRef? = nil, read: @escaping @MainActor (Int) -> Entry?) {
        self.count = count
        self.read = read
        self.modals = modals
        self.cover = cover
        self.top = Self.screen(atOrBelow: count - 1, read: read)
    }

    /// The first screen at or below an index of the navigator's part, going down, with its index.
    private func screen(atOrBelow index: Int) -> (index: Int, entry: Entry)? {
        Self.screen(atOrBelow: min(index, count - 1), read: read)
    }

    private static func screen(atOrBelow index: Int, read: @MainActor (Int) -> Entry?) -> (index: Int, entry: Entry)? {
        var index = index
        while index >= 0 {
            if let entry = read(index) { return (index, entry) }
            index -= 1
        }
        return nil
    }

    /// The navigator's screens on its stack from just below an index down, read one at a time.
    private func screens(below index: Int) -> UnfoldSequence<Entry, Int> {
        sequence(state: index) { next in
            guard let found = screen(atOrBelow: next - 1) else { return nil }
            next = found.index
            return found.entry
        }
    }

    /// Every screen of the navigator's part of the stack, bottom first.
    var entries: [Entry] { (0..<count).compactMap(read) }

    /// What a back request does.
    enum BackPlan: Equatable {
        case pop
        case popTo(ScreenRef)
        /// Dismiss a modal, presented by the modal below it or by the navigator's stack.
        case dismiss(ScreenRef, presentedBy: ScreenRef?)

        /// The host operation that carries the plan out on the navigator's stack.
        @MainActor
        func operation(in stack: ContainerID) -> HostOperation {
            switch self {
            case .pop: .pop(stack)
            case .popTo(let entry): .popTo(.screen(entry), in: stack)
            case .dismiss(_, let presenter): .dismiss(presentedBy: presenter.map(NodeRef.screen) ?? .container(stack))
            }
        }
    }

    /// The screen the user is looking at: the top-most modal, else the top of the stack.
    var current: Entry? { modals.last ?? top?.entry }

    /// The declaration index ``StackNavigator/goNext()`` goes to: the first after the current
    /// screen's that applies.
    func nextRegistration(count: Int, applies: (Int) -> Bool = { _ in true }) throws -> Int {
        guard let current else {
            throw FlowError(.notFound, "The navigator shows no screen, so there is no next one.")
        }
        guard let index = current.registration else {
            throw FlowError(.notFound, "\(current.screen) was not made by this navigator's registry, so it has no place in its order.")
        }
        guard let next = (index + 1..<max(count, index + 1)).first(where: applies) else {
            let applying = index + 1 < count ? " that applies now" : ""
            throw FlowError(.noNextScreen, "\(current.screen) is the last registered screen\(applying); there is no next one.")
        }
        return next
    }

    /// Throws unless a screen may be pushed: not while a modal is presented above the stack.
    func requirePushAllowed() throws {
        if let modal = modals.last {
            throw FlowError(.hostRejected, "\(modal.screen) is presented over the stack; dismiss it with getBack(.modal) before pushing.")
        }
        try requireUncovered("pushing")
    }

    /// Throws while someone else's presentation covers the navigator: the same answer whether the
    /// navigator's own modal or its stack lies beneath it.
    private func requireUncovered(_ request: @autoclosure () -> String) throws {
        if let cover {
            throw FlowError(
                .hostRejected, "\(cover) is presented over the navigator and is not its own; it must be dismissed (a child flow ended) before \(request()).")
        }
    }

    /// What a back request does from here.
    func backPlan(_ style: BackStyle) throws -> BackPlan {
        switch style.kind {
        case .modal:
            try requireUncovered("\(style)")
            guard let modal = modals.last else {
                throw FlowError(.nothingToGoBackTo, "No modal screen is presented, so there is nothing to dismiss.")
            }
            return .dismiss(modal.screen, presentedBy: modals.dropLast().last?.screen)
        case .pop:
            try requireSomethingBelowTop(style)
            return .pop
        case .popToRoot:
            try requireSomethingBelowTop(style)
            guard let bottom = (0..<count).lazy.compactMap(read).first else { preconditionFailure("Two screens were just found.") }
            return .popTo(bottom.screen)
        case .popTo(let type):
            let top = try requireSomethingBelowTop(style)
            if let target = screens(below: top.index).first(where: { $0.screen.type == type }) {
                return .popTo(target.screen)
            }
            if top.entry.screen.type == type {
                throw FlowError(.nothingToGoBackTo, "\(top.entry.screen) is already on top; there is no \(type) below it to go back to.")
            }
            throw FlowError(.notFound, "No \(type) is in the stack to go back to.")
        case .popToScreen(let screen):
            let top = try requireSomethingBelowTop(style)
            if top.entry.screen == screen {
                throw FlowError(.nothingToGoBackTo, "\(screen) is already on top.")
            }
            guard screens(below: top.index).contains(where: { $0.screen == screen }) else {
                throw FlowError(.notFound, "\(screen) is not one of the navigator's screens on its stack.")
            }
            return .popTo(screen)
        case .popToIndex(let index):
            guard (0..<count).contains(index), let entry = read(index) else {
                throw FlowError(.indexOutOfRange, "The navigator has \(count) entries on its stack; there is no screen at \(index).")
            }
            return try backPlan(.popTo(screen: entry.screen))
        }
    }

    /// The navigator's screens a back plan takes away, top first.
    func leaving(after plan: BackPlan) -> [ScreenRef] {
        switch plan {
        case .pop:
            // A pop takes the stack's top-most entry: when that is not a screen (a child's tab
            // group), none of the navigator's screens leave.
            guard let top, top.index == count - 1 else { return [] }
            return [top.entry.screen]
        case .popTo(let target):
            guard let top else { return [] }
            return [top.entry.screen] + screens(below: top.index).prefix { $0.screen != target }.map(\.screen)
        case .dismiss(let modal, _):
            return modals.reversed().map(\.screen).prefix { $0 != modal } + [modal]
        }
    }

    /// Going back within the stack needs no modal above it and a screen below the top; returns the top.
    @discardableResult
    private func requireSomethingBelowTop(_ style: BackStyle) throws -> (index: Int, entry: Entry) {
        if let modal = modals.last {
            throw FlowError(.hostRejected, "\(modal.screen) is presented over the stack; dismiss it with getBack(.modal) before \(style).")
        }
        try requireUncovered("\(style)")
        guard let top, screen(atOrBelow: top.index - 1) != nil else {
            throw FlowError(.nothingToGoBackTo, "\(top?.entry.screen.description ?? "The navigator") is at the root; there is nothing to go back to.")
        }
        return top
    }
}
