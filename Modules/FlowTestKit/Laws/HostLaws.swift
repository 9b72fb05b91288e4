import FlowKernel
import FlowRuntime
import Testing

/// Checks any ``/FlowKernel/PresentationHost`` against the laws its contract states.
///
/// Run it from a host's own tests; each law runs on a fresh host from `makeHost`:
///
/// ```swift
/// @Test func inMemoryHostObeysTheHostLaws() {
///     HostLaws.check { InMemoryHost() }
/// }
/// ```
///
/// The laws: pushing then popping restores the stack; dismissing removes everything presented
/// above; a rejected request throws the documented code, leaves the hierarchy equal and reports
/// nothing; every change reports exactly one event that matches it; an event an observer reports
/// reaches every observer after the one being delivered; the targeted queries answer
/// what the hierarchy shows, after every kind of change; a request made while another is being
/// carried out is rejected, and so is one made while a flow host asks guards ahead of a change;
/// the host releases what it no longer shows; a screen's guard that
/// refuses a change leaves the hierarchy equal and reports one `guardRefused` event.
@MainActor
public enum HostLaws {
    /// One broken host law.
    public typealias Violation = LawViolation

    /// Every violation found, one fresh host per law; empty when the host obeys them all.
    public static func violations(makeHost: () -> any PresentationHost) -> [Violation] {
        var found: [Violation] = []
        found += pushThenPopRestoresTheStack(makeHost())
        found += dismissRemovesEverythingPresentedAbove(makeHost())
        found += rejectedRequests.flatMap { rejectedRequestChangesNothing($0, on: makeHost()) }
        found += everyChangeReportsOneMatchingEvent(makeHost())
        found += everyObserverSeesOneOrder(makeHost())
        found += queriesAgreeWithTheHierarchy(makeHost())
        found += reentrantRequestsAreRejected(makeHost())
        found += requestsWhileGuardsAreAskedAreRejected(makeHost())
        found += recordedMakersNameTheFlow(makeHost())
        found += removedScreensAreReleased(makeHost())
        found += guardsRefuseWholeChanges(makeHost: makeHost)
        return found
    }

    /// Records a test issue for every violation.
    public static func check(
        sourceLocation: SourceLocation = #_sourceLocation,
        makeHost: () -> any PresentationHost
    ) {
        for violation in violations(makeHost: makeHost) {
            CheckIssues.record("Host law broken — \(violation)", sourceLocation: sourceLocation)
        }
    }

    // MARK: The fixture every law starts from

    /// `stack laws [A, tabs laws-tabs [* stack laws-tab0 [T0], T1]]`, with `A` containing `C` and
    /// the stack presenting `M`.
    @MainActor
    struct Fixture {
        let host: any PresentationHost
        let recorder = TranscriptRecorder()
        let a = LawProbe("A"), c = LawProbe("C"), m = LawProbe("M"), t0 = LawProbe("T0"), t1 = LawProbe("T1")
        let stack: ContainerID = "laws", tabs: ContainerID = "laws-tabs", tab0: ContainerID = "laws-tab0"

        init(_ host: any PresentationHost) throws {
            self.host = host
            try host.setRoot(
                .stack(
                    stack,
                    [
                        .screen(a),
                        .tabs(
                            tabs,
                            [
                                Presentable.Tab(TabItem(title: "One"), .stack(tab0, [.screen(t0)])),
                                Presentable.Tab(TabItem(title: "Two"), .screen(t1)),
                            ], selected: 0),
                    ]))
            try host.apply(.addChild(.screen(c), to: .of(a)), for: nil)
            try host.present(.screen(m), over: .container(stack))
            host.addObserver(recorder)
        }
    }

    /// Builds the fixture on a host and checks a law on it; a host that cannot even build the
    /// fixture breaks the law.
    static func onFixture(_ host: any PresentationHost, law: String, _ check: (Fixture) -> [Violation]) -> [Violation] {
        let fixture: Fixture
        do { fixture = try Fixture(host) } catch {
            return [Violation(law: law, detail: "could not build the fixture: \(error)")]
        }
        return check(fixture)
    }

