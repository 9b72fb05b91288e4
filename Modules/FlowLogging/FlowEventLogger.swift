import FlowKernel
public import Logging

/// A ``/FlowKernel/FlowObserver`` that writes every event a host reports to a swift-log `Logger`,
/// one record per event, with structured metadata a log backend can filter and index on.
///
/// ```swift
/// let logger = FlowEventLogger(Logger(label: "shop.navigation"))
/// host.addObserver(logger)
/// // debug: push Catalog onto [main]  change=pushed container=main flow=shop origin=flow ...
/// ```
///
/// The message is the event's change as a transcript line shows it; who made it, and what it
/// touched, are in the metadata (``MetadataKey``). Each kind of event is logged at the level
/// ``Levels`` gives it, so an app can keep refusals at `warning` in production and see every push
/// at `debug` while it develops. Metadata is built only for records the logger's level lets through.
@MainActor
public final class FlowEventLogger: FlowObserver {
    /// The logger records go to; its own level and metadata apply as usual.
    public var logger: Logger
    /// The level of each kind of event.
    public var levels: Levels

    /// Logs to a logger, at the levels given.
    public init(_ logger: Logger, levels: Levels = .standard) {
        self.logger = logger
        self.levels = levels
    }

    /// Writes one record for the event, if the logger's level lets its level through.
    public func receive(_ event: FlowEvent) {
        let level = levels.level(for: event)
        guard logger.logLevel <= level else { return }
        logger.log(level: level, "\(event.change)", metadata: Self.metadata(for: event))
    }
}

extension FlowEventLogger {
    /// The level each kind of event is logged at.
    ///
    /// ```swift
    /// var levels = FlowEventLogger.Levels.standard
    /// levels.flowChange = .info      // see every push and pop without turning on debug
    /// let logger = FlowEventLogger(Logger(label: "nav"), levels: levels)
    /// ```
    public struct Levels: Sendable, Hashable {
        /// A change a flow made to what is shown: a push, a pop, a presentation.
        public var flowChange: Logger.Level
        /// A change the user made (back, swipe down, a tab), or the system.
        public var userChange: Logger.Level
        /// A flow started, completed or was cancelled; a link was opened, deferred, resumed,
        /// redirected or dropped.
        public var lifecycle: Logger.Level
        /// A gesture, a request or a link that was refused and changed nothing.
        public var refusal: Logger.Level
        /// A strategy's inner step: a context passed, an update delivered, a note of your own.
        public var detail: Logger.Level
        /// A fault a product reports (``/FlowKernel/FlowEvent/Significance/fault``), such as a
        /// platform that showed something other than its model (FlowPlatform's `HostDrift`): a bug
        /// in an adapter or in code that moves the platform's containers behind its back.
        public var drift: Logger.Level

        /// Sets every level.
        public init(
            flowChange: Logger.Level = .debug,
            userChange: Logger.Level = .info,
            lifecycle: Logger.Level = .info,
            refusal: Logger.Level = .warning,
            detail: Logger.Level = .trace,
            drift: Logger.Level = .error
        ) {
            self.flowChange = flowChange
            self.userChange = userChange
            self.lifecycle = lifecycle
            self.refusal = refusal
            self.detail = detail
            self.drift = drift
        }

        /// Flows' changes at `debug`, the user's changes and flows' lifecycles at `info`,
        /// refusals at `warning`, strategies' inner steps at `trace`, a platform's drift at `error`.
        public static let standard = Levels()

        /// The level an event is logged at.
        public func level(for event: FlowEvent) -> Logger.Level {
            switch event.change {
            case .flowStarted, .flowCompleted, .flowCancelled: lifecycle
            case .gestureRefused, .guardRefused, .requestRefused: refusal
            case .delivered, .note: detail
            case .payload(let payload):
                switch payload.value.significance {
                case .detail: detail
                case .lifecycle: lifecycle
                case .refusal: refusal
                case .fault: drift
                }
            case .rootReplaced, .pushed, .popped, .stackReplaced, .presented, .dismissed,
                .tabSelected, .tabInserted, .tabRemoved, .childAdded, .childRemoved:
                event.origin.isFlow ? flowChange : userChange
            }
        }
    }
}
