import FlowKernel
import FlowRuntime

/// What a navigator keeps between requests, as a value: where it shows itself, which registration
/// made each screen it shows and with what argument, its modals' `whenDismissed` callbacks, and the
/// argument carried to the next screen.
///
/// A request decides a ``Change`` and hands it to its run with the host change; the run has the
/// navigator apply it only once the host made the change. A
/// change rather than a new state: the tables grow with the stack, and a request's change is a
/// few entries.
@MainActor
@usableFromInline package struct StackState {
    /// Where the navigator shows itself: its stack, and its first screen (on a shared stack,
    /// nothing below it is the navigator's).
    var mount: FlowMount?
    /// The registration that made each screen the navigator shows (its declaration index), by
    /// instance, with the screen's reference to tell whether it is still shown.
    var origins: [ObjectIdentifier: (registration: Int, screen: ScreenRef)] = [:]
    /// The argument each screen made with one was given, by instance: what a snapshot saves. Kept
    /// apart from ``origins`` so that a screen without one costs nothing more.
    var arguments: [ObjectIdentifier: Any] = [:]
    /// The `whenDismissed` callbacks of the modals the navigator shows, in the order presented.
    var modalCallbacks: [(screen: ScreenRef, callback: () -> Void)] = []
    /// The argument the last screen shown was given, for the next screen to read.
    var carried: Argument = .none

    /// A screen shown, with the registration that made it and its argument.
    struct Adoption {
        var screen: ScreenRef
        var registration: Int
        var argument: Argument

        init(_ screen: ScreenRef, _ registration: Int, _ argument: Argument) {
            self.screen = screen
            self.registration = registration
            self.argument = argument
        }
    }

    /// What a request changes of the state, applied once the host made its change.
    @usableFromInline package struct Change {
        /// Where the navigator shows itself, when the request changes it.
        var mount: FlowMount?
        /// The modals whose `whenDismissed` callbacks the request takes, to run once it is made.
        var dismissed: [ScreenRef] = []
        /// A new modal's callback.
        var remembering: (screen: ScreenRef, callback: (() -> Void)?)?
        /// Screens the navigator no longer shows.
        var forgetting: [ScreenRef] = []
        /// A screen the navigator now shows, with the registration that made it and its argument:
        /// what a push or a presentation adds, with no array to allocate.
        var adopting: Adoption?
        /// Screens the navigator now shows, for a request that shows several.
        var adoptingAll: [Adoption] = []
        /// The argument handed to the next screen.
        var carrying: Argument = .none
        /// A screen the change shows, with the registration that made it: its scope keeps it, and
        /// it learns its navigator, once the host shows it.
        var showing: (screen: any Screen, registration: Registration)?
        /// Screens the change shows, for a request that shows several.
        var showingAll: [(screen: any Screen, registration: Registration)] = []
    }

    /// Applies a change the host has made.
    ///
    /// - Returns: the callbacks of the modals it dismissed, in the order given.
    mutating func apply(_ change: Change) -> [() -> Void] {
        // Taken before a new modal's is kept: a screen its scope keeps may be both.
        let callbacks = change.dismissed.compactMap { takeDismissalCallback(for: $0) }
        if let remembering = change.remembering { rememberDismissal(of: remembering.screen, remembering.callback) }
        if !change.forgetting.isEmpty { forget(change.forgetting) }
        if let entry = change.adopting { adopt(entry.screen, at: entry.registration, argument: entry.argument) }
        for entry in change.adoptingAll { adopt(entry.screen, at: entry.registration, argument: entry.argument) }
        carry(change.carrying)
        if let mount = change.mount { self.mount = mount }
        return callbacks
    }

    /// A screen shown: the registration that made it, and its argument.
    mutating func adopt(_ screen: ScreenRef, at index: Int, argument: Argument) {
        origins[screen.instance] = (index, screen)
        if case .some(let value) = argument {
            arguments[screen.instance] = value
        } else if !arguments.isEmpty {
            arguments[screen.instance] = nil
        }
    }

    /// Screens the navigator no longer shows: their origins, arguments and callbacks go.
    mutating func forget(_ screens: [ScreenRef]) {
        for screen in screens { origins[screen.instance] = nil }
        if !arguments.isEmpty {
            for screen in screens { arguments[screen.instance] = nil }
        }
        modalCallbacks.removeAll { entry in screens.contains(entry.screen) }
    }

    /// An argument handed to the next screen; a value of `Void` carries nothing.
    mutating func carry(_ argument: Argument) {
        guard case .some(let value) = argument, !(value is Void) else { return }
        carried = argument
    }

    /// Keeps a modal's dismissal callback, replacing whatever an earlier screen with the same
    /// identity left: a screen taken away by someone else is forgotten only when its identity is
    /// shown again.
    mutating func rememberDismissal(of screen: ScreenRef, _ callback: (() -> Void)?) {
        modalCallbacks.removeAll { $0.screen == screen }
        if let callback { modalCallbacks.append((screen, callback)) }
    }

    /// Takes a modal's dismissal callback, which runs once.
    mutating func takeDismissalCallback(for screen: ScreenRef) -> (() -> Void)? {
        guard let index = modalCallbacks.firstIndex(where: { $0.screen == screen }) else { return nil }
        return modalCallbacks.remove(at: index).callback
    }

    /// Keeps only what is still shown after someone else's change.
    ///
    /// - Returns: the callbacks of the modals taken away, in the order presented.
    mutating func keepShown(_ isShown: (ScreenRef) -> Bool) -> [() -> Void] {
        let dismissed = modalCallbacks.filter { !isShown($0.screen) }.map(\.callback)
        modalCallbacks.removeAll { !isShown($0.screen) }
        origins = origins.filter { isShown($0.value.screen) }
        if !arguments.isEmpty { arguments = arguments.filter { origins[$0.key] != nil } }
        return dismissed
    }

    /// Everything the navigator kept for its screens let go of; the mount keeps its first entry.
    mutating func release() {
        origins = [:]
        arguments = [:]
        modalCallbacks = []
        carried = .none
        mount?.didRemove()
    }
}
