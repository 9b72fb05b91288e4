import FlowKernel
import FlowPlatform
import FlowStage
import FlowTestKit
import FlowUIKit

/// A model host, a simulated UIKit and the driver between them, with a transcript of the model.
@MainActor
final class Rig {
    let model = InMemoryHost()
    let platform = SimulatedUIKit()
    let recorder = TranscriptRecorder()
    private(set) var driver: NavigationDriver!

    /// Shows `root` on the model, then starts the driver, which builds it on the platform.
    init(_ root: Presentable? = nil) throws {
        if let root { try model.setRoot(root) }
        model.addObserver(recorder)
        driver = NavigationDriver(model: model, platform: platform)
        platform.driver = driver
    }

    /// Whether the platform shows what the model holds, with nothing running or refused.
    var agrees: Bool {
        platform.hierarchy == model.hierarchy && platform.violations.isEmpty && driver.isCaughtUp
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
