import FlowKernel
import FlowRuntime

/// Drives a platform's containers from a model host: the platform-neutral core of FlowUIKit and
/// FlowSwiftUI.
///
/// Flows run on the model — FlowStage's `InMemoryHost` — which changes at once, checks every
/// request and asks every guard. The driver observes it and brings the platform to what it holds,
/// one ``NavigationCommand`` at a time, each started once the platform has finished the one before
/// (its animation over). Requests made meanwhile change the model at once and wait their turn;
/// several that touch the same part become one command, or none when they cancel out (a push and
/// its pop).
///
/// What the person does with the platform's own controls comes back through the `user...`
/// methods, as the platform reports it: the back button or swipe, a sheet swiped down, a tab
/// tapped. The driver records what the platform now shows and makes the gesture on the model
/// (`perform(_:)`), whose flows follow. A gesture the model refuses is
/// undone on the platform by the next command: the popped entry comes back, the sheet is shown
/// again.
///
/// After every command and report the driver compares what the platform says it shows with what it
/// expects; a difference is reported to the model's observers as
/// a ``HostDrift`` event (``/FlowKernel/FlowEvent/Change/payload(_:)``) and then corrected, never left to grow.
/// A platform that shows something else ``correctionLimit`` times in a row, never once what it
/// was told, breaks its contract: the driver reports that it gives up (a `requestRefused` event
/// with `hostRejected`), drops what it was still to correct, and tries again when the model
/// changes.
@MainActor
public final class NavigationDriver {
    /// How many corrections in a row, with no command shown as told between them, the driver
    /// makes before it gives up on a platform that does not show what it is told.
    public static let correctionLimit = 3

    /// The host the flows run on, which the platform shows.
    public let model: any PresentationHost
    /// Kept weakly: whoever makes the driver keeps the platform (a platform that is also the
    /// driver's owner, as FlowSwiftUI's model is, would otherwise never be released).
    private weak var platform: (any NavigationPlatform)?
    private var tree = ShownTree()
    /// The screens of what the driver expects the platform to show, kept alive while it shows
    /// them, as UIKit's view controllers keep theirs: a screen the model let go of while the
    /// platform still shows it (a push's animation runs) must not die, or a new screen could get
    /// its identity and the platform mistake one for the other. Read and written on every command
    /// without a run-time exclusivity check: main-actor only, and no access is held across a call
    /// out of the driver.
    @exclusivity(unchecked) private var shownScreens: [ScreenRef: any Screen] = [:]
    private var work = PendingWork()
    private var running: NavigationCommand?
    /// What the person is moving, from the moment the platform says so to the moment it settles:
    /// a stack's back (button, swipe, pop to root) or a sheet's interactive dismissal.
    private var userTransition: NodeRef?
    private var isPumping = false
    private var link: ModelLink?
    /// The drifts in a row since the platform last showed a command as told or the model last
    /// changed.
    private var driftsInARow = 0
    /// Whether the driver gave up on the platform: the next change of the model brings it back
    /// whole, from the root.
    private var gaveUp = false

    /// Starts showing a model on a platform: the platform is brought to what the model shows now,
    /// and follows every change from now on. The driver keeps the platform weakly.
    public init(model: any PresentationHost, platform: any NavigationPlatform) {
        self.model = model
        self.platform = platform
        let link = ModelLink(self)
        self.link = link
        model.addObserver(link)
        work.mark(.root)
        pump()
    }

    /// Stops following the model; the platform keeps what it shows.
    public func stop() {
        if let link { model.removeObserver(link) }
        link = nil
    }

    /// Whether the platform is in a transition: running a command, or a back or a sheet's dismissal
    /// the person is making.
    public var isTransitioning: Bool { running != nil || userTransition != nil }

    /// Whether the platform shows what the model holds, with no transition running or waiting.
    public var isCaughtUp: Bool { !isTransitioning && work.isEmpty }

    /// The command the platform is running, if any.
    public var runningCommand: NavigationCommand? { running }

    // MARK: What the person does on a screen

    /// Runs a screen's action only if the person can still see the screen in the model — it is the
    /// visible screen or contains it — and tells whether it ran.
    ///
    /// During a transition the platform still shows the screen a person tapped, while the model has
    /// moved on: a second tap on the same button is dropped here, so it does not push twice.
    @discardableResult
    public func act(from screen: any Screen, _ action: () throws -> Void) rethrows -> Bool {
        guard isSeen(.of(screen)) else { return false }
        try action()
        return true
    }

    private func isSeen(_ screen: NodeRef) -> Bool {
        guard let visible = model.visibleScreenRef else { return false }
        var node = NodeRef.screen(visible)
        while node != screen {
            guard let holder = model.holder(of: node), holder.screen != nil || model.place(of: holder)?.kind == .screen else { return false }
            node = holder
        }
        return true
    }

