/// One thing to measure: a name, and a body that runs it a given number of times.
///
/// Workloads are built on the main actor, where FlowKit lives, and return a body that repeats the
/// operation; the harness times the body, so building the subject is never measured.
@MainActor
public struct Workload {
    /// What is measured, as the results table names it.
    public let name: String
    /// The workload this one is compared with, by name; `nil` for an anchor.
    public let anchor: String?
    /// The goal for the ratio to the anchor, as text for the table.
    public let goal: String
    /// The largest ratio to the anchor that meets the goal, if the goal is a ratio.
    public let ratioLimit: Double?
    /// The most nanoseconds an operation may take to meet the goal, if the goal is absolute.
    public let nanosecondsLimit: Double?
    /// Builds the subject and returns a body that performs the operation `n` times.
    public let make: () -> (Int) -> Void

    public init(
        _ name: String,
        anchor: String? = nil,
        goal: String = "",
        ratioLimit: Double? = nil,
        nanosecondsLimit: Double? = nil,
        make: @escaping () -> (Int) -> Void
    ) {
        self.name = name
        self.anchor = anchor
        self.goal = goal
        self.ratioLimit = ratioLimit
        self.nanosecondsLimit = nanosecondsLimit
        self.make = make
    }
}

/// Keeps a value alive in the optimiser's eyes, so the work that made it is not removed.
@inline(never)
public func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
