import FlowKernel
import FlowPlatform

/// The browser as a ``/FlowPlatform/NavigationPlatform``: what the pages a session serves show,
/// kept on the server.
///
/// A browser has no containers the server can move: it asks for a page and shows it. So the
/// platform is the server's record of the pages: stacks whose entries are pages in the browser's
/// history, presentations shown as dialogs over the page below, tab groups as a tab bar. A
/// command changes the record at once (a page has no animation); the next page the browser asks
/// for shows it. Every screen the platform shows gets a number, its page's address, which no other
/// screen gets in the session's life: an address names one screen, and one no longer shown is
/// known as gone rather than mistaken for another.
///
/// The person's moves come from the browser's requests (``HistoryMove``) and are reported to the
/// driver as UIKit reports its controls: after the platform moved.
@MainActor
public final class WebPlatform: NavigationPlatform {
    private struct Node {
        var content: HierarchyNode.Kind
        var children: [NodeRef] = []
        var presented: NodeRef?
        var presenter: NodeRef?
    }

    /// The driver the person's moves are reported to; set once the driver is made.
    public weak var driver: NavigationDriver?
    private var nodes: [NodeRef: Node] = [:]
    private var root: NodeRef?
    private var numbers: [NodeRef: Int] = [:]
    private var screens: [Int: NodeRef] = [:]
    private var nextNumber = 1
    /// The numbers of pages taken away while the person's move is reported: a page the model
    /// puts back (a refused Back) keeps its address.
    private var retired: [NodeRef: Int]?

    /// Makes a platform that shows nothing.
    public init() {}

    /// What the pages show, as the kernel's hierarchy value: equal to the model's once the driver
    /// has caught up.
    public var hierarchy: Hierarchy { Hierarchy(root: root.flatMap(snapshot)) }

    /// The number of a screen's page, while the platform shows the screen.
    public func number(of screen: NodeRef) -> Int? { numbers[screen] }

    /// The screen a page's number names, while the platform shows it.
    public func screen(numbered number: Int) -> NodeRef? { screens[number] }

    /// Whether a page's number was ever given to a screen in this session.
    public func hasGiven(_ number: Int) -> Bool { number >= 1 && number < nextNumber }

    // MARK: NavigationPlatform

    public func run(_ command: NavigationCommand, done: @escaping @MainActor () -> Void) {
        switch command {
        case .setRoot(let content):
            if let root { remove(root) }
            root = content?.ref
            if let content { build(content) }
        case .setEntries(let stack, let kept, let added, _):
            replaceChildren(of: .container(stack), keeping: kept, adding: added)
        case .present(let content, let anchor, _):
            if nodes[anchor] != nil, nodes[anchor]?.presented == nil {
                build(content)
                nodes[content.ref]?.presenter = anchor
                nodes[anchor]?.presented = content.ref
            }
        case .dismiss(let anchor, _):
            dismiss(presentedBy: anchor)
        case .setTabs(let tabs, let kept, let added, let items, let selected):
            replaceChildren(of: .container(tabs), keeping: kept, adding: added)
            if nodes[.container(tabs)] != nil { nodes[.container(tabs)]?.content = .tabs(tabs, items: items, selected: selected) }
        case .selectTab(let index, let tabs):
            select(index, in: tabs)
        case .setChildren(let screen, let kept, let added):
            replaceChildren(of: screen, keeping: kept, adding: added)
        }
        done()
    }

    public func shown(_ aspect: HostDrift.Aspect, of node: NodeRef?) -> [NodeRef]? {
        switch aspect {
        case .root: return root.map { [$0] } ?? []
        case .presentation:
            guard let node, let entry = nodes[node] else { return nil }
            return entry.presented.map { [$0] } ?? []
        case .selectedTab:
            guard let node, let entry = nodes[node], case .tabs(_, _, let selected) = entry.content else { return nil }
            return selected.flatMap { entry.children.indices.contains($0) ? [entry.children[$0]] : nil } ?? []
        case .entries, .tabs, .children:
            return node.flatMap { nodes[$0]?.children }
        }
    }

    // MARK: The person's moves

    /// Makes a move the browser asked for and reports it to the driver, which makes it on the
    /// model or, refused, puts the pages back.
    func make(_ move: HistoryMove) {
        guard let driver else { return }
        retired = [:]
        defer {
            for number in (retired ?? [:]).values { screens[number] = nil }
            retired = nil
        }
        switch move {
        case .stay, .showCurrent:
            return
        case .back(let entry, let stack):
            guard let entries = nodes[.container(stack)]?.children, let index = entries.firstIndex(of: entry), index < entries.count - 1 else { return }
            replaceChildren(of: .container(stack), keeping: index + 1, adding: [])
            driver.userWentBack(in: stack, showing: Array(entries[...index]))
        case .dismiss(let presented):
            guard let anchor = nodes[presented]?.presenter, driver.userMaySwipeDown(presented) else { return }
            dismiss(presentedBy: anchor)
            driver.userSweptDown(presented)
        case .selectTab(let index, let tabs):
            select(index, in: tabs)
            driver.userSelectedTab(index, in: tabs)
        }
    }

