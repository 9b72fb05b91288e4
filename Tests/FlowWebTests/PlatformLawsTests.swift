import FlowKernel
import FlowPlatform
import FlowStage
import FlowTestKit
import Testing

@testable import FlowWeb

/// FlowTestKit's platform laws on the web's record of the pages, the person's Back made as the
/// browser's request for an earlier page makes it.
@MainActor
@Suite("Platform laws: the web's pages")
struct WebPlatformLawsTests {
    @Test func theWebsPagesKeepThePlatformLaws() {
        PlatformLaws.check(seeds: 1...PlatformLaws.seedCount(default: 30)) { host in
            let pages = WebPlatform()
            let driver = NavigationDriver(model: host, platform: pages)
            pages.driver = driver
            // The browser's Back asks for the page below the top one: the move it decides.
            let back: @MainActor @Sendable (ContainerID) -> Void = { stack in
                guard let entries = pages.record.children(of: .container(stack)), entries.count > 1 else { return }
                pages.make(HistoryMove.decide(for: entries[entries.count - 2], in: host.hierarchy))
            }
            return PlatformLaws.Subject(driver: driver, owner: pages, hierarchy: { pages.hierarchy }, goBack: back)
        }
    }
}
