import FlowKernel
import FlowPlatform
import FlowStage
import FlowSwiftUI
import FlowSwiftUITesting
import FlowUIKit
import FlowUIKitTesting

/// A push and a pop on the model, brought to a platform by the driver: planned, run, checked.
/// Compared at depth 10 and 1,000, it shows that what one change costs is what it changed.
@MainActor
enum Platforms {
    /// On simulated UIKit, each transition's animation ended as soon as it starts.
    static func uikitPushPop(depth: Int) -> (Int) -> Void {
        let host = InMemoryHost()
        must { try host.setRoot(.stack("main", (1..<max(depth, 2)).map { _ in .screen(Plain()) })) }
        let platform = SimulatedUIKit(model: host)
        return { n in
            withExtendedLifetime(platform) {
                for _ in 0..<n {
                    try? host.push(Plain(), onto: "main")
                    platform.finishTransition()
                    try? host.pop("main")
                    platform.finishTransition()
                }
            }
        }
    }

    /// On SwiftUI's navigation model.
    static func swiftUIPushPop(depth: Int) -> (Int) -> Void {
        let host = InMemoryHost()
        must { try host.setRoot(.stack("main", (1..<max(depth, 2)).map { _ in .screen(Plain()) })) }
        let state = NavigationModel(showing: host)
        return { n in
            withExtendedLifetime(state) {
                for _ in 0..<n {
                    try? host.push(Plain(), onto: "main")
                    try? host.pop("main")
                }
            }
        }
    }
}
