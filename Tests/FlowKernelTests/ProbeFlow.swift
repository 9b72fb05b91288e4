import FlowKernel
import FlowRuntime
import FlowTestKit

/// The smallest honest kernel flow: a stack of numbered probe screens that completes with how many
/// it showed. It exercises the flow contract without any strategy.
@MainActor
final class ProbeFlow: Flow {
    let lifecycle: FlowLifecycle<Int>
    private var stack: ContainerID = "probe"
    private var placement: FlowPlacement = .root
    private var anchor: NodeRef?
    private var firstEntry: NodeRef?
    private(set) var count = 0

    init(id: FlowID = "probe") { lifecycle = FlowLifecycle(id: id) }

    var id: FlowID { lifecycle.id }
    var phase: FlowPhase { lifecycle.phase }
    var outcome: FlowOutcome<Int>? { lifecycle.outcome }
    func onFinish(_ handler: @escaping @MainActor (FlowOutcome<Int>) -> Void) { lifecycle.onFinish(handler) }

    func start(on host: any PresentationHost, placement: FlowPlacement, parent: FlowID?) throws {
        let host = try host.requireFlowHost(for: id)
        try lifecycle.requireReady()
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
        try lifecycle.didStart(on: host, parent: parent)
    }

    func advance() throws {
        let host = try lifecycle.requireRunning()
        try host.push(LawProbe("Step \(count + 1)"), onto: stack, for: id)
        count += 1
    }

    func complete() throws { try end(.completed(count)) }
    func cancel() throws { try end(.cancelled) }

    private func end(_ outcome: FlowOutcome<Int>) throws {
        let host = try lifecycle.requireRunning()
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
        try lifecycle.finish(outcome)
    }
}
