import FlowKernel
import FlowRuntime
import FlowSnapshot

/// What a coordinator saves: its own screens, each as its ``StackCoordinator/save(_:)`` saved it,
/// and the tab it shows when it is a tab coordinator.
struct SavedCoordinatorState: Codable, Hashable {
    /// One screen: its type, and what the coordinator saved of it, or why nothing.
    struct Screen: Codable, Hashable {
        /// The screen's type.
        var screen: String
        /// What ``StackCoordinator/save(_:)`` saved.
        var value: SavedValue?
        /// Why nothing was saved.
        var unsaved: String?
        /// The screen's own state (``/FlowSnapshot/StatefulScreen``).
        var state: SavedValue?

        var label: String { screen + (value.map { "(\($0))" } ?? "") }
    }

    /// The coordinator's screens, from its first up to its top (below a child running on its
    /// stack).
    var screens: [Screen]
    /// The selected tab of a tab coordinator.
    var selectedTab: Int?
    /// The items of a tab coordinator, by name.
    var items: [String]?
    /// The running child's name, for people; the child saves itself.
    var child: String?
    /// The sheet the coordinator presents over its screens.
    var sheet: Screen?
}

extension StackCoordinator: RestorableFlow {
    /// `coordinator`.
    public var strategy: String { "coordinator" }

    /// Where the coordinator shows itself, once started.
    public var savedPlacement: SavedPlacement? { mount.map { SavedPlacement($0.site) } }

    /// The coordinator's own screens from its first up to its top, each as ``save(_:)`` saves it
    /// (or a note that it does not), the sheet it presents, the selected tab of a tab
    /// coordinator, and the name of its running child.
    public func savedState() -> SavedValue {
        guard let host = state.host, let mount, let stack = mount.stack else { return SavedValue(flowState: SavedCoordinatorState(screens: [])) }
        let child = runningChild
        var screens: [SavedCoordinatorState.Screen] = []
        for index in mount.ownEntries(on: host) {
            // A tab group the coordinator shows is saved by its tab selection; a child's screens
            // by the child.
            guard let entry = host.child(at: index, of: .container(stack)), let ref = entry.screen, let screen = host.screen(for: ref),
                !host.flows.flows.contains(where: { $0 !== self && $0.baseNode == entry })
            else { break }
            let type = ScreenType(of: screen)
            let state = ScreenState.save(screen)
            if let value = save(screen) {
                screens.append(.init(screen: type.name, value: value, state: state))
            } else if screens.isEmpty {
                // The first screen is the one start() shows again; its type is all a restore needs.
                screens.append(.init(screen: type.name, state: state))
            } else {
                screens.append(.init(screen: type.name, unsaved: "\(Self.self) does not save \(type) (override save(_:) and restoreScreen(from:))"))
            }
            if child?.shares == true, entry == child?.snapshot { break }
        }
        var sheet: SavedCoordinatorState.Screen?
        if let screen = presentedSheet {
            let type = ScreenType(of: screen)
            let unsaved = "\(Self.self) does not save \(type) (override save(_:) and restoreScreen(from:))"
            let value = save(screen)
            sheet = .init(screen: type.name, value: value, unsaved: value == nil ? unsaved : nil, state: ScreenState.save(screen))
        }
        return SavedValue(
            flowState: SavedCoordinatorState(
                screens: screens, selectedTab: restorationSelection(), items: restorationItems(), child: child?.id.name, sheet: sheet))
    }

    /// Starts the coordinator — its ``start()`` runs, showing its first screen and, for a tab
    /// coordinator, its items — then brings back the saved screens and tab (see
    /// ``restoreRunning(_:on:)``). The changes' origin is
    /// ``/FlowKernel/FlowEvent/Origin/restored(for:)``.
    ///
    /// - Throws: ``/FlowKernel/FlowError``, and shows nothing, when the state cannot be read
    ///   (`invalidSnapshot`), the coordinator has started or ended, or ``start()`` fails.
    public func restore(_ saved: SavedFlow, on host: any FlowHost, parent: FlowID?) throws -> [RestorationReport.Entry] {
        // A state that cannot be read is refused before start() shows anything.
        _ = try run.restoring(saved, as: SavedCoordinatorState.self, named: "The coordinator '\(id)'")
        let mount = try FlowMount(for: id, at: FlowMount.Site(saved.placement.placement ?? .presented), on: host)
        try begin(on: host, mount: mount, parent: parent, origin: .restored(for: id))
        return try restoreRunning(saved, on: host)
    }