    // MARK: The record

    private func select(_ index: Int, in tabs: ContainerID) {
        guard case .tabs(let id, let items, _)? = nodes[.container(tabs)]?.content else { return }
        nodes[.container(tabs)]?.content = .tabs(id, items: items, selected: index)
    }

    private func replaceChildren(of node: NodeRef, keeping kept: Int, adding added: [HierarchyNode]) {
        guard let count = nodes[node]?.children.count else { return }
        let kept = min(kept, count)
        let leaving = nodes[node].map { Array($0.children[kept...]) } ?? []
        nodes[node]?.children.removeSubrange(kept...)
        for gone in leaving { remove(gone) }
        for content in added { build(content) }
        nodes[node]?.children.append(contentsOf: added.map(\.ref))
    }

    private func dismiss(presentedBy anchor: NodeRef) {
        guard let presented = nodes[anchor]?.presented else { return }
        remove(presented)
        nodes[anchor]?.presented = nil
    }

    private func build(_ content: HierarchyNode) {
        nodes[content.ref] = Node(content: content.kind, children: content.children.map(\.ref))
        if case .screen = content.kind, numbers[content.ref] == nil {
            if let number = retired?.removeValue(forKey: content.ref) {
                numbers[content.ref] = number
            } else {
                numbers[content.ref] = nextNumber
                screens[nextNumber] = content.ref
                nextNumber += 1
            }
        }
        for child in content.children { build(child) }
    }

    private func remove(_ node: NodeRef) {
        guard let gone = nodes.removeValue(forKey: node) else { return }
        if let number = numbers.removeValue(forKey: node) {
            if retired != nil { retired?[node] = number } else { screens[number] = nil }
        }
        for child in gone.children { remove(child) }
        if let presented = gone.presented { remove(presented) }
    }

    // MARK: Saved pages

    /// Every screen's page number with the way to the screen from the root, and the next number:
    /// what a saved visit keeps so that a visit continued elsewhere gives each page its number.
    func savedPages() -> SavedVisit.Pages {
        var pages: [SavedVisit.Page] = []
        func walk(_ ref: NodeRef, _ path: [Int]) {
            guard let node = nodes[ref] else { return }
            if let number = numbers[ref] { pages.append(SavedVisit.Page(path: path, number: number)) }
            for (index, child) in node.children.enumerated() { walk(child, path + [index]) }
            if let presented = node.presented { walk(presented, path + [SavedVisit.Page.presented]) }
        }
        if let root { walk(root, []) }
        return SavedVisit.Pages(shown: pages, next: nextNumber)
    }

    /// Gives the screens shown the numbers a saved visit had for them, and the next number.
    ///
    /// - Throws: ``SavedVisit/Mismatch`` when a saved page names a place where no screen is shown,
    ///   or a number out of the saved range; nothing changes then.
    func adopt(_ pages: SavedVisit.Pages) throws {
        var renumbered: [NodeRef: Int] = [:]
        for page in pages.shown {
            guard page.number >= 1, page.number < pages.next, let ref = screen(at: page.path), renumbered[ref] == nil else {
                throw SavedVisit.Mismatch(reason: "page \(page.number) names no screen shown at \(page.path)")
            }
            renumbered[ref] = page.number
        }
        guard renumbered.count == numbers.count else {
            throw SavedVisit.Mismatch(reason: "\(numbers.count) screens are shown, and the saved visit numbers \(renumbered.count)")
        }
        numbers = renumbered
        screens = Dictionary(uniqueKeysWithValues: renumbered.map { ($0.value, $0.key) })
        nextNumber = pages.next
    }

    /// The screen at a path of child indexes (``SavedVisit/Page/presented`` for a presentation).
    private func screen(at path: [Int]) -> NodeRef? {
        guard var ref = root else { return nil }
        for step in path {
            guard let node = nodes[ref] else { return nil }
            if step == SavedVisit.Page.presented {
                guard let presented = node.presented else { return nil }
                ref = presented
            } else {
                guard node.children.indices.contains(step) else { return nil }
                ref = node.children[step]
            }
        }
        guard let node = nodes[ref], case .screen = node.content else { return nil }
        return ref
    }

    private func snapshot(_ ref: NodeRef) -> HierarchyNode? {
        guard let node = nodes[ref] else { return nil }
        return HierarchyNode(node.content, children: node.children.compactMap(snapshot), presented: node.presented.flatMap(snapshot))
    }
}
