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

/// What a door gives its run to be restored: its saved elements, how to make each again, how to
/// start on the first, and how to show a prefix of them in one change. The run does the rest
/// (`FlowFrontDoor/restore(_:as:named:on:parent:_:)`).
@MainActor
package struct RestorePlan<Element, Made> {
    /// The saved elements, in order.
    package var elements: [Element]
    /// How an element is named in the report, and the state its screen saved.
    package var label: (Element) -> (label: String, state: SavedValue?)
    /// Makes an element again, or throws why it cannot; the first is made before the flow
    /// starts, the others once it has.
    package var make: (Element) throws -> Made
    /// Starts the flow at a placement on the first element made, for the restore's origin.
    package var begin: (Made, FlowPlacement, FlowEvent.Origin) throws -> Void
    /// Shows the first elements made (as many as given; starting showed the first) in one change
    /// for the restore's origin, or throws and shows nothing.
    package var show: (ArraySlice<Made>, FlowEvent.Origin) throws -> Void
    /// The fewest elements worth showing in one change: 2 when starting showed the first.
    package var minimum = 2
    /// The most elements one change shows (a stack shows its entries and its first modal so);
    /// `nil` for all of them.
    package var limit: Int?
    /// What comes back after the longest prefix, one by one: given the elements made, how many
    /// came back and the origin, returns how many came back then, noting the first refusal.
    package var rest: (([Made], Int, FlowEvent.Origin, inout Restoring<Void>) -> Int)?
    /// How many elements came back, read from what the flow shows, when the prefix does not say
    /// (a chain's steps shown).
    package var counted: (() -> Int)?
    /// The screens shown again, in the order of the elements: what the report gives their saved
    /// state back to.
    package var screens: () -> [any Screen]
    /// What the reason of a cut says when none is known.
    package var cut: String

    package init(
        elements: [Element], label: @escaping (Element) -> (label: String, state: SavedValue?), make: @escaping (Element) throws -> Made,
        begin: @escaping (Made, FlowPlacement, FlowEvent.Origin) throws -> Void, show: @escaping (ArraySlice<Made>, FlowEvent.Origin) throws -> Void,
        screens: @escaping () -> [any Screen], cut: String
    ) {
        self.elements = elements
        self.label = label
        self.make = make
        self.begin = begin
        self.show = show
        self.screens = screens
        self.cut = cut
    }
}

extension FlowFrontDoor {
    /// Restores the flow from what it saved, the one way a door is restored: the run opens the
    /// restore (the flow can start, its state reads as `type`), `plan` names the saved elements,
    /// the first is made again and the flow starts on it at its saved placement, the others are
    /// made up to the first that cannot be, the longest prefix that holds comes back in one change
    /// (a refused change changes nothing, so it is tried one shorter), and the run reports what
    /// came back, each screen's own state given back, and what was cut and why.
    ///
    /// - Parameters:
    ///   - label: How a message names the flow: `The stack flow 'shop'`.
    ///   - plan: The door's part, from its saved state read.
    /// - Throws: `flowAlreadyStarted`, `flowFinished`; `invalidSnapshot` for a state that cannot
    ///   be read, no element, or a first element that cannot come back; what `plan` and starting
    ///   throw. Nothing is shown then.
    package func restore<Saved: Decodable, Element, Made>(
        _ saved: SavedFlow, as type: Saved.Type, named label: String, on host: any FlowHost, parent: FlowID?,
        _ plan: (Saved) throws -> RestorePlan<Element, Made>
    ) throws -> [RestorationReport.Entry] {
        let opened = try run.restoring(saved, as: type, named: label)
        let plan = try plan(opened.state)
        guard let firstElement = plan.elements.first else {
            throw FlowError(.invalidSnapshot, "\(label) was saved with nothing to show.")
        }
        var restoring = Restoring<Void>(state: (), flow: id)
        let first: Made
        do {
            first = try plan.make(firstElement)
        } catch {
            throw FlowError(.invalidSnapshot, "\(plan.label(firstElement).label) cannot come back: \(FlowError.wrapping(error).message)")
        }
        let origin = restoring.origin
        try plan.begin(first, saved.placement.placement ?? .presented, origin)
        let made = [first] + restoring.make(plan.elements.dropFirst(), plan.make)
        let count = min(made.count, plan.limit ?? made.count)
        var shown = max(restoring.longestPrefix(of: count, atLeast: plan.minimum) { count in try plan.show(made.prefix(count), origin) }, 1)
        if let rest = plan.rest { shown = rest(made, shown, origin, &restoring) }
        return restoring.report(elements: plan.elements.map(plan.label), screens: plan.screens(), shown: plan.counted?() ?? shown, cut: plan.cut)
    }
}
