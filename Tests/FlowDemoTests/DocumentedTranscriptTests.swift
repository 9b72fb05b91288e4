import FlowTestKit
import Foundation
import ShopApp
import Testing

/// Docs/Strategies.md shows each shop's transcript of one journey; it must be what the shop
/// prints now, as `flow-demo --transcript` does.
@MainActor
@Suite struct DocumentedTranscriptTests {
    @Test(arguments: Strategy.allCases)
    func theStrategiesGuideShowsTheJourneysTranscriptAsTheShopPrintsIt(_ strategy: Strategy) throws {
        let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Docs/Strategies.md")
        let documented = try documentedBlock(after: "<!-- transcript: \(strategy.rawValue) -->", in: guide).split(separator: "\n").map(String.init)

        let session = try ShopSession(strategy: strategy)
        for typed in FlowDemoCLITests.happy.split(separator: ",") {
            #expect(session.perform(try #require(Command(String(typed)))) == nil, "\(typed)")
        }
        #expect(documented == session.log.lines, "Docs/Strategies.md shows an old transcript of the \(strategy.rawValue) shop")
    }

    static let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Docs/Strategies.md")
    static let signupJourney = "details Ana; ana@example.com; free,back,details Ana; ana@example.com; pro,card 4242 4242 4242 4242,confirm,close"

    @Test(arguments: Strategy.allCases)
    func theStrategiesGuideShowsTheSignupsTranscriptAsTheSignupPrintsIt(_ strategy: Strategy) throws {
        let documented = try documentedBlock(after: "<!-- signup transcript: \(strategy.rawValue) -->", in: Self.guide).split(separator: "\n").map(String.init)

        let session = try SignupSession(strategy: strategy)
        for command in try Command.script(Self.signupJourney) {
            #expect(session.perform(command) == nil, "\(command.text)")
        }
        #expect(documented == session.log.lines, "Docs/Strategies.md shows an old transcript of the \(strategy.rawValue) sign-up")
    }

    /// The table of the sign-up's lines of navigation code is what its files hold: code lines,
    /// comments, blank lines and imports aside.
    @Test func theStrategiesGuideCountsTheSignupsNavigationCodeAsItIs() throws {
        let page = try String(contentsOf: Self.guide, encoding: .utf8)
        let marker = try #require(page.range(of: "<!-- signup lines -->\n"))
        let table = page[marker.upperBound...].split(separator: "\n").prefix(3)
        let documented = try #require(table.last).split(separator: "|").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        let folder = Self.guide.deletingLastPathComponent().appendingPathComponent("../Samples/ShopApp/Signup")
        let counted = try ["Stack", "Chain", "Router", "Coordinator"].map { name in
            try String(contentsOf: folder.appendingPathComponent("\(name)Signup.swift"), encoding: .utf8).split(separator: "\n").filter { line in
                let code = line.trimmingCharacters(in: .whitespaces)
                return !code.isEmpty && !code.hasPrefix("//") && !code.hasPrefix("import ")
            }.count
        }
        #expect(documented == counted, "Docs/Strategies.md counts the sign-up's lines as \(documented), the files hold \(counted)")
    }
}
