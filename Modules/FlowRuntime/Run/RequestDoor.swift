import FlowKernel

/// The door a change goes through on its way to the host: the request cycle's rules — one request
/// at a time, none while the host makes a change, the tree's request around it, every guard asked
/// before the first operation — for code that decides changes but is not a flow's front door (a
/// router session routes through its flow's run).
///
/// A flow's `FlowRun` is one. A change made for no flow of its own (a router session placed on a
/// host by hand) goes through `HostRequests`, which keeps the same rules without a run.
@MainActor
package protocol RequestDoor: AnyObject {
    /// Runs a request: refused whole with `reentrantNavigation` while another is under way or the
    /// host makes a change; the flows it touches follow once it returns.
    func request<T>(_ body: (any FlowHost) throws -> T) throws -> T

    /// Asks the guards of `operations`, before the first is made, inside a request, and throws
    /// their refusal (reported as an event): what a request asks before it runs code of the app's
    /// own that hands out a value (a router's update delivered before it unwinds).
    func askAhead(of operations: [HostOperation], origin: FlowEvent.Origin) throws

    /// Makes a change inside a request, whole or not at all: every guard asked before the first
    /// operation.
    func make(_ change: HostChange) throws
}

extension FlowRun: RequestDoor {
    /// Asks the guards of `operations` inside the flow's request.
    package func askAhead(of operations: [HostOperation], origin: FlowEvent.Origin) throws {
        guard let host = try? requireRunning() else { return }
        try host.checkGuards(of: operations, origin: origin)
    }

    /// Makes a change inside the flow's request.
    package func make(_ change: HostChange) throws {
        try requireRunning().carryOut(change)
    }
}

/// The request door of changes made for no flow of their own, on one host: a router session
/// placed on a host by hand. Its requests are the host tree's, one at a time, none while the host
/// makes a change.
@MainActor
package final class HostRequests: RequestDoor {
    private let host: any FlowHost
    private let flow: FlowID?
    private var isRequesting = false

    /// The door of changes made on `host`, reported for `flow` when one is named.
    package init(host: any FlowHost, flow: FlowID?) {
        self.host = host
        self.flow = flow
    }

    package func request<T>(_ body: (any FlowHost) throws -> T) throws -> T {
        try FlowRun<Void>.requireIdle(host, for: flow)
        guard !isRequesting else {
            throw FlowError(.reentrantNavigation, "A request is already under way on this host; a request cannot start inside another.")
        }
        isRequesting = true
        defer { isRequesting = false }
        return try host.flows.request(on: host) { try body(host) }
    }

    package func askAhead(of operations: [HostOperation], origin: FlowEvent.Origin) throws {
        try host.checkGuards(of: operations, origin: origin)
    }

    package func make(_ change: HostChange) throws {
        try host.carryOut(change)
    }
}
