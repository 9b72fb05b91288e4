import FlowChain
import FlowExplorer
import FlowKernel
import FlowRecording
import FlowStack
import FlowStage
import FlowTestKit
import Testing

// The code of FlowExplorer's "Checking that two versions of a flow agree", compiled here line for
// line (GettingStartedTests checks every block of the article appears in this file), and run.

final class AskScreen: ChainScreen, ExplorableScreen {
    typealias NextContext = Int
    var step: StepHandle?
    var onAnswer: ((Int) throws -> Void)?
    var displayName: String { "Question" }
    var explorationActions: [ScreenAction] {
        [
            ScreenAction("answer", valid: [42], invalid: [-1]) { [unowned self] answer in
                guard answer >= 0 else { throw FlowError(.argumentTypeMismatch, "An answer is a number of 0 or more.") }
                try onAnswer?(answer)
            }
        ]
    }
}

final class TellScreen: ChainScreen, ExplorableScreen {
    typealias Context = Int
    typealias NextContext = Int
    var step: StepHandle?
    var answer = 0
    var onDone: ((Int) throws -> Void)?
    var displayName: String { "Result" }
    var explorationText: [String] { ["You answered \(answer)."] }
    var explorationActions: [ScreenAction] { [ScreenAction("done") { [unowned self] in try onDone?(answer) }] }
    func update(with context: Int) { answer = context }
}

@MainActor
@Suite("Checking that two versions of a flow agree")
struct CheckingThatTwoVersionsAgreeTests {
    static func stackQuiz() -> StackNavigator<Int> {
        let registry = ScreenRegistry()
        let quiz = StackNavigator<Int>("quiz", registry: registry, root: AskScreen.self)
        weak let navigator = quiz
        registry.register(AskScreen.self) {
            let screen = AskScreen()
            screen.onAnswer = { try navigator?.goNext(to: TellScreen.self, argument: $0) }
            return screen
        }
        registry.register(TellScreen.self, argument: Int.self) { answer in
            let screen = TellScreen()
            screen.answer = answer
            screen.onDone = { try navigator?.finish(with: $0) }
            return screen
        }
        return quiz
    }

    static func chainQuiz() -> ChainFlow<Int> {
        StepChain<Int>("quiz")
            .addStep {
                let screen = AskScreen()
                screen.onAnswer = { [unowned screen] in try screen.next(context: $0) }
                return screen
            }
            .addStep {
                let screen = TellScreen()
                screen.onDone = { [unowned screen] in try screen.next(context: $0) }
                return screen
            }
            .finish()
    }

    static func checkTheRewrite() throws {
        let comparison = SideBySideExplorer([
            ("today", NavigationExplorer { try run(stackQuiz()) }),
            ("rewrite", NavigationExplorer { try run(chainQuiz()) }),
        ])
        try expectSameBehaviour(comparison)
    }

    static func run(_ quiz: some Flow) throws -> ExplorationRun {
        let host = InMemoryHost()
        try quiz.start(on: host)
        return ExplorationRun(host: host, flow: quiz)
    }

    @Test func theRewriteAgreesWithTheVersionOfToday() throws {
        try Self.checkTheRewrite()

        let report = try SideBySideExplorer([
            ("today", NavigationExplorer { try Self.run(Self.stackQuiz()) }),
            ("rewrite", NavigationExplorer { try Self.run(Self.chainQuiz()) }),
        ]).explore()
        #expect(report.coverage == ExplorationCoverage.exhaustive)
        #expect(report.states == 2)
    }

    /// The difference the article shows: a rewrite whose answer ends the quiz.
    @Test func aRewriteThatRefusesBackDiffersAfterTheShortestMovesThatShowIt() throws {
        let comparison = SideBySideExplorer([
            ("today", NavigationExplorer { try Self.run(Self.stackQuiz()) }),
            (
                "rewrite",
                NavigationExplorer {
                    let quiz = Self.chainQuiz()
                    let run = try Self.run(quiz)
                    (run.host.visibleScreen as? AskScreen)?.onAnswer = { _ in try quiz.cancel() }
                    return run
                }
            ),
        ])

        let difference = try #require(try comparison.explore().difference)

        #expect(difference.moves == ["answer 42"])
        #expect(
            difference.description == """
                The versions differ after answer 42:
                  rewrite against today:
                    screen: (cancelled) | Result
                    text: none | You answered 42.
                    actions: none | done
                    controls: none | :back
                """)
        #expect(difference.recording.labels == ["answer 42"])
    }
}
