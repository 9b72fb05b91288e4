import FlowKernel
import FlowLogging
import FlowRuntime
import FlowStage
import InMemoryLogging
import Logging
import ShopApp
import Testing

/// The shop's journeys, logged through swift-log and read back from its in-memory handler.
@MainActor
@Suite("Flow event logger")
struct FlowEventLoggerTests {
    static let happy = "start,email ana@example.com,shoes,add,cart,checkout,pay,close"

    let handler = InMemoryLogHandler()

    func logger(at level: Logger.Level) -> Logger {
        let handler = handler
        var logger = Logger(label: "shop.navigation") { _ in handler }
        logger.logLevel = level
        return logger
    }

    func run(_ script: String, in strategy: Strategy, logger: FlowEventLogger) throws -> ShopSession {
        let session = try ShopSession(strategy: strategy, observers: [logger])
        for command in try Command.script(script) {
            let problem = session.perform(command)
            #expect(problem == nil, "\(strategy) refused \(command.text): \(problem ?? "")")
        }
        return session
    }

    @Test("Every event of the shop's journey is one record, in order", arguments: Strategy.allCases)
    func theShopsJourneyIsLogged(_ strategy: Strategy) throws {
        let session = try run(Self.happy, in: strategy, logger: FlowEventLogger(logger(at: .trace)))

        let records = handler.entries
        #expect(records.map(\.message.description) == session.log.events.map(\.change.description))
        #expect(records.count == session.log.events.count)
        let start = try #require(records.first { $0.metadata["change"] == "flowStarted" })
        #expect(start.level == .info)
        #expect(start.metadata["flow"] == "shop")
        #expect(start.metadata["origin"] == "flow")
        let done = try #require(records.last)
        #expect(done.metadata["change"] == "flowCompleted")
        guard case .flowCompleted(let result)? = session.log.events.last?.change else {
            Issue.record("the shop's last event is not its completion")
            return
        }
        #expect(done.metadata["result"] == .string(result))
        let signIn = try #require(records.first { $0.metadata["screen_type"] == "SignInScreen" })
        #expect(signIn.level == .debug)
        #expect(signIn.metadata["change"] == "pushed")
        #expect(signIn.metadata["screen"] == "Sign in")
        #expect(signIn.metadata["container"] == "shop")
    }

    @Test("The user's back is logged as the user's, at info", arguments: Strategy.allCases)
    func theUsersBackIsLoggedAtInfo(_ strategy: Strategy) throws {
        let session = try run("start,email ana@example.com,:back", in: strategy, logger: FlowEventLogger(logger(at: .trace)))
        let event = try #require(session.log.events.first { $0.origin == .user })
        guard case .popped(let nodes, let stack) = event.change else {
            Issue.record("the back button pops, but the user's event is \(event)")
            return
        }

        let back = try #require(handler.entries.first { $0.metadata["origin"] == "user" })
        #expect(back.level == .info)
        #expect(back.metadata["change"] == "popped")
        #expect(back.metadata["flow"] == nil)
        #expect(back.metadata["container"] == .string(stack.name))
        #expect(back.metadata["node"] == .array(nodes.map { .string($0.description) }))
    }

    @Test("Records below the logger's level are not written")
    func recordsBelowTheLoggersLevelAreNotWritten() throws {
        let session = try run(Self.happy, in: .stack, logger: FlowEventLogger(logger(at: .info)))

        let records = handler.entries
        #expect(!records.isEmpty)
        #expect(records.allSatisfy { $0.level >= .info })
        let lifecycle = session.log.events.filter {
            switch $0.change {
            case .flowStarted, .flowCompleted, .flowCancelled: true
            default: false
            }
        }
        #expect(records.map(\.message.description) == lifecycle.map(\.change.description))
    }

    @Test("Each kind of event is logged at the level the app chose")
    func levelsAreChosenPerKind() throws {
        var levels = FlowEventLogger.Levels.standard
        levels.flowChange = .notice
        levels.lifecycle = .trace
        _ = try run("start", in: .stack, logger: FlowEventLogger(logger(at: .trace), levels: levels))

        let byChange = Dictionary(grouping: handler.entries) { $0.metadata["change"]?.description ?? "" }
        #expect(byChange["pushed"]?.map(\.level) == [.notice])
        #expect(byChange["flowStarted"]?.map(\.level) == [.trace])
    }

    @Test("A refusal is logged as a warning with its code and reason")
    func aRefusalIsAWarning() throws {
        let host = InMemoryHost()
        host.addObserver(FlowEventLogger(logger(at: .trace)))
        let error = FlowError(.nothingToGoBackTo, "Welcome is the first screen.")

        host.report(FlowEvent(.requestRefused(error), flow: "shop"))

        let record = try #require(handler.entries.first)
        #expect(record.level == .warning)
        #expect(record.metadata["error_code"] == "nothingToGoBackTo")
        #expect(record.metadata["reason"] == "Welcome is the first screen.")
        #expect(record.metadata["flow"] == "shop")
    }
}

