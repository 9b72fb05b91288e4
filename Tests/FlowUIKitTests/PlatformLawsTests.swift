import FlowKernel
import FlowPlatform
import FlowStage
import FlowTestKit
import FlowUIKit
import FlowUIKitTesting
import Testing

/// FlowTestKit's platform laws on the simulated UIKit: random changes of the model, animations
/// that end at random, no drift, and the containers caught up with the model at the end.
@MainActor
@Suite("Platform laws: simulated UIKit")
struct UIKitPlatformLawsTests {
    @Test func simulatedUIKitKeepsThePlatformLaws() {
        PlatformLaws.check(seeds: 1...PlatformLaws.seedCount(default: 30)) { host in
            let uikit = SimulatedUIKit(model: host)
            return PlatformLaws.Subject(
                driver: uikit.driver, owner: uikit, hierarchy: { uikit.hierarchy }, settle: uikit.settle, goBack: { uikit.tapBack(in: $0) },
                answerAlert: { uikit.tapAlertButton($0) })
        }
    }
}
