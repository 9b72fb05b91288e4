import FlowKernel
import Testing

/// Checks any ``/FlowKernel/Flow`` against the laws of the kernel's flow contract.
///
/// Every strategy's tests run it on their own flows, so a flow from any strategy can be trusted as
/// the child of any other's:
///
/// ```swift
/// @Test func stackNavigatorObeysTheFlowLaws() {
///     FlowLaws.check(makeHost: { InMemoryHost() }, make: { makeNavigator() }) { navigator in
///         try navigator.goNext()
///         try navigator.finish(with: 42)
///     }
/// }
/// ```
///
/// Each law runs on a fresh host and a fresh flow. When the placement is not ``/FlowKernel/FlowPlacement/root``
/// the host first shows a base stack (named after the placement's stack for
/// ``/FlowKernel/FlowPlacement/onStack(_:)``, `base` otherwise) holding one screen.
///
/// The laws: requests before start are rejected; a second start is rejected; completing runs every
/// handler once, in order, after the outcome is set and (unless the flow shares a stack) after its
/// screens are gone; a late handler runs at once; requests after the end are rejected and change
/// nothing; cancelling delivers ``/FlowKernel/FlowOutcome/cancelled`` and restores the host; the flow's one
/// start event arrives once the host shows a screen the flow added, and its end event is its last;
/// every screen the flow showed is released once it ends.
@MainActor
public enum FlowLaws {
    /// Every violation found; empty when the flow obeys every law.
    ///
    /// - Parameters:
    ///   - makeHost: Makes a fresh, empty host.
    ///   - placement: Where to start each flow.
    ///   - make: Makes a fresh flow that has not started.
    ///   - complete: Drives a running flow until it completes with a result.
    public static func violations<F: Flow>(
        makeHost: () -> any PresentationHost,
        placement: FlowPlacement = .presented,
        make: () -> F,
        complete: (F) throws -> Void
    ) -> [LawViolation] {
        // Each law gets its own stage; the stage observes its host, so it is detached afterwards or
        // the host (and every screen it still shows) would outlive the law.
        func onStage(_ law: (Stage) -> [LawViolation]) -> [LawViolation] {
            let stage = Stage(makeHost(), placement)
            defer { stage.host.removeObserver(stage) }
            return law(stage)
        }
        var found: [LawViolation] = []
        found += onStage { requestsBeforeStartAreRejected($0, make()) }
        found += onStage { aSecondStartIsRejected($0, make()) }
        found += onStage { completingRunsEachHandlerOnceAfterCleanUp($0, make(), complete) }
        found += onStage { cancellingEndsTheFlowAndRestoresTheHost($0, make()) }
        return found
    }

    /// Records a test issue for every violation.
    public static func check<F: Flow>(
        makeHost: () -> any PresentationHost,
        placement: FlowPlacement = .presented,
        sourceLocation: SourceLocation = #_sourceLocation,
        make: () -> F,
        complete: (F) throws -> Void
    ) {
        for violation in violations(makeHost: makeHost, placement: placement, make: make, complete: complete) {
            CheckIssues.record("Flow law broken — \(violation)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Laws

    static func requestsBeforeStartAreRejected<F: Flow>(_ stage: Stage, _ flow: F) -> [LawViolation] {
        let law = "requests before start are rejected"
        var found = stage.expectRejection(law: law, code: .flowNotStarted, flow: flow) { try flow.cancel() }
        if flow.phase != .ready { found.append(LawViolation(law: law, detail: "phase is \(flow.phase), expected ready")) }
        return found
    }

    static func aSecondStartIsRejected<F: Flow>(_ stage: Stage, _ flow: F) -> [LawViolation] {
        let law = "a second start is rejected"
        guard stage.start(flow, law: law) else { return stage.violations }
        let found = stage.expectRejection(law: law, code: .flowAlreadyStarted, flow: flow) {
            try flow.start(on: stage.host, placement: stage.placement, parent: nil)
        }
        // The host's flow tree keeps a running flow, and the flow its host: end it, as an app
        // ends its flows before it lets go of a host.
        try? flow.cancel()
        return found
    }

    static func completingRunsEachHandlerOnceAfterCleanUp<F: Flow>(_ stage: Stage, _ flow: F, _ complete: (F) throws -> Void) -> [LawViolation] {
        let law = "completing runs each handler once, in order, after clean-up"
        guard stage.start(flow, law: law) else { return stage.violations }
        var calls: [String] = []
        for name in ["first", "second"] {
            flow.onFinish { outcome in
                calls.append(name)
                stage.checkCleanUp(flow, outcome: outcome, law: law, completed: true)
            }
        }
        do { try complete(flow) } catch {
            return stage.violations + [LawViolation(law: law, detail: "completing the flow threw \(error)")]
        }
        if calls != ["first", "second"] {
            stage.violate(law, "the handlers ran as \(calls), expected [first, second]")
        }
        var late = 0
        flow.onFinish { _ in late += 1 }
        if late != 1 { stage.violate("a late handler runs at once", "it ran \(late) times") }
        stage.expectEventsBracket(flow)
        _ = stage.expectRejection(law: "requests after the end are rejected", code: .flowFinished, flow: flow) { try flow.cancel() }
        stage.expectReleased(law: "every screen the flow showed is released")
        return stage.violations
    }

    static func cancellingEndsTheFlowAndRestoresTheHost<F: Flow>(_ stage: Stage, _ flow: F) -> [LawViolation] {
        let law = "cancelling delivers cancelled and restores the host"
        guard stage.start(flow, law: law) else { return stage.violations }
        var outcomes = 0
        flow.onFinish { outcome in
            outcomes += 1
            stage.checkCleanUp(flow, outcome: outcome, law: law, completed: false)
        }
        do { try flow.cancel() } catch {
            return stage.violations + [LawViolation(law: law, detail: "cancel threw \(error)")]
        }
        if outcomes != 1 { stage.violate(law, "the handler ran \(outcomes) times") }
        if !stage.sharesStack, stage.host.hierarchy != stage.before {
            stage.violate(law, "the host does not show what it showed before the flow started")
        }
        stage.expectEventsBracket(flow)
        stage.expectReleased(law: "every screen the flow showed is released")
        return stage.violations
    }
}
