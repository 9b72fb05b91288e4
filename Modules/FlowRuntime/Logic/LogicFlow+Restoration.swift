import FlowKernel
import FlowSnapshot

/// What a ``LogicFlow`` saves: its path, each entry with its screen's own state.
struct SavedPath: Codable, Hashable {
    /// One entry of the path.
    struct Entry: Codable, Hashable {
        /// The entry as the logic's `Codable` value wrote it, unless it could not be encoded.
        var entry: SavedValue?
        /// Why the entry could not be saved, for one that could not.
        var unsaved: String?
        /// The entry as a person reads it in a report.
        var label: String
        /// The screen's own state (``/FlowSnapshot/StatefulScreen``).
        var state: SavedValue?
    }

    /// The flow's stack, bottom first.
    var stack: [Entry]
    /// Its modals, the first presented first.
    var modals: [Entry]
}

extension LogicFlow: RestorableFlow where Logic.Entry: Codable {
    /// The logic's ``FlowLogic/strategy``.
    public var strategy: String { logic.strategy }

    /// Where the flow shows itself, once started.
    public var savedPlacement: SavedPlacement? { mount.map { SavedPlacement($0.site) } }

    /// The flow's path, each entry as its `Codable` value with its screen's own state. An entry
    /// that cannot be encoded is written as a note that says why; a restore cuts the path there.
    public func savedState() -> SavedValue {
        guard let host = run.host else { return SavedValue(flowState: SavedPath(stack: [], modals: [])) }
        let path = position(on: host).path
        func saved(_ item: FlowPath<Logic.Entry>.Item) -> SavedPath.Entry {
            let state = item.screen.flatMap { host.screen(for: $0) }.flatMap(ScreenState.save)
            do {
                return SavedPath.Entry(entry: try SavedValue(encoding: item.entry), label: "\(item.entry)", state: state)
            } catch {
                return SavedPath.Entry(unsaved: "it could not be encoded: \(error)", label: "\(item.entry)", state: state)
            }
        }
        return SavedValue(flowState: SavedPath(stack: path.stackItems.map(saved), modals: path.modalItems.map(saved)))
    }

    /// Starts the flow and brings back a saved path: its first entry as the flow starts, then the
    /// rest in one change, guards asked, made for ``/FlowKernel/FlowEvent/Origin/restored(for:)``.
    ///
    /// What cannot come back cuts the path from there, reported with its reason: an entry that
    /// was not saved or no longer reads as the logic's `Entry`, a screen the logic cannot make, a
    /// screen a guard refuses.
    ///
    /// - Throws: ``/FlowKernel/FlowError``, and shows nothing, when the state cannot be read
    ///   (`invalidSnapshot`), the flow has started (`flowAlreadyStarted`, `flowFinished`), or its
    ///   first entry cannot come back.
    public func restore(_ saved: SavedFlow, on host: any FlowHost, parent: FlowID?) throws -> [RestorationReport.Entry] {
        try run.requireReady()
        let state = try RestoringSteps.state(of: saved, as: SavedPath.self, flow: "The flow '\(id)'")
        guard let first = state.stack.first else {
            throw FlowError(.invalidSnapshot, "The flow '\(id)' was saved with no screen.")
        }
        let elements = state.stack + state.modals
        var refusal: String?
        let entries = RestoringSteps.make(elements, refusal: &refusal) { element -> Logic.Entry in
            guard let value = element.entry else { throw FlowError(.invalidSnapshot, "\(element.label) was not saved: \(element.unsaved ?? "")") }
            do {
                return try value.decode(Logic.Entry.self)
            } catch {
                throw FlowError(.invalidSnapshot, "\(element.label) no longer reads as \(Logic.Entry.self): \(NavigationSnapshot.explain(error))")
            }
        }
        guard let firstEntry = entries.first else {
            throw FlowError(.invalidSnapshot, "\(first.label) cannot come back: \(refusal ?? "it cannot be read")")
        }
        let origin = FlowEvent.Origin.restored(for: id)
        try begin(on: host, placement: saved.placement.placement ?? .presented, parent: parent, first: firstEntry, origin: origin)
        // The rest arrives in one change; a refusal changes nothing, so it is tried again without
        // its last entry until it passes.
        let shown = max(
            RestoringSteps.longestPrefix(of: entries.count, atLeast: 2, refusal: &refusal) { count in
                try run.request { host in
                    let position = position(on: host)
                    let onStack = min(count, state.stack.count)
                    let target = FlowPath(
                        stack: position.path.stackItems + entries[1..<onStack].map { .init(entry: $0, screen: nil) },
                        modals: entries[onStack..<count].map { .init(entry: $0, screen: nil) })
                    try show(target, from: position, on: host, origin: origin)
                }
            }, 1)
        let path = position(on: host).path
        let labels = state.stack.map(\.label) + state.modals.map { "(modal) \($0.label)" }
        return RestoringSteps.report(
            flow: id.name, elements: zip(labels, elements).map { ($0, $1.state) },
            screens: (path.stackItems + path.modalItems).compactMap { $0.screen.flatMap(host.screen(for:)) }, shown: shown, refusal: refusal,
            cut: "an entry before it could not come back")
    }
}
