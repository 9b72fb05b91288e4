import FlowExplorer
import FlowKernel
import FlowRuntime
import Foundation
import Testing

/// Checks that a flow follows the person using the app: seeded sequences of the user's gestures
/// (back, back to the bottom of a stack, swiping the top presentation down, tapping a tab)
/// interleaved with the flow's own requests, each sequence reproducible from its seed.
///
/// Some steps make a legal request from inside an observer, while the host delivers an event: the
/// host contract refuses it, and the law checks that it was refused whole, with
/// ``/FlowKernel/FlowError/Code/reentrantNavigation``, before it changed the host, reported an event
/// or ended the flow.
///
/// After every step of every sequence:
/// - a refused gesture changed nothing;
/// - a request the caller says is legal now succeeds, and is refused whole from an observer;
/// - a running flow shows at least one screen it made;
/// - every event names its origin: the user for gestures, a flow for everything else;
/// and once the flow has ended (by a gesture, a request, or a final cancel), every screen the
/// sequence showed that the host no longer shows has been released.
///
/// ```swift
/// GestureLaws.check(makeHost: { InMemoryHost() }, make: { makeChain() }) { chain in
///     [GestureLaws.Request("next") { try chain.handle?.next() }]
/// }
/// ```
@MainActor
public enum GestureLaws {
    /// How many seeds a suite runs: `FLOWKIT_GESTURE_LAW_SEEDS` when set (`.ci/fuzz` runs more),
    /// else `default`.
    public static func seedCount(default count: UInt64) -> UInt64 {
        ProcessInfo.processInfo.environment["FLOWKIT_GESTURE_LAW_SEEDS"].flatMap(UInt64.init) ?? count
    }

    /// A request a flow can make now, by a name the violations use.
    @MainActor
    public struct Request {
        /// How violations name it.
        public let name: String
        /// Whether it asks the flow to navigate; only those are tried from an observer. An action
        /// that changes an app's model and nothing on screen is legal there.
        public let navigates: Bool
        let run: () throws -> Void

        /// Makes a request.
        public init(_ name: String, navigates: Bool = true, _ run: @escaping () throws -> Void) {
            self.name = name
            self.navigates = navigates
            self.run = run
        }
    }

    /// Every violation found, for flows started by `start` (which makes a fresh host and starts
    /// a fresh flow on it, with whatever it needs around it).
    ///
    /// - Parameters:
    ///   - seeds: One sequence per seed.
    ///   - steps: How many gestures and requests each sequence makes at most.
    ///   - start: Makes a host and a running flow on it.
    ///   - legalRequests: The requests that must succeed now, read before each request step; the
    ///     caller keeps what it needs to name them (the flow `start` made, the session around it).
    public static func violations(
        seeds: ClosedRange<UInt64> = 1...1_000,
        steps: Int = 12,
        start: () throws -> (host: any PresentationHost, flow: any Flow),
        legalRequests: () -> [Request]
    ) -> [LawViolation] {
        violations(
            seeds: seeds, steps: steps,
            startAside: {
                let (host, flow) = try start()
                return (host, flow, [])
            }, legalRequests: legalRequests)
    }

    private static func violations(
        seeds: ClosedRange<UInt64>,
        steps: Int,
        startAside: () throws -> (host: any PresentationHost, flow: any Flow, aside: Set<ScreenRef>),
        legalRequests: () -> [Request]
    ) -> [LawViolation] {
        var found: [LawViolation] = []
        for seed in seeds {
            found += sequence(seed: seed, steps: steps, start: startAside, legalRequests: legalRequests)
            // One broken sequence tells the story; a thousand copies of it do not.
            if found.count >= 5 { break }
        }
        return found
    }

