import FlowExplorer
import FlowKernel
import FlowPlatform
import FlowStage
import Foundation
import Testing

/// The laws every platform FlowKit drives keeps, as `HostLaws` are the model host's: a
/// ``/FlowPlatform/NavigationPlatform`` of your own runs them as FlowKit's do (the simulated UIKit,
/// SwiftUI's model, the web's pages).
///
/// Each seed makes a model host and the platform over it, then changes the model at random —
/// pushes, pops, a stack replaced, sheets presented over what is on top and dismissed, pushes in
/// a sheet, a tab group pushed and its tabs selected, an alert presented and answered — and, at
/// random, lets the platform's animations end. The laws:
///
/// - **No drift.** After every change, what the platform says it shows
///   (``/FlowPlatform/NavigationPlatform/shown(_:of:)``) is what the driver expects: the host
///   reports no `drifted` event.
/// - **It catches up.** Once the platform's animations have ended, the driver has nothing left to
///   do, and the platform shows the model's hierarchy, node for node — after the person's Back
///   with the platform's own control too, which the model follows or refuses.
///
/// ```swift
/// PlatformLaws.check { host in
///     let uikit = SimulatedUIKit(model: host)
///     return PlatformLaws.Subject(driver: uikit.driver, owner: uikit, hierarchy: { uikit.hierarchy }, settle: uikit.settle)
/// }
/// ```
@MainActor
public enum PlatformLaws {
    /// A platform under test, made over a model host.
    public struct Subject {
        let driver: NavigationDriver
        let owner: AnyObject
        let hierarchy: @MainActor () -> Hierarchy
        let settle: @MainActor () -> Void
        let goBack: (@MainActor (ContainerID) -> Void)?
        let answerAlert: (@MainActor (String) -> Bool)?

        /// A platform under test.
        ///
        /// - Parameters:
        ///   - driver: The driver that drives it from the model host.
        ///   - owner: What keeps the platform alive while the laws run.
        ///   - hierarchy: What the platform shows, read from the platform itself.
        ///   - settle: Ends every animation the platform runs, as the person waiting would see it
        ///     end; nothing, for a platform without animations.
        ///   - goBack: The person's Back on a stack, with the platform's own control (its back
        ///     button), which the platform reports to the driver; the laws press it at random.
        ///     `nil` for a platform without one.
        ///   - answerAlert: The person's tap on a button, by title, of the alert the platform shows
        ///     on top, with the platform's own control; tells whether there was such a button. The
        ///     laws tap at random while an alert is shown. `nil` for a platform without one.
        public init(
            driver: NavigationDriver, owner: AnyObject, hierarchy: @escaping @MainActor () -> Hierarchy, settle: @escaping @MainActor () -> Void = {},
            goBack: (@MainActor (ContainerID) -> Void)? = nil, answerAlert: (@MainActor (String) -> Bool)? = nil
        ) {
            self.driver = driver
            self.owner = owner
            self.hierarchy = hierarchy
            self.settle = settle
            self.goBack = goBack
            self.answerAlert = answerAlert
        }
    }

    /// How many seeds a suite runs: `FLOWKIT_PLATFORM_LAWS_SEEDS` when set (`.ci/fuzz` runs
    /// more), else `default`.
    public static func seedCount(default count: UInt64) -> UInt64 {
        ProcessInfo.processInfo.environment["FLOWKIT_PLATFORM_LAWS_SEEDS"].flatMap(UInt64.init) ?? count
    }

    /// Every violation over the seeds, in order; none when the platform keeps the laws.
    public static func violations(seeds: ClosedRange<UInt64> = 1...100, steps: Int = 30, make: (InMemoryHost) -> Subject) -> [LawViolation] {
        seeds.flatMap { sequence(seed: $0, steps: steps, make: make) }
    }

