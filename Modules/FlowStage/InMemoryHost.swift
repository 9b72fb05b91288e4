import FlowKernel

/// A complete, deterministic presentation host that keeps everything in memory.
///
/// It is what every FlowKit test and the sample CLI run on. Every operation completes before
/// ``apply(_:for:)`` returns, and its event reaches the observers before that too; there are no
/// timers, threads or animations. Impossible requests throw a ``FlowError`` and change nothing.
///
/// ```swift
/// let host = InMemoryHost()
/// try host.setRoot(.stack("main", [.screen(WelcomeScreen())]))
/// try host.push(CatalogScreen(), onto: "main")
/// print(host.render())
/// // stack main
/// //   Welcome
/// //   Catalog
/// ```
@MainActor
public final class InMemoryHost: PresentationHost {
    var root: StageNode?
    private var observers: [any FlowObserver] = []
    private var isApplying = false

    /// Makes an empty host.
    public init() {}

    /// A value describing everything the host shows now.
    public var hierarchy: Hierarchy { Hierarchy(root: root?.snapshot()) }

    /// Makes one change, or throws a ``FlowError`` and changes nothing.
    ///
    /// The change is made and its event delivered to every observer before this returns. A call
    /// made while that happens (from an observer, say) throws
    /// ``FlowError/Code/reentrantNavigation``.
    public func apply(_ operation: HostOperation, for flow: FlowID?) throws {
        guard !isApplying else {
            throw FlowError(.reentrantNavigation, "The host is already making a change; a navigation request cannot start inside another.")
        }
        isApplying = true
        defer { isApplying = false }
        let change = try perform(operation)
        deliver(FlowEvent(change, flow: flow))
    }

    /// The shown screen a reference names, or `nil`.
    public func screen(for ref: ScreenRef) -> (any Screen)? {
        guard let node = root?.find(.screen(ref)), case .screen(let screen) = node.kind else { return nil }
        return screen
    }

    /// Delivers a flow's own event to the observers.
    public func report(_ event: FlowEvent) {
        deliver(event)
    }

    /// Adds an observer; it is kept until removed. Adding one twice has no effect.
    public func addObserver(_ observer: any FlowObserver) {
        guard !observers.contains(where: { $0 === observer }) else { return }
        observers.append(observer)
    }

    /// Removes an observer.
    public func removeObserver(_ observer: any FlowObserver) {
        observers.removeAll { $0 === observer }
    }

    /// The hierarchy as a compact, stable text tree (see ``FlowKernel/Hierarchy/textTree``).
    public func render() -> String { hierarchy.textTree }

    private func deliver(_ event: FlowEvent) {
        for observer in observers { observer.receive(event) }
    }
}
