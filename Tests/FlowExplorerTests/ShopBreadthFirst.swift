import FlowExplorer
import ShopApp

/// The shop explored breadth-first to depth twelve, once per strategy for the whole test run.
///
/// Several suites read that one report (its findings, its graph against the baseline and the
/// guide, the router's declarations); the walk is deterministic, and it is the heaviest work these
/// suites do on the main actor, which bounds `swift test`'s time. A test that checks the walk
/// itself (that it repeats itself) walks again.
@MainActor
enum ShopBreadthFirst {
    private static var reports: [Strategy: ExplorationReport] = [:]

    /// The report of the shop's explorer (with its recipe) in a strategy.
    static func report(_ strategy: Strategy) throws -> ExplorationReport {
        if let report = reports[strategy] { return report }
        let report = try ShopExploration.explorer(strategy).explore(.breadthFirst(depth: 12))
        reports[strategy] = report
        return report
    }
}