    /// Records a test issue for every violation.
    public static func check(
        seeds: ClosedRange<UInt64> = 1...100, steps: Int = 30, sourceLocation: SourceLocation = #_sourceLocation, make: (InMemoryHost) -> Subject
    ) {
        for violation in violations(seeds: seeds, steps: steps, make: make) {
            CheckIssues.record("Platform law broken — \(violation)", sourceLocation: sourceLocation)
        }
    }

    // MARK: One sequence

    private static func sequence(seed: UInt64, steps: Int, make: (InMemoryHost) -> Subject) -> [LawViolation] {
        var random = SeededGenerator(seed: seed)
        let host = InMemoryHost()
        let drifts = DriftCount()
        host.addObserver(drifts)
        let names = Names()
        do {
            try host.setRoot(.stack("main", [.screen(names.screen())]))
        } catch {
            return [LawViolation(law: "start", detail: "seed \(seed): the model host refused its first stack: \(error)")]
        }
        let subject = make(host)
        var done: [String] = []
        var found: [LawViolation] = []
        func violate(_ law: String, _ detail: String) {
            found.append(LawViolation(law: law, detail: "seed \(seed), after \(done.joined(separator: ", ")): \(detail)"))
        }
        // FLOWKIT_PLATFORM_LAWS_TRACE=<seed> prints that seed's steps with both hierarchies.
        let traced = ProcessInfo.processInfo.environment["FLOWKIT_PLATFORM_LAWS_TRACE"] == String(seed)
        for _ in 0..<steps {
            if let answer = subject.answerAlert, host.visibleScreen is LawAlert, Bool.random(using: &random) {
                // The person taps one of the alert's buttons, once it is shown.
                subject.settle()
                let button = Bool.random(using: &random) ? "OK" : "Cancel"
                done.append(answer(button) ? "the person's \(button) on the alert" : "no alert to tap \(button) on")
            } else if let goBack = subject.goBack, Int.random(in: 0..<4, using: &random) == 0 {
                // The person's Back on the stack they see, once what is shown has settled.
                subject.settle()
                let stack = host.hierarchy.containers.last { host.entryCount(of: $0) ?? 0 > 1 } ?? ContainerID("main")
                goBack(stack)
                done.append("the person's back on \(stack)")
            } else {
                done.append(change(host, names, &random))
            }
            if Bool.random(using: &random) {
                subject.settle()
                done.append("settled")
            }
            if traced {
                print("== \(done.suffix(2).joined(separator: ", ")) (caught up: \(subject.driver.isCaughtUp))")
                print("model:\n\(host.hierarchy.textTree)\nplatform:\n\(subject.hierarchy().textTree)")
            }
            if drifts.count > 0 {
                violate("no drift", "the platform showed something the driver did not expect (\(drifts.count) drifts)")
                return found
            }
        }
        subject.settle()
        if !subject.driver.isCaughtUp { violate("it catches up", "the driver still has work once the platform's animations ended") }
        let shown = subject.hierarchy()
        if shown != host.hierarchy {
            violate("it catches up", "the platform shows\n\(shown.textTree)\nand the model\n\(host.hierarchy.textTree)")
        }
        withExtendedLifetime(subject.owner) {}
        return found
    }