    // MARK: What the person does with the platform's controls

    /// Whether the model would let the person make a gesture now, asking without reporting: what a
    /// view asks each time it is drawn (SwiftUI's `interactiveDismissDisabled(_:)`, say).
    public func wouldAllow(_ gesture: UserGesture) -> Bool {
        (try? model.refusal(of: gesture)) == .some(nil)
    }

    /// Whether the back swipe may begin on a stack: nothing else is moving, and the screens and
    /// guards allow going back (a refusal is reported as the model's `gestureRefused`).
    public func userMayBeginBack(in stack: ContainerID) -> Bool {
        userMayGoBack(in: stack, toEntry: (model.entryCount(of: stack) ?? 0) - 2)
    }

    /// Whether the person may go back to an entry of a stack, several at once (UIKit pops a
    /// navigation tab to its root when its selected tab is tapped again): nothing else is moving, and
    /// the screens and guards allow it (a refusal is reported as the model's `gestureRefused`).
    public func userMayGoBack(in stack: ContainerID, toEntry index: Int) -> Bool {
        guard isCaughtUp, let count = model.entryCount(of: stack), index >= 0, index < count - 1,
            let target = model.child(at: index, of: .container(stack))
        else { return false }
        return allows(.back(to: target, in: stack))
    }

    /// The person started going back on a stack (a swipe, or the back button whose pop animates):
    /// no command starts until the platform reports where it ended.
    public func userBeganBack(in stack: ContainerID) {
        userTransition = .container(stack)
    }

    /// The person let go of a back swipe half way and its animation is over: the platform shows
    /// what it showed before.
    public func userCancelledBack(in stack: ContainerID) {
        if userTransition == .container(stack) { userTransition = nil }
        pump()
    }

    /// The platform shows fewer entries in a stack because the person went back (the back
    /// button, its menu, a finished swipe): the model follows, or the entries come back.
    public func userWentBack(in stack: ContainerID, showing entries: [NodeRef]) {
        if userTransition == .container(stack) { userTransition = nil }
        let node = NodeRef.container(stack)
        if let shown = tree.children(of: node), let last = entries.last, entries.count < shown.count,
            shown.starts(with: entries)
        {
            letGo(tree.setChildren(of: node, keeping: entries.count, adding: []))
            work.mark(.entries(stack), fromEntry: entries.count - 1)
            try? model.perform(.back(to: last, in: stack))
        } else {
            drifted(.entries, of: node, shown: entries)
        }
        pump()
    }

    /// Whether the person may swipe a presentation down: nothing else is moving, and the screens
    /// and guards allow it (a refusal is reported as the model's `gestureRefused`, and the sheet
    /// springs back).
    public func userMaySwipeDown(_ presented: NodeRef) -> Bool {
        guard isCaughtUp else { return false }
        return allows(.swipeDown(presented))
    }

    /// The person tried to swipe a presentation down and the platform held it, because
    /// ``wouldAllow(_:)`` said no (UIKit's `presentationControllerDidAttemptToDismiss(_:)`): the
    /// model reports the refusal. Asking alone reports nothing, since a platform may ask at any time.
    public func userAttemptedSwipeDown(_ presented: NodeRef) {
        _ = allows(.swipeDown(presented))
    }

    /// The person's finger is taking a presentation away, which may still be cancelled: no command
    /// starts until the platform reports that it went or stayed.
    public func userBeganSwipeDown(_ presented: NodeRef) {
        userTransition = presented
    }

    /// The person let go of a sheet before it went, and its animation is over: it stays.
    public func userCancelledSwipeDown(_ presented: NodeRef) {
        if userTransition == presented { userTransition = nil }
        pump()
    }

    /// The platform dismissed a presentation because the person swiped it down: the model
    /// follows, or it is presented again.
    public func userSweptDown(_ presented: NodeRef) {
        if userTransition == presented { userTransition = nil }
        guard let anchor = tree.presenter(of: presented) else {
            drifted(.presentation, of: model.presenter(of: presented), shown: [])
            pump()
            return
        }
        letGo(tree.dismiss(presentedBy: anchor))
        work.mark(.presentation(anchor))
        try? model.perform(.swipeDown(presented))
        pump()
    }

    /// The platform is taking an alert away because the person chose one of its buttons, and
    /// says which once it has gone (``userAnswered(_:with:)``): no command starts until then.
    public func userBeganAnswer(_ alert: NodeRef) {
        userTransition = alert
    }