    /// Every violation found, for flows made by `make` and started at a placement on hosts made by
    /// `makeHost`; below the flow, unless it is the root, a base stack with one screen (named after
    /// the placement's stack for ``/FlowKernel/FlowPlacement/onStack(_:)``, `base` otherwise).
    public static func violations<F: Flow>(
        seeds: ClosedRange<UInt64> = 1...1_000,
        steps: Int = 12,
        placement: FlowPlacement = .presented,
        makeHost: () -> any PresentationHost,
        make: () -> F,
        legalRequests: (F) -> [Request]
    ) -> [LawViolation] {
        var current: F?
        defer { current = nil }
        return violations(
            seeds: seeds, steps: steps,
            startAside: {
                let host = makeHost()
                let base = LawProbe("Base")
                switch placement {
                case .root: break
                case .presented: try host.setRoot(.stack("base", [.screen(base)]))
                case .onStack(let stack): try host.setRoot(.stack(stack, [.screen(base)]))
                }
                let flow = make()
                current = flow
                try flow.start(on: host, placement: placement, parent: nil)
                return (host, flow, placement == .root ? [] : [ScreenRef(base)])
            }, legalRequests: { current.map(legalRequests) ?? [] })
    }

    /// Records a test issue for every violation, for flows started at a placement.
    public static func check<F: Flow>(
        seeds: ClosedRange<UInt64> = 1...1_000,
        steps: Int = 12,
        placement: FlowPlacement = .presented,
        sourceLocation: SourceLocation = #_sourceLocation,
        makeHost: () -> any PresentationHost,
        make: () -> F,
        legalRequests: (F) -> [Request]
    ) {
        record(violations(seeds: seeds, steps: steps, placement: placement, makeHost: makeHost, make: make, legalRequests: legalRequests), sourceLocation)
    }

    /// Records a test issue for every violation, for flows started by `start`.
    public static func check(
        seeds: ClosedRange<UInt64> = 1...1_000,
        steps: Int = 12,
        sourceLocation: SourceLocation = #_sourceLocation,
        start: () throws -> (host: any PresentationHost, flow: any Flow),
        legalRequests: () -> [Request]
    ) {
        record(violations(seeds: seeds, steps: steps, start: start, legalRequests: legalRequests), sourceLocation)
    }

    private static func record(_ violations: [LawViolation], _ sourceLocation: SourceLocation) {
        for violation in violations {
            CheckIssues.record("Gesture law broken — \(violation)", sourceLocation: sourceLocation)
        }
    }

    // MARK: One sequence

    private static func sequence(
        seed: UInt64,
        steps: Int,
        start: () throws -> (host: any PresentationHost, flow: any Flow, aside: Set<ScreenRef>),
        legalRequests: () -> [Request]
    ) -> [LawViolation] {
        var random = SeededGenerator(seed: seed)
        let witness = Witness()
        var done: [String] = []
        var found: [LawViolation] = []
        func violate(_ law: String, _ detail: String) {
            let path = done.isEmpty ? "at the start" : "after " + done.joined(separator: ", ")
            found.append(LawViolation(law: law, detail: "seed \(seed), \(path): \(detail)"))
        }
        do {
            let (host, flow, aside) = try start()
            witness.watch(host, aside: aside)
            defer { host.removeObserver(witness) }
            for _ in 0..<steps where flow.phase == .running {
                let requests = legalRequests()
                let roll = Int.random(in: 0..<10, using: &random)
                if roll == 0, let request = requests.filter(\.navigates).randomElement(using: &random) {
                    done.append("\(request.name) from an observer")
                    if let problem = refusedWhole(request, on: host, flow: flow, witness: witness) {
                        violate("a request made during a delivery is refused whole", problem)
                    }
                } else if requests.isEmpty || roll < 5 {
                    let gesture = Gesture.allCases.randomElement(using: &random) ?? .back
                    done.append(gesture.name)
                    let before = host.hierarchy
                    let eventCount = witness.events.count
                    do {
                        try gesture.make(on: host, using: &random)
                    } catch let error as FlowError {
                        if host.hierarchy != before { violate("a refused gesture changes nothing", "\(error.code) but the hierarchy changed") }
                        let reported = witness.events[eventCount...].filter { if case .gestureRefused = $0.change { false } else { true } }
                        if !reported.isEmpty { violate("a refused gesture changes nothing", "\(error.code) but it reported \(reported.map(\.description))") }
                    } catch {
                        violate("a refused gesture throws a FlowError", "it threw \(error)")
                    }
                } else if let request = requests.randomElement(using: &random) {
                    done.append(request.name)
                    do { try request.run() } catch {
                        violate("the flow's legal requests succeed after the user's gestures", "\(request.name) threw \(error)")
                    }
                }
                witness.trackShown(on: host)
                if flow.phase == .running, !witness.showsAScreenItMade(on: host) {
                    violate("a running flow shows a screen", "the flow runs but the host shows none of its screens")
                }
            }
            if flow.phase == .running {
                do { try flow.cancel() } catch { violate("a flow the user left running can be cancelled", "cancel threw \(error)") }
            }
            let unnamed = witness.events.filter { $0.origin != .user && !$0.origin.isFlow }
            if !unnamed.isEmpty { violate("every change names the user or a flow as its origin", "\(unnamed.map(\.description))") }
            let gone = witness.survivors(notShownOn: host)
            if !gone.isEmpty { violate("an ended flow released every screen it made", "still alive: \(gone)") }
        } catch {
            violate("the flow starts", "\(error)")
        }
        return found
    }

