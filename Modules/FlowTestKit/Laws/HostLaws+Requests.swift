import FlowKernel

extension HostLaws {
    /// A request the law fixture cannot carry out, and the code it must be rejected with.
    ///
    /// A host's own tests can run each one and assert more, such as an unchanged rendering:
    ///
    /// ```swift
    /// @Test(arguments: HostLaws.rejectedRequests)
    /// func rejected(_ request: HostLaws.RejectedRequest) throws {
    ///     let host = InMemoryHost()
    ///     let operation = try request.prepare(on: host)
    ///     ...
    /// }
    /// ```
    public struct RejectedRequest: Sendable, CustomStringConvertible {
        /// What the request tries, in words.
        public let name: String
        /// The code a conforming host rejects it with.
        public let code: FlowError.Code
        let operation: @MainActor @Sendable (Fixture) -> HostOperation

        init(name: String, code: FlowError.Code, operation: @escaping @MainActor @Sendable (Fixture) -> HostOperation) {
            self.name = name
            self.code = code
            self.operation = operation
        }

        /// Builds the law fixture on an empty host and returns the request to try on it.
        ///
        /// The fixture is `stack laws [A, tabs laws-tabs [* stack laws-tab0 [T0], T1]]`, with `A`
        /// containing `C` and the stack presenting `M`.
        @MainActor
        public func prepare(on host: any PresentationHost) throws -> HostOperation {
            operation(try Fixture(host))
        }

        /// The name.
        public var description: String { name }
    }

    /// Every kind of impossible request, each against the same fixture.
    nonisolated public static let rejectedRequests: [RejectedRequest] = [
        RejectedRequest(name: "push a screen already shown", code: .hostRejected) { .push(.screen($0.a), onto: $0.stack) },
        RejectedRequest(name: "push a stack onto a stack", code: .hostRejected) { .push(.stack("laws-inner", [.screen(LawProbe("X"))]), onto: $0.stack) },
        RejectedRequest(name: "push onto an unknown stack", code: .notFound) { _ in .push(.screen(LawProbe("X")), onto: "laws-missing") },
        RejectedRequest(name: "push onto a tab group", code: .hostRejected) { .push(.screen(LawProbe("X")), onto: $0.tabs) },
        RejectedRequest(name: "pop the last entry", code: .nothingToGoBackTo) { .pop($0.tab0) },
        RejectedRequest(name: "pop to a screen not in the stack", code: .notFound) { .popTo(.of(LawProbe("X")), in: $0.stack) },
        RejectedRequest(name: "pop to the top entry", code: .nothingToGoBackTo) { .popTo(.container($0.tabs), in: $0.stack) },
        RejectedRequest(name: "pop to root at the root", code: .nothingToGoBackTo) { .popToRoot($0.tab0) },
        RejectedRequest(name: "set a stack to nothing", code: .hostRejected) { .setStack($0.stack, []) },
        RejectedRequest(name: "set a stack to a screen twice", code: .hostRejected) { .setStack($0.stack, [.screen($0.a), .screen($0.a)]) },
        RejectedRequest(name: "present over a node that presents", code: .hostRejected) { .present(.screen(LawProbe("X")), over: .container($0.stack)) },
        RejectedRequest(name: "present a screen already shown", code: .hostRejected) { .present(.screen($0.t1), over: .of($0.m)) },
        RejectedRequest(name: "present over an unknown node", code: .notFound) { _ in .present(.screen(LawProbe("X")), over: .of(LawProbe("Y"))) },
        RejectedRequest(name: "dismiss when nothing is presented", code: .nothingToGoBackTo) { .dismiss(presentedBy: .of($0.a)) },
        RejectedRequest(name: "select a tab past the end", code: .indexOutOfRange) { .selectTab(2, in: $0.tabs) },
        RejectedRequest(name: "select a negative tab", code: .indexOutOfRange) { .selectTab(-1, in: $0.tabs) },
        RejectedRequest(name: "insert a tab past the end", code: .indexOutOfRange) {
            .insertTab(Presentable.Tab(TabItem(title: "X"), .screen(LawProbe("X"))), at: 3, in: $0.tabs)
        },
        RejectedRequest(name: "remove a tab past the end", code: .indexOutOfRange) { .removeTab(at: 2, in: $0.tabs) },
        RejectedRequest(name: "add a child to a container", code: .hostRejected) { .addChild(.screen(LawProbe("X")), to: .container($0.stack)) },
        RejectedRequest(name: "remove a child that is a tab", code: .notFound) { .removeChild(.of($0.t1)) },
        RejectedRequest(name: "set a root that shows a screen twice", code: .hostRejected) { _ in
            let x = LawProbe("X")
            return .setRoot(.stack("laws-dup", [.screen(x), .screen(x)]))
        },
        RejectedRequest(name: "set a root with an empty stack", code: .hostRejected) { _ in .setRoot(.stack("laws-empty", [])) },
        RejectedRequest(name: "set a root whose tab selection is out of range", code: .indexOutOfRange) { _ in
            .setRoot(.tabs("laws-bad-tabs", [Presentable.Tab(TabItem(title: "X"), .screen(LawProbe("X")))], selected: 1))
        },
    ]
}
