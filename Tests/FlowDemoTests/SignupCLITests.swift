import Foundation
import ShopApp
import Testing

/// `flow-demo --app signup`: the sign-up wizard at the command line, in every strategy, with its
/// scripts, transcripts, graphs, exploration, saves and recordings.
@Suite("flow-demo: the sign-up")
struct SignupCLITests {
    static let pro = "details Ana; ana@example.com; pro,card 4242 4242 4242 4242,confirm,close"
    static let free = "details Ana; ana@example.com; free,back,details Ana; ana@example.com; free,confirm,close"

    @Test("The pro journey shows the card, the free one never does, and both sign up", arguments: Strategy.allCases)
    func journeys(_ strategy: Strategy) async throws {
        let pro = try await FlowDemo.run(["--app", "signup", "--strategy", strategy.rawValue, "--script", Self.pro])
        #expect(pro.status == 0, "\(pro.stderr)")
        #expect(pro.stdout.contains("== Card =="))
        #expect(pro.stdout.contains("Finished (\(strategy.rawValue)): signed up Ana <ana@example.com>, pro plan, card ending 4242."))

        let free = try await FlowDemo.run(["--app", "signup", "--strategy", strategy.rawValue, "--script", Self.free, "--transcript"])
        #expect(free.status == 0, "\(free.stderr)")
        #expect(!free.stdout.contains("== Card =="))
        #expect(free.stdout.contains("Entered: Ana <ana@example.com>, free plan."))
        #expect(free.stdout.contains("Finished (\(strategy.rawValue)): signed up Ana <ana@example.com>, free plan."))
        #expect(!free.stdout.split(separator: "-- transcript --").last!.contains("Card"))
    }

    @Test("A wrong email and a 15-digit card are refused with a message, and the script ends with status 3", arguments: Strategy.allCases)
    func refusals(_ strategy: Strategy) async throws {
        let run = try await FlowDemo.run([
            "--app", "signup", "--strategy", strategy.rawValue, "--script", "details Ana; ana; pro,details Ana; ana@example.com; pro,card 4242 4242 4242 424",
        ])
        #expect(run.status == 3)
        #expect(run.stdout.contains("! \"ana\" is not an email address: it needs exactly one @."))
        #expect(run.stdout.contains("! A card number has 16 digits; this one has 15."))
        #expect(run.stdout.contains("Stopped (\(strategy.rawValue)) on Card, without an account."))
        #expect(run.stderr == "flow-demo: the script ran to its end, but the sign-up refused 2 steps (marked !).\n")
    }

    @Test("A sign-up saved at any step comes back and goes on as if uninterrupted", arguments: Strategy.allCases)
    func saveAndRestore(_ strategy: Strategy) async throws {
        let folder = try SaveRestoreCLITests.Folder()
        let steps = Self.pro.split(separator: ",").map(String.init)
        for stop in 0..<steps.count {
            let file = folder.file("signup-\(stop).json")
            let first = try await FlowDemo.run([
                "--app", "signup", "--strategy", strategy.rawValue, "--script", (steps[..<stop] + [":save \(file)"]).joined(separator: ","),
            ])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout.contains("* Saved the sign-up to "))

            let second = try await FlowDemo.run(["--restore", file, "--script", steps[stop...].joined(separator: ",")])

            #expect(second.status == 0, "\(second.stderr)")
            #expect(second.stdout.hasPrefix("* Restored the sign-up from "))
            #expect(!second.stdout.contains("not all of it"))
            #expect(second.stdout.contains("signed up Ana <ana@example.com>, pro plan, card ending 4242."))
        }
    }

    @Test("A saved sign-up is not restored as a shop, and says why")
    func anotherApp() async throws {
        let folder = try SaveRestoreCLITests.Folder()
        let file = folder.file("signup.json")
        _ = try await FlowDemo.run(["--app", "signup", "--strategy", "stack", "--script", ":save \(file)"])
        let run = try await FlowDemo.run(["--app", "shop", "--restore", file])
        #expect(run.status == 1)
        #expect(run.stderr.contains("could not be restored: it is a saved sign-up, not a shop."))
    }

    @Test("A recording of the sign-up replays in its strategy and in another", arguments: Strategy.allCases)
    func recordAndReplay(_ strategy: Strategy) async throws {
        let folder = try SaveRestoreCLITests.Folder()
        let file = folder.file("signup-recording.json")
        let record = try await FlowDemo.run(["--app", "signup", "--strategy", strategy.rawValue, "--record", file, "--script", Self.free])
        #expect(record.status == 0, "\(record.stderr)")
        let recording = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!recording.contains("ana@example.com"), "the email address is kept as a stand-in")

        let same = try await FlowDemo.run(["replay", file])
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(same.stdout.contains("in the \(strategy.rawValue) sign-up"))
        let other = try await FlowDemo.run(["replay", file, "--strategy", strategy == .chain ? "router" : "chain"])
        #expect(other.status == 0, "\(other.stdout)\(other.stderr)")
    }

    @Test("explore finds nothing wrong with the sign-up", arguments: Strategy.allCases)
    func explore(_ strategy: Strategy) async throws {
        let run = try await FlowDemo.run(["explore", "--app", "signup", "--strategy", strategy.rawValue])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("0 findings"))
        #expect(run.stdout.contains("Screens reached: Alert, CardScreen, ConfirmScreen, DetailsScreen, SignedUpScreen."))
        // The sign-up ends with an account, or cancelled once the person discards their details.
        #expect(run.stdout.contains("Ends reached: (cancelled), (completed)."))
    }

    @Test("graph --declared shows the branch for the chain, the stack and the router", arguments: [Strategy.stack, .chain, .router])
    func declaredBranch(_ strategy: Strategy) async throws {
        let run = try await FlowDemo.run(["graph", "--app", "signup", "--strategy", strategy.rawValue, "--declared"])
        #expect(run.status == 0, "\(run.stderr)")
        let branch =
            strategy == .router
            ? ["DetailsScreen -> CardScreen push \"ProPlan\"", "DetailsScreen -> ConfirmScreen push \"Review\""] : ["when pro plan", "unless pro plan"]
        for edge in branch { #expect(run.stdout.contains(edge), "\(run.stdout)") }
    }

    @Test func theSignupHasNoLinksAndAnUnknownAppIsAUsageError() async throws {
        let link = try await FlowDemo.run(["--app", "signup", "--strategy", "stack", "--open", "shop://cart"])
        #expect(link.status == 1)
        #expect(link.stderr.contains("was not opened: The sign-up has no links"))

        let unknown = try await FlowDemo.run(["--app", "bank", "--strategy", "stack"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("bank"))
        #expect(unknown.stderr.contains("shop") && unknown.stderr.contains("signup"))
    }
}