    /// Makes a request from an observer while the host delivers a probe event; returns what went
    /// wrong, or `nil` when the request was refused with `reentrantNavigation` and changed nothing.
    private static func refusedWhole(_ request: Request, on host: any PresentationHost, flow: any Flow, witness: Witness) -> String? {
        let before = host.hierarchy
        let phase = flow.phase
        let eventCount = witness.events.count
        switch DuringDelivery.run(on: host, request.run) {
        case .success: return "\(request.name) was accepted"
        case .failure(let error):
            guard let error = error as? FlowError, error.code == .reentrantNavigation else {
                return "\(request.name) threw \(error), expected reentrantNavigation"
            }
        }
        if host.hierarchy != before { return "the hierarchy changed" }
        let reported = witness.events[eventCount...].filter { $0.origin != DuringDelivery.probeOrigin }
        if !reported.isEmpty { return "it reported \(reported.map(\.description))" }
        if flow.phase != phase { return "the flow's phase went from \(phase) to \(flow.phase)" }
        return nil
    }

    /// The gestures the law makes.
    private enum Gesture: CaseIterable {
        case back, backToBottom, swipeDown, selectTab

        var name: String {
            switch self {
            case .back: "(user) back"
            case .backToBottom: "(user) back to the bottom"
            case .swipeDown: "(user) swipe down"
            case .selectTab: "(user) tap a tab"
            }
        }

        @MainActor
        func make(on host: any PresentationHost, using random: inout SeededGenerator) throws {
            switch self {
            case .back:
                try host.user.back()
            case .backToBottom:
                guard case .back(_, let stack)? = host.user.backGesture, let bottom = host.child(at: 0, of: .container(stack)) else {
                    try host.user.back()
                    return
                }
                try host.user.back(to: bottom)
            case .swipeDown:
                try host.user.swipeDown()
            case .selectTab:
                let count = host.user.tabGroup.flatMap { host.place(of: .container($0))?.childCount } ?? 1
                try host.user.selectTab(Int.random(in: 0..<max(count, 1), using: &random))
            }
        }
    }

    /// Watches one sequence's host: its events, and every screen the flow showed.
    @MainActor
    private final class Witness: FlowObserver {
        private struct Tracked {
            let ref: ScreenRef
            weak var screen: (any Screen)?
        }

        private(set) var events: [FlowEvent] = []
        private var tracked: [Tracked] = []
        private var seen: Set<ScreenRef> = []

        /// Starts watching; screens in `aside` (the law's own base) are not the flow's.
        func watch(_ host: any PresentationHost, aside: Set<ScreenRef>) {
            seen = aside
            trackShown(on: host)
            host.addObserver(self)
        }

        func receive(_ event: FlowEvent) { events.append(event) }

        /// Tracks every screen the host shows that is not tracked yet.
        func trackShown(on host: any PresentationHost) {
            for ref in host.hierarchy.allScreens where seen.insert(ref).inserted {
                tracked.append(Tracked(ref: ref, screen: host.screen(for: ref)))
            }
        }

        /// Whether the host shows a screen the flow showed.
        func showsAScreenItMade(on host: any PresentationHost) -> Bool {
            tracked.contains { $0.screen != nil && host.contains($0.ref) }
        }

        /// The names of the flow's screens still alive although the host no longer shows them.
        func survivors(notShownOn host: any PresentationHost) -> [String] {
            tracked.filter { $0.screen != nil && !host.contains($0.ref) }.map(\.ref.displayName)
        }
    }
}
