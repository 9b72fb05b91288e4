import FlowKernel
import FlowRuntime

/// A host of one's own, written from scratch on FlowKit's public API: it shows one navigation
/// stack of screens, as a terminal or a wizard shell does, and runs flows of any strategy on it.
///
/// It keeps the host's laws: every change is checked whole before anything changes, asks the
/// screens' guards first, reports one event, and then tells its flow tree and lets it settle. It
/// cannot present, show tabs or contain children, and says so with `hostRejected`.
@MainActor
public final class OneStackHost: FlowHost {
    /// The running flows this host shows.
    public let flows = FlowTree()
    /// The stack's name, while a stack is shown.
    public private(set) var stack: ContainerID?
    /// The screens on the stack, bottom first.
    public private(set) var screens: [any Screen] = []

    private var observers: [any FlowObserver] = []
    private var isApplying = false
    private var isDelivering = false
    private var pending: [FlowEvent] = []

    /// Makes a host that shows nothing.
    public init() {}

    /// The one stack, as the kernel's hierarchy value.
    public var hierarchy: Hierarchy {
        guard let stack else { return Hierarchy() }
        return Hierarchy(root: HierarchyNode(.stack(stack), children: screens.map { HierarchyNode(.screen(ScreenRef($0))) }))
    }

    /// Whether a change is being made or its event delivered.
    public var isChanging: Bool { isApplying || isDelivering }

    /// Makes one change: checked whole, the guards asked, then made and reported.
    public func apply(_ operation: HostOperation, origin: FlowEvent.Origin) throws {
        guard !isChanging else { throw FlowError(.reentrantNavigation, "A change is already being made.") }
        isApplying = true
        let next: (stack: ContainerID?, screens: [any Screen], change: FlowEvent.Change)
        do {
            defer { isApplying = false }
            next = try plan(operation)
            if let refusal = guardRefusal(of: operation, origin: origin) { throw refused(refusal, origin: origin) }
        }
        (stack, screens) = (next.stack, next.screens)
        report(FlowEvent(next.change, origin: origin))
        flows.didChange(by: origin)
        flows.settle(on: self)
    }

    /// What an operation makes of the stack, or the error it throws; changes nothing.
    private func plan(_ operation: HostOperation) throws -> (stack: ContainerID?, screens: [any Screen], change: FlowEvent.Change) {
        switch operation {
        case .setRoot(nil):
            return (nil, [], .rootReplaced(nil))
        case .setRoot(.stack(let id, let contents)?):
            return (id, try Self.screens(of: contents), .rootReplaced(.container(id)))
        case .push(.screen(let screen), let id):
            try requireStack(id)
            guard !screens.contains(where: { $0 === screen }) else { throw FlowError(.hostRejected, "\(ScreenRef(screen)) is shown already.") }
            return (id, screens + [screen], .pushed(.of(screen), onto: id))
        case .pop(let id):
            try requireStack(id)
            guard screens.count > 1 else { throw FlowError(.nothingToGoBackTo, "The stack [\(id)] shows its root alone.") }
            return (id, Array(screens.dropLast()), .popped([.of(screens[screens.count - 1])], from: id))
        case .popTo(let entry, let id):
            try requireStack(id)
            guard let index = screens.firstIndex(where: { NodeRef.of($0) == entry }) else { throw FlowError(.notFound, "\(entry) is not on [\(id)].") }
            guard index < screens.count - 1 else { throw FlowError(.nothingToGoBackTo, "\(entry) is on top already.") }
            return (id, Array(screens[...index]), .popped(screens[(index + 1)...].reversed().map { .of($0) }, from: id))
        case .popToRoot(let id):
            try requireStack(id)
            guard screens.count > 1 else { throw FlowError(.nothingToGoBackTo, "The stack [\(id)] shows its root alone.") }
            return (id, [screens[0]], .popped(screens.dropFirst().reversed().map { .of($0) }, from: id))
        case .setStack(let id, let contents):
            try requireStack(id)
            let next = try Self.screens(of: contents)
            guard !next.isEmpty else { throw FlowError(.hostRejected, "A stack needs at least one screen.") }
            return (id, next, .stackReplaced(id, with: next.map { .of($0) }))
        default:
            throw FlowError(.hostRejected, "A one-stack host shows one stack of screens; it cannot \(operation).")
        }
    }

    private func requireStack(_ id: ContainerID) throws {
        guard stack == id else { throw FlowError(.notFound, "There is no stack [\(id)].") }
    }

    private static func screens(of contents: [Presentable]) throws -> [any Screen] {
        try contents.map { content in
            guard case .screen(let screen) = content else { throw FlowError(.hostRejected, "A one-stack host shows screens only.") }
            return screen
        }
    }

    /// The shown screen a reference names.
    public func screen(for ref: ScreenRef) -> (any Screen)? {
        screens.first { ScreenRef($0) == ref }
    }

    /// Delivers an event to every observer, in order; one reported meanwhile waits its turn.
    public func report(_ event: FlowEvent) {
        guard !isDelivering else { return pending.append(event) }
        isDelivering = true
        var queue = [event]
        while !queue.isEmpty {
            let next = queue.removeFirst()
            for observer in observers { observer.receive(next) }
            queue += pending
            pending.removeAll()
        }
        isDelivering = false
    }

    /// Adds an observer, once.
    public func addObserver(_ observer: any FlowObserver) {
        if !observers.contains(where: { $0 === observer }) { observers.append(observer) }
    }

    /// Removes an observer.
    public func removeObserver(_ observer: any FlowObserver) {
        observers.removeAll { $0 === observer }
    }
}
