import FlowKernel
import FlowPlatform
import FlowStage
import FlowTestKit
import FlowUIKit
import FlowUIKitTesting

/// A model host, a simulated UIKit and the driver between them, with a transcript of the model.
@MainActor
final class Rig {
    let model = InMemoryHost()
    let recorder = TranscriptRecorder()
    private(set) var platform: SimulatedUIKit!
    var driver: NavigationDriver { platform.driver }

    /// Shows `root` on the model, then shows the model in simulated UIKit, which builds it.
    init(_ root: Presentable? = nil) throws {
        if let root { try model.setRoot(root) }
        model.addObserver(recorder)
        platform = SimulatedUIKit(model: model)
    }

    /// Whether the platform shows what the model holds, with nothing running or refused, and
    /// keeps a view controller for what it shows and nothing else.
    var agrees: Bool {
        platform.hierarchy == model.hierarchy && platform.violations.isEmpty && platform.unansweredCompletions == 0 && driver.isCaughtUp
            && platform.keptControllers == model.hierarchy.nodeCount
    }

    /// What `agrees` found, for a failure's message.
    var state: String {
        "violations \(platform.violations), unanswered \(platform.unansweredCompletions), caught up \(driver.isCaughtUp), "
            + "controllers \(platform.keptControllers) for \(model.hierarchy.nodeCount) nodes\nshown\n\(platform.hierarchy.textTree)\nmodel\n\(model.hierarchy.textTree)"
    }

    /// The commands the platform was given since the last call.
    func commands() -> [String] {
        defer { seen = platform.log.count }
        return Array(platform.log[seen...])
    }
    private var seen = 0

    /// The model's events since the last call, as transcript lines.
    func lines() -> [String] {
        defer { recorder.reset() }
        return recorder.events.map(\.description)
    }
}

extension Hierarchy {
    /// How many nodes it shows: screens, stacks and tab groups, presented ones included.
    var nodeCount: Int {
        func count(_ node: HierarchyNode) -> Int {
            1 + node.children.map(count).reduce(0, +) + (node.presented.map(count) ?? 0)
        }
        return root.map(count) ?? 0
    }
}

/// A screen that refuses the person's gestures the platform's own way: no back, no swipe down.
@MainActor
final class Pinned: Screen {
    var allowsInteractiveBack: Bool { false }
    var allowsInteractiveDismissal: Bool { false }
}
