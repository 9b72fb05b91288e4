import FlowCoordinator
import FlowKernel
import FlowStage

/// A named screen.
@MainActor
final class Page: Screen {
    let displayName: String
    init(_ name: String) { displayName = name }
}

/// A coordinator that moves to one screen when it starts, as the original specs' test classes do.
@MainActor
final class PageCoordinator: StackCoordinator<String> {
    private(set) var started = false
    private(set) weak var firstPage: Page?
    let first: String

    init(_ id: FlowID, first: String? = nil) {
        self.first = first ?? "\(id.name) start"
        super.init(id)
    }

    override func start() throws {
        started = true
        let page = Page(first)
        firstPage = page
        try move(to: page)
    }
}

/// A tab coordinator that starts with no items.
@MainActor
final class EmptyTabs: TabCoordinator<Void> {}

extension InMemoryHost {
    /// The names of a stack's screens, bottom first.
    func names(in stack: ContainerID) -> [String] {
        hierarchy.screens(in: stack).map(\.displayName)
    }
}
