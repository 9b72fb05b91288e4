import FlowKernel

extension FlowLaws {
    /// One law's host, with what it showed before the flow started, the events the flow reported, and
    /// a tracker for every screen the flow showed.
    @MainActor
    final class Stage: FlowObserver {
        let host: any PresentationHost
        let placement: FlowPlacement
        private(set) var before = Hierarchy()
        private(set) var violations: [LawViolation] = []
        private var events: [FlowEvent] = []
        private var seen: Set<ScreenRef> = []
        private let leaks = LeakTracker()
        private var baseline: Set<ScreenRef> = []
        /// For each start event received, the flow it names and whether the host already showed a
        /// screen added since the law began (a flow's children report their own starts).
        private var starts: [(flow: FlowID?, arrived: Bool)] = []

        init(_ host: any PresentationHost, _ placement: FlowPlacement) {
            self.host = host
            self.placement = placement
            let base: ContainerID =
                switch placement {
                case .onStack(let id): id
                case .root, .presented: "base"
                }
            if placement != .root {
                do { try host.setRoot(.stack(base, [.screen(LawProbe("Base"))])) } catch {
                    violate("the law host shows a base stack", "\(error)")
                }
            }
            before = host.hierarchy
            baseline = Set(before.allScreens)
            host.addObserver(self)
        }

        /// Whether the flow shows its screens on a stack it shares with its parent.
        var sharesStack: Bool { if case .onStack = placement { true } else { false } }

        func receive(_ event: FlowEvent) {
            events.append(event)
            let added = host.hierarchy.allScreens.filter { !baseline.contains($0) }
            if case .flowStarted = event.change { starts.append((event.flow, !added.isEmpty)) }
            // Track every screen shown since the flow started, while the host still holds it.
            for ref in added where seen.insert(ref).inserted {
                if let screen = host.screen(for: ref) { leaks.track(screen, as: ref.displayName) }
            }
        }

        func violate(_ law: String, _ detail: String) {
            violations.append(LawViolation(law: law, detail: detail))
        }

        func start<F: Flow>(_ flow: F, law: String) -> Bool {
            do {
                try flow.start(on: host, placement: placement, parent: nil)
            } catch {
                violate(law, "the flow did not start: \(error)")
                return false
            }
            if flow.phase != .running { violate(law, "phase after start is \(flow.phase), expected running") }
            return true
        }

        /// Runs a request that must be rejected with `code`, leaving the hierarchy as it was and
        /// reporting nothing.
        func expectRejection<F: Flow>(law: String, code: FlowError.Code, flow: F, _ request: () throws -> Void) -> [LawViolation] {
            let hierarchy = host.hierarchy
            let eventCount = events.count
            let phase = flow.phase
            do {
                try request()
                violate(law, "the request was accepted")
            } catch let error as FlowError {
                if error.code != code { violate(law, "threw \(error.code), expected \(code)") }
            } catch {
                violate(law, "threw \(error), which is not a FlowError")
            }
            if host.hierarchy != hierarchy { violate(law, "the hierarchy changed") }
            if events.count != eventCount { violate(law, "it reported \(events[eventCount...].map(\.description))") }
            if flow.phase != phase { violate(law, "the phase changed from \(phase) to \(flow.phase)") }
            return violations
        }

        /// What must already hold when a handler runs.
        func checkCleanUp<F: Flow>(_ flow: F, outcome: FlowOutcome<F.Result>, law: String, completed: Bool) {
            if flow.phase != .finished { violate(law, "a handler ran while the phase was \(flow.phase)") }
            if flow.outcome == nil { violate(law, "a handler ran before the outcome was set") }
            if completed != (outcome.result != nil) {
                violate(law, "the handler received \(completed ? "cancelled" : "a result")")
            }
            guard !sharesStack else { return }
            let left = host.hierarchy.allScreens.filter { !baseline.contains($0) }
            if !left.isEmpty { violate(law, "a handler ran while the host still showed \(left.map(\.displayName))") }
        }

        /// Arrival semantics: one start event, reported once the host shows a screen the flow added;
        /// one end event, the flow's last.
        func expectEventsBracket<F: Flow>(_ flow: F) {
            let law = "the flow's start arrives with its first screen and its end is its last event"
            let own = events.filter { $0.flow == flow.id }
            let arrivals = starts.filter { $0.flow == flow.id }.map(\.arrived)
            if arrivals != [true] {
                violate(law, "start events (true when a screen had arrived): \(arrivals); events: \(own.map(\.description))")
            }
            let ends = own.filter {
                switch $0.change {
                case .flowCompleted, .flowCancelled: true
                default: false
                }
            }
            if ends.count != 1 || ends.first != own.last {
                violate(law, "expected one end event, last; got \(own.map(\.description))")
            }
        }

        func expectReleased(law: String) {
            guard !sharesStack else { return }
            if leaks.trackedCount == 0 { violate(law, "the flow never showed a screen") }
            let alive = leaks.survivors
            if !alive.isEmpty { violate(law, "still alive after the end: \(alive)") }
        }
    }
}
