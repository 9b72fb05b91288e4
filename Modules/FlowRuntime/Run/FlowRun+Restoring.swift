import FlowKernel
import FlowSnapshot

/// A restore under way, as every flow's run makes it: the saved state read, the origin the
/// restore's changes are made for, and the first reason something could not come back.
///
/// A door brings its elements back with ``make(_:_:)`` (up to the first that cannot be made),
/// shows as many as hold with ``longestPrefix(of:atLeast:_:)`` (a refused change changes nothing,
/// so it is tried again one shorter), and reports with ``report(elements:screens:shown:cut:)``.
@MainActor
package struct Restoring<Saved> {
    /// The flow's saved state, read.
    package let state: Saved
    /// Who the restore's changes are made for.
    package let origin: FlowEvent.Origin
    /// The first reason something could not come back, once there is one.
    package private(set) var refusal: String?
    private let flow: FlowID

    init(state: Saved, flow: FlowID) {
        self.state = state
        self.origin = .restored(for: flow)
        self.flow = flow
    }

    /// Makes each element again, up to the first that cannot be made, whose reason is noted.
    package mutating func make<Element, Made>(_ elements: some Sequence<Element>, _ make: (Element) throws -> Made) -> [Made] {
        RestoringSteps.make(elements, refusal: &refusal, make)
    }

    /// Shows the longest prefix of `count` elements that holds, no shorter than `minimum`, and
    /// notes the first refusal; returns how many were shown (below `minimum` when none held).
    package mutating func longestPrefix(of count: Int, atLeast minimum: Int, _ show: (Int) throws -> Void) -> Int {
        RestoringSteps.longestPrefix(of: count, atLeast: minimum, refusal: &refusal, show)
    }

    /// Notes why something could not come back, unless an earlier reason is noted already.
    package mutating func note(_ reason: String) {
        refusal = refusal ?? reason
    }

    /// Notes an error's message as why something could not come back, unless an earlier reason
    /// is noted already.
    package mutating func note(_ error: any Error) {
        note(FlowError.wrapping(error).message)
    }

    /// The report's lines: what came back, each shown screen's own state given back, and what was
    /// cut, with the first refusal or `cut` as the reason.
    package func report(elements: [(label: String, state: SavedValue?)], screens: [any Screen], shown: Int, cut: String) -> [RestorationReport.Entry] {
        RestoringSteps.report(flow: flow.name, elements: elements, screens: screens, shown: shown, refusal: refusal, cut: cut)
    }
}

extension FlowRun {
    /// Opens the restore of a flow that has not started: checks it can start, then reads its
    /// saved state.
    ///
    /// - Parameter label: How the state's error names the flow ("The chain 'signup'").
    /// - Throws: `flowAlreadyStarted`, `flowFinished`; `invalidSnapshot` for a state that cannot
    ///   be read. Nothing is shown then.
    package func restoring<Saved: Decodable>(_ saved: SavedFlow, as type: Saved.Type, named label: String) throws -> Restoring<Saved> {
        try requireReady()
        return try restoringRunning(saved, as: type, named: label)
    }

    /// Opens the restore of what a running flow shows: reads its saved state.
    ///
    /// - Throws: `invalidSnapshot` for a state that cannot be read.
    package func restoringRunning<Saved: Decodable>(_ saved: SavedFlow, as type: Saved.Type, named label: String) throws -> Restoring<Saved> {
        Restoring(state: try RestoringSteps.state(of: saved, as: type, flow: label), flow: id)
    }
}
