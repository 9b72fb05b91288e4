/// The states an exploration reached, each numbered in the order first reached, with the shortest
/// route to it kept as the state it was reached from and the move made there: a key and three
/// numbers a state, whatever its depth. A route is read back only when a finding or a fresh run
/// needs it.
///
/// A random walk, which keeps the route it took to each state rather than the shortest, keeps
/// that route whole (``note(_:route:)``).
struct StateTable<Key: Hashable> {
    private(set) var keys: [Key] = []
    private var slots: [Key: Int] = [:]
    /// The state each was first reached from, `-1` for the start and for a route kept whole.
    private var parents: [Int32] = []
    /// The move that reached each from its parent.
    private var labels: [String] = []
    /// How many moves from the start each is.
    private(set) var lengths: [Int] = []
    /// Routes kept whole, by state.
    private var whole: [Int: [String]] = [:]

    var count: Int { keys.count }

    /// The state's number, if it was reached.
    func slot(of key: Key) -> Int? { slots[key] }

    /// Notes a state reached by one move from another; its number.
    mutating func note(_ key: Key, from parent: Int?, by label: String) -> Int {
        let slot = keys.count
        keys.append(key)
        slots[key] = slot
        parents.append(parent.map(Int32.init) ?? -1)
        labels.append(label)
        lengths.append(parent.map { lengths[$0] + 1 } ?? 0)
        return slot
    }

    /// Notes a state with the whole route that reached it, or gives a known one that route.
    mutating func note(_ key: Key, route: [String]) {
        let slot = slots[key] ?? note(key, from: nil, by: "")
        whole[slot] = route
        lengths[slot] = route.count
    }

    /// The route to a state.
    func route(of slot: Int) -> [String] {
        if let kept = whole[slot] { return kept }
        var route: [String] = []
        route.reserveCapacity(lengths[slot])
        var at = slot
        while parents[at] >= 0 {
            route.append(labels[at])
            at = Int(parents[at])
        }
        return route.reversed()
    }

    /// The state a state was first reached from, `-1` for the start.
    func parent(of slot: Int) -> Int { Int(parents[slot]) }

    /// The route to a state by key, if it was reached.
    func route(of key: Key) -> [String]? { slots[key].map(route(of:)) }
}
