import FlowKernel
import FlowRuntime
import FlowTestKit

/// The smallest honest kernel flow: a stack of numbered probe screens that completes with how many
/// it showed. It exercises the flow contract without any strategy or the runtime's run: its
/// phases, outcome and handlers are its own, a few lines, as any `Flow` may keep them.
@MainActor
final class ProbeFlow: Flow {
    let id: FlowID
    private(set) var phase: FlowPhase = .ready
    private(set) var outcome: FlowOutcome<Int>?
    private var handlers: [@MainActor (FlowOutcome<Int>) -> Void] = []
    private var host: (any FlowHost)?
    private var stack: ContainerID = "probe"
    private var placement: FlowPlacement = .root
    private var anchor: NodeRef?
    private var firstEntry: NodeRef?
    private(set) var count = 0

    init(id: FlowID = "probe") { self.id = id }

    func onFinish(_ handler: @escaping @MainActor (FlowOutcome<Int>) -> Void) {
        if let outcome { handler(outcome) } else { handlers.append(handler) }
    }

    private func requireRunning() throws -> any FlowHost {
        switch phase {
        case .ready: throw FlowError(.flowNotStarted, "The flow '\(id)' has not been started.")
        case .finished: throw FlowError(.flowFinished, "The flow '\(id)' has already finished.")
        case .running: return host!
        }
    }

    func start(on host: any PresentationHost, placement: FlowPlacement, parent: FlowID?) throws {
        let host = try host.requireFlowHost(for: id)
        switch phase {
        case .ready: break
        case .running: throw FlowError(.flowAlreadyStarted, "The flow '\(id)' is already running.")
        case .finished: throw FlowError(.flowFinished, "The flow '\(id)' has already finished.")
        }
        let first = LawProbe("Step 1")
        switch placement {
        case .root:
            stack = host.hierarchy.unusedContainerID("probe")
            try host.setRoot(.stack(stack, [.screen(first)]), for: id)
        case .presented:
            stack = host.hierarchy.unusedContainerID("probe")
            anchor = try host.presentOnTop(.stack(stack, [.screen(first)]), for: id)
        case .onStack(let shared):
            stack = shared
            try host.push(first, onto: shared, for: id)
        }
        self.placement = placement
        firstEntry = .of(first)
        count = 1
        self.host = host
        phase = .running
        host.report(FlowEvent(.flowStarted(parent: parent), flow: id))
    }

    func advance() throws {
        let host = try requireRunning()
        try host.push(LawProbe("Step \(count + 1)"), onto: stack, for: id)
        count += 1
    }

    func complete() throws { try end(.completed(count)) }
    func cancel() throws { try end(.cancelled) }

    private func end(_ outcome: FlowOutcome<Int>) throws {
        let host = try requireRunning()
        switch placement {
        case .root:
            try host.setRoot(nil, for: id)
        case .presented:
            if let anchor { try host.dismiss(presentedBy: anchor, for: id) } else { try host.setRoot(nil, for: id) }
        case .onStack:
            // Leave the shared stack as it was found: pop the flow's entries and its first one.
            if let firstEntry, let entries = host.hierarchy.entries(of: stack), let index = entries.firstIndex(of: firstEntry), index > 0 {
                try host.apply(.popTo(entries[index - 1], in: stack), for: id)
            }
        }
        phase = .finished
        self.outcome = outcome
        self.host = nil
        switch outcome {
        case .completed(let count): host.report(FlowEvent(.flowCompleted(result: "\(count)"), flow: id))
        case .cancelled: host.report(FlowEvent(.flowCancelled, flow: id))
        }
        let pending = handlers
        handlers = []
        for handler in pending { handler(outcome) }
    }
}
