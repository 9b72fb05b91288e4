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
    /// What the logic remembers (``FlowLogic/Memory``), when it remembers something `Codable`.
    var memory: SavedValue?
    /// Why what the logic remembers could not be saved, when it could not.
    var unsavedMemory: String?
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
        var saved = SavedPath(stack: path.stackItems.map(saved), modals: path.modalItems.map(saved))
        (saved.memory, saved.unsavedMemory) = savedMemory()
        return SavedValue(flowState: saved)
    }

    /// What the logic remembers, as saved: nothing for a logic that remembers nothing, a note for
    /// a memory that is not `Encodable` or could not be encoded.
    private func savedMemory() -> (SavedValue?, String?) {
        guard Logic.Memory.self != Void.self else { return (nil, nil) }
        guard let encodable = memory as? any Encodable else { return (nil, "\(Logic.Memory.self) is not Encodable") }
        do {
            return (try SavedValue(encoding: encodable), nil)
        } catch {
            return (nil, "it could not be encoded: \(error)")
        }
    }

    /// What the logic remembered, read back, or why it cannot be.
    private func restoredMemory(from saved: SavedPath) -> Swift.Result<Logic.Memory, FlowError>? {
        guard Logic.Memory.self != Void.self else { return nil }
        guard let value = saved.memory else {
            return .failure(FlowError(.invalidSnapshot, "it was not saved: \(saved.unsavedMemory ?? "the snapshot has none")"))
        }
        guard let type = Logic.Memory.self as? any Decodable.Type else {
            return .failure(FlowError(.invalidSnapshot, "\(Logic.Memory.self) is not Decodable"))
        }
        func read<T: Decodable>(_ type: T.Type) throws -> Any { try value.decode(type) }
        do {
            guard let memory = try read(type) as? Logic.Memory else { return nil }
            return .success(memory)
        } catch {
            return .failure(FlowError(.invalidSnapshot, "it no longer reads as \(Logic.Memory.self): \(NavigationSnapshot.explain(error))"))
        }
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
        var remembered: Swift.Result<Logic.Memory, FlowError>?
        var report = try restore(saved, as: SavedPath.self, named: "The flow '\(id)'", on: host, parent: parent) { state in
            guard !state.stack.isEmpty else { throw FlowError(.invalidSnapshot, "The flow '\(id)' was saved with no screen.") }
            let labels = state.stack.map(\.label) + state.modals.map { "(modal) \($0.label)" }
            return RestorePlan(
                elements: Array(zip(labels, state.stack + state.modals)),
                label: { ($0.0, $0.1.state) },
                make: { element -> Logic.Entry in
                    guard let value = element.1.entry else {
                        throw FlowError(.invalidSnapshot, "\(element.1.label) was not saved: \(element.1.unsaved ?? "")")
                    }
                    do {
                        return try value.decode(Logic.Entry.self)
                    } catch {
                        throw FlowError(.invalidSnapshot, "\(element.1.label) no longer reads as \(Logic.Entry.self): \(NavigationSnapshot.explain(error))")
                    }
                },
                begin: { first, placement, origin in
                    try self.begin(on: host, placement: placement, parent: parent, first: first, origin: origin)
                    // What the logic remembered comes back with the flow; one that cannot starts afresh.
                    let memory = self.restoredMemory(from: state)
                    if case .success(let value) = memory { self.memory = value }
                    remembered = memory
                },
                // The rest arrives in one change.
                show: { entries, origin in
                    try self.decide { position, host in
                        let onStack = min(entries.count, state.stack.count)
                        let target = FlowPath(
                            stack: position.path.stackItems + entries[1..<onStack].map { .init(entry: $0, screen: nil) },
                            modals: entries[onStack..<entries.count].map { .init(entry: $0, screen: nil) })
                        return .change(try self.plan(target, from: position, on: host, origin: origin))
                    }
                },
                screens: {
                    let path = self.position(on: host).path
                    return (path.stackItems + path.modalItems).compactMap { $0.screen.flatMap(host.screen(for:)) }
                },
                cut: "an entry before it could not come back")
        }
        if case .failure(let error) = remembered {
            report.append(
                RestorationReport.Entry(flow: id.name, outcome: .repaired, subject: "what the logic remembers", reason: "started afresh: " + error.message))
        }
        return report
    }
}
