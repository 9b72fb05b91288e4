import FlowKernel

/// The handle a screen of a ``LogicFlow`` makes requests with, tied to that screen: a request
/// from a screen the person no longer sees in its flow is refused, so a second tap on a screen
/// already left cannot move the flow on from the state after it.
///
/// The runtime hands each new screen its handle through ``FlowLogic/attach(_:to:)``; the handle
/// holds the flow weakly, so a screen that keeps it does not keep the flow alive.
///
/// ```swift
/// func attach(_ handle: LogicHandle<Machine>, to screen: any Screen) {
///     (screen as? StateScreen)?.handle = handle
/// }
/// // In the screen, when the person taps "Next":
/// try handle?.request { machine, path in machine.next(path) }
/// ```
@MainActor
public struct LogicHandle<Logic: FlowLogic> {
    weak var flow: LogicFlow<Logic>?
    /// The screen the handle belongs to.
    public let screen: ScreenRef

    @usableFromInline
    init(flow: LogicFlow<Logic>, screen: ScreenRef) {
        self.flow = flow
        self.screen = screen
    }

    /// Makes a request of the flow from the handle's screen, as ``LogicFlow/request(_:)`` does,
    /// once the screen is the one the person sees in the flow.
    ///
    /// - Throws: ``FlowKernel/FlowError/Code/screenNotCurrent`` when the screen is not the flow's
    ///   entry the person sees (gone, or covered by a later one of the flow's own);
    ///   `flowFinished` once the flow has ended; what ``LogicFlow/request(_:)`` throws. Nothing
    ///   changes then.
    public func request(_ decide: (Logic, FlowPath<Logic.Entry>) throws -> FlowDecision<Logic.Entry, Logic.Result>) throws {
        try requestRemembering { logic, path, _ in try decide(logic, path) }
    }

    /// Makes a request of the flow from the handle's screen whose decision may change what the
    /// logic remembers, as ``LogicFlow/requestRemembering(_:)``
    /// does, once the screen is the one the person sees in the flow.
    ///
    /// - Throws: what ``request(_:)`` throws.
    public func requestRemembering(_ decide: (Logic, FlowPath<Logic.Entry>, inout Logic.Memory) throws -> FlowDecision<Logic.Entry, Logic.Result>) throws {
        guard let flow else { throw FlowError(.flowFinished, "The flow that showed \(screen) has ended.") }
        try flow.request(from: screen, decide)
    }
}

extension FlowError.Code {
    /// A request came from a screen the person no longer sees in its flow: one already left, or
    /// covered by a later screen of the same flow.
    public static let screenNotCurrent = FlowError.Code("screenNotCurrent")
}
