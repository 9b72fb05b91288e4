import FlowKernel

extension HostLaws {
    /// One step of the scripted journey: the request, the event it must report, and what must be
    /// true of the hierarchy afterwards.
    struct Step {
        let operation: HostOperation
        let change: FlowEvent.Change
        let holds: (Hierarchy) -> Bool
    }

    /// An event an observer reports while another is being delivered reaches every observer after
    /// the one being delivered: two observers see the same stream in the same order.
    static func everyObserverSeesOneOrder(_ host: any PresentationHost) -> [Violation] {
        let law = "every observer sees one stream in one order"
        return onFixture(host, law: law) { f in
            let echo = EchoingObserver(host: host)
            let listener = TranscriptRecorder()
            host.addObserver(echo)
            host.addObserver(listener)
            defer {
                host.removeObserver(echo)
                host.removeObserver(listener)
            }
            do {
                try host.push(LawProbe("X"), onto: f.stack, for: "laws")
            } catch {
                return [Violation(law: law, detail: "the push threw \(error)")]
            }
            let expected = ["[laws] push X onto [\(f.stack)]", "[laws] echo push X onto [\(f.stack)]"]
            var found: [Violation] = []
            if echo.received != expected {
                found.append(Violation(law: law, detail: "the observer that reported saw \(echo.received), expected \(expected)"))
            }
            if listener.transcript.lines != expected {
                found.append(Violation(law: law, detail: "the observer after it saw \(listener.transcript.lines), expected \(expected)"))
            }
            return found
        }
    }

    static func everyChangeReportsOneMatchingEvent(_ host: any PresentationHost) -> [Violation] {
        let law = "every change reports one matching event"
        return onFixture(host, law: law) { f in check(steps(f), on: f, law: law) }
    }

    static func steps(_ f: Fixture) -> [Step] {
        let x = LawProbe("X")
        let y = LawProbe("Y")
        let z = LawProbe("Z")
        let p = LawProbe("P")
        let w = LawProbe("W")
        let q = LawProbe("Q")
        return [
            Step(operation: .push(.screen(x), onto: f.stack), change: .pushed(.of(x), onto: f.stack)) { $0.entries(of: f.stack)?.last == .of(x) },
            Step(operation: .pop(f.stack), change: .popped([.of(x)], from: f.stack)) { !$0.contains(.of(x)) },
            Step(operation: .push(.screen(y), onto: f.stack), change: .pushed(.of(y), onto: f.stack)) { $0.contains(.of(y)) },
            Step(operation: .popTo(.of(f.a), in: f.stack), change: .popped([.of(y), .container(f.tabs)], from: f.stack)) {
                $0.entries(of: f.stack) == [.of(f.a)]
            },
            Step(operation: .setStack(f.stack, [.screen(f.a), .screen(z)]), change: .stackReplaced(f.stack, with: [.of(f.a), .of(z)])) {
                $0.entries(of: f.stack) == [.of(f.a), .of(z)] && $0.contains(.of(f.c))
            },
            Step(operation: .popToRoot(f.stack), change: .popped([.of(z)], from: f.stack)) { $0.entries(of: f.stack) == [.of(f.a)] },
            Step(operation: .present(.screen(p), over: .of(f.a)), change: .presented(.of(p), over: .of(f.a))) { $0.presenter(of: .of(p))?.ref == .of(f.a) },
            Step(operation: .dismiss(presentedBy: .of(f.a)), change: .dismissed(.of(p), presentedBy: .of(f.a))) { !$0.contains(.of(p)) },
            Step(
                operation: .push(.tabs("laws-tabs2", [Presentable.Tab(TabItem(title: "W"), .screen(w))], selected: 0), onto: f.stack),
                change: .pushed(.container("laws-tabs2"), onto: f.stack)
            ) { $0.contains(.of(w)) },
            Step(
                operation: .insertTab(Presentable.Tab(TabItem(title: "Q"), .screen(q)), at: 0, in: "laws-tabs2"),
                change: .tabInserted(.of(q), at: 0, in: "laws-tabs2")
            ) { $0.parent(of: .of(q))?.ref == .container("laws-tabs2") },
            Step(operation: .selectTab(0, in: "laws-tabs2"), change: .tabSelected(0, in: "laws-tabs2")) {
                $0.visibleScreen == ScreenRef(f.m) && selected(in: $0, "laws-tabs2") == 0
            },
            Step(operation: .removeTab(at: 0, in: "laws-tabs2"), change: .tabRemoved(.of(q), at: 0, in: "laws-tabs2")) {
                !$0.contains(.of(q)) && selected(in: $0, "laws-tabs2") == 0
            },
            Step(operation: .removeChild(.of(f.c)), change: .childRemoved(.of(f.c), from: .of(f.a))) { !$0.contains(.of(f.c)) },
            Step(operation: .addChild(.screen(f.c), to: .of(f.a)), change: .childAdded(.of(f.c), to: .of(f.a))) { $0.parent(of: .of(f.c))?.ref == .of(f.a) },
            Step(operation: .setRoot(nil), change: .rootReplaced(nil)) { $0.root == nil },
        ]
    }

    private static func check(_ steps: [Step], on f: Fixture, law: String) -> [Violation] {
        let host = f.host
        var found: [Violation] = []
        for (index, step) in steps.enumerated() {
            f.recorder.reset()
            do {
                try host.apply(step.operation, for: "laws")
            } catch {
                found.append(Violation(law: law, detail: "step \(index) (\(step.change)) threw \(error)"))
                break
            }
            let expected = FlowEvent(step.change, flow: "laws")
            if f.recorder.events != [expected] {
                found.append(Violation(law: law, detail: "step \(index) reported \(f.recorder.events.map(\.description)), expected [\(expected)]"))
            }
            if !step.holds(host.hierarchy) {
                found.append(Violation(law: law, detail: "after step \(index) (\(step.change)) the hierarchy does not show the change"))
            }
        }
        return found
    }

    private static func selected(in hierarchy: Hierarchy, _ tabs: ContainerID) -> Int? {
        guard case .tabs(_, _, let selected)? = hierarchy.node(.container(tabs))?.kind else { return nil }
        return selected
    }
}

/// An observer that, on the first event it receives, reports an event of its own naming it.
@MainActor
private final class EchoingObserver: FlowObserver {
    let host: any PresentationHost
    private(set) var received: [String] = []

    init(host: any PresentationHost) { self.host = host }

    func receive(_ event: FlowEvent) {
        received.append(event.description)
        if received.count == 1 { host.report(FlowEvent(.note("echo", detail: event.change.description), flow: event.flow)) }
    }
}
