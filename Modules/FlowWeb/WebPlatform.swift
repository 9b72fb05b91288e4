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
    /// The driver the person's moves are reported to; set once the driver is made.
    public weak var driver: NavigationDriver?
    /// What the pages show: FlowPlatform's record of what a platform shows, which the platform
    /// keeps and answers ``shown(_:of:)`` from.
    public private(set) var record = ShownTree()
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
    public var hierarchy: Hierarchy { record.hierarchy }

    /// The number of a screen's page, while the platform shows the screen.
    public func number(of screen: NodeRef) -> Int? { numbers[screen] }

    /// The screen a page's number names, while the platform shows it.
    public func screen(numbered number: Int) -> NodeRef? { screens[number] }

    /// Whether a page's number was ever given to a screen in this session.
    public func hasGiven(_ number: Int) -> Bool { number >= 1 && number < nextNumber }

    // MARK: NavigationPlatform

    /// Records the command at once: a page has no animation, and the next page the browser asks
    /// for shows it.
    public func run(_ command: NavigationCommand, done: @escaping @MainActor () -> Void) {
        number(record.delta(applying: command))
        done()
    }

    /// What the pages show of one part of a node.
    public func shown(_ aspect: HostDrift.Aspect, of node: NodeRef?) -> [NodeRef]? {
        record.shown(aspect, of: node)
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
            guard let entries = record.children(of: .container(stack)), let index = entries.firstIndex(of: entry), index < entries.count - 1 else { return }
            number(record.setChildren(of: .container(stack), keeping: index + 1))
            driver.userWentBack(in: stack, showing: Array(entries[...index]))
        case .dismiss(let presented):
            guard let anchor = record.presenter(of: presented), driver.userMaySwipeDown(presented) else { return }
            number(record.dismiss(presentedBy: anchor))
            driver.userSweptDown(presented)
        case .selectTab(let index, let tabs):
            record.select(index, in: .container(tabs))
            driver.userSelectedTab(index, in: tabs)
        }
    }

    // MARK: Page numbers

    /// Takes the numbers of the pages a change took away (keeping them aside while the person's
    /// move is reported) and gives each screen it added a number: the one it had, when the model
    /// put it back, else the next.
    private func number(_ delta: ShownTree.Delta) {
        for gone in delta.removed {
            guard let number = numbers.removeValue(forKey: gone) else { continue }
            if retired != nil { retired?[gone] = number } else { screens[number] = nil }
        }
        for added in delta.inserted {
            guard case .screen = added, numbers[added] == nil else { continue }
            if let number = retired?.removeValue(forKey: added) {
                numbers[added] = number
            } else {
                numbers[added] = nextNumber
                screens[nextNumber] = added
                nextNumber += 1
            }
        }
    }

    // MARK: Saved pages

    /// Every screen's page number with the way to the screen from the root, and the next number:
    /// what a saved visit keeps so that a visit continued elsewhere gives each page its number.
    func savedPages() -> SavedVisit.Pages {
        var pages: [SavedVisit.Page] = []
        func walk(_ ref: NodeRef, _ path: [Int]) {
            guard let children = record.children(of: ref) else { return }
            if let number = numbers[ref] { pages.append(SavedVisit.Page(path: path, number: number)) }
            for (index, child) in children.enumerated() { walk(child, path + [index]) }
            if let presented = record.presented(by: ref) { walk(presented, path + [SavedVisit.Page.presented]) }
        }
        if let root = record.root { walk(root, []) }
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
        guard var ref = record.root else { return nil }
        for step in path {
            if step == SavedVisit.Page.presented {
                guard let presented = record.presented(by: ref) else { return nil }
                ref = presented
            } else {
                guard let children = record.children(of: ref), children.indices.contains(step) else { return nil }
                ref = children[step]
            }
        }
        guard case .screen? = record.kind(of: ref) else { return nil }
        return ref
    }
}