    // MARK: Laws

    static func pushThenPopRestoresTheStack(_ host: any PresentationHost) -> [Violation] {
        let law = "push then pop restores the stack"
        return onFixture(host, law: law) { fixture in
            let before = host.hierarchy
            do {
                try host.push(LawProbe("X"), onto: fixture.stack)
                try host.pop(fixture.stack)
            } catch {
                return [Violation(law: law, detail: "push or pop threw \(error)")]
            }
            return host.hierarchy == before ? [] : [Violation(law: law, detail: "the hierarchy differs after popping what was pushed")]
        }
    }

    static func dismissRemovesEverythingPresentedAbove(_ host: any PresentationHost) -> [Violation] {
        let law = "dismiss removes everything presented above"
        return onFixture(host, law: law) { fixture in
            let before = host.hierarchy
            let sheet = LawProbe("Sheet")
            let alert = LawProbe("Alert")
            do {
                try host.present(.stack("laws-sheet", [.screen(sheet)]), over: .of(fixture.m))
                try host.present(.screen(alert), over: .of(sheet))
                try host.dismiss(presentedBy: .of(fixture.m))
            } catch {
                return [Violation(law: law, detail: "present or dismiss threw \(error)")]
            }
            var found: [Violation] = []
            if host.hierarchy != before {
                found.append(Violation(law: law, detail: "the hierarchy differs after dismissing what was presented"))
            }
            if host.screen(for: ScreenRef(alert)) != nil {
                found.append(Violation(law: law, detail: "a screen presented above the dismissed one is still shown"))
            }
            return found
        }
    }

    static func rejectedRequestChangesNothing(_ request: RejectedRequest, on host: any PresentationHost) -> [Violation] {
        let law = "a rejected request changes nothing (\(request.name))"
        return onFixture(host, law: law) { fixture in
            let before = host.hierarchy
            var found: [Violation] = []
            do {
                try host.apply(request.operation(fixture), for: "laws")
                found.append(Violation(law: law, detail: "the host accepted it"))
            } catch let error as FlowError {
                if error.code != request.code {
                    found.append(Violation(law: law, detail: "threw \(error.code), expected \(request.code)"))
                }
            } catch {
                found.append(Violation(law: law, detail: "threw \(error), which is not a FlowError"))
            }
            if host.hierarchy != before {
                found.append(Violation(law: law, detail: "the hierarchy changed"))
            }
            if !fixture.recorder.events.isEmpty {
                found.append(Violation(law: law, detail: "it reported \(fixture.recorder.transcript)"))
            }
            return found
        }
    }

    static func reentrantRequestsAreRejected(_ host: any PresentationHost) -> [Violation] {
        let law = "a request during another is rejected"
        return onFixture(host, law: law) { fixture in
            let intruder = ReentrantObserver(host: host, stack: fixture.stack)
            host.addObserver(intruder)
            let x = LawProbe("X")
            do {
                try host.push(x, onto: fixture.stack)
            } catch {
                return [Violation(law: law, detail: "the outer push threw \(error)")]
            }
            host.removeObserver(intruder)
            var found: [Violation] = []
            if intruder.codes != [.reentrantNavigation] {
                found.append(Violation(law: law, detail: "the inner request ended with \(intruder.codes), expected [reentrantNavigation]"))
            }
            if host.hierarchy.entries(of: fixture.stack)?.last != .of(x) {
                found.append(Violation(law: law, detail: "the inner request changed the stack"))
            }
            return found
        }
    }

