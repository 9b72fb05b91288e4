import FlowKernel

/// Where a navigator is, read from the host's real stack, and what each request means from there.
///
/// This is the navigator's decision logic as a value: it decides, the navigator applies. Deriving
/// the position from what the host shows (not from flags on registrations, as SwiftyFlow did) is
/// what makes "jump out of order, then go back" land where the user came from.
struct StackPosition: Equatable {
    /// One screen the navigator shows, and the registration (by declaration index) that made it.
    struct Entry: Equatable {
        let screen: ScreenRef
        let registration: Int?
    }

    /// The navigator's own stack entries, bottom first.
    var entries: [Entry]
    /// The modal screens the navigator presented, first presented first.
    var modals: [Entry] = []

    /// What a back request does.
    enum BackPlan: Equatable {
        case pop
        case popTo(ScreenRef)
        case dismiss(ScreenRef)
    }

    /// The screen the user is looking at: the top-most modal, else the top of the stack.
    var current: Entry? { modals.last ?? entries.last }

    /// Whether the navigator shows this screen, on its stack or as a modal.
    func shows(_ screen: ScreenRef) -> Bool {
        entries.contains { $0.screen == screen } || modals.contains { $0.screen == screen }
    }

    /// The declaration index ``StackNavigator/goNext()`` goes to.
    func nextRegistration(count: Int) throws -> Int {
        guard let current else {
            throw FlowError(.notFound, "The navigator shows no screen, so there is no next one.")
        }
        guard let index = current.registration else {
            throw FlowError(.notFound, "\(current.screen) was not made by this navigator's registry, so it has no place in its order.")
        }
        guard index + 1 < count else {
            throw FlowError(.noNextScreen, "\(current.screen) is the last registered screen; there is no next one.")
        }
        return index + 1
    }

    /// Throws unless a screen may be pushed: not while a modal is presented above the stack.
    func requirePushAllowed() throws {
        if let modal = modals.last {
            throw FlowError(.hostRejected, "\(modal.screen) is presented over the stack; dismiss it with getBack(.modal) before pushing.")
        }
    }

    /// Throws if showing a registration's screen would show the current screen again (a double tap).
    func requireNotCurrent(registration index: Int, label: String) throws {
        if current?.registration == index {
            throw FlowError(.hostRejected, "\(label) is already the current screen.")
        }
    }

    /// What a back request does from here.
    func backPlan(_ style: BackStyle) throws -> BackPlan {
        switch style.kind {
        case .modal:
            guard let modal = modals.last else {
                throw FlowError(.nothingToGoBackTo, "No modal screen is presented, so there is nothing to dismiss.")
            }
            return .dismiss(modal.screen)
        case .pop:
            try requireSomethingBelowTop(style)
            return .pop
        case .popToRoot:
            try requireSomethingBelowTop(style)
            return .popTo(entries[0].screen)
        case .popTo(let type):
            try requireSomethingBelowTop(style)
            if let target = entries.dropLast().last(where: { $0.screen.type == type }) {
                return .popTo(target.screen)
            }
            if let top = entries.last, top.screen.type == type {
                throw FlowError(.nothingToGoBackTo, "\(top.screen) is already on top; there is no \(type) below it to go back to.")
            }
            throw FlowError(.notFound, "No \(type) is in the stack to go back to.")
        }
    }

    /// Going back within the stack needs no modal above it and a screen below the top.
    private func requireSomethingBelowTop(_ style: BackStyle) throws {
        if let modal = modals.last {
            throw FlowError(.hostRejected, "\(modal.screen) is presented over the stack; dismiss it with getBack(.modal) before \(style).")
        }
        guard entries.count > 1 else {
            throw FlowError(.nothingToGoBackTo, "\(entries.last?.screen.description ?? "The navigator") is at the root; there is nothing to go back to.")
        }
    }
}
