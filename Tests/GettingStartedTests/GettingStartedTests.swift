import Foundation
import Testing

/// Every module's Getting Started article, and the other articles listed here, show code a
/// newcomer copies; each block must be code that compiles against today's API. Each article has a twin here that the package compiles,
/// and this suite checks that every `swift` block of the article appears in its twin, line for
/// line (spacing aside), so an article cannot show code its twin does not compile.
@Suite struct GettingStartedTests {
    /// The articles, each with the file here that compiles its code.
    static let articles: [(article: String, twin: String)] = [
        ("Modules/FlowKernel/FlowKernel.docc/GettingStarted.md", "FlowKernelGettingStarted.swift"),
        ("Modules/FlowStage/FlowStage.docc/GettingStarted.md", "FlowStageGettingStarted.swift"),
        ("Modules/FlowTestKit/FlowTestKit.docc/GettingStarted.md", "FlowTestKitGettingStarted.swift"),
        ("Modules/FlowStack/FlowStack.docc/GettingStarted.md", "FlowStackGettingStarted.swift"),
        ("Modules/FlowChain/FlowChain.docc/GettingStarted.md", "FlowChainGettingStarted.swift"),
        ("Modules/FlowRouter/FlowRouter.docc/GettingStarted.md", "FlowRouterGettingStarted.swift"),
        ("Modules/FlowCoordinator/FlowCoordinator.docc/GettingStarted.md", "FlowCoordinatorGettingStarted.swift"),
        // Other articles whose code a newcomer copies, compiled beside the tests of their module.
        ("Modules/FlowRuntime/FlowRuntime.docc/WritingAFlow.md", "../FlowRuntimeTests/WritingAFlowTests.swift"),
        ("Modules/FlowRuntime/FlowRuntime.docc/AlertsAndDialogs.md", "../FlowTreeTests/AlertsAndDialogsArticleTests.swift"),
        ("Modules/FlowRuntime/FlowRuntime.docc/AScreensStay.md", "../FlowTreeTests/AScreensStayArticleTests.swift"),
        ("Modules/FlowChain/FlowChain.docc/StepsThatDependOnEarlierAnswers.md", "../FlowChainTests/StepsThatDependOnEarlierAnswersTests.swift"),
        ("Modules/FlowPlatform/FlowPlatform.docc/BringingFlowKitToAPlatform.md", "../FlowUIKitTests/BringingFlowKitToAPlatformTests.swift"),
        ("Modules/FlowExplorer/FlowExplorer.docc/ListingWhatAPersonCanDo.md", "../FlowExplorerTests/ListingWhatAPersonCanDoTests.swift"),
        ("Modules/FlowExplorer/FlowExplorer.docc/CheckingThatTwoVersionsAgree.md", "../FlowExplorerTests/CheckingThatTwoVersionsAgreeTests.swift"),
        ("Modules/FlowExplorer/FlowExplorer.docc/ExploringAnAppWithAClock.md", "../FlowExplorerTests/ExploringAnAppWithAClockTests.swift"),
        ("Modules/FlowWeb/FlowWeb.docc/MountingAFlowOnTheWeb.md", "../FlowWebTests/MountingAFlowOnTheWebTests.swift"),
        ("Modules/FlowWeb/FlowWeb.docc/KeepingSessionsInAStore.md", "../FlowWebTests/KeepingSessionsInAStoreTests.swift"),
        ("Modules/FlowWeb/FlowWeb.docc/FormsAndTheAppsLook.md", "../FlowWebTests/FormsAndTheAppsLookTests.swift"),
        ("Modules/FlowWeb/FlowWeb.docc/SpeakingTheSitesLanguage.md", "../FlowWebTests/SpeakingTheSitesLanguageTests.swift"),
        ("Docs/Porting-an-app.md", "PortingAnAppTests.swift"),
        // Compiled with the `WebServer` trait only (.ci/web-test); read here as text all the same.
        ("Modules/FlowWebServer/FlowWebServer.docc/FlowWebServer.md", "../FlowWebServerTests/FlowWebServerTests.swift"),
    ]

    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let root = here.appendingPathComponent("../..").standardizedFileURL

    @Test(arguments: articles.map(\.article))
    func everyBlockOfTheArticleIsCompiledByItsTwin(_ article: String) throws {
        let twin = try #require(Self.articles.first { $0.article == article }?.twin)
        let page = try String(contentsOf: Self.root.appendingPathComponent(article), encoding: .utf8)
        let compiled = try String(contentsOf: Self.here.appendingPathComponent(twin), encoding: .utf8)
        let blocks = SnippetCheck.swiftBlocks(in: page)
        #expect(!blocks.isEmpty, "\(article) shows no Swift code")
        for block in blocks {
            let compiles = SnippetCheck.contains(compiled, block)
            #expect(compiles, "\(article) shows code that \(twin) does not compile:\n\(block)")
        }
    }

    @Test func everyGettingStartedArticleIsChecked() throws {
        let modules = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Modules").path)
        let withArticle = modules.filter {
            FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Modules/\($0)/\($0).docc/GettingStarted.md").path)
        }
        let gettingStarted = Self.articles.map(\.article).filter { $0.hasSuffix("/GettingStarted.md") }
        #expect(Set(withArticle.map { "Modules/\($0)/\($0).docc/GettingStarted.md" }) == Set(gettingStarted))
    }

    @Test func aBlockIsFoundWhateverItsIndentationButNotWhenALineDiffers() {
        let compiled = "enum A {\n    func f() {\n        let x = 1\n        print(x)\n    }\n}\n"
        #expect(SnippetCheck.contains(compiled, "let x = 1\nprint(x)"))
        #expect(!SnippetCheck.contains(compiled, "let x = 2\nprint(x)"))
        #expect(!SnippetCheck.contains(compiled, "let x = 1\n...\nprint(x)"))
        #expect(SnippetCheck.swiftBlocks(in: "a\n```swift\nlet x = 1\n```\n```\nnot swift\n```\n") == ["let x = 1"])
    }
}

/// Finds an article's code blocks and looks for them in compiled code.
enum SnippetCheck {
    /// The text of every block fenced with ```` ```swift ````.
    static func swiftBlocks(in page: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if let lines = current, trimmed == "```" {
                blocks.append(lines.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Whether the block's lines appear one after another in the code, each with its runs of
    /// spaces counted as one (the formatter aligns comments differently); blank lines are
    /// ignored on both sides.
    static func contains(_ code: String, _ block: String) -> Bool {
        let haystack = lines(code)
        let needle = lines(block)
        guard !needle.isEmpty, needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { start in
            haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
    }

    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }.filter { !$0.isEmpty }
    }
}
