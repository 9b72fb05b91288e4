import FlowChain
import FlowKernel
import FlowStage
import Testing

/// The code of "Steps that depend on earlier answers", compiled here line for line (the
/// GettingStartedTests suite checks each block appears), with what the page takes for granted
/// declared around it; the tests walk the chain it builds.
@MainActor
enum StepsThatDependOnEarlierAnswers {
    enum Plan { case free, pro }

    struct Signup: Equatable {
        var name: String
        var plan: Plan
        var card: String?
    }

    final class DetailsScreen: ChainScreen {
        typealias NextContext = Signup
        var step: StepHandle?
        func submit(name: String, plan: Plan) throws { try next(context: Signup(name: name, plan: plan)) }
    }

    final class CardScreen: ChainScreen {
        typealias NextContext = Signup
        var step: StepHandle?
        private var signup: Signup?
        func update(with context: Signup) { signup = context }
        func submit(card: String) throws {
            guard var signup else { return }
            signup.card = card
            try next(context: signup)
        }
    }

    final class ConfirmScreen: ChainScreen {
        typealias NextContext = Signup
        var step: StepHandle?
        private(set) var signup: Signup?
        func update(with context: Signup) { signup = context }
        func confirm() throws { if let signup { try next(context: signup) } }
    }

    static func makeChain() -> ChainFlow<Signup> {
        let signup = StepChain<Signup>("signup")
            .addStep { DetailsScreen() }
            .addStep(Step { CardScreen() }.when("pro plan") { signup in signup.plan == .pro })
            .addStep { ConfirmScreen() }
            .finish()
        return signup
    }

    /// The page's walk, with its screens read from the host.
    static func walk(on host: InMemoryHost) throws -> ChainFlow<Signup> {
        let signup = makeChain()
        var details: DetailsScreen { host.visibleScreen as! DetailsScreen }
        var confirm: ConfirmScreen { host.visibleScreen as! ConfirmScreen }
        try signup.start(on: host)
        try details.submit(name: "Ana", plan: .free)
        print(signup.shownSteps)  // [0, 2]: the card was skipped
        print(signup.progress!)  // (step: 2, of: 2)
        try confirm.step?.back()  // Details, with what was entered
        return signup
    }
}

@MainActor
@Suite("Steps that depend on earlier answers (the article)")
struct StepsThatDependOnEarlierAnswersTests {
    typealias Article = StepsThatDependOnEarlierAnswers

    @Test func theFreePlanNeverShowsTheCardAndBackFromConfirmLandsOnDetails() throws {
        let host = InMemoryHost()
        let chain = try Article.walk(on: host)

        #expect(chain.shownSteps == [0])
        #expect(host.visibleScreen is Article.DetailsScreen)
    }

    @Test func theProPlanShowsTheCardAndCompletesWithIt() throws {
        let host = InMemoryHost()
        let chain = Article.makeChain()
        try chain.start(on: host)
        #expect(chain.progress! == (1, 3))
        try (host.visibleScreen as! Article.DetailsScreen).submit(name: "Ana", plan: .pro)
        #expect(chain.progress! == (2, 3))
        try (host.visibleScreen as! Article.CardScreen).submit(card: "4242424242424242")
        #expect((host.visibleScreen as? Article.ConfirmScreen)?.signup?.card == "4242424242424242")

        try (host.visibleScreen as! Article.ConfirmScreen).confirm()

        #expect(chain.outcome == .completed(Article.Signup(name: "Ana", plan: .pro, card: "4242424242424242")))
    }
}