/// The metadata of each kind of change, read without a host.
@MainActor
@Suite("Flow event metadata")
struct FlowEventMetadataTests {
    final class Page: Screen {
        let displayName: String
        init(_ name: String) { displayName = name }
    }

    let cart = Page("Cart"), badge = Page("Badge")

    @Test func aChangeThatCarriesAListOfNodesGivesLists() {
        let metadata = FlowEventLogger.metadata(for: FlowEvent(.popped([.of(cart), .container("inner")], from: "main"), flow: "shop"))

        #expect(metadata["change"] == "popped")
        #expect(metadata["container"] == "main")
        #expect(metadata["node"] == .array(["Cart", "[inner]"]))
        #expect(metadata["screen"] == .array(["Cart"]))
        #expect(metadata["screen_type"] == .array(["Page"]))
    }

    @Test func aPresentationNamesWhatItIsOver() {
        let metadata = FlowEventLogger.metadata(for: FlowEvent(.presented(.container("cart"), over: .of(badge)), origin: .system))

        #expect(metadata["origin"] == "system")
        #expect(metadata["flow"] == nil)
        #expect(metadata["node"] == "[cart]")
        #expect(metadata["screen"] == nil)
        #expect(metadata["anchor"] == "Badge")
    }

    @Test func aTabNamesItsGroupAndIndex() {
        let metadata = FlowEventLogger.metadata(for: FlowEvent(.tabSelected(2, in: "tabs"), origin: .user))

        #expect(metadata["container"] == "tabs")
        #expect(metadata["index"] == .stringConvertible(2))
        #expect(metadata["origin"] == "user")
    }

    @Test func aStrategysStepNamesTheValuesTypeAndItsReceivers() {
        let context = FlowEvent.Delivery(kind: "contextPassed", verb: "pass")
        let update = FlowEvent.Delivery(kind: "updateDelivered", verb: "deliver")
        let passed = FlowEventLogger.metadata(for: FlowEvent(.delivered(ScreenType(anyType: Int.self), to: [ScreenRef(cart)], as: context), flow: "checkout"))
        let delivered = FlowEventLogger.metadata(
            for: FlowEvent(.delivered(ScreenType(anyType: String.self), to: [ScreenRef(cart), ScreenRef(badge)], as: update), flow: "shop")
        )

        #expect(passed["change"] == "contextPassed")
        #expect(passed["value_type"] == "Int")
        #expect(passed["screen"] == "Cart")
        #expect(delivered["change"] == "updateDelivered")
        #expect(delivered["value_type"] == "String")
        #expect(delivered["screen"] == .array(["Cart", "Badge"]))
    }

    /// A product's own kind of event (FlowLinks' decisions, FlowPlatform's drifts are such).
    struct Quota: FlowEventPayload {
        static let kind = "quotaReached"
        let significance: FlowEvent.Significance
        var fields: [String: String] { ["limit": "3"] }
        var line: String { "quota reached" }
    }

    @Test func aProductsOwnEventIsLoggedByItsKindAndFieldsAtTheLevelOfItsSignificance() {
        let metadata = FlowEventLogger.metadata(for: FlowEvent(.payload(.init(Quota(significance: .refusal))), flow: "shop"))
        #expect(metadata["change"] == "quotaReached")
        #expect(metadata["limit"] == "3")
        #expect(metadata["flow"] == "shop")

        let levels = FlowEventLogger.Levels.standard
        let expected: [(FlowEvent.Significance, Logger.Level)] = [
            (.detail, levels.detail), (.lifecycle, levels.lifecycle), (.refusal, levels.refusal), (.fault, levels.drift),
        ]
        for (significance, level) in expected {
            #expect(levels.level(for: FlowEvent(.payload(.init(Quota(significance: significance))))) == level, "\(significance)")
        }
    }

    @Test func aRefusedGestureNamesTheGestureAndWhy() {
        let gesture = UserGesture.swipeDown(.container("checkout"))
        let metadata = FlowEventLogger.metadata(for: FlowEvent(.gestureRefused(gesture, reason: "Pay does not allow it"), origin: .user))

        #expect(metadata["gesture"] == .string(gesture.description))
        #expect(metadata["reason"] == "Pay does not allow it")
    }

    @Test func aGuardsRefusalNamesTheScreenWhichWayAndWhyAtTheRefusalLevel() {
        final class Editor: Screen {}
        let refusal = GuardRefusal(screen: ScreenRef(Editor()), direction: .leaving, reason: "unsaved changes")
        let event = FlowEvent(.guardRefused(refusal), flow: "notes")
        let metadata = FlowEventLogger.metadata(for: event)

        #expect(metadata["change"] == "guardRefused")
        #expect(metadata["screen"] == "Editor")
        #expect(metadata["direction"] == "leaving")
        #expect(metadata["reason"] == "unsaved changes")
        #expect(FlowEventLogger.Levels.standard.level(for: event) == FlowEventLogger.Levels.standard.refusal)
    }
}