    /// The platform took an alert away because the person chose one of its buttons (UIKit's
    /// `UIAlertController` and SwiftUI's `.alert` dismiss themselves before they run the button's
    /// action): the model's alert is answered with that button, or, when the answer is refused (it
    /// was answered already, a guard said no), the alert is presented again.
    public func userAnswered(_ alert: NodeRef, with button: FlowAlert.Button) {
        if userTransition == alert { userTransition = nil }
        if let anchor = tree.presenter(of: alert) {
            letGo(tree.dismiss(presentedBy: anchor))
            work.mark(.presentation(anchor))
        } else {
            drifted(.presentation, of: model.presenter(of: alert), shown: [])
        }
        if let shown = alert.screen.flatMap(model.screen(for:)) as? any AlertScreen {
            try? shown.answer(button)
        }
        pump()
    }

    /// Whether the person may select a tab: nothing else is moving, and the screens and guards
    /// allow it (a refusal is reported as the model's `gestureRefused`).
    public func userMaySelectTab(_ index: Int, in tabs: ContainerID) -> Bool {
        guard isCaughtUp else { return false }
        return allows(.selectTab(index, in: tabs))
    }

    /// The person tapped a tab, which the platform shows at once: the model follows.
    public func userSelectedTab(_ index: Int, in tabs: ContainerID) {
        let node = NodeRef.container(tabs)
        guard let count = tree.children(of: node)?.count, (0..<count).contains(index) else {
            drifted(.selectedTab, of: node, shown: [])
            pump()
            return
        }
        tree.select(index, in: node)
        work.mark(.tabs(tabs))
        try? model.perform(.selectTab(index, in: tabs))
        pump()
    }

    /// Whether the model lets a gesture be made; when it does not, it is made anyway so that the
    /// model reports the refusal, and it changes nothing.
    private func allows(_ gesture: UserGesture) -> Bool {
        let refusal: String?
        do { refusal = try model.refusal(of: gesture) } catch { return false }
        guard refusal != nil else { return true }
        try? model.perform(gesture)
        return false
    }

    // MARK: Following the model

    /// Marks the part of the platform a model's change touched, and brings the platform to it.
    fileprivate func modelChanged(_ change: FlowEvent.Change) {
        guard let item = Pending(change) else { return }
        // The model asks for something new: a platform the driver gave up on gets another try,
        // from the root, since what it shows is anyone's guess.
        driftsInARow = 0
        if gaveUp {
            gaveUp = false
            work.mark(.root)
        }
        if case .entries(let stack) = item {
            work.mark(item, fromEntry: Pending.firstTouchedEntry(by: change, stackCountAfter: model.entryCount(of: stack) ?? 0))
        } else {
            work.mark(item)
        }
        if let inserted = change.insertedNode { markInside(inserted) }
        pump()
    }

    /// Marks every part inside a node the model has just put in place: the platform may show a
    /// node with the same name that holds something else (a sheet's stack dismissed and presented
    /// again with a new screen while an animation ran), which comparing names alone would miss.
    private func markInside(_ node: NodeRef) {
        guard let place = model.place(of: node) else { return }
        switch (place.kind, node) {
        case (.stack, .container(let stack)): work.mark(.entries(stack))
        case (.tabs, .container(let tabs)): work.mark(.tabs(tabs))
        default: if place.childCount > 0 { work.mark(.children(node)) }
        }
        for index in 0..<place.childCount {
            if let child = model.child(at: index, of: node) { markInside(child) }
        }
        if let presented = place.presented {
            work.mark(.presentation(node))
            markInside(presented)
        }
    }

    /// Starts the next command while the platform is free, until the platform shows the model.
    private func pump() {
        guard !isPumping else { return }
        isPumping = true
        defer { isPumping = false }
        while running == nil, userTransition == nil, let item = work.items.first {
            guard let step = plan(item) else {
                work.clear(item)
                continue
            }
            running = step.command
            keep(tree.delta(applying: step.command))
            for next in step.then { work.mark(next) }
            let command = step.command
            guard let platform else { return }
            platform.run(command) { [weak self] in self?.finished(command) }
        }
    }

    /// Keeps the screens a command shows, from the model that still has them as the command
    /// starts, and lets go of those it takes away.
    private func keep(_ delta: ShownTree.Delta) {
        letGo(delta)
        for case .screen(let ref) in delta.inserted where shownScreens[ref] == nil {
            if let screen = model.screen(for: ref) { shownScreens[ref] = screen }
        }
    }

    /// Lets go of the screens a change took away.
    private func letGo(_ delta: ShownTree.Delta) {
        guard !shownScreens.isEmpty else { return }
        for case .screen(let ref) in delta.removed { shownScreens[ref] = nil }
    }

