import FlowExplorer
import FlowKernel
import FlowRuntime
import FlowSnapshot
import FlowStage
import FlowTestKit
import Foundation
import ShopApp
import Testing

/// The sign-up wizard in every strategy, driven in process: the pro plan shows the card, the free
/// plan never does, and Back from Confirm shows what was entered.
@MainActor
@Suite("Sign-up session")
struct SignupSessionTests {
    static let pro = "details Ana; ana@example.com; pro,card 4242 4242 4242 4242,confirm,close"
    static let free = "details Ana; ana@example.com; free,confirm,close"

    /// Runs a script, noting the title of every screen shown; every step must be taken.
    func run(_ script: String, in strategy: Strategy, session: SignupSession? = nil) throws -> (SignupSession, [String]) {
        let session = try session ?? SignupSession(strategy: strategy)
        var titles = [session.currentScreen?.title ?? "none"]
        for command in try Command.script(script) {
            let problem = session.perform(command)
            #expect(problem == nil, "\(strategy) refused \(command.text): \(problem ?? "")")
            titles.append(session.currentScreen?.title ?? "ended")
        }
        return (session, titles)
    }

    @Test("The pro plan shows details, card, confirm and done, and signs up with the card", arguments: Strategy.allCases)
    func proJourney(_ strategy: Strategy) throws {
        let (session, titles) = try run(Self.pro, in: strategy)

        #expect(titles == ["Details", "Card", "Confirm", "Done", "ended"])
        let account = Signup(details: SignupDetails(name: "Ana", email: "ana@example.com", plan: .pro), cardEnding: "4242")
        #expect(session.outcome == .completed(account))
        #expect(session.model.accounts == [account])
        #expect(session.host.render() == "(empty)")
    }

    @Test("The free plan never shows the card", arguments: Strategy.allCases)
    func freeJourney(_ strategy: Strategy) throws {
        let (session, titles) = try run(Self.free, in: strategy)

        #expect(titles == ["Details", "Confirm", "Done", "ended"])
        #expect(session.outcome == .completed(Signup(details: SignupDetails(name: "Ana", email: "ana@example.com", plan: .free))))
        #expect(!session.log.lines.contains { $0.contains("CardScreen") })
    }

    @Test("Back from Confirm shows the details with what was entered on the free plan, the card on the pro plan", arguments: Strategy.allCases)
    func backFromConfirm(_ strategy: Strategy) throws {
        let (free, freeTitles) = try run("details Ana; ana@example.com; free,back", in: strategy)
        #expect(freeTitles.last == "Details")
        #expect(free.screenText().contains("Entered: Ana <ana@example.com>, free plan."))

        let (pro, proTitles) = try run("details Ana; ana@example.com; pro,card 4242424242424242,:back", in: strategy)
        #expect(proTitles.last == "Card")
        #expect(pro.screenText().contains("Entered: a card ending 4242."))
    }

    @Test("Step n of m counts the steps that apply", arguments: Strategy.allCases)
    func progress(_ strategy: Strategy) throws {
        let session = try SignupSession(strategy: strategy)
        #expect(session.screenText().contains("Step 1 of 3"))
        _ = try run("details Ana; ana@example.com; free", in: strategy, session: session)
        #expect(session.screenText().contains("Step 2 of 2"))
        _ = try run("back,details Ana; ana@example.com; pro", in: strategy, session: session)
        #expect(session.screenText().contains("Step 2 of 3"))
        _ = try run("card 4242424242424242", in: strategy, session: session)
        #expect(session.screenText().contains("Step 3 of 3"))
    }

    @Test("A wrong email and a 15-digit card are refused with a message and nothing changes", arguments: Strategy.allCases)
    func refusals(_ strategy: Strategy) throws {
        let session = try SignupSession(strategy: strategy)
        let before = session.host.render()
        #expect(session.perform(try #require(Command("details Ana; ana; pro"))) == nil)
        #expect(session.currentScreen is DetailsScreen)
        #expect(session.host.render() == before)
        #expect(session.model.details == nil)
        #expect(session.screenText().contains("! \"ana\" is not an email address"))

        _ = try run("details Ana; ana@example.com; pro", in: strategy, session: session)
        let onCard = session.host.render()
        #expect(session.perform(try #require(Command("card 4242 4242 4242 424"))) == nil)
        #expect(session.currentScreen is CardScreen)
        #expect(session.host.render() == onCard)
        #expect(session.model.cardEnding == nil)
        #expect(session.screenText().contains("! A card number has 16 digits; this one has 15."))
        #expect(session.refusals == 2)
    }

    @Test("A saved sign-up comes back at every step and goes on as if uninterrupted", arguments: Strategy.allCases)
    func saveAndRestore(_ strategy: Strategy) throws {
        let steps = try Command.script(Self.pro)
        for stop in 0..<steps.count {
            let session = try SignupSession(strategy: strategy)
            for command in steps[..<stop] { #expect(session.perform(command) == nil) }
            let data = try JSONEncoder().encode(session.saved())
            let saved = try JSONDecoder().decode(SavedApp.self, from: data)
            #expect(saved.app == .signup)

            let restored = try #require(try AppSessions.make(.signup, strategy: strategy, restoring: saved) as? SignupSession)

            #expect(restored.restoration?.isComplete == true, "\(restored.restoration.map(String.init(describing:)) ?? "")")
            #expect(restored.host.render() == session.host.render())
            for command in steps[stop...] { #expect(restored.perform(command) == nil, "\(strategy) after a restore at \(stop)") }
            #expect(restored.outcome == .completed(Signup(details: SignupDetails(name: "Ana", email: "ana@example.com", plan: .pro), cardEnding: "4242")))
        }
    }

    @Test("The explorer finds nothing wrong with the sign-up", arguments: Strategy.allCases)
    func exploration(_ strategy: Strategy) throws {
        let report = try SignupSession.explorer(strategy).explore(.breadthFirst(depth: 8))
        #expect(report.findings.isEmpty, "\(report.findings)")
    }

    @Test("The declared graph shows the branch", arguments: [Strategy.stack, .chain, .router])
    func declaredBranch(_ strategy: Strategy) throws {
        let graph = try #require(try SignupSession(strategy: strategy).declaredGraph)
        let edges = Set(graph.edges.map { "\($0.from) -> \($0.to)" })
        #expect(edges.contains("DetailsScreen -> CardScreen"))
        #expect(edges.contains("DetailsScreen -> ConfirmScreen"))
        #expect(edges.contains("CardScreen -> ConfirmScreen"))
        #expect(graph.findings.isEmpty, "\(graph.findings)")
    }

    @Test("Every screen and flow the sign-up made is released when it ends", arguments: Strategy.allCases)
    func noLeaks(_ strategy: Strategy) throws {
        let leaks = LeakTracker()
        weak var weakSession: SignupSession?
        do {
            let (session, _) = try run(Self.pro, in: strategy)
            leaks.track(session.flow as AnyObject, as: "flow")
            weakSession = session
        }
        leaks.expectNoLeaks()
        #expect(weakSession == nil)
    }
}
