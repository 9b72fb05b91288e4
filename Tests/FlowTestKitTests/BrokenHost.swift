import FlowKernel
import FlowRuntime
import FlowStage

/// A host with one deliberate flaw, wrapped around a correct one, to prove the law checks catch it.
@MainActor
final class BrokenHost: FlowHost {
    enum Flaw {
        /// Makes every change but reports no event.
        case silent
        /// On a rejected pop, clears the root before throwing.
        case changesBeforeRejecting
        /// Lets an observer's request through while another is being carried out.
        case reentrant
        /// Keeps every screen it was ever asked to show.
        case hoarding
        /// Rejects with the wrong code.
        case wrongCodes
        /// Answers the targeted queries from the hierarchy it first showed, never updated.
        case staleQueries
        /// Delivers an event an observer reports at once, before the one being delivered reaches
        /// the observers after it.
        case reportsOutOfOrder
        /// Refuses what a screen's guard refuses, but reports no event for it.
        case silentRefusals
        /// Lets a change through while guards are asked ahead of another.
        case openWhileAsking
        /// Says it records which flow made each node, and names none.
        case forgetfulMakers
    }

    let flaw: Flaw
    let inner = InMemoryHost()
    private var hoard: [any Screen] = []
    private var firstHierarchy: Hierarchy?
    private var observers: [any FlowObserver] = []
    private var pending: [FlowEvent] = []
    private var isDelivering = false

    init(_ flaw: Flaw) {
        self.flaw = flaw
        if flaw != .silent && flaw != .reentrant { inner.addObserver(Relay(self)) }
    }

    var hierarchy: Hierarchy { inner.hierarchy }

    func place(of node: NodeRef) -> NodePlace? {
        guard flaw == .staleQueries else { return inner.place(of: node) }
        if firstHierarchy == nil { firstHierarchy = inner.hierarchy }
        return firstHierarchy?.place(of: node)
    }
    func screen(for ref: ScreenRef) -> (any Screen)? { inner.screen(for: ref) }
    func report(_ event: FlowEvent) { deliver(event) }
    func addObserver(_ observer: any FlowObserver) { observers.append(observer) }
    func removeObserver(_ observer: any FlowObserver) { observers.removeAll { $0 === observer } }

    var flows: FlowTree { inner.flows }

    var recordsMakers: Bool { true }
    func maker(of node: NodeRef) -> FlowID? { flaw == .forgetfulMakers ? nil : inner.maker(of: node) }

    func whileAskingGuards<Answer>(_ body: () throws -> Answer) rethrows -> Answer {
        flaw == .openWhileAsking ? try body() : try inner.whileAskingGuards(body)
    }

    func apply(_ operation: HostOperation, origin: FlowEvent.Origin) throws {
        if flaw == .hoarding { hoard += Self.screens(in: operation) }
        do {
            try inner.apply(operation, origin: origin)
        } catch let error as FlowError {
            if flaw == .changesBeforeRejecting, case .pop = operation { try? inner.setRoot(nil) }
            if flaw == .wrongCodes { throw FlowError(.hostRejected, error.message) }
            throw error
        }
        if flaw == .reentrant {
            // Delivers after the inner host has finished, so nested requests get through.
            deliver(FlowEvent(.note("changed", detail: ""), origin: origin))
        }
    }

    fileprivate func deliver(_ event: FlowEvent) {
        if flaw == .silentRefusals, case .guardRefused = event.change { return }
        guard flaw != .reportsOutOfOrder else {
            for observer in observers { observer.receive(event) }
            return
        }
        pending.append(event)
        guard !isDelivering else { return }
        isDelivering = true
        while !pending.isEmpty {
            let next = pending.removeFirst()
            for observer in observers { observer.receive(next) }
        }
        isDelivering = false
    }

    private static func screens(in operation: HostOperation) -> [any Screen] {
        switch operation {
        case .push(let content, _), .present(let content, _), .addChild(let content, _): screens(in: content)
        case .setRoot(let content?): screens(in: content)
        default: []
        }
    }

    private static func screens(in content: Presentable) -> [any Screen] {
        switch content {
        case .screen(let screen): [screen]
        case .stack(_, let entries): entries.flatMap(screens(in:))
        case .tabs(_, let tabs, _): tabs.flatMap { screens(in: $0.content) }
        }
    }
}

@MainActor
private final class Relay: FlowObserver {
    weak var host: BrokenHost?
    init(_ host: BrokenHost) { self.host = host }
    func receive(_ event: FlowEvent) { host?.deliver(event) }
}