    /// One random change of the model, among those its hierarchy allows now; returns what it did.
    private static func change(_ host: InMemoryHost, _ names: Names, _ random: inout SeededGenerator) -> String {
        // The stack the person sees: the top sheet's, else the main stack.
        let sheets = host.hierarchy.containers.filter { $0.name.hasPrefix("sheet") }
        let top = sheets.last ?? ContainerID("main")
        let count = host.entryCount(of: top) ?? 0
        let options: [(String, () throws -> Void)] = [
            ("push onto \(top)", { try host.push(names.screen(), onto: top) }),
            ("pop \(top)", { if count > 1 { try host.pop(top) } }),
            ("replace main", { try host.apply(.setStack("main", [.screen(names.screen()), .screen(names.screen())]), for: nil) }),
            (
                "present a sheet",
                {
                    guard let anchor = host.topmost, host.presented(by: anchor) == nil else { return }
                    try host.present(.stack(names.sheet(), [.screen(names.screen())]), over: anchor)
                }
            ),
            (
                "dismiss the top sheet",
                {
                    guard let sheet = sheets.last, let anchor = host.presenter(of: .container(sheet)) else { return }
                    try host.dismiss(presentedBy: anchor)
                }
            ),
            (
                "push tabs onto \(top)",
                {
                    let tabs = names.tabs()
                    try host.push(
                        .tabs(
                            tabs,
                            [
                                .init(TabItem(title: "A"), .stack(ContainerID("\(tabs.name).a"), [.screen(names.screen())])),
                                .init(TabItem(title: "B"), .screen(names.screen())),
                            ], selected: 0), onto: top)
                }
            ),
            (
                "present an alert",
                {
                    guard let anchor = host.topmost, host.presented(by: anchor) == nil else { return }
                    try host.present(.screen(LawAlert(on: host)), over: anchor)
                }
            ),
            (
                "answer the alert in the model",
                { try (host.visibleScreen as? LawAlert)?.answer("OK") }
            ),
            (
                "select another tab",
                {
                    guard let tabs = host.hierarchy.tabGroups.last, let selected = tabs.selected else { return }
                    try host.selectTab(1 - selected, in: tabs.id)
                }
            ),
        ]
        let (name, make) = options.randomElement(using: &random)!
        do {
            try make()
            return name
        } catch {
            return "\(name) (refused: \(FlowError.wrapping(error).code))"
        }
    }

    /// Names for new screens and containers, unique in a sequence.
    @MainActor
    private final class Names {
        private var next = 0

        func screen() -> LawProbe {
            next += 1
            return LawProbe("S\(next)")
        }

        func sheet() -> ContainerID {
            next += 1
            return ContainerID("sheet\(next)")
        }

        func tabs() -> ContainerID {
            next += 1
            return ContainerID("tabs\(next)")
        }
    }

    /// An alert the laws present straight on the host: answering it takes it away.
    @MainActor
    private final class LawAlert: AlertScreen {
        let alert = FlowAlert("Law", buttons: [FlowAlert.Button("OK"), .cancel()])
        private weak var host: InMemoryHost?

        init(on host: InMemoryHost) { self.host = host }

        func answer(_ button: FlowAlert.Button) throws {
            guard alert.buttons.contains(button) else { throw FlowError(.notFound, "no button \(button.title)") }
            guard let host, host.contains(.of(self)) else { throw FlowError(.flowFinished, "The law's alert was answered already.") }
            try host.dismiss(.of(self))
        }
    }

    /// Counts the drifts the host reports.
    @MainActor
    private final class DriftCount: FlowObserver {
        var count = 0
        func receive(_ event: FlowEvent) {
            if event.change.payload(as: HostDrift.self) != nil { count += 1 }
        }
    }
}

extension Hierarchy {
    /// Every stack and tab group shown, in order from the root down, presentations after what
    /// presents them.
    fileprivate var containers: [ContainerID] {
        var found: [ContainerID] = []
        func visit(_ node: HierarchyNode) {
            switch node.kind {
            case .stack(let id), .tabs(let id, _, _): found.append(id)
            case .screen: break
            }
            for child in node.children { visit(child) }
            if let presented = node.presented { visit(presented) }
        }
        if let root { visit(root) }
        return found
    }

    /// Every tab group shown, with its selected tab.
    fileprivate var tabGroups: [(id: ContainerID, selected: Int?)] {
        var found: [(ContainerID, Int?)] = []
        func visit(_ node: HierarchyNode) {
            if case .tabs(let id, _, let selected) = node.kind { found.append((id, selected)) }
            for child in node.children { visit(child) }
            if let presented = node.presented { visit(presented) }
        }
        if let root { visit(root) }
        return found
    }
}
