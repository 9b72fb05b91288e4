import FlowKernel
import FlowRuntime
import FlowSnapshot

/// What a navigator saves: its entries and its modals, each by registration and argument.
struct SavedStackState: Codable, Hashable {
    /// One screen, by the registration that made it.
    struct Entry: Codable, Hashable {
        /// The registration's screen type.
        var screen: String
        /// The registration's identifier, if it has one.
        var identifier: String?
        /// The argument the screen was made with, if its registration takes one.
        var argument: SavedArgument?
        /// The registration's scope, for people reading the snapshot.
        var scope: String
        /// For a modal with a `whenDismissed` callback: a note that the closure was not saved.
        var whenDismissed: String?
        /// The screen's own state (``/FlowSnapshot/StatefulScreen``).
        var state: SavedValue?

        var label: String {
            screen + (identifier.map { "#\($0)" } ?? "") + (argument.map { "(\($0.label))" } ?? "")
        }
    }

    /// The navigator's own entries, bottom first.
    var entries: [Entry]
    /// Its modals, the one over the stack first.
    var modals: [Entry]
}

extension StackNavigator: RestorableFlow {
    /// `stack`.
    public var strategy: String { "stack" }

    /// Where the navigator shows itself, once started.
    public var savedPlacement: SavedPlacement? { mount.map { SavedPlacement($0.site) } }

    /// The navigator's entries and modals, each by registration (type, identifier, scope) and
    /// the argument it was made with. An argument that is not `Codable`, and a modal's
    /// `whenDismissed` closure, are written as notes that say so.
    public func savedState() -> SavedValue {
        guard let host = run.host else { return SavedValue(flowState: SavedStackState(entries: [], modals: [])) }
        let position = position(on: host)
        // Entries a child flow pushed onto the stack are the child's to save.
        let entries = position.entries.compactMap { savedEntry(of: $0.screen, on: host) }
        let modals = position.modals.compactMap { savedEntry(of: $0.screen, on: host) }
        return SavedValue(flowState: SavedStackState(entries: entries, modals: modals))
    }

    private func savedEntry(of screen: ScreenRef, on host: any FlowHost) -> SavedStackState.Entry? {
        guard let made = madeBy(screen), registry.registrations.indices.contains(made.registration) else { return nil }
        let registration = registry.registrations[made.registration]
        var argument: SavedArgument?
        if case .some(let value) = made.argument { argument = SavedArgument(saving: value, as: registration.argumentTypeName) }
        return SavedStackState.Entry(
            screen: registration.screenType.name, identifier: registration.identifier, argument: argument, scope: "\(registration.scope)",
            whenDismissed: hasDismissalCallback(screen) ? "a closure, which is not saved" : nil, state: host.screen(for: screen).flatMap(ScreenState.save))
    }

    /// Starts the navigator and brings back a saved stack: the first entry as its root, then the
    /// rest and the modals through ``arrive(at:presenting:)``'s path, guards asked, the changes'
    /// origin ``/FlowKernel/FlowEvent/Origin/restored(for:)``.
    ///
    /// What cannot come back cuts the tail from there, reported with its reason: a screen whose
    /// registration is gone, an argument that was not saved or no longer reads as the
    /// registration's type, a modal whose `whenDismissed` was not saved (give it back with
    /// ``restoringDismissal``), a screen a guard refuses.
    ///
    /// - Throws: ``/FlowKernel/FlowError``, and shows nothing, when the state cannot be read
    ///   (`invalidSnapshot`), the navigator has started (`flowAlreadyStarted`, `flowFinished`),
    ///   or its first screen cannot come back (the reason it could not).
    public func restore(_ saved: SavedFlow, on host: any FlowHost, parent: FlowID?) throws -> [RestorationReport.Entry] {
        try restore(saved, as: SavedStackState.self, named: "The stack flow '\(id)'", on: host, parent: parent) { state in
            guard !state.entries.isEmpty else {
                throw FlowError(.invalidSnapshot, "The stack flow '\(id)' was saved with no screen.")
            }
            let entryCount = state.entries.count
            var plan = RestorePlan(
                elements: state.entries.map { (entry: $0, modal: false) } + state.modals.map { (entry: $0, modal: true) },
                label: { (($0.modal ? "(modal) " : "") + $0.entry.label, $0.entry.state) },
                make: { try self.restoredRequest(for: $0.entry, modal: $0.modal) },
                begin: { root, placement, origin in try self.begin(on: host, placement: placement, parent: parent, root: root, origin: origin) },
                // The rest arrives as a link's destination does, with every guard asked first: the
                // entries and the first modal in one arrival.
                show: { requests, origin in
                    try self.arrive(
                        at: Array(requests.prefix(entryCount)), presenting: requests.count > entryCount ? requests[entryCount] : nil, origin: origin)
                },
                screens: {
                    let position = self.position(on: host)
                    return (position.entries + position.modals).compactMap { host.screen(for: $0.screen) }
                },
                cut: "an element before it could not come back")
            plan.limit = entryCount + 1
            // Modals over the first one are presented one by one; the first refused cuts the rest.
            plan.rest = { requests, shown, origin, restoring in
                guard shown == entryCount + 1 else { return shown }
                var shown = shown
                for request in requests.dropFirst(shown) {
                    do {
                        try self.navigate(request, origin: origin)
                        shown += 1
                    } catch {
                        restoring.note(error)
                        break
                    }
                }
                return shown
            }
            return plan
        }
    }

    /// The request that makes a saved entry again, or the reason it cannot.
    private func restoredRequest(for entry: SavedStackState.Entry, modal: Bool) throws -> ForwardRequest {
        guard let index = registry.registrations.firstIndex(where: { $0.screenType.name == entry.screen && $0.identifier == entry.identifier }) else {
            throw FlowError(.unregisteredScreen, "\(entry.label) is no longer registered")
        }
        let registration = registry.registrations[index]
        var argument = Argument.none
        switch (entry.argument, registration.argumentType) {
        case (nil, nil):
            break
        case (let saved?, let type?):
            argument = .some(try saved.read(as: type, for: "the argument of \(entry.label)"))
        case (nil, _?):
            throw FlowError(.argumentTypeMismatch, "\(entry.label) now needs an argument of type \(registration.argumentTypeName ?? ""), and none was saved")
        case (_?, nil):
            throw FlowError(.argumentTypeMismatch, "\(entry.label) was saved with an argument, and its registration now takes none")
        }
        var whenDismissed: (() -> Void)?
        if modal, entry.whenDismissed != nil {
            guard let callback = restoringDismissal?(registration) else {
                throw FlowError(.notFound, "the whenDismissed of \(entry.label) was a closure, which is not saved; give it back with restoringDismissal")
            }
            whenDismissed = callback
        }
        return ForwardRequest(target: .registration(at: index), argument: argument, modal: modal, whenDismissed: whenDismissed)
    }
}