    /// The next step for a part. The planner's copy of the tree is gone when this returns, so
    /// the tree then changes in place rather than being copied whole.
    private func plan(_ item: Pending) -> TransitionPlanner.Step? {
        TransitionPlanner(model: model, tree: tree).next(for: item, fromEntry: firstEntry(of: item))
    }

    private func firstEntry(of item: Pending) -> Int {
        if case .entries(let stack) = item { return work.firstTouchedEntry(of: stack) }
        return 0
    }

    /// A command is over: check that the platform shows what it was to show, and go on.
    private func finished(_ command: NavigationCommand) {
        guard running == command else { return }
        running = nil
        let drifts = driftsInARow
        for (aspect, node) in command.aspects {
            guard let shown = platform?.shown(aspect, of: node), let expected = tree.shown(aspect, of: node) else { continue }
            // What the command kept was checked when it last changed; what it touched is checked now.
            let from = command.firstTouched
            if shown.count != expected.count || shown[min(from, shown.count)...] != expected[min(from, expected.count)...] {
                drifted(aspect, of: node, shown: shown)
            }
        }
        if driftsInARow == drifts { driftsInARow = 0 }
        pump()
    }

    /// The platform shows something other than the driver expects: report it, take what the
    /// platform shows as what it shows, and let the planner bring it back to the model.
    private func drifted(_ aspect: HostDrift.Aspect, of node: NodeRef?, shown: [NodeRef]) {
        let expected = tree.shown(aspect, of: node) ?? []
        model.report(FlowEvent(.payload(.init(HostDrift(node: node, aspect: aspect, expected: expected, shown: shown))), origin: .system))
        let kept = zip(expected, shown).prefix { $0 == $1 }.count
        letGo(tree.adopt(shown, as: aspect, of: node))
        driftsInARow += 1
        if driftsInARow > Self.correctionLimit {
            // Correcting again would only repeat commands the platform keeps ignoring.
            work = PendingWork()
            gaveUp = true
            let place = node.map { "\($0) \(aspect.rawValue)" } ?? aspect.rawValue
            let error = FlowError(
                .hostRejected,
                "The platform still does not show what it is told after \(Self.correctionLimit) corrections (last: \(place)); the driver stops correcting it until the model changes."
            )
            model.report(FlowEvent(.requestRefused(error), origin: .system))
            return
        }
        switch (aspect, node) {
        case (.root, _): work.mark(.root)
        case (.entries, .container(let stack)?): work.mark(.entries(stack), fromEntry: kept)
        case (.presentation, let anchor?): work.mark(.presentation(anchor))
        case (.tabs, .container(let tabs)?), (.selectedTab, .container(let tabs)?): work.mark(.tabs(tabs))
        case (.children, let screen?): work.mark(.children(screen))
        default: break
        }
    }
}

/// The driver's observer on the model: the model keeps its observers, the link keeps the driver
/// weakly, so a driver let go of is released; its link takes itself off the model at the next
/// event (SwiftUI may make and drop many drivers, one per `@State` default it evaluates).
@MainActor
private final class ModelLink: FlowObserver {
    weak var driver: NavigationDriver?
    private weak var model: (any PresentationHost)?

    init(_ driver: NavigationDriver) {
        self.driver = driver
        model = driver.model
    }

    func receive(_ event: FlowEvent) {
        guard let driver else {
            model?.removeObserver(self)
            return
        }
        driver.modelChanged(event.change)
    }
}

extension FlowEvent.Change {
    /// The node a change put in place, with everything inside it.
    fileprivate var insertedNode: NodeRef? {
        switch self {
        case .rootReplaced(let node): node
        case .pushed(let node, _), .presented(let node, _), .tabInserted(let node, _, _), .childAdded(let node, _): node
        default: nil
        }
    }
}

extension NavigationCommand {
    /// The first child a command changes: what it keeps below is not compared again.
    var firstTouched: Int {
        switch self {
        case .setEntries(_, let kept, _, _), .setTabs(_, let kept, _, _, _), .setChildren(_, let kept, _): kept
        case .setRoot, .present, .dismiss, .selectTab: 0
        }
    }

    /// The parts of the platform a command changes, which the driver checks once it is over.
    var aspects: [(HostDrift.Aspect, NodeRef?)] {
        switch self {
        case .setRoot: [(.root, nil)]
        case .setEntries(let stack, _, _, _): [(.entries, .container(stack))]
        case .present(_, let anchor, _), .dismiss(let anchor, _): [(.presentation, anchor)]
        case .setTabs(let tabs, _, _, _, _): [(.tabs, .container(tabs)), (.selectedTab, .container(tabs))]
        case .selectTab(_, let tabs): [(.selectedTab, .container(tabs))]
        case .setChildren(let screen, _, _): [(.children, screen)]
        }
    }
}
