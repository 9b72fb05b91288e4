import FlowKernel
import FlowSnapshot

/// A running flow that can save where it stands and come back there: every FlowKit strategy's
/// flow is one.
///
/// ## Implementation requirements
/// - ``savedState()`` never fails: what cannot be saved (a closure, a value that is not
///   `Codable`) is written into the state as a note that says so, and ``restore(_:on:parent:)``
///   cuts the flow's tail from there and reports it.
/// - ``restore(_:on:parent:)`` starts the flow (it has not started) and brings back the saved
///   state through the flow's own arrival path, as a deep link arrives: guards are asked, and
///   the changes' origin is ``/FlowKernel/FlowEvent/Origin/restored(for:)``. It restores the flow whole or
///   not at all: it throws, and shows nothing, when not even the flow's first screen can come
///   back; otherwise it returns what it restored and what it cut, each with its reason.
@MainActor
public protocol RestorableFlow: RunningFlow {
    /// The strategy's name in a snapshot: `stack`, `chain`, `router`, `coordinator`.
    var strategy: String { get }
    /// Where the flow shows itself, once started.
    var savedPlacement: SavedPlacement? { get }
    /// The flow's own state as it stands: the screens it shows and the values that made them.
    func savedState() -> SavedValue
    /// Starts the flow and brings back a saved state; see the requirements above.
    func restore(_ saved: SavedFlow, on host: any FlowHost, parent: FlowID?) throws -> [RestorationReport.Entry]
    /// Brings back a saved state onto the flow while it runs already: a flow its restored parent
    /// started by itself (a tab coordinator's items, started by its `start()`). By default the
    /// flow refuses (`flowAlreadyStarted`), and the restore drops the saved flow with the reason.
    func restoreRunning(_ saved: SavedFlow, on host: any FlowHost) throws -> [RestorationReport.Entry]
    /// Told that a flow saved as this flow's child came back as its child, so that a flow that
    /// keeps its children (a coordinator's one running child) takes it back. By default, nothing.
    func adoptRestoredChild(_ child: any RestorableFlow, placement: SavedPlacement)
}

extension RestorableFlow {
    /// Refuses: the flow runs already, and restores only as it starts.
    public func restoreRunning(_ saved: SavedFlow, on host: any FlowHost) throws -> [RestorationReport.Entry] {
        throw FlowError(.flowAlreadyStarted, "The flow '\(id)' runs already; it restores only as it starts.")
    }

    /// Nothing: the tree keeps the child.
    public func adoptRestoredChild(_ child: any RestorableFlow, placement: SavedPlacement) {}
}

extension FlowTree {
    /// Saves what the host shows and every flow running on it, parents first.
    ///
    /// A flow that does not adopt ``RestorableFlow`` is written as one that cannot be saved, with
    /// the reason, so a restore reports it instead of leaving it out silently.
    ///
    /// - Parameters:
    ///   - host: The host the tree belongs to, whose hierarchy is saved beside the flows.
    ///   - appVersion: The app's own version of its navigation (see ``/FlowSnapshot/SnapshotMigrations``).
    public func snapshot(of host: any FlowHost, appVersion: Int = 1) -> NavigationSnapshot {
        let saved = flows.filter { $0.phase == .running }.map { flow -> SavedFlow in
            let parent = parent(of: flow)?.id.name
            guard let restorable = flow as? any RestorableFlow, let placement = restorable.savedPlacement else {
                return SavedFlow(
                    id: flow.id.name, strategy: "\(type(of: flow))", parent: parent, placement: .presented, state: nil,
                    unsaved: "\(type(of: flow)) does not save itself (it does not adopt RestorableFlow)")
            }
            var saved = SavedFlow(id: flow.id.name, strategy: restorable.strategy, parent: parent, placement: placement, state: restorable.savedState())
            saved.alert = (flow as? any FlowTreeMember)?.waitingAlert
            return saved
        }
        return NavigationSnapshot(appVersion: appVersion, hierarchy: host.hierarchy.root.map(SavedNode.init), flows: saved)
    }
}

