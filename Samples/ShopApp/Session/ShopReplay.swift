import FlowExplorer
import FlowKernel
import FlowRecording
import FlowSnapshot

/// The shop as a recording replays it: a fresh session in a strategy, from the recording's start.
@MainActor
public enum ShopReplay {
    /// A replay of shop recordings in a strategy.
    ///
    /// - Parameters:
    ///   - comparison: `.transcript` for a recording made in the same strategy; `.screens` to
    ///     replay one made in another, whose transcripts differ by design.
    ///   - protectsPlacedOrder: `false` replays on the shop without the recipe that keeps an
    ///     order from being placed twice: a regression planted for tests.
    public static func replay(
        _ strategy: Strategy, comparing comparison: JourneyReplay.Comparison = .transcript, protectsPlacedOrder: Bool = true
    ) -> JourneyReplay {
        JourneyReplay(comparing: comparison) { start in
            let session = try ShopSession(strategy: strategy, startingFrom: start, protectsPlacedOrder: protectsPlacedOrder)
            return ExplorationRun(
                host: session.host, flow: session.flow, keeping: session, actions: { session.actions(on: $0) }, links: { try session.open($0) })
        }
    }
}

extension ShopSession {
    /// Starts the shop where a recording starts: anew, or from its snapshot with the model and a
    /// link waiting behind sign-in saved beside it (``ShopState``).
    ///
    /// - Throws: ``/FlowKernel/FlowError/Code/invalidRecording`` when the snapshot has no shop
    ///   model beside it or does not come back whole in this strategy (one saved in another
    ///   strategy, say), naming what did not come back.
    /// - Parameter protectsPlacedOrder: `false` leaves out the recipe that keeps an order from
    ///   being placed twice.
    public convenience init(strategy: Strategy, startingFrom start: JourneyRecording.Start, protectsPlacedOrder: Bool = true) throws {
        guard case .snapshot(let navigation, let app) = start else {
            try self.init(strategy: strategy, protectsPlacedOrder: protectsPlacedOrder)
            return
        }
        let state: ShopState
        do {
            guard let app else { throw FlowError(.invalidRecording, "nothing is saved beside it") }
            state = try app.decode(ShopState.self)
        } catch {
            throw FlowError(.invalidRecording, "The recording's start is not a shop's: its model could not be read (\(NavigationSnapshot.explain(error))).")
        }
        try self.init(
            strategy: strategy, protectsPlacedOrder: protectsPlacedOrder,
            restoring: SavedShop(strategy: strategy.rawValue, model: state.model, navigation: navigation, pendingLink: state.pendingLink))
        if let report = restoration, report.entries.contains(where: { $0.outcome != .restored }) || flow.phase != .running {
            let lines = report.entries.filter { $0.outcome != .restored }.map(\.description)
            throw FlowError(
                .invalidRecording,
                "The recording starts from a moment the \(strategy.rawValue) shop cannot bring back whole: \(lines.isEmpty ? "its flow did not come back" : lines.joined(separator: "; "))."
            )
        }
    }
}
