import FlowExplorer
import FlowKernel
import FlowStack
import FlowStage
import FlowTestKit
import Testing

// The code of FlowExplorer's "Listing what a person can do", compiled here line for line
// (GettingStartedTests checks every block of the article appears in this file), and run.

final class QuestionScreen: StackScreen, ExplorableScreen {
    weak var navigator: (any NavigatorHandle)?
    var explorationActions: [ScreenAction] {
        [
            ScreenAction("answer", valid: [42], invalid: [-1]) { [unowned self] answer in
                guard answer >= 0 else { throw FlowError(.argumentTypeMismatch, "An answer is a number of 0 or more.") }
                try navigator?.goNext(to: ResultScreen.self, argument: answer)
            }
        ]
    }
}

final class ResultScreen: StackScreen, ExplorableScreen {
    weak var navigator: (any NavigatorHandle)?
    let answer: Int
    init(answer: Int) { self.answer = answer }
    var explorationActions: [ScreenAction] {
        [ScreenAction("done") { [unowned self] in try navigator?.finish(with: answer) }]
    }
}

@MainActor
@Suite("Listing what a person can do")
struct ListingWhatAPersonCanDoTests {
    @Test func theQuizIsExploredWithNoFindings() throws {
        let explorer = NavigationExplorer(expecting: ["QuestionScreen", "ResultScreen"]) {
            let registry = ScreenRegistry { registry in
                registry.register(QuestionScreen.self) { QuestionScreen() }
                registry.register(ResultScreen.self, argument: Int.self) { ResultScreen(answer: $0) }
            }
            let host = InMemoryHost()
            let quiz = StackNavigator<Int>("quiz", registry: registry, root: QuestionScreen.self)
            try quiz.start(on: host)
            return ExplorationRun(host: host, flow: quiz)
        }
        let report = try explorer.explore(.breadthFirst(depth: 4))
        expectNoFindings(report)  // FlowTestKit: a test issue for each finding

        let moves = Set(report.graph.edges.map { "\($0.from) -\($0.label)-> \($0.to)" })
        #expect(moves.contains("QuestionScreen -answer 42-> ResultScreen"), "\(moves.sorted())")
        #expect(moves.contains("ResultScreen -done-> (completed)"), "\(moves.sorted())")
        #expect(!moves.contains { $0.contains("answer -1") }, "\(moves.sorted())")
    }

    @Test func aRunListsTheActionsOfScreensItCannotChange() throws {
        let explorer = NavigationExplorer(expecting: ["ResultScreen"], gestures: false) {
            // The same quiz, whose screens' own lists this run does not use.
            let host = InMemoryHost()
            let quiz = StackNavigator<Int>("quiz", registry: Self.quizRegistry(), root: QuestionScreen.self)
            try quiz.start(on: host)
            return ExplorationRun(
                host: host, flow: quiz,
                actions: { screen in
                    guard let question = screen as? QuestionScreen else { return [] }
                    return [ScreenAction("answer", valid: [7]) { try question.navigator?.goNext(to: ResultScreen.self, argument: $0) }]
                })
        }
        let report = try explorer.explore(.breadthFirst(depth: 3))
        let moves = report.graph.edges.map { "\($0.from) -\($0.label)-> \($0.to)" }
        #expect(moves == ["QuestionScreen -answer 7-> ResultScreen"], "\(moves)")
    }

    /// The article's registry, for the run that lists the actions itself.
    static func quizRegistry() -> ScreenRegistry {
        ScreenRegistry { registry in
            registry.register(QuestionScreen.self) { QuestionScreen() }
            registry.register(ResultScreen.self, argument: Int.self) { ResultScreen(answer: $0) }
        }
    }
}
