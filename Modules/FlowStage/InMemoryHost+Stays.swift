import FlowKernel
import FlowRuntime

/// The stays of the screens an ``InMemoryHost`` shows that hear of them
/// (`ScreenStayObserver`): which are under way, and what changed since they were
/// last told. Its state opts out of run-time exclusivity checks for the reason given on
/// `StageNode`: main-actor only, changed within one synchronous host operation.
@MainActor
final class StayLedger {
    /// A stay under way, with who hears of it.
    struct Staying {
        let stay: HostStay
        let observer: any ScreenStayObserver
    }

    /// The stays under way, by screen.
    @exclusivity(unchecked) private(set) var staying: [ObjectIdentifier: Staying] = [:]
    /// Screens shown since the last telling that hear of their stays, in the order shown.
    @exclusivity(unchecked) private(set) var arrivals: [(screen: any Screen, observer: any ScreenStayObserver)] = []
    /// Stays whose screens left since the last telling, in the order they left.
    @exclusivity(unchecked) private(set) var departures: [Staying] = []
    /// The screen on top when the screens were last told; weak, so that a screen released
    /// since is not mistaken for another made at its address.
    private weak var toldTopScreen: (any Screen)?

    /// The screen on top when the screens were last told, while it lives.
    var toldTop: ScreenRef? { toldTopScreen.map(ScreenRef.init) }

    /// Notes the screen on top as told, read from the host.
    func tell(top: ScreenRef?, on host: InMemoryHost) {
        toldTopScreen = top.flatMap { host.screen(for: $0) }
    }

    /// Whether any screen shown hears of its stay, or one did since the last telling: otherwise
    /// a change has nothing to tell, and the host does not look.
    var isTracking: Bool { !staying.isEmpty || hasChanges }

    /// Whether a screen that hears of its stay arrived or left since the last telling.
    var hasChanges: Bool { !arrivals.isEmpty || !departures.isEmpty }

    /// Whether screens of a type hear of their stays, by type: a type's conformance never
    /// changes, and looking it up costs more than the rest of a push.
    @exclusivity(unchecked) private var observes: [ObjectIdentifier: Bool] = [:]
    /// The type asked about last, and its answer: most changes show screens of a type shown before.
    @exclusivity(unchecked) private var lastType: ObjectIdentifier?
    @exclusivity(unchecked) private var lastObserves = false

    /// A screen the host now shows: noted if it hears of its stay.
    func arrived(_ screen: any Screen) {
        let type = ObjectIdentifier(Swift.type(of: screen))
        if type != lastType {
            lastType = type
            if let known = observes[type] {
                lastObserves = known
            } else {
                lastObserves = screen is any ScreenStayObserver || screen is any StayObservingScreen
                observes[type] = lastObserves
            }
        }
        guard lastObserves, let observer = screen.observerOfStay else { return }
        arrivals.append((screen, observer))
    }

    /// A node the host no longer shows: a screen's stay under way ends; one shown and taken away
    /// within one change had none.
    func left(_ node: StageNode) {
        guard case .screen(let screen) = node.kind else { return }
        let key = ObjectIdentifier(screen)
        if let stay = staying.removeValue(forKey: key) {
            departures.append(stay)
        } else if let index = arrivals.firstIndex(where: { $0.screen === screen }) {
            arrivals.remove(at: index)
        }
    }

    /// Takes what changed since the last telling, to tell it.
    func takeChanges() -> (departures: [Staying], arrivals: [(screen: any Screen, observer: any ScreenStayObserver)]) {
        defer {
            departures = []
            arrivals = []
        }
        return (departures, arrivals)
    }

    /// Begins the stay of a screen shown.
    func begin(_ screen: any Screen, heardBy observer: any ScreenStayObserver) -> HostStay {
        let stay = HostStay()
        staying[ObjectIdentifier(screen)] = Staying(stay: stay, observer: observer)
        return stay
    }

    /// The stay under way of a screen, if it hears of it.
    func stay(of screen: ScreenRef, on host: InMemoryHost) -> Staying? {
        host.screen(for: screen).flatMap { staying[ObjectIdentifier($0)] }
    }
}

extension InMemoryHost {
    /// Tells the screens of what a whole change did to their stays: first the stays that ended
    /// (their tasks cancelled), then the screen covered, then the stays that began, then the
    /// screen that came to the top. A screen's own call that changes the host is a change of its
    /// own, told once this telling is done.
    func tellStays() {
        guard stays.isTracking, !isTellingStays else { return }
        isTellingStays = true
        defer { isTellingStays = false }
        repeat {
            let (departures, arrivals) = stays.takeChanges()
            let top = visibleScreenRef
            for departure in departures {
                departure.stay.end()
                departure.observer.stayDidEnd()
            }
            if let told = stays.toldTop, told != top, let covered = stays.stay(of: told, on: self) {
                covered.observer.screenWasCovered()
            }
            for arrival in arrivals where contains(.of(arrival.screen)) {
                let stay = stays.begin(arrival.screen, heardBy: arrival.observer)
                arrival.observer.stayDidBegin(stay)
            }
            if top != stays.toldTop {
                stays.tell(top: top, on: self)
                if let top, let shown = stays.stay(of: top, on: self) { shown.observer.screenDidComeToTop() }
            }
            // What the calls above changed is told on the next turn.
        } while stays.hasChanges || visibleScreenRef != stays.toldTop
        if !stays.isTracking { flows.afterRequests = nil }
    }
}
