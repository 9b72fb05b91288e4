import FlowKernel
import FlowPlatform
import FlowStage
import FlowSwiftUI
import FlowSwiftUITesting
import FlowTestKit
import Testing

/// FlowTestKit's platform laws on SwiftUI's model, drawn as FlowNavigationView draws it.
@MainActor
@Suite("Platform laws: SwiftUI's model")
struct SwiftUIPlatformLawsTests {
    @Test func swiftUIsModelKeepsThePlatformLaws() {
        PlatformLaws.check(seeds: 1...PlatformLaws.seedCount(default: 30)) { host in
            let swiftUI = SimulatedSwiftUI(model: host)
            return PlatformLaws.Subject(
                driver: swiftUI.navigation.driver, owner: swiftUI, hierarchy: { swiftUI.hierarchy }, settle: swiftUI.settle,
                goBack: { swiftUI.goBack(in: $0) }, answerAlert: { swiftUI.tapAlertButton($0) })
        }
    }
}