    /// A flow host asks guards ahead of a change (``/FlowRuntime/FlowHost/whileAskingGuards(_:)``)
    /// while it refuses every change, as during one: a guard that navigates is refused wherever
    /// it is asked. A host that is not a flow host has nothing to check.
    static func requestsWhileGuardsAreAskedAreRejected(_ host: any PresentationHost) -> [Violation] {
        let law = "a request while guards are asked ahead of a change is rejected"
        guard let flowHost = host as? any FlowHost else { return [] }
        return onFixture(host, law: law) { fixture in
            let before = host.hierarchy
            let code: FlowError.Code? = flowHost.whileAskingGuards {
                do {
                    try host.push(LawProbe("X"), onto: fixture.stack)
                    return nil
                } catch {
                    return (error as? FlowError)?.code
                }
            }
            var found: [Violation] = []
            if code != .reentrantNavigation {
                found.append(Violation(law: law, detail: "the push ended with \(code.map { "\($0)" } ?? "no error"), expected reentrantNavigation"))
            }
            if host.hierarchy != before { found.append(Violation(law: law, detail: "the push changed the hierarchy")) }
            do {
                try host.push(LawProbe("Y"), onto: fixture.stack)
            } catch {
                found.append(Violation(law: law, detail: "a push once the guards were asked threw \(error)"))
            }
            return found
        }
    }

    /// A flow host that records makers (``/FlowRuntime/FlowHost/recordsMakers``) names the flow
    /// whose change put a node there, and no flow for a node the system put there or one it does
    /// not show: the person's gestures ask only the flows it names, so a wrong name would leave a
    /// flow's guards unasked. A host that records none has nothing to check.
    static func recordedMakersNameTheFlow(_ host: any PresentationHost) -> [Violation] {
        let law = "a host that records makers names the flow that made each node"
        guard let flowHost = host as? any FlowHost, flowHost.recordsMakers else { return [] }
        return onFixture(host, law: law) { fixture in
            let made = LawProbe("Made")
            do {
                try host.apply(.present(.screen(made), over: .of(fixture.m)), origin: .flow("maker"))
            } catch {
                return [Violation(law: law, detail: "presenting for the flow 'maker' threw \(error)")]
            }
            var found: [Violation] = []
            if flowHost.maker(of: .of(made)) != "maker" {
                found.append(
                    Violation(
                        law: law,
                        detail: "a screen the flow 'maker' presented is named as made by \(flowHost.maker(of: .of(made)).map { "'\($0)'" } ?? "no flow")"))
            }
            if let named = flowHost.maker(of: .of(fixture.a)) {
                found.append(Violation(law: law, detail: "a screen the system put there is named as made by '\(named)'"))
            }
            if let named = flowHost.maker(of: .of(LawProbe("Elsewhere"))) {
                found.append(Violation(law: law, detail: "a screen the host does not show is named as made by '\(named)'"))
            }
            return found
        }
    }

    static func removedScreensAreReleased(_ host: any PresentationHost) -> [Violation] {
        let law = "the host releases what it no longer shows"
        let leaks = LeakTracker()
        do {
            try host.setRoot(.stack("laws", [.screen(leaks.track(LawProbe("Root"), as: "Root"))]))
            try host.push(leaks.track(LawProbe("Pushed"), as: "Pushed"), onto: "laws")
            try host.present(.stack("laws-modal", [.screen(leaks.track(LawProbe("Presented"), as: "Presented"))]), over: .container("laws"))
            try host.dismiss(presentedBy: .container("laws"))
            try host.pop("laws")
        } catch {
            return [Violation(law: law, detail: "a request threw \(error)")]
        }
        let alive = leaks.survivors
        return alive == ["Root"] ? [] : [Violation(law: law, detail: "alive afterwards: \(alive), expected only the shown Root")]
    }
}

/// An observer that tries to navigate from inside an event, once.
@MainActor
private final class ReentrantObserver: FlowObserver {
    let host: any PresentationHost
    let stack: ContainerID
    var codes: [FlowError.Code] = []

    init(host: any PresentationHost, stack: ContainerID) {
        self.host = host
        self.stack = stack
    }

    func receive(_ event: FlowEvent) {
        guard codes.isEmpty else { return }
        do {
            try host.pop(stack)
            codes.append(FlowError.Code("accepted"))
        } catch let error as FlowError {
            codes.append(error.code)
        } catch {
            codes.append(FlowError.Code("\(error)"))
        }
    }
}
