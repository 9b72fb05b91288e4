import FlowKernel
import FlowPlatform
import FlowStage
import FlowTestKit
import ShopApp
import Testing

/// The terminal `flow-demo` prints to is a platform like UIKit and the web, and keeps their laws.
@MainActor
@Suite("The terminal as a platform")
struct TerminalPlatformTests {
    @Test func theTerminalKeepsThePlatformLaws() {
        PlatformLaws.check(seeds: 1...PlatformLaws.seedCount(default: 30)) { host in
            let terminal = TerminalPlatform(showing: host)
            return PlatformLaws.Subject(driver: terminal.driver, owner: terminal, hierarchy: { terminal.record.hierarchy })
        }
    }

    @Test("The hierarchy a session prints is the terminal's, which follows the model", arguments: Strategy.allCases)
    func theSessionPrintsTheTerminal(_ strategy: Strategy) throws {
        let session = try ShopSession(strategy: strategy)
        #expect(session.screenText().contains("-- hierarchy --\n" + session.host.render()))
        for command in try Command.script("start,email ana@example.com,:back") {
            #expect(session.perform(command) == nil)
            #expect(session.screenText().contains("-- hierarchy --\n" + session.host.render()))
        }
    }
}