    /// Brings back the saved screens over the first one ``start()`` showed, in one change with
    /// every guard asked first (a refusal is tried again one screen shorter), and the saved tab of
    /// a tab coordinator — for a coordinator that runs already, such as a tab coordinator's item
    /// its restored parent started.
    ///
    /// What cannot come back cuts the stack there, reported with its reason: a first screen of
    /// another type than ``start()`` shows now, a screen ``save(_:)`` did not save or
    /// ``restoreScreen(from:)`` cannot make, a screen a guard refuses, a tab that is not there.
    public func restoreRunning(_ saved: SavedFlow, on host: any FlowHost) throws -> [RestorationReport.Entry] {
        var restoring = try run.restoringRunning(saved, as: SavedCoordinatorState.self, named: "The coordinator '\(id)'")
        let state = restoring.state
        guard phase == .running, let mount, mount.stack != nil else {
            throw FlowError(.flowNotStarted, "The coordinator '\(id)' does not run; it restores as it starts.")
        }
        let origin = restoring.origin
        var made: [any Screen] = []
        let first = mount.firstEntry.flatMap { $0.screen }.flatMap(host.screen(for:))
        if let expected = state.screens.first {
            if let first, ScreenType(of: first).name == expected.screen {
                made = restoring.make(state.screens.dropFirst()) { try restoredScreen($0) }
            } else {
                restoring.note("the coordinator's first screen is now \(first.map { "\(ScreenType(of: $0))" } ?? "not a screen"), not \(expected.screen)")
            }
        }
        // The screens above the first come back in one change; a refused one changes nothing, and
        // is tried again one screen shorter.
        if let first {
            let held = restoring.longestPrefix(of: made.count, atLeast: 1) { count in
                try decideFromState { host in try replacing(with: ([first] + made.prefix(count)).map { .screen($0) }, origin: origin, on: host) }
            }
            made = Array(made.prefix(max(held, 0)))
        }
        var shown = state.screens.isEmpty ? 0 : made.count + 1
        let sameFirst = first.map { ScreenType(of: $0).name } == state.screens.first?.screen
        // The sheet comes back over the screens when all of them did.
        var elements = state.screens.map { ($0.label, $0.state) }
        if let saved = state.sheet {
            elements.append(("sheet " + saved.label, saved.state))
            if sameFirst, shown == state.screens.count, let sheet = restoreSheet(saved, restoring: &restoring) {
                made.append(sheet)
                shown += 1
            }
        }
        // The screens' own state, once they are shown again.
        let screens = restoring.report(
            elements: elements, screens: (sameFirst ? first.map { [$0] } ?? [] : []) + made, shown: shown,
            cut: "a screen before it could not come back")
        var report: [RestorationReport.Entry] = []
        var subject = screens[0].subject
        if let items = state.items {
            do {
                let closed = try restoreItems(items)
                if !closed.isEmpty { subject += (subject.isEmpty ? "" : ", ") + "items \(closed.reversed().joined(separator: ", ")) closed" }
            } catch {
                report.append(.init(flow: id.name, outcome: .repaired, subject: "the items", reason: FlowError.wrapping(error).message))
            }
        }
        if let selected = state.selectedTab {
            // Counted from 1, as people count tabs; a saved index past any tab is named as it is.
            let tab = (0..<Int.max).contains(selected) ? "tab \(selected + 1)" : "the tab at index \(selected)"
            do {
                if try restoreSelection(selected, origin: origin, on: host) {
                    subject += (subject.isEmpty ? "" : ", ") + "\(tab) selected"
                } else {
                    report.append(.init(flow: id.name, outcome: .repaired, subject: tab, reason: "the coordinator has no such tab now"))
                }
            } catch {
                report.append(.init(flow: id.name, outcome: .repaired, subject: tab, reason: FlowError.wrapping(error).message))
            }
        }
        // The first line says what came back: the screens, then the items and the tab.
        return [.init(flow: id.name, outcome: .restored, subject: subject.isEmpty ? "the coordinator" : subject)] + report + screens.dropFirst()
    }

    /// Takes a flow saved as this coordinator's running child back as its child.
    public func adoptRestoredChild(_ restored: any RestorableFlow, placement: SavedPlacement) {
        guard child == nil, let flow = restored as? any Flow, let host = state.host, let stack else { return }
        var snapshot: NodeRef?
        let shares = placement == .onStack(stack.name)
        if shares, let base = restored.baseNode, let index = host.place(of: base)?.index, index > 0 {
            snapshot = host.child(at: index - 1, of: .container(stack))
        }
        state.begin(flow, shares: shares, snapshot: snapshot)
        follow(flow)
        didRestore(child: flow)
    }

    private func follow<Child: Flow>(_ flow: Child) {
        flow.onFinish { [weak self, weak flow] _ in
            if let self, let flow { self.childDidFinish(flow) }
        }
    }

    /// Presents a saved sheet again, for the restore, and gives it back what the app wires
    /// (``didRestore(sheet:)``); `nil`, with the reason noted, when it cannot come back.
    private func restoreSheet(_ saved: SavedCoordinatorState.Screen, restoring: inout Restoring<SavedCoordinatorState>) -> (any Screen)? {
        do {
            let sheet = try restoredScreen(saved)
            try present(sheet: sheet, onDismiss: nil, origin: restoring.origin)
            state.sheet?.onDismiss = didRestore(sheet: sheet)
            return sheet
        } catch {
            restoring.note(error)
            return nil
        }
    }

    private func restoredScreen(_ entry: SavedCoordinatorState.Screen) throws -> any Screen {
        guard let value = entry.value else { throw FlowError(.notFound, "\(entry.screen) was not saved: \(entry.unsaved ?? "nothing says why")") }
        let screen: (any Screen)?
        do {
            screen = try restoreScreen(from: value)
        } catch {
            throw FlowError(.factoryFailed, "\(Self.self) could not make \(entry.screen) again: \(FlowError.wrapping(error).message)")
        }
        guard let screen else { throw FlowError(.notFound, "\(Self.self) made no screen for \(entry.label)") }
        guard ScreenType(of: screen).name == entry.screen else {
            throw FlowError(.argumentTypeMismatch, "\(Self.self) made a \(ScreenType(of: screen)) for \(entry.label)")
        }
        return screen
    }
}
