import FlowKernel
import FlowPlatform
import FlowStage
import FlowTestKit
import FlowWeb
import Testing

/// FlowTestKit's platform laws on the web's record of the pages.
@MainActor
@Suite("Platform laws: the web's pages")
struct WebPlatformLawsTests {
    @Test func theWebsPagesKeepThePlatformLaws() {
        PlatformLaws.check(seeds: 1...PlatformLaws.seedCount(default: 30)) { host in
            let pages = WebPlatform()
            let driver = NavigationDriver(model: host, platform: pages)
            pages.driver = driver
            return PlatformLaws.Subject(driver: driver, owner: pages, hierarchy: { pages.hierarchy })
        }
    }
}
