import FlowChain
import FlowCoordinator
import FlowKernel
import FlowRouter
import FlowRuntime
import FlowSnapshot
import FlowStack
import FlowStage
import FlowTestKit

/// A screen whose guard refuses to leave while `holds` is set, and that counts what it is told of
/// its stays.
@MainActor
class Held: Screen, ScreenStayObserver {
    var holds = false
    /// How many times the leave guard was asked since the count was last cleared.
    var leaveAsked = 0
    /// How many stays began and ended, and whether it was last told it is on top.
    private(set) var began = 0
    private(set) var ended = 0
    private(set) var onTop = false
    /// The stay under way, whose work must end with it.
    private(set) var stay: (any ScreenStay)?
    init() { StayCensus.current?.enroll(self) }
    var displayName: String { "\(type(of: self))" }
    func shouldLeave(by origin: FlowEvent.Origin) -> GuardVerdict {
        leaveAsked += 1
        return holds ? .refuse(because: "\(displayName) holds") : .allow
    }
    func stayDidBegin(_ stay: any ScreenStay) {
        began += 1
        onTop = false
        self.stay = stay
    }
    func stayDidEnd() {
        ended += 1
        onTop = false
    }
    func screenDidComeToTop() { onTop = true }
    func screenWasCovered() { onTop = false }
}

/// The screens a world made, weakly, to check what they were told of their stays against what
/// the host shows.
@MainActor
final class StayCensus {
    /// The census screens enroll in as they are made; set while a world runs.
    static var current: StayCensus?
    private struct Entry { weak var screen: Held? }
    private var entries: [Entry] = []

    func enroll(_ screen: Held) { entries.append(Entry(screen: screen)) }

    /// What breaks the laws of stays: a screen shown without one stay under way, or told of one
    /// while not shown; a stay's work outliving it; a screen told it is on top that is not.
    func breaches(on host: InMemoryHost) -> [String] {
        entries.removeAll { $0.screen == nil }
        var found: [String] = []
        let visible = host.visibleScreenRef
        for entry in entries {
            guard let screen = entry.screen else { continue }
            let shown = host.contains(.of(screen))
            let open = screen.began - screen.ended
            if open != (shown ? 1 : 0) {
                found.append("\(screen.displayName) is \(shown ? "shown" : "not shown") and was told of \(screen.began) stays begun, \(screen.ended) ended")
            }
            if !shown, screen.stay?.hasEnded == false { found.append("\(screen.displayName)'s stay outlived it") }
            if screen.onTop != (shown && visible == ScreenRef(screen)) {
                found.append(
                    "\(screen.displayName) was last told it is \(screen.onTop ? "on top" : "covered"), and it is \(visible == ScreenRef(screen) ? "on top" : "not")"
                )
            }
        }
        return found
    }
}

/// A named screen of a coordinator's.
@MainActor
final class Page: Held {
    let name: String
    init(_ name: String) { self.name = name }
    override var displayName: String { name }
}

/// The runtime's own flow's logic, for the world: numbered pages, pushed and presented.
@MainActor
struct Tour: FlowLogic {
    let name: String
    let leaks: LeakTracker?

    func start() -> Int { 0 }

    func screen(for page: Int) -> any Screen {
        let screen = Page("\(name) \(page)")
        return leaks?.track(screen) ?? screen
    }
}

/// A navigator's screens, by type.
@MainActor final class Home: Held, StackScreen { var navigator: (any NavigatorHandle)? }
@MainActor final class Detail: Held, StackScreen { var navigator: (any NavigatorHandle)? }

/// A chain's step.
@MainActor
final class Step: Held, ChainScreen {
    let name: String
    var step: StepHandle?
    init(_ name: String) { self.name = name }
    override var displayName: String { name }
}

/// A router flow's first screen: it produces numbers.
@MainActor
final class Picker: Held, OutputProducing {
    typealias Output = Int
    let route: RouteSlot
    override init() {
        route = RouteSlot()
        super.init()
    }
}

/// The screen a number routes to; the text it produces ends its router flow.
@MainActor
final class Taker: Held, InputRequiring, OutputProducing, Instantiable {
    typealias Input = Int
    typealias Output = String
    let route: RouteSlot
    override init() {
        route = RouteSlot()
        super.init()
    }
}

/// A coordinator that moves to one page when it starts.
@MainActor
final class PageCoordinator: StackCoordinator<Void> {
    let first: Page
    init(_ id: FlowID, first: Page? = nil) {
        self.first = first ?? Page("\(id.name) start")
        super.init(id)
    }
    override func start() throws { try move(to: first) }

    /// Pages are saved by name, so a snapshot brings the coordinator's stack back.
    override func save(_ screen: any Screen) -> SavedValue? {
        (screen as? Page).map { .string($0.name) }
    }

    override func restoreScreen(from saved: SavedValue) throws -> (any Screen)? {
        Page(try saved.decode(String.self))
    }
}

/// A tab coordinator with the items it is given.
@MainActor
final class Tabs: TabCoordinator<Void> {
    let made: [PageCoordinator]
    init(_ id: FlowID, items: [PageCoordinator]) {
        made = items
        super.init(id)
    }
    override func start() throws {
        try super.start()
        for item in made { try addItem(title: item.id.name, coordinator: item) }
    }
}

@MainActor
enum Make {
    static func navigator(_ id: FlowID, leaks: LeakTracker? = nil) -> StackNavigator<Void> {
        let registry = ScreenRegistry { registry in
            registry.register(Home.self) { leaks?.track(Home(), as: "\(id.name) Home") ?? Home() }
            registry.register(Detail.self) { leaks?.track(Detail(), as: "\(id.name) Detail") ?? Detail() }
        }
        return StackNavigator<Void>(id, registry: registry, root: Home.self)
    }

    static func chain(_ id: FlowID, steps: Int = 2, kind: ChainContainer.Kind = .stack, leaks: LeakTracker? = nil) -> ChainFlow<Void> {
        var chain = StepChain<Void>(id, container: kind).addStep { leaks?.track(Step("\(id.name) 0")) ?? Step("\(id.name) 0") }
        for index in 1..<max(steps, 1) {
            chain = chain.addStep { leaks?.track(Step("\(id.name) \(index)")) ?? Step("\(id.name) \(index)") }
        }
        return chain.finish()
    }

    static func router(_ id: FlowID, leaks: LeakTracker? = nil) throws -> RouterFlow<String> {
        let router = Router()
        try router.register(Taker.self) { leaks?.track(Taker(), as: "\(id.name) Taker") ?? Taker() }
        return RouterFlow<String>(id, router: router) { leaks?.track(Picker(), as: "\(id.name) Picker") ?? Picker() }
    }
}

extension InMemoryHost {
    /// The display names of a stack's screens, bottom first.
    func names(in stack: ContainerID) -> [String] {
        hierarchy.screens(in: stack).map(\.displayName)
    }
}