extension NavigationSnapshot {
    /// Brings the saved flows back on a host, parents before their children, each through its
    /// strategy's guarded arrival path, and reports what came back.
    ///
    /// `make` makes each flow as the app makes it — with its registry, its steps, its handlers —
    /// not started; the restore starts it. A flow is dropped, with its reason, when the app makes
    /// none for it, makes one of another strategy or name, when it was saved without a state,
    /// when its parent was not restored (a parent missing, listed after it, or in a cycle), when
    /// it was saved at the root and another restored flow shows the root, or when not even its
    /// first screen can come back (a guard refuses it, its screen is not
    /// registered). A restore that ends showing something other than the saved hierarchy says
    /// so in a last line.
    ///
    /// ```swift
    /// let report = saved.restore(on: host) { flow in
    ///     flow.id == "shop" ? makeShop() : nil
    /// }
    /// ```
    @MainActor
    public func restore(on host: any FlowHost, making make: (SavedFlow) -> (any RestorableFlow)?) -> RestorationReport {
        var report = RestorationReport()
        var restored: [String: any RestorableFlow] = [:]
        var claimed: Set<ObjectIdentifier> = []
        var rootFlow: (any RestorableFlow)?
        for saved in flows {
            let name = FlowID(saved.id)
            if let parent = saved.parent, restored[parent] == nil {
                report.add(name, .dropped, "the flow", because: "its parent '\(parent)' was not restored before it")
                continue
            }
            // Starting at the root replaces what the host shows: a second flow saved there would
            // take away the first one's screens.
            if saved.placement == .root, let shown = rootFlow, shown.phase == .running {
                report.add(name, .dropped, "the flow", because: "the flow '\(shown.id)' already shows the host's root; a snapshot has one flow there")
                continue
            }
            guard saved.state != nil else {
                report.add(name, .dropped, "the flow", because: saved.unsaved ?? "it was saved without a state")
                continue
            }
            // A flow its restored parent started by itself runs already: its state comes back
            // onto it.
            if let parent = saved.parent,
                let running = host.flows.flows.first(where: {
                    $0.id == name && $0.phase == .running && !claimed.contains(ObjectIdentifier($0)) && host.flows.parent(of: $0)?.id.name == parent
                }) as? any RestorableFlow
            {
                claimed.insert(ObjectIdentifier(running))
                guard running.strategy == saved.strategy else {
                    report.add(name, .dropped, "the flow", because: "its parent started a \(running.strategy) flow '\(name)' for the \(saved.strategy) one")
                    continue
                }
                do {
                    report.entries += try running.restoreRunning(saved, on: host)
                    restored[saved.id] = running
                } catch {
                    report.add(name, .dropped, "the flow", because: FlowError.wrapping(error).message)
                }
                continue
            }
            guard let flow = make(saved) else {
                report.add(name, .dropped, "the flow", because: "the app made no flow for it")
                continue
            }
            guard flow.strategy == saved.strategy, flow.id == name else {
                report.add(
                    name, .dropped, "the flow",
                    because: "the app made the \(flow.strategy) flow '\(flow.id)' for the \(saved.strategy) flow '\(saved.id)'")
                continue
            }
            do {
                report.entries += try flow.restore(saved, on: host, parent: saved.parent.map { FlowID($0) })
                restored[saved.id] = flow
                claimed.insert(ObjectIdentifier(flow))
                if saved.placement == .root { rootFlow = flow }
                if let parent = saved.parent { restored[parent]?.adoptRestoredChild(flow, placement: saved.placement) }
            } catch {
                report.add(name, .dropped, "the flow", because: FlowError.wrapping(error).message)
            }
        }
        // The alerts the flows waited on come back last, over the screens the person sees again.
        for saved in flows {
            guard let alert = saved.alert else { continue }
            guard let member = restored[saved.id] as? any FlowTreeMember, member.phase == .running else {
                report.add(FlowID(saved.id), .dropped, "the alert '\(alert.title)'", because: "its flow did not come back")
                continue
            }
            report.entries.append(member.restoreAlert(alert, on: host))
        }
        let now = host.hierarchy.root.map(SavedNode.init)
        if now != hierarchy {
            report.entries.append(
                RestorationReport.Entry(
                    flow: "host", outcome: .repaired, subject: "the hierarchy",
                    reason: "it differs from the saved one, as the lines above explain"))
        }
        return report
    }
}
