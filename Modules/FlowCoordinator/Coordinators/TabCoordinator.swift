import FlowKernel
import FlowRuntime

/// A coordinator that shows a tab group with one coordinator per tab: UIFlow's
/// `UIFlowTabBarCoordinator`.
///
/// Starting pushes the tab group onto the coordinator's stack (it becomes the start and top
/// node). Each item added is a coordinator with its own stack, started at once as a new tab; the
/// current item follows the selected tab. Subclass it and add the items in ``start()`` after
/// calling `super.start()`:
///
/// ```swift
/// final class HomeTabs: TabCoordinator<Void> {
///     override func start() throws {
///         try super.start()
///         try addItem(title: "Catalog", coordinator: CatalogCoordinator("catalog"))
///         try addItem(title: "Cart", image: "cart", coordinator: CartCoordinator("cart"))
///     }
/// }
/// ```
///
/// An item that finishes leaves the tab group; removing an item cancels it and releases it; when
/// the tab coordinator ends, it cancels every item first.
@MainActor
open class TabCoordinator<Result>: StackCoordinator<Result> {
    /// The tab group's name on the host, once started.
    public private(set) var tabs: ContainerID?
    /// The item coordinators, in tab order.
    public private(set) var items: [any Coordinator] = []

    /// Pushes the tab group, empty, onto the coordinator's stack.
    open override func start() throws {
        guard let host = state.host, phase != .finished else { throw FlowError(.flowFinished, "The tab coordinator '\(id)' has ended.") }
        let tabs = host.unusedContainerID("\(id.name)-tabs")
        try move(toContent: .tabs(tabs, [], selected: nil))
        self.tabs = tabs
    }

    /// Adds an item with a ready tab item, and starts it at once as the last tab.
    ///
    /// - Throws: ``/FlowKernel/FlowError`` and changes nothing: `flowAlreadyStarted` for an item that
    ///   already runs; the item's own error if it cannot start (it must move to a first screen);
    ///   `notFound` before the tab group is shown; `flowFinished` after the coordinator ended.
    public func addItem<ItemResult>(_ item: StackCoordinator<ItemResult>, tabItem: TabItem) throws {
        try decideFromState { host in
            try addItem(item, tabItem: tabItem, on: host)
            return .change(FlowChange(HostChange([], origin: .flow(id)), state: CoordinatorState.Change(top: state.top)))
        }
    }

    /// Starts an item as the last tab: the item's own start, inside the tab coordinator's request.
    private func addItem<ItemResult>(_ item: StackCoordinator<ItemResult>, tabItem: TabItem, on host: any FlowHost) throws {
        guard let tabs else {
            throw FlowError(.notFound, "The tab coordinator '\(id)' shows no tab group yet; call super.start() before adding items.")
        }
        try item.run.requireReady()
        let mount = try FlowMount(for: item.id, at: .tab(in: tabs, at: items.count, item: tabItem), on: host)
        try item.begin(on: host, mount: mount, parent: id)
        items.append(item)
        item.onFinish { [weak self, weak item] _ in
            guard let self, let item else { return }
            self.items.removeAll { $0 === item }
        }
    }

    /// Adds an item with a title and image names, and starts it at once as the last tab.
    public func addItem<ItemResult>(title: String, image: String? = nil, selectedImage: String? = nil, coordinator: StackCoordinator<ItemResult>) throws {
        try addItem(coordinator, tabItem: TabItem(title: title, image: image, selectedImage: selectedImage))
    }

    /// Removes an item: cancels it, which takes its tab away and releases it.
    ///
    /// - Throws: `indexOutOfRange` for an index with no item (UIFlow ignored it); nothing changes.
    public func removeItem(at index: Int) throws {
        try decideFromState { _ in
            guard items.indices.contains(index) else {
                throw FlowError(.indexOutOfRange, "The tab coordinator '\(id)' has \(items.count) items; there is no item \(index).")
            }
            // The item's cancel is its own request, inside this one; its tab goes with it.
            try items[index].cancel()
            return .change(FlowChange(HostChange([], origin: .flow(id)), state: CoordinatorState.Change(top: state.top)))
        }
    }

    /// Selects the tab of an item.
    ///
    /// - Throws: `indexOutOfRange` for an index with no item.
    public func select(_ index: Int) throws {
        try decideFromState { _ in
            guard let tabs, items.indices.contains(index) else {
                throw FlowError(.indexOutOfRange, "The tab coordinator '\(id)' has \(items.count) items; there is no item \(index) to select.")
            }
            return .change(FlowChange(HostChange(.selectTab(index, in: tabs), origin: .flow(id)), state: CoordinatorState.Change(top: state.top)))
        }
    }

    /// Cancels the items, last first, as well as a running child.
    override func restorationSelection() -> Int? { selectedIndex }

    override func restorationItems() -> [String]? { items.map(\.id.name) }

    override func restoreItems(_ names: [String]) throws -> [String] {
        // Items the person had closed are closed again, last first; a saved item start() no
        // longer adds is reported by its missing flow.
        var removed: [String] = []
        for index in items.indices.reversed() where !names.contains(items[index].id.name) {
            removed.append(items[index].id.name)
            try items[index].cancel()
        }
        return removed
    }

    override func restoreSelection(_ index: Int, origin: FlowEvent.Origin, on host: any FlowHost) throws -> Bool {
        guard let tabs, items.indices.contains(index) else { return false }
        try decideFromState { _ in .change(FlowChange(HostChange(.selectTab(index, in: tabs), origin: origin), state: CoordinatorState.Change(top: state.top)))
        }
        return true
    }

    override func cancelEverythingRunning() throws {
        try super.cancelEverythingRunning()
        for item in items.reversed() where item.phase == .running {
            try item.cancel()
        }
    }

    /// The index of the selected tab, if there is one.
    public var selectedIndex: Int? {
        guard let tabs, let host = state.host else { return nil }
        return host.selectedTab(of: tabs)
    }

    /// The item of the selected tab.
    ///
    /// - Throws: `indexOutOfRange` when the group has no items (UIFlow trapped).
    public var currentItem: any Coordinator {
        get throws {
            guard let index = selectedIndex, items.indices.contains(index) else {
                throw FlowError(.indexOutOfRange, "The tab coordinator '\(id)' has no items, so it has no current item.")
            }
            return items[index]
        }
    }
}
